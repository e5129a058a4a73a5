import { testTenant } from '../testing/render';
import type { CarFinanceFacts } from '../finance-eligibility';
import { carRepayment } from './advertised';

const now = new Date('2026-11-23T00:00:00Z');
const lender = { interestRate: 8.5, comparisonRate: 9.1, paymentWeek: 140, paymentMonth: 606 };
const car = (overrides: Partial<CarFinanceFacts> = {}): CarFinanceFacts => ({
  make: 'Toyota',
  year: 2022,
  price: 29_990,
  status: 'in_stock',
  dealership_slug: 'harbourside-toyota',
  finance_quote_weekly: 140,
  lender,
  ...overrides,
});
const angle = testTenant({ finance: { provider: 'Angle' } });

describe("a car's one weekly figure", () => {
  it("is the calculator's start on the asking price: $29,990 over 6 years at 8.5% is $123, not the lender's $140", () => {
    expect(carRepayment(angle, car(), now)).toEqual({ weekly: 123, interest: 8.5, term: 6 });
  });

  it('rounds up on a site that rounds up: $24,990 is $103 there, $102 elsewhere', () => {
    expect(
      carRepayment(
        testTenant({ finance: { provider: 'Angle', calculator: { roundUp: true } } }),
        car({ price: 24_990 }),
        now,
      )?.weekly,
    ).toBe(103);
    expect(carRepayment(angle, car({ price: 24_990 }), now)?.weekly).toBe(102);
  });

  it('is none for a car the finance rule shows no finance for (a Suzuki)', () => {
    expect(carRepayment(angle, car({ make: 'Suzuki' }), now)).toBeNull();
  });

  it('is none on a site with finance switched off', () => {
    expect(
      carRepayment(testTenant({ features: { 'mf-finance': false }, finance: { provider: 'Angle' } }), car(), now),
    ).toBeNull();
  });
});
