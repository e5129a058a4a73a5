import { z } from 'zod';
import type { UsedCarPromise } from '../../used-car-promise';

/**
 * mf-vehicle's switches in the tenant schema: the car page's phone, gallery and spin, the
 * reserve deposit and checkout, the used-car promise and warranty, delivery and plugins. A new
 * vehicle switch goes here, with its default.
 */

/** The used-car checks a site lists unless it names its own (`usedCarChecks`). */
export const DEFAULT_USED_CAR_CHECKS = [
  'PPSR check: not recorded stolen, written off or under finance',
  'Odometer reading checked against the service history',
  'Mechanical and safety inspection before sale',
  'Roadworthy certificate supplied',
] as const;

const warrantyYears = z.union([z.literal(3), z.literal(5), z.literal(7)]);

export const VehicleSettingsSchema = z
  .object({
    /** The dealer's phone shown in full from the start (spec: 'Some tenants show it revealed by default'); masked until clicked otherwise. */
    phoneRevealed: z.boolean().default(false),
    /** The photo gallery, not the 360 spin, is the first view of a car with a spin (spec: 'unless a tenant flag makes the gallery the default'). */
    galleryFirst: z.boolean().default(false),
    /** The spin viewer turns by itself (one frame every 100 ms) until the shopper takes it. */
    autoRotate: z.boolean().default(false),
    /** A rego expiry in the past reads 'Unregistered' (spec: 'for some dealers'); otherwise the row is hidden. */
    showUnregistered: z.boolean().default(false),
    /** The reserve deposit in dollars (spec default '$200'; 0 hides the amount). */
    reserveDeposit: z.number().int().min(0).max(10_000).default(200),
    /** Live holds one shopper (one confirmed phone) may have on the site at once: a shopper weighs a car or two, not the yard. */
    liveHoldsPerShopper: z.number().int().min(1).max(20).default(2),
    /** Online checkout: the Reserve Car Now button and the Reserve Online tab (spec: 'only when online checkout is enabled'). */
    onlineCheckout: z.boolean().default(true),
    /** Where the Reserve buttons go: /cars/{slug}/checkout, or /cars/{slug}/buy-online (spec: 'some sites use /cars/{slug}/buy-online'); both addresses work on every site. */
    checkoutPath: z.enum(['checkout', 'buy-online']).default('checkout'),
    /** The used-car promise: the 14-day return, or the '48 hour money back guarantee and 12 months roadside assist' (spec: 'for one tenant'). */
    usedCarPromise: z.enum(['return', 'money-back'] as const satisfies readonly UsedCarPromise[]).default('return'),
    /** The warranty the copy claims, by car type (spec: '3, 5 or 7 years depending on tenant and car type'). */
    warrantyYears: z
      .object({ new: warrantyYears, demo: warrantyYears, used: warrantyYears })
      .strict()
      .default({ new: 5, demo: 5, used: 3 }),
    /** Delivery prices by distance from the car's yard; without them the page has no delivery calculator. */
    delivery: z
      .object({
        tiers: z
          .array(
            z.object({ upToKm: z.number().positive().max(5000), price: z.number().int().min(0).max(20_000) }).strict(),
          )
          .min(1)
          .max(12),
      })
      .strict()
      .optional(),
    /** Plugin switches (spec: an AutoGauge report for used cars, a car analysis download, a PPSR report download). */
    plugins: z
      .object({
        autogaugeReport: z.boolean().default(false),
        carAnalysis: z.boolean().default(false),
        ppsrReport: z.boolean().default(false),
      })
      .strict()
      .prefault({}),
    /** The optional custom slider (spec §2): the site's own slides (its offers and services) as a slider under the car's gallery. */
    customSlider: z.boolean().default(false),
    /**
     * The used-car checks block of a used car's page (spec §2: 'key information, used-car checks,
     * finance calculator'): the checks the dealer puts every used car through, each one line. The
     * product names the block, not its lines: the default is what an Australian used-car dealer
     * commonly does before sale; a dealer lists its own (a caravan yard's differ), and an empty
     * list hides the block.
     */
    usedCarChecks: z
      .array(z.string().trim().min(3).max(80))
      .max(8)
      .default([...DEFAULT_USED_CAR_CHECKS]),
    /** Collapsible sections and FAQs remember, per heading, whether the shopper left them open (spec: 'optionally persisted per header'). */
    rememberOpenSections: z.boolean().default(false),
  })
  .strict();
