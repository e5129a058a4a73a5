/**
 * What a link to a finance page carries (spec, finance page: 'Query parameters: car_id, vin,
 * nvic, year, preferredDealership, car_type, vehiclePriceBudget or price, loanTerm,
 * selfAssessedCreditScore or credit_score, whoIsHelping'). Every value is read leniently: a
 * value that does not make sense is dropped, never an error, since links come from anywhere.
 */

export const CREDIT_SCORES = ['GREAT', 'DECENT', 'POOR'] as const;
export type CreditScore = (typeof CREDIT_SCORES)[number];

/** Who is helping with the loan: the values the form offers (not shown in the spec: the shopper alone or with a partner). */
export const WHO_IS_HELPING = ['Just me', 'Me and my partner'] as const;
export type WhoIsHelping = (typeof WHO_IS_HELPING)[number];

export const CAR_TYPES = ['new', 'used', 'demo'] as const;

/** Spec: links may add the anchor #finance-form. */
export const FINANCE_FORM_ANCHOR = 'finance-form';

export interface FinanceQuery {
  carId: string | null;
  vin: string | null;
  nvic: string | null;
  year: number | null;
  preferredDealership: string | null;
  carType: (typeof CAR_TYPES)[number] | null;
  /** `vehiclePriceBudget`, else `price`. */
  price: number | null;
  /** Whole years (the quote's term is 1 to 7 in steps of 1). */
  loanTerm: number | null;
  /** `selfAssessedCreditScore`, else `credit_score`; any case. */
  creditScore: CreditScore | null;
  whoIsHelping: WhoIsHelping | null;
}

const text = (query: URLSearchParams, name: string, max = 64): string | null => {
  const value = query.get(name)?.trim();
  return value && value.length <= max ? value : null;
};

const positive = (raw: string | null): number | null => {
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw.replace(/[$,\s]/g, ''));
  return Number.isFinite(value) && value > 0 ? value : null;
};

export function readFinanceQuery(query: URLSearchParams, thisYear = new Date().getFullYear()): FinanceQuery {
  const year = positive(query.get('year'));
  const term = positive(query.get('loanTerm'));
  const score = (query.get('selfAssessedCreditScore') ?? query.get('credit_score'))?.trim().toUpperCase();
  const carType = query.get('car_type')?.trim().toLowerCase();
  const helping = query.get('whoIsHelping')?.trim();
  return {
    carId: text(query, 'car_id'),
    vin: text(query, 'vin', 17),
    nvic: text(query, 'nvic', 16),
    year: year !== null && Number.isInteger(year) && year >= 1900 && year <= thisYear + 1 ? year : null,
    preferredDealership: text(query, 'preferredDealership', 120),
    carType: (CAR_TYPES as readonly string[]).includes(carType ?? '') ? (carType as FinanceQuery['carType']) : null,
    price: positive(query.get('vehiclePriceBudget') ?? query.get('price')),
    loanTerm: term !== null && Number.isInteger(term) && term >= 1 && term <= 7 ? term : null,
    creditScore: (CREDIT_SCORES as readonly string[]).includes(score ?? '') ? (score as CreditScore) : null,
    whoIsHelping: WHO_IS_HELPING.find((option) => option.toLowerCase() === helping?.toLowerCase()) ?? null,
  };
}
