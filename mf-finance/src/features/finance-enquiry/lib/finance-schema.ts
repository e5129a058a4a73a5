import { z } from 'zod';
import {
  emailSchema,
  leadAttributesSchema,
  mobileSchema,
  optional,
  postcodeSchema,
  REQUIRED,
  required,
} from '@forecourt/shared-config/contact';
import { CODE_LENGTH_MESSAGE, CODE_REQUIRED } from '@forecourt/shared-config/identity';
import { outOfRangeText, rangeProblem } from '@forecourt/shared-config/calculator';
import { CREDIT_SCORES, WHO_IS_HELPING, type FinanceQuery } from './finance-query';

/**
 * The finance enquiry's rules, one schema per step, for the page's form, the popup and the
 * server's quote and create-customer calls (spec §5 instant quote and verification, §9 finance).
 */

/** Spec: 'Quote purchase price clamped to 10,000 to 200,000; digits only in the input.' */
export const QUOTE_PRICE_MIN = 10_000;
export const QUOTE_PRICE_MAX = 200_000;
const QUOTE_PRICE_RANGE = { min: QUOTE_PRICE_MIN, max: QUOTE_PRICE_MAX };
/** Spec: 'Loan term slider 1 to 7 years, step 1.' */
export const QUOTE_TERM_MIN = 1;
export const QUOTE_TERM_MAX = 7;
/** Spec: 'Quote defaults: price 30000, term 5 years, credit score GREAT.' */
export const QUOTE_DEFAULTS = { purchasePrice: 30_000, loanTerm: 5, selfAssessedCreditScore: 'GREAT' } as const;
/** Spec: 'Quote debounce 500 ms'. */
export const QUOTE_DEBOUNCE_MS = 500;

export const clampQuotePrice = (price: number) =>
  Math.min(QUOTE_PRICE_MAX, Math.max(QUOTE_PRICE_MIN, Math.round(price)));

/** Digits only (spec), so '$32,990' typed or pasted reads 32990. */
export const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** The price as the shopper typed it (digits). */
const typedPrice = z
  .union([z.number(), z.string()], { error: REQUIRED })
  .transform((value) => (typeof value === 'number' ? value : Number(digitsOnly(value)) || 0))
  .pipe(z.number().refine((value) => value > 0, { error: REQUIRED }));

/** The form's and the quote's price: clamped into the quote's range, as the spec says. */
const purchasePrice = typedPrice.transform(clampQuotePrice);

/**
 * An application's price, stored with the finance lead and sent to the partner. The form sends
 * the clamped price it showed, so a price outside the range is refused with the calculator's
 * out-of-range text rather than moved into it: the dealer must never receive a price the shopper
 * did not see.
 */
const applicationPrice = typedPrice
  .refine((value) => rangeProblem(value, QUOTE_PRICE_RANGE) === null, { error: outOfRangeText(QUOTE_PRICE_RANGE) })
  .transform((value) => Math.round(value));

const loanTerm = z.coerce
  .number({ error: REQUIRED })
  .int()
  .min(QUOTE_TERM_MIN, { error: `must be ${QUOTE_TERM_MIN} to ${QUOTE_TERM_MAX} years` })
  .max(QUOTE_TERM_MAX, { error: `must be ${QUOTE_TERM_MIN} to ${QUOTE_TERM_MAX} years` });

/** Step 1, Quick Estimate: what the quote needs. */
export const estimateShape = {
  purchasePrice,
  loanTerm,
  selfAssessedCreditScore: z.enum(CREDIT_SCORES, { error: REQUIRED }),
  whoIsHelping: z.enum(WHO_IS_HELPING, { error: REQUIRED }),
};

/** The car the enquiry is about, as the page's link or the vehicle page gives it. */
export const carShape = {
  car_id: optional(64),
  vin: optional(17),
  nvic: optional(16),
  year: z.coerce.number().int().min(1900).max(2100).optional(),
  dealership_slug: optional(120),
  car_type: z.enum(['new', 'used', 'demo']).optional(),
};

/** Step 2, Your Details: the create-customer call's names (spec: firstName, lastName, email, phoneNumber, postCode, subscribe). */
export const detailsShape = {
  firstName: required(100),
  lastName: required(100),
  email: emailSchema,
  phoneNumber: mobileSchema,
  postCode: postcodeSchema,
  subscribe: z.boolean().default(true),
};

