import { formatNumber } from '@forecourt/shared-config';
import { z } from 'zod';
import type { Valuation } from '../../../contract';
import {
  contactShape,
  INVALID_CHOICE,
  optional,
  REQUIRED,
  required,
  type EnquiryRules,
} from '../../lead-forms/lib/lead-schema';

/**
 * The trade-in and sell-your-car valuation (spec §2 valuation wizard, §7 lead steps, §9 guidance):
 * the car (found by its rego, or typed), the adjustment answers, the shopper's details and the
 * wizard's extras; and the estimator that turns them into an offer.
 */

/** Spec §9: 'online estimates are generally not given for cars over 7 years or 100,000 km'. */
export const ONLINE_MAX_AGE_YEARS = 7;
export const ONLINE_MAX_KM = 100_000;

export const REGO_STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;
export const CONDITIONS = ['Excellent', 'Good', 'Fair', 'Poor'] as const;
export const SERVICE_HISTORIES = ['Full', 'Partial', 'None'] as const;
export const KEYS = ['2 or more', '1'] as const;
export const YES_NO = ['Yes', 'No'] as const;
/** Spec: extras PreferredContactMethod (Phone, Email, SMS), finance (Yes, No), do-you-have-a-trade-in (Yes, No). */
export const CONTACT_METHODS = ['Phone', 'Email', 'SMS'] as const;

/** Spec §7: the subcategory of an accepted offer; the two before it are ours (the spec numbers the steps). */
export const OFFER_ACCEPTED_SUBCATEGORY = '3. Offer Accepted';
export const VALUATION_GIVEN_SUBCATEGORY = '2. Valuation Given';
export const VALUATION_REQUESTED_SUBCATEGORY = '1. Valuation Requested';

export const INVALID_YEAR = 'Please enter the year it was built, for example 2019.';
export const INVALID_KM = 'Please enter the kilometres on the odometer, in digits.';
export const REGO_NOT_FOUND = "We couldn't find that registration. Please check it, or enter your car's details below.";

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => (issue.input === undefined ? REQUIRED : INVALID_CHOICE) });

/** A build year from 1950 to next year (next year read when checked, so a schema kept for long stays right). */
const year = (now?: Date) =>
  z
    .string({ error: REQUIRED })
    .trim()
    .min(1, { error: REQUIRED })
    .regex(/^\d{4}$/, { error: INVALID_YEAR })
    .transform(Number)
    .refine((value) => value >= 1950 && value <= (now ?? new Date()).getFullYear() + 1, { error: INVALID_YEAR });

/** Kilometres as typed: digits, with or without thousands separators ('85,000'). */
const km = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, { error: REQUIRED })
  .transform((value) => value.replace(/[,\s]/g, '').replace(/kms?$/i, ''))
  .pipe(z.string().regex(/^\d{1,7}$/, { error: INVALID_KM }))
  .transform(Number);

/** The rego lookup (spec §7: rego, regoState). */
export const regoLookupSchema = z
  .object({
    rego: required(12)
      .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
      .pipe(
        z.string().regex(/^[A-Z0-9]{1,9}$/, { error: 'Please enter a registration of 1 to 9 letters and numbers.' }),
      ),
    regoState: choice(REGO_STATES),
  })
  .strict();

/** The car being valued: from the rego lookup or typed by the shopper. */
export function vehicleShape(now?: Date) {
  return {
    rego: optional(12),
    regoState: choice(REGO_STATES).optional(),
    year: year(now),
    make: required(60),
    model: required(60),
    badge: optional(60),
    km,
  };
}

/** The adjustment answers (spec §7: 'valuation adjustment answers'). */
export const answersShape = {
  condition: choice(CONDITIONS),
  accident: choice(YES_NO),
  service_history: choice(SERVICE_HISTORIES),
  keys: choice(KEYS),
};

export function tradeInSchema(rules: EnquiryRules, now?: Date) {
  return z
    .object({
      ...contactShape(rules),
      ...vehicleShape(now),
      ...answersShape,
      PreferredContactMethod: choice(CONTACT_METHODS).default('Phone'),
      finance: choice(YES_NO).optional(),
      trade_in: choice(YES_NO).optional(),
      message: optional(5000),
      subcategory: optional(120),
    })
    .strict();
}

