/**
 * The calculator's figures (spec §2 finance calculator, §9 finance): the repayment in whole
 * dollars per frequency, the total payable and the comparison rate with the site's fees. The
 * repayment itself is the platform's one definition (`exactRepayment`), so the calculator, the
 * cards and the lenders' figures agree. Pure functions: the component shows what these return.
 */
import {
  exactRepayment,
  financedAmount,
  PERIODS_PER_YEAR,
  type Frequency,
  type ShownLoan,
} from '@forecourt/shared-config/repayment';

// The shown figure and its rounding are every team's (a card's weekly figure is the calculator's).
export { monthlyFromWeekly, shownRepayment as repayment, WEEKS_PER_MONTH } from '@forecourt/shared-config/repayment';

export const FREQUENCIES = Object.keys(PERIODS_PER_YEAR) as Frequency[];

export type LoanInput = ShownLoan;

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