/** Spec: 'Code field: required ('This is a required field.'), exactly 6 characters ('Code must be 6 digits.')'. */
export const codeSchema = z
  .string({ error: CODE_REQUIRED })
  .trim()
  .min(1, { error: CODE_REQUIRED })
  .regex(/^\d{6}$/, { error: CODE_LENGTH_MESSAGE });

/**
 * Not in the spec: the Equifax finance page asks the shopper's consent before the dealer checks
 * their credit file with Equifax (a credit check without consent is unlawful), so the Apply step
 * cannot be reached without it.
 */
export const CREDIT_CHECK_REQUIRED = 'Please agree to the Equifax credit check to apply on this page.';
export const creditCheckShape = { creditCheckConsent: z.literal(true, { error: CREDIT_CHECK_REQUIRED }) };

export const estimateStepSchema = z.object(estimateShape);
export const detailsStepSchema = z.object({ ...estimateShape, ...detailsShape });
export const financeEnquirySchema = z.object({ ...estimateShape, ...detailsShape, code: codeSchema });

export type FinanceEnquiryValues = z.input<typeof financeEnquirySchema> & { creditCheckConsent?: boolean };

/** `POST /api/youx/quote` (spec: selfAssessedCreditScore, purchasePrice, loanTerm, year, vin, nvic, whoIsHelping). */
export const quoteRequestSchema = z
  .object({
    selfAssessedCreditScore: estimateShape.selfAssessedCreditScore.default(QUOTE_DEFAULTS.selfAssessedCreditScore),
    purchasePrice: purchasePrice.default(QUOTE_DEFAULTS.purchasePrice),
    loanTerm: loanTerm.default(QUOTE_DEFAULTS.loanTerm),
    year: carShape.year,
    vin: carShape.vin,
    nvic: carShape.nvic,
    whoIsHelping: estimateShape.whoIsHelping.optional(),
  })
  .strict();
export type QuoteRequest = z.output<typeof quoteRequestSchema>;

/**
 * `POST /api/youx/create-customer` and the dealer-only `POST /api/finance/enquiry` (spec:
 * create-customer request `data`: nvic, vin, selfAssessedCreditScore, purchasePrice, year,
 * loanTerm, phoneNumber, firstName, lastName, email; `additionalData`: postCode, subscribe; and
 * the finance lead's: whoIsHelping, tags, car_id, dealership_slug, car_type, lead_attributes).
 */
export const customerRequestSchema = z
  .object({
    data: z
      .object({
        nvic: carShape.nvic,
        vin: carShape.vin,
        selfAssessedCreditScore: estimateShape.selfAssessedCreditScore,
        purchasePrice: applicationPrice,
        year: carShape.year,
        loanTerm,
        phoneNumber: mobileSchema,
        firstName: detailsShape.firstName,
        lastName: detailsShape.lastName,
        email: emailSchema,
      })
      .strict(),
    additionalData: z
      .object({
        postCode: postcodeSchema,
        subscribe: z.boolean().default(true),
        whoIsHelping: estimateShape.whoIsHelping.optional(),
        car_id: carShape.car_id,
        dealership_slug: carShape.dealership_slug,
        car_type: carShape.car_type,
        tags: z.array(z.string().trim().min(1).max(40)).max(10).default([]),
        lead_attributes: leadAttributesSchema,
        /** The page the application was sent from (the lead's url). */
        url: z.string().startsWith('/').max(2048).optional(),
        /** Sent from the Equifax finance page: the shopper agreed to a credit check with Equifax. */
        creditCheck: z.literal(true).optional(),
      })
      .strict(),
  })
  .strict();
export type CustomerRequest = z.output<typeof customerRequestSchema>;

/** The form's starting values from the page's link (spec: every query parameter) and the quote's defaults. */
export function initialEnquiryValues(
  query: FinanceQuery,
  remembered: { name?: string; last_name?: string; email?: string; phone?: string; postcode?: string } = {},
): Partial<FinanceEnquiryValues> {
  return {
    purchasePrice: String(query.price !== null ? clampQuotePrice(query.price) : QUOTE_DEFAULTS.purchasePrice),
    loanTerm: query.loanTerm ?? QUOTE_DEFAULTS.loanTerm,
    selfAssessedCreditScore: query.creditScore ?? QUOTE_DEFAULTS.selfAssessedCreditScore,
    whoIsHelping: query.whoIsHelping ?? 'Just me',
    firstName: remembered.name ?? '',
    lastName: remembered.last_name ?? '',
    email: remembered.email ?? '',
    phoneNumber: remembered.phone ?? '',
    postCode: remembered.postcode ?? '',
    subscribe: true,
    code: '',
  };
}
