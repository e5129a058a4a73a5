import { exactRepayment } from '@forecourt/shared-config/repayment';
import { comparisonRate, monthlyFromWeekly, repayment, totalPayable, type LoanInput } from './repayment';

// The repayment itself (amortisation, residual, deposit) is tested with its definition in shared-config.
const loan = (overrides: Partial<LoanInput> = {}): LoanInput => ({
  amount: 30_000,
  deposit: 0,
  residual: 0,
  term: 5,
  interest: 8.5,
  frequency: 'week',
  ...overrides,
});

describe('the repayment shown (spec: whole dollars, rounded up on one tenant)', () => {
  it('is a weekly $142 for $30,000 at 8.5% over 5 years (whole dollars)', () => {
    // (30000 · i) / (1 − (1 + i)^−260), i = 0.085 / 52: 141.73
    expect(repayment(loan())).toBe(142);
  });

  it('is rounded up to the next dollar where the site says so: $36 rather than $35 for $9,000 over 5 years at 0%', () => {
    // 9000 / 260 = 34.6 -> 35 rounded, 35 up; 9100 / 260 = 35.0 exactly stays 35; 9150 / 260 = 35.19 -> 36 up.
    expect([
      repayment(loan({ amount: 9_150, interest: 0 })),
      repayment(loan({ amount: 9_150, interest: 0, roundUp: true })),
    ]).toEqual([35, 36]);
  });

  it('counts the repayments and the residual in the total payable', () => {
    const input = loan({ residual: 9_000 });
    expect(totalPayable(input)).toBeCloseTo(exactRepayment(input) * 260 + 9_000, 6);
  });
});

describe('the monthly estimate (spec: weekly x 4.33)', () => {
  it('is $598 for a weekly $138', () => {
    expect(monthlyFromWeekly(138)).toBe(598);
  });
});

describe('the comparison rate with fees (spec: establishment and other fees per tenant)', () => {
  it('is the interest rate when there are no fees', () => {
    expect(comparisonRate(loan(), { upFront: 0, monthly: 0 })).toBeCloseTo(8.5, 6);
  });

  it('discounts repayments, monthly fees and residual to what the borrower received', () => {
    const input = loan({ residual: 9_000, frequency: 'month' });
    const fees = { upFront: 395 + 6 + 912.25, monthly: 8 };
    const annual = comparisonRate(input, fees);
    // Independently: the present value at the answer's monthly rate, summed month by month.
    const rate = annual / 100 / 12;
    let presentValue = 0;
    for (let month = 1; month <= 60; month++) presentValue += (exactRepayment(input) + 8) / (1 + rate) ** month;
    presentValue += 9_000 / (1 + rate) ** 60;
    expect(presentValue).toBeCloseTo(30_000 - fees.upFront, 4);
    expect(annual).toBeGreaterThan(8.5);
  });

  it('is higher with the 1300 establishment fee than with none', () => {
    expect(comparisonRate(loan(), { upFront: 1300, monthly: 0 })).toBeGreaterThan(
      comparisonRate(loan(), { upFront: 0, monthly: 0 }) + 0.5,
    );
  });
});
