/**
 * The repayment of a car loan (spec §2 finance calculator, §9 finance): standard amortisation with
 * a residual (balloon) paid with the last repayment, per frequency. Here rather than in
 * mf-finance because the figures must agree wherever they are shown: the calculator's
 * (mf-finance), the lenders' weekly and monthly figures and the cards' weekly quote of the demo
 * stock, and the finance partner's stand-in (infra). Rounding is the screen's (mf-finance rounds
 * up on one tenant); this is the exact figure.
 */

/** Spec: 'Periods per year: weekly 52, fortnightly 26, monthly 12.' */
export const PERIODS_PER_YEAR = { week: 52, fortnight: 26, month: 12 } as const;
export type Frequency = keyof typeof PERIODS_PER_YEAR;

export interface Loan {
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
}

/** What is borrowed: the amount less the deposit or trade-in, never below 0. */
export const financedAmount = (loan: Pick<Loan, 'amount' | 'deposit'>) => Math.max(0, loan.amount - loan.deposit);

/**
 * The repayment per period: P = amount − deposit, i = rate per period, n = periods,
 * payment = (P − B / (1 + i)^n) · i / (1 − (1 + i)^−n), B the residual; at 0 % it is (P − B) / n.
 * Unrounded (the display rounds), never below 0 (a residual as large as the loan leaves only
 * interest, and a larger one nothing to repay before the end).
 */
export function exactRepayment(loan: Loan): number {
  const principal = financedAmount(loan);
  const periodsPerYear = PERIODS_PER_YEAR[loan.frequency];
  const periods = Math.round(loan.term * periodsPerYear);
  if (principal <= 0 || periods <= 0) return 0;
  const residual = Math.min(Math.max(0, loan.residual), principal);
  const rate = loan.interest / 100 / periodsPerYear;
  if (rate === 0) return (principal - residual) / periods;
  const growth = (1 + rate) ** periods;
  return Math.max(0, ((principal - residual / growth) * rate) / (1 - 1 / growth));
}

/** Spec: 'Monthly repayment estimate = weekly amount x 4.33'. */
export const WEEKS_PER_MONTH = 4.33;

export interface ShownLoan extends Loan {
  /** Spec: 'rounded up on one tenant' (tenant `finance.calculator.roundUp`). */
  roundUp?: boolean;
}

/**
 * The repayment as every screen shows it. Spec: 'Dollar figures shown rounded to whole dollars'
 * (rounded up where the site says so).
 */
export function shownRepayment(loan: ShownLoan): number {
  const exact = exactRepayment(loan);
  // A hair over a whole dollar from floating point is not a dollar more.
  return loan.roundUp ? Math.ceil(exact - 1e-9) : Math.round(exact);
}

/** Spec: 'Monthly repayment estimate = weekly amount x 4.33', in whole dollars. */
export const monthlyFromWeekly = (weekly: number) => Math.round(weekly * WEEKS_PER_MONTH);