export type TradeIn = z.output<ReturnType<typeof tradeInSchema>>;

/** The offer acceptance (spec §7: lead_id, form_completed, offer_accepted, subcategory '3. Offer Accepted'). */
export const offerAcceptanceSchema = z
  .object({
    lead_id: z.uuid({ error: 'must be the id of the valuation' }),
    form_completed: z.literal(true),
    offer_accepted: z.literal(true),
    subcategory: z.literal(OFFER_ACCEPTED_SUBCATEGORY),
  })
  .strict();

/** Spec §9 guidance, as shown when no online estimate is given. */
export function tradeInGuidance(): string {
  return `Online estimates are generally not given for cars over ${ONLINE_MAX_AGE_YEARS} years old or with more than ${formatNumber(ONLINE_MAX_KM)} km.`;
}

/** What a dealer keeps of the retail price to recondition, hold and sell a trade (the rest is the offer). */
export const DEALER_MARGIN = 0.2;
/** Kilometres a year an average car travels (the odometer adjustment is against this). */
export const AVERAGE_KM_A_YEAR = 15_000;
const CONDITION_FACTOR: Record<(typeof CONDITIONS)[number], number> = {
  Excellent: 1,
  Good: 0.95,
  Fair: 0.85,
  Poor: 0.7,
};
const SERVICE_FACTOR: Record<(typeof SERVICE_HISTORIES)[number], number> = { Full: 1, Partial: 0.97, None: 0.92 };
const ACCIDENT_FACTOR = 0.9;
const ONE_KEY_COST = 300;
/** The offer range: the offer 5 % either side, so the shopper sees what an inspection may move it by. */
const RANGE = 0.05;

const round100 = (n: number) => Math.round(n / 100) * 100;

/**
 * The estimator (a documented stand-in for a dealer's valuation partner): the retail average of
 * comparable cars on the market (the price guide), less the dealer's margin (20 %), adjusted for
 * the odometer against 15,000 km a year (1.5 % off per 10,000 km over, 1 % on per 10,000 km
 * under, at most 10 % either way), the condition (Excellent 100 %, Good 95 %, Fair 85 %, Poor
 * 70 %), an accident (90 %), the service history (Full 100 %, Partial 97 %, None 92 %) and a
 * missing second key ($300), rounded to $100 with a range of 5 % either side. No online offer
 * (spec §9) for a car over 7 years or 100,000 km, or when the market has no comparable cars.
 */
export function estimateTradeIn(input: {
  year: number;
  km: number;
  answers: {
    condition: (typeof CONDITIONS)[number];
    accident: (typeof YES_NO)[number];
    service_history: (typeof SERVICE_HISTORIES)[number];
    keys: (typeof KEYS)[number];
  };
  retailAverage: number | null;
  now: Date;
}): Valuation {
  const age = Math.max(0, input.now.getFullYear() - input.year);
  if (age > ONLINE_MAX_AGE_YEARS) return { status: 'no-online-estimate', reason: 'age' };
  if (input.km > ONLINE_MAX_KM) return { status: 'no-online-estimate', reason: 'km' };
  if (!input.retailAverage || input.retailAverage <= 0) return { status: 'no-online-estimate', reason: 'no-market' };
  const expectedKm = Math.max(1, age) * AVERAGE_KM_A_YEAR;
  const tenThousands = (input.km - expectedKm) / 10_000;
  const kmFactor = 1 + Math.max(-0.1, Math.min(0.1, tenThousands > 0 ? -0.015 * tenThousands : -0.01 * tenThousands));
  let offer =
    input.retailAverage *
    (1 - DEALER_MARGIN) *
    kmFactor *
    CONDITION_FACTOR[input.answers.condition] *
    SERVICE_FACTOR[input.answers.service_history];
  if (input.answers.accident === 'Yes') offer *= ACCIDENT_FACTOR;
  if (input.answers.keys === '1') offer -= ONE_KEY_COST;
  const rounded = Math.max(0, round100(offer));
  return {
    status: 'offer',
    offer: rounded,
    low: round100(rounded * (1 - RANGE)),
    high: round100(rounded * (1 + RANGE)),
    retail: round100(input.retailAverage),
  };
}
