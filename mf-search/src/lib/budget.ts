import { stateToQueryString } from './url-state';

/**
 * 'Find cars for your budget'. Spec (finance §9): budget = repayment x 12 (monthly) or x 52
 * (weekly) x 5 years + deposit; default repayment 600 monthly or 200 weekly; default deposit
 * 2000; inputs that are not numbers become 0 and everything is clamped to 0..1,000,000; the
 * search is limited to prices above 1000; without a highest price the maximum falls back to
 * 100000.
 */
export type RepaymentPeriod = 'weekly' | 'monthly';

export const BUDGET_TERM_YEARS = 5;
export const PERIODS_PER_YEAR: Record<RepaymentPeriod, number> = { monthly: 12, weekly: 52 };
export const DEFAULT_REPAYMENT: Record<RepaymentPeriod, number> = { monthly: 600, weekly: 200 };
export const DEFAULT_DEPOSIT = 2000;
export const BUDGET_MAX = 1_000_000;
export const BUDGET_MIN_PRICE = 1000;
export const FALLBACK_MAX_PRICE = 100_000;

/** A typed amount: non-numbers become 0, then clamped to 0..1,000,000. */
export function budgetInput(raw: string | number): number {
  const value = typeof raw === 'number' ? raw : Number(String(raw).replace(/[$,\s]/g, ''));
  if (!Number.isFinite(value)) return 0;
  return Math.min(BUDGET_MAX, Math.max(0, value));
}

export function budgetFor(repayment: number, deposit: number, period: RepaymentPeriod): number {
  return budgetInput(budgetInput(repayment) * PERIODS_PER_YEAR[period] * BUDGET_TERM_YEARS + budgetInput(deposit));
}

export type BudgetResult =
  { state: 'none'; button: string; message: string } | { state: 'some'; button: string; maxPrice: number };

/**
 * The button under the budget: with a budget below the cheapest car in the results it is
 * disabled and reads '0 {type}s Found' with 'No {type}s found for this budget'; otherwise it reads
 * 'View {type}s In This Range' and searches up to the budget, capped at the highest price there
 * is (100000 when that is unknown). Spec (finance §4 'Budget search').
 */
export function budgetResult(budget: number, prices: { min?: number; max?: number }, itemNoun: string): BudgetResult {
  const noun = itemNoun.charAt(0).toUpperCase() + itemNoun.slice(1);
  if (prices.min !== undefined && budget < prices.min) {
    return { state: 'none', button: `0 ${noun}s Found`, message: `No ${itemNoun}s found for this budget` };
  }
  return {
    state: 'some',
    button: `View ${noun}s In This Range`,
    maxPrice: Math.min(budget, prices.max ?? FALLBACK_MAX_PRICE),
  };
}

/** The budget search's filter: the route's own scope, priced above 1000. */
export function budgetFilter(scopeFilters: string): string {
  return [scopeFilters, `price > ${BUDGET_MIN_PRICE}`].filter(Boolean).join(' AND ');
}

/**
 * The results address for a budget: the search at `searchPath` priced from above $1,000 (the
 * address bar's ranges are inclusive, so it starts at 1000) up to `maxPrice`.
 */
export function budgetSearchPath(searchPath: string, maxPrice: number): string {
  return `${searchPath}${stateToQueryString({ query: '', refinements: {}, ranges: { price: { min: BUDGET_MIN_PRICE, max: maxPrice } } }, new Set(['price']))}`;
}
