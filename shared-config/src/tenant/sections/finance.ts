import { z } from 'zod';
import { slug } from '../fields';

/** Finance providers the product rules name; each has its own display eligibility (mf-finance). */
export const FINANCE_PROVIDERS = [
  'Taurus',
  'Angle',
  'Manual',
  'Powertorque',
  'Nissan Finance',
  '360 Finance',
  'AusLoans',
] as const;
export type FinanceProvider = (typeof FINANCE_PROVIDERS)[number];

const moneyAmount = z.number().min(0).max(1_000_000);

/**
 * The calculator's interest bounds the product names (spec: 'Interest: step 0.5; default range
 * 0.5 to 15; 9.95 to 19.95 on one tenant; 4 to 20 on another; 7.5 to 14.5 for a lender-specific
 * provider (1 minimum or 5.99 to 15.99 on some tenants)').
 */
const INTEREST_MINIMUMS = [0.5, 1, 4, 5.99, 7.5, 9.95] as const;
const INTEREST_MAXIMUMS = [14.5, 15, 15.99, 19.95, 20] as const;

/**
 * The site's finance switches (finance rules: the calculator's ranges and defaults "per tenant or
 * provider", the fees in the comparison rate, where finance is hidden, the instant quote, the Get
 * Finance Now page). Every "one tenant / some tenants" rule of the finance side is one of these.
 */
export const FinanceSettingsSchema = z
  .object({
    /** The finance provider whose lender record and display rule the site uses (spec: eligibility per provider). */
    provider: z.enum(FINANCE_PROVIDERS).default('Angle'),
    /** The flagged dealer: finance hidden on the whole site (spec: 'hidden ... for a flagged dealer'). */
    hidden: z.boolean().default(false),
    /** Named dealerships whose cars show no finance (spec: 'hidden ... for some named dealerships'), by dealership slug. */
    hiddenDealerships: z.array(slug).max(100).default([]),
    calculator: z
      .object({
        /** Purchase price minimum: 1,000, or 5,000 for one provider or tenant. */
        priceMin: z.union([z.literal(1000), z.literal(5000)]).default(1000),
        /** Purchase price maximum: 250,000 on the vehicle page, 100,000 in another variant. */
        priceMax: z.union([z.literal(250_000), z.literal(100_000)]).default(250_000),
        /** Some tenants: above 100,000 the maximum is 105 % of the car's price. */
        priceMaxFollowsPrice: z.boolean().default(false),
        /** Term in years: 1 to 7 (5 on some tenants), step 0.5, or the site's own increments. */
        termMax: z.union([z.literal(7), z.literal(5)]).default(7),
        termIncrements: z.array(z.number().positive().max(10)).min(2).max(20).optional(),
        defaultTerm: z.union([z.literal(6), z.literal(5)]).default(6),
        /**
         * The site's own interest range in percent (9.95–19.95 on one tenant, 4–20 on another, a
         * 1 minimum or 5.99–15.99 on some). Each bound left out is the provider's (the
         * lender-specific Taurus: 7.5–14.5; mf-finance's provider rules), else 0.5 and 15. Every
         * minimum the product names is below every maximum, so no pair can cross.
         */
        interestMin: z.literal(INTEREST_MINIMUMS).optional(),
        interestMax: z.literal(INTEREST_MAXIMUMS).optional(),
        /** The interest slider is fixed at the default rate on some tenants. */
        interestLocked: z.boolean().default(false),
        /** The default rate from configuration; absent means the variant's fallback (8.5, or 10 with `fallbackInterest`). */
        defaultInterest: z.number().min(0).max(30).optional(),
        fallbackInterest: z.union([z.literal(8.5), z.literal(10)]).default(8.5),
        /** One tenant rounds the repayment up to the next whole dollar. */
        roundUp: z.boolean().default(false),
        /** The disclaimer variant that quotes 6.29% p.a. with an 8.19% comparison rate. */
        disclaimerWithSampleRate: z.boolean().default(false),
      })
      .strict()
      .refine((c) => c.defaultTerm <= c.termMax, {
        message: 'defaultTerm cannot be above termMax',
        path: ['defaultTerm'],
      })
      .prefault({}),
    /** Fees in the comparison rate: an establishment fee (1300 on one tenant) and the site's other fees (395 / 6 / 8 a month / 912.25 on another). */
    fees: z
      .object({
        /** The site's establishment fee; left out, the provider's lender's own (Taurus 1,360.5; mf-finance's provider rules), else none. */
        establishment: moneyAmount.optional(),
        other: z
          .array(
            z
              .object({ label: z.string().min(1).max(60), amount: moneyAmount, monthly: z.boolean().default(false) })
              .strict(),
          )
          .max(10)
          .default([]),
      })
      .strict()
      .prefault({}),
    /** The partner's instant quote on the finance page and vehicle page (spec: instant quote), and the partner hand-over after the code. */
    instantQuote: z.boolean().default(false),
    /** Without a car, /finance is the Get Finance Now page with six featured used cars (spec: 'the get-finance call-to-action flag'). */
    getFinanceCta: z.boolean().default(false),
    /** The dealer-configured finance link: one more path that shows the finance enquiry (e.g. '/car-loans'). */
    link: z
      .string()
      .regex(/^\/[a-z0-9-]+(\/[a-z0-9-]+)*$/, 'must be a path such as /car-loans')
      .optional(),
    /**
     * The Equifax finance page (spec: 'equifax finance' among the gated routes): the finance
     * enquiry with the shopper's consent to a credit check with Equifax. Off, /equifax-finance is
     * a 404 as on any page the site does not have.
     */
    equifaxFinance: z.boolean().default(false),
  })
  .strict();

export type FinanceSettings = z.infer<typeof FinanceSettingsSchema>;

/** The Equifax finance page's path (the 'equifax-finance' gate guards the same path). */
const EQUIFAX_FINANCE_PATH = '/equifax-finance';

/** The finance pages a site adds to mf-finance's routes: the dealer's own link and, where switched on, the Equifax finance page. */
export function financeTenantRoutes(settings: Pick<FinanceSettings, 'link' | 'equifaxFinance'>): string[] {
  return [...(settings.link ? [settings.link] : []), ...(settings.equifaxFinance ? [EQUIFAX_FINANCE_PATH] : [])];
}
