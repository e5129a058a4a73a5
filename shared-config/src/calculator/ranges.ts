import { formatDollars } from '../format';
import type { FinanceSettings } from '../tenant/schema';
import { PROVIDER_CALCULATOR_RULES } from './provider-rules';

/**
 * The calculator's ranges and starting values per site (spec §5 finance calculator, §9 finance),
 * from the site's `finance.calculator` switches and the car's price.
 */

export interface Range {
  min: number;
  max: number;
  step: number;
}

/** Spec: 'step 500'. */
export const PRICE_STEP = 500;
/** Spec: 'another variant: ... 105% of the price for some tenants when the price exceeds 100,000'. */
export const PRICE_FOLLOWS_ABOVE = 100_000;
export const PRICE_FOLLOWS_SHARE = 1.05;
/** Spec: 'Term: ... step 0.5'; 'Interest: step 0.5'. */
export const TERM_STEP = 0.5;
export const TERM_MIN = 1;
export const INTEREST_STEP = 0.5;
/** Spec: 'Interest: ... default range 0.5 to 15'. */
export const DEFAULT_INTEREST_MIN = 0.5;
export const DEFAULT_INTEREST_MAX = 15;
/** Spec: 'Deposit or trade-in and residual: 0 to 250,000, step 0.5'. */
export const EXTRAS_RANGE: Range = { min: 0, max: 250_000, step: 0.5 };
/** Spec: 'amount 30000 or the car price (30000 when no price)'. */
export const DEFAULT_AMOUNT = 30_000;
/** A price of 10 or less is not a price (spec §4). */
const NO_PRICE_MAX = 10;

type CalculatorSettings = FinanceSettings['calculator'];

/** The purchase price's range: the site's minimum and maximum, the maximum 105 % of a price above 100,000 where the site says so. */
export function priceRange(settings: CalculatorSettings, carPrice: number | null): Range {
  const follows = settings.priceMaxFollowsPrice && carPrice !== null && carPrice > PRICE_FOLLOWS_ABOVE;
  const max = follows ? Math.ceil((carPrice * PRICE_FOLLOWS_SHARE) / PRICE_STEP) * PRICE_STEP : settings.priceMax;
  return { min: settings.priceMin, max, step: PRICE_STEP };
}

/** Spec: 'Out-of-range text: Cannot be less than {min} or more than {max}' (the bounds as the field shows money). */
export const outOfRangeText = (range: Pick<Range, 'min' | 'max'>, format: (value: number) => string = formatDollars) =>
  `Cannot be less than ${format(range.min)} or more than ${format(range.max)}`;

/** What is wrong with a typed value for its range, or null. */
export function rangeProblem(
  value: number,
  range: Pick<Range, 'min' | 'max'>,
  format?: (value: number) => string,
): string | null {
  return value < range.min || value > range.max ? outOfRangeText(range, format) : null;
}

/** Spec: 'Out-of-range entries are clamped; an amount of zero or less becomes 0.' */
export function clampAmount(value: number, range: Pick<Range, 'min' | 'max'>): number {
  if (!Number.isFinite(value) || value <= 0) return 0;
  return Math.min(range.max, Math.max(range.min, value));
}

export const clamp = (value: number, range: Pick<Range, 'min' | 'max'>) =>
  Math.min(range.max, Math.max(range.min, Number.isFinite(value) ? value : range.min));

/** The terms a shopper can choose, in years: the site's own increments, or 1 to 7 (or 5) by 0.5. */
export function termChoices(settings: CalculatorSettings): number[] {
  if (settings.termIncrements) return [...settings.termIncrements].sort((a, b) => a - b);
  const choices: number[] = [];
  for (let term = TERM_MIN; term <= settings.termMax + 1e-9; term += TERM_STEP)
    choices.push(Math.round(term * 10) / 10);
  return choices;
}

/**
 * The interest range: each bound the site's own where it sets one ('1 minimum or 5.99 to 15.99 on
 * some tenants', 9.95–19.95, 4–20), else its provider's ('7.5 to 14.5 for a lender-specific
 * provider'), else the default 0.5 to 15; step 0.5.
 */
export function interestRange(settings: Pick<FinanceSettings, 'provider' | 'calculator'>): Range {
  const provider = PROVIDER_CALCULATOR_RULES[settings.provider]?.interest;
  return {
    min: settings.calculator.interestMin ?? provider?.min ?? DEFAULT_INTEREST_MIN,
    max: settings.calculator.interestMax ?? provider?.max ?? DEFAULT_INTEREST_MAX,
    step: INTEREST_STEP,
  };
}

export interface CalculatorStart {
  amount: number;
  term: number;
  interest: number;
  deposit: number;
  residual: number;
}

/**
 * The calculator's first values (spec: 'term 6 years (5 on some tenants), amount 30000 or the car
 * price, default interest from configuration; where configuration is absent 8.5 percent in one
 * variant and 10 in another'), each inside its range.
 */
export function startingValues(
  finance: Pick<FinanceSettings, 'provider' | 'calculator'>,
  carPrice: number | null,
): CalculatorStart {
  const settings = finance.calculator;
  const terms = termChoices(settings);
  const nearestTerm = terms.reduce(
    (best, term) => (Math.abs(term - settings.defaultTerm) < Math.abs(best - settings.defaultTerm) ? term : best),
    terms[0]!,
  );
  const price = carPrice !== null && carPrice > NO_PRICE_MAX ? carPrice : DEFAULT_AMOUNT;
  return {
    amount: clampAmount(price, priceRange(settings, carPrice)),
    term: nearestTerm,
    interest: clamp(settings.defaultInterest ?? settings.fallbackInterest, interestRange(finance)),
    deposit: 0,
    residual: 0,
  };
}
