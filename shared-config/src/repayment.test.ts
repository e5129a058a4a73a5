import { exactRepayment, PERIODS_PER_YEAR, type Frequency, type Loan } from './repayment';

/**
 * An independent check: the loan's balance, period by period — interest added, the repayment
 * taken — must end at the residual after the last repayment.
 */
function finalBalance(loan: Loan, payment: number): number {
  const periodsPerYear = PERIODS_PER_YEAR[loan.frequency];
  let balance = loan.amount - loan.deposit;
  for (let i = 0; i < loan.term * periodsPerYear; i++)
    balance = balance * (1 + loan.interest / 100 / periodsPerYear) - payment;
  return balance;
}

const loan = (overrides: Partial<Loan> = {}): Loan => ({
  amount: 30_000,
  deposit: 0,
  residual: 0,
  term: 5,
  interest: 8.5,
  frequency: 'week',
  ...overrides,
});

describe('the repayment (spec: standard amortisation; weekly 52, fortnightly 26, monthly 12)', () => {
  it.each<Frequency>(['week', 'fortnight', 'month'])(
    'pays $30,000 at 8.5%% over 5 years down to nothing, paid each %s',
    (frequency) => {
      const input = loan({ frequency });
      expect(finalBalance(input, exactRepayment(input))).toBeCloseTo(0, 6);
    },
  );

  it.each<Frequency>(['week', 'fortnight', 'month'])(
    'leaves exactly the 30%% residual of $9,000 after the last repayment, paid each %s',
    (frequency) => {
      const input = loan({ frequency, residual: 9_000 });
      expect(finalBalance(input, exactRepayment(input))).toBeCloseTo(9_000, 6);
    },
  );

  it('takes the deposit off before lending: $30,000 less a $3,000 deposit is a $27,000 loan', () => {
    expect(exactRepayment(loan({ deposit: 3_000 }))).toBeCloseTo(exactRepayment(loan({ amount: 27_000 })), 9);
  });

  it('is $30,000 a month over 1 year at 0% split evenly: $2,500', () => {
    expect(exactRepayment(loan({ interest: 0, term: 1, frequency: 'month' }))).toBe(2_500);
  });

  it('is 0 when the deposit covers the price', () => {
    expect(exactRepayment(loan({ deposit: 40_000 }))).toBe(0);
  });

  it('is only the interest when the residual is the whole loan, or more', () => {
    const interestOnly = (30_000 * 0.085) / 52;
    expect(
      [exactRepayment(loan({ residual: 30_000 })), exactRepayment(loan({ residual: 45_000 }))].map((payment) =>
        payment.toFixed(6),
      ),
    ).toEqual([interestOnly.toFixed(6), interestOnly.toFixed(6)]);
  });
});
