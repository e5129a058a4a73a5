import { comparisonRate, exactRepayment, monthlyFromWeekly, PERIODS_PER_YEAR, repayment, totalPayable, type Frequency, type LoanInput } from './repayment';

/**
 * An independent check: the loan's balance, period by period — interest added, the repayment
 * taken — must end at the residual after the last repayment.
 */
function finalBalance(input: LoanInput, payment: number): number {
  const periodsPerYear = PERIODS_PER_YEAR[input.frequency];
  let balance = input.amount - input.deposit;
  for (let i = 0; i < input.term * periodsPerYear; i++) balance = balance * (1 + input.interest / 100 / periodsPerYear) - payment;
  return balance;
}

const loan = (overrides: Partial<LoanInput> = {}): LoanInput => ({ amount: 30_000, deposit: 0, residual: 0, term: 5, interest: 8.5, frequency: 'week', ...overrides });

describe('the repayment (spec: standard amortisation; weekly 52, fortnightly 26, monthly 12)', () => {
  it.each<Frequency>(['week', 'fortnight', 'month'])('pays $30,000 at 8.5%% over 5 years down to nothing, paid each %s', (frequency) => {
    const input = loan({ frequency });
    expect(finalBalance(input, exactRepayment(input))).toBeCloseTo(0, 6);
  });

  it.each<Frequency>(['week', 'fortnight', 'month'])('leaves exactly the 30%% residual of $9,000 after the last repayment, paid each %s', (frequency) => {
    const input = loan({ frequency, residual: 9_000 });
    expect(finalBalance(input, exactRepayment(input))).toBeCloseTo(9_000, 6);
  });

  it('takes the deposit off before lending: $30,000 less a $3,000 deposit is a $27,000 loan', () => {
    const input = loan({ deposit: 3_000 });
    expect(exactRepayment(input)).toBeCloseTo(exactRepayment(loan({ amount: 27_000 })), 9);
  });

  it('is $30,000 a month over 1 year at 0% split evenly: $2,500', () => {
    expect(repayment(loan({ interest: 0, term: 1, frequency: 'month' }))).toBe(2_500);
  });

  it('is a weekly $142 for $30,000 at 8.5% over 5 years (whole dollars)', () => {
    // (30000 · i) / (1 − (1 + i)^−260), i = 0.085 / 52: 141.73
    expect(repayment(loan())).toBe(142);
  });

  it('is rounded up to the next dollar where the site says so: $36 rather than $35 for $9,000 over 5 years at 0%', () => {
    // 9000 / 260 = 34.6 -> 35 rounded, 35 up; 9100 / 260 = 35.0 exactly stays 35; 9150 / 260 = 35.19 -> 36 up.
    expect([repayment(loan({ amount: 9_150, interest: 0 })), repayment(loan({ amount: 9_150, interest: 0, roundUp: true }))]).toEqual([35, 36]);
  });

  it('is 0 when the deposit covers the price', () => {
    expect(repayment(loan({ deposit: 40_000 }))).toBe(0);
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
    expect(comparisonRate(loan(), { upFront: 1300, monthly: 0 })).toBeGreaterThan(comparisonRate(loan(), { upFront: 0, monthly: 0 }) + 0.5);
  });
});
