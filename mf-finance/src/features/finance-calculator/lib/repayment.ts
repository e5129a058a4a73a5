/**
 * The calculator's arithmetic (spec §2 finance calculator, §9 finance): standard amortisation
 * with a residual (balloon) paid with the last repayment, per frequency, and the comparison rate
 * with the site's fees. Pure functions: the component shows what these return.
 */

/** Spec: 'Periods per year: weekly 52, fortnightly 26, monthly 12.' */
export const PERIODS_PER_YEAR = { week: 52, fortnight: 26, month: 12 } as const;
export type Frequency = keyof typeof PERIODS_PER_YEAR;
export const FREQUENCIES = Object.keys(PERIODS_PER_YEAR) as Frequency[];

/** Spec: 'Monthly repayment estimate = weekly amount x 4.33'. */
export const WEEKS_PER_MONTH = 4.33;

export interface LoanInput {
  /** The purchase price. */
  amount: number;
  /** Deposit or trade-in, taken off the amount. */
  deposit: number;
  /** The residual (balloon), paid at the end. */
  residual: number;
  /** Years. */
  term: number;
  /** Annual rate, percent. */
  interest: number;
  frequency: Frequency;
  /** Spec: 'rounded up on one tenant' (tenant `finance.calculator.roundUp`). */
  roundUp?: boolean;
}

/** What is borrowed: the amount less the deposit or trade-in, never below 0. */
export const financedAmount = (input: Pick<LoanInput, 'amount' | 'deposit'>) => Math.max(0, input.amount - input.deposit);

/**
 * The repayment per period: P = amount − deposit, i = rate per period, n = periods,
 * payment = (P − B / (1 + i)^n) · i / (1 − (1 + i)^−n), B the residual; at 0 % it is (P − B) / n.
 * Unrounded (the display rounds), never below 0 (a residual as large as the loan leaves only
 * interest, and a larger one nothing to repay before the end).
 */
export function exactRepayment(input: LoanInput): number {
  const principal = financedAmount(input);
  const periodsPerYear = PERIODS_PER_YEAR[input.frequency];
  const periods = Math.round(input.term * periodsPerYear);
  if (principal <= 0 || periods <= 0) return 0;
  const residual = Math.min(Math.max(0, input.residual), principal);
  const rate = input.interest / 100 / periodsPerYear;
  if (rate === 0) return (principal - residual) / periods;
  const growth = (1 + rate) ** periods;
  return Math.max(0, ((principal - residual / growth) * rate) / (1 - 1 / growth));
}

/** Spec: 'Dollar figures shown rounded to whole dollars' (rounded up where the site says so). */
export function repayment(input: LoanInput): number {
  const exact = exactRepayment(input);
  // A hair over a whole dollar from floating point is not a dollar more.
  return input.roundUp ? Math.ceil(exact - 1e-9) : Math.round(exact);
}

/** Spec: 'Monthly repayment estimate = weekly amount x 4.33', in whole dollars. */
export const monthlyFromWeekly = (weekly: number) => Math.round(weekly * WEEKS_PER_MONTH);

/** Everything paid over the loan: the repayments and the residual. */
export function totalPayable(input: LoanInput): number {
  const periods = Math.round(input.term * PERIODS_PER_YEAR[input.frequency]);
  return exactRepayment(input) * periods + Math.min(Math.max(0, input.residual), financedAmount(input));
}

export interface Fees {
  /** Paid at the start: the establishment fee and the site's other once-off fees. */
  upFront: number;
  /** Paid every month (an account fee). */
  monthly: number;
}

/**
 * The comparison rate (percent a year): the rate at which the repayments, the periodic fees and
 * the residual, discounted, equal what the borrower actually receives (the amount financed less
 * the up-front fees). Solved by bisection on the rate per period (the present value falls as the
 * rate rises); with no fees it is the interest rate itself.
 */
export function comparisonRate(input: LoanInput, fees: Fees): number {
  const principal = financedAmount(input);
  const periodsPerYear = PERIODS_PER_YEAR[input.frequency];
  const periods = Math.round(input.term * periodsPerYear);
  if (principal <= 0 || periods <= 0) return input.interest;
  const payment = exactRepayment(input) + (fees.monthly * 12) / periodsPerYear;
  const residual = Math.min(Math.max(0, input.residual), principal);
  const received = principal - fees.upFront;
  const presentValue = (rate: number) => {
    if (rate === 0) return payment * periods + residual;
    const growth = (1 + rate) ** periods;
    return (payment * (1 - 1 / growth)) / rate + residual / growth;
  };
  let low = 0;
  let high = 1;
  for (let i = 0; i < 200; i++) {
    const mid = (low + high) / 2;
    if (presentValue(mid) > received) low = mid;
    else high = mid;
  }
  return ((low + high) / 2) * periodsPerYear * 100;
}

/** Spec: 'comparison rate rounded to 2 decimals'. */
export const formatRate = (rate: number) => `${rate.toFixed(2)}%`;
