import { TenantConfigSchema, type FinanceProvider } from './tenant/schema';
import { testTenant } from './testing/render';
import {
  carFinanceFacts,
  carShowsFinance,
  financeShown,
  siteLender,
  type CarFinanceFacts,
  type FinanceCar,
} from './finance-eligibility';

const settings = (overrides: Record<string, unknown> = {}) => TenantConfigSchema.shape.finance.parse(overrides);
const now = new Date('2026-11-23T00:00:00Z');
const lender = { interestRate: 8.5, comparisonRate: 9.1, paymentWeek: 140, paymentMonth: 606 };
const car = (overrides: Partial<CarFinanceFacts> = {}): CarFinanceFacts => ({
  make: 'Toyota',
  year: 2022,
  price: 32_990,
  status: 'in_stock',
  dealership_slug: 'harbourside-toyota',
  finance_quote_weekly: null,
  lender,
  ...overrides,
});
const shown = (provider: FinanceProvider, facts: Partial<CarFinanceFacts>, extra: Record<string, unknown> = {}) =>
  financeShown(settings({ provider, ...extra }), car(facts), now);

describe('Taurus (spec: lender entry, rates not null, under 12 years old, price above 500, in stock)', () => {
  it('shows for a 2022 car in stock at $32,990 with both rates', () => {
    expect(shown('Taurus', {})).toBe(true);
  });

  it('hides without the lender entry', () => {
    expect(shown('Taurus', { lender: null })).toBe(false);
  });

  it('hides without a comparison rate', () => {
    expect(shown('Taurus', { lender: { ...lender, comparisonRate: null } })).toBe(false);
  });

  it('hides for a 2014 car (not later than 2026 − 12)', () => {
    expect(shown('Taurus', { year: 2014 })).toBe(false);
  });

  it('shows for a 2015 car', () => {
    expect(shown('Taurus', { year: 2015 })).toBe(true);
  });

  it('hides at a price of 500', () => {
    expect(shown('Taurus', { price: 500 })).toBe(false);
  });
});

describe.each<FinanceProvider>(['Angle', 'Manual', 'Powertorque'])(
  '%s (spec: price above 500, in stock, weekly payment)',
  (provider) => {
    it('shows with a weekly payment', () => {
      expect(shown(provider, {})).toBe(true);
    });

    it('hides without a weekly payment', () => {
      expect(shown(provider, { lender: { ...lender, paymentWeek: null } })).toBe(false);
    });

    it('hides for a sold car', () => {
      expect(shown(provider, { status: 'sold' })).toBe(false);
    });
  },
);

describe('Nissan Finance (spec: price above 500, in stock, monthly payment)', () => {
  it('hides without a monthly payment', () => {
    expect(shown('Nissan Finance', { lender: { ...lender, paymentMonth: null } })).toBe(false);
  });

  it('shows with one', () => {
    expect(shown('Nissan Finance', {})).toBe(true);
  });
});

describe.each<FinanceProvider>(['360 Finance', 'AusLoans'])('%s (spec: in stock only)', (provider) => {
  it('shows for a car in stock without a lender entry', () => {
    expect(shown(provider, { lender: null, price: 400 })).toBe(true);
  });

  it('hides for a sold car', () => {
    expect(shown(provider, { status: 'sold' })).toBe(false);
  });
});

describe('hidden finance (spec: Suzuki, named dealerships, a flagged dealer; autograb below 200)', () => {
  it('hides for a Suzuki', () => {
    expect(shown('AusLoans', { make: 'Suzuki' })).toBe(false);
  });

  it('hides for a dealership the site names', () => {
    expect(shown('AusLoans', { dealership_slug: 'summit-ipswich' }, { hiddenDealerships: ['summit-ipswich'] })).toBe(
      false,
    );
  });

  it('hides everywhere on a flagged dealer', () => {
    expect(shown('AusLoans', {}, { hidden: true })).toBe(false);
  });

  it('hides below a price of 200 whatever the provider says', () => {
    expect(shown('AusLoans', { price: 199 })).toBe(false);
  });
});

describe('one answer for the card, the sticky header and the calculator', () => {
  it('shows finance for an eligible car on a site with mf-finance on', () => {
    expect(carShowsFinance(testTenant({ finance: { provider: 'Angle' } }), car(), now)).toBe(true);
  });

  it('shows none on a site with mf-finance switched off, however eligible the car', () => {
    expect(
      carShowsFinance(testTenant({ features: { 'mf-finance': false }, finance: { provider: 'Angle' } }), car(), now),
    ).toBe(false);
  });

  it("shows none for a car without the site's lender record under Angle", () => {
    expect(carShowsFinance(testTenant({ finance: { provider: 'Angle' } }), car({ lender: null }), now)).toBe(false);
  });
});

describe('a car’s finance facts, built once for every screen', () => {
  const stockCar = (overrides: Partial<FinanceCar> = {}): FinanceCar => ({
    make: 'Toyota',
    year: 2022,
    price: 32_990,
    offer_price: null,
    status: 'in_stock',
    dealership_slug: 'harbourside-toyota',
    finance_quote_weekly: 140,
    finance_lender: lender,
    ...overrides,
  });

  it('are priced at the offer when it is a real price below the price', () => {
    expect(carFinanceFacts(stockCar({ offer_price: 29_990 })).price).toBe(29_990);
  });

  it('are priced at the price when the offer is $10 or less', () => {
    expect(carFinanceFacts(stockCar({ offer_price: 5 })).price).toBe(32_990);
  });

  it('are priced 0 for a car priced $10 or less', () => {
    expect(carFinanceFacts(stockCar({ price: 10 })).price).toBe(0);
  });

  it("carry the site's provider's lender figures, without the rest of its record", () => {
    const records = { Angle: { ...lender, disclaimer: 'Angle terms' }, Taurus: { ...lender, interestRate: 9.9 } };
    expect(carFinanceFacts(stockCar({ finance_lender: siteLender(records, { provider: 'Angle' }) })).lender).toEqual(
      lender,
    );
  });

  it('carry no lender where the car has no record from the site’s provider', () => {
    expect(siteLender({ Taurus: lender }, { provider: 'Angle' })).toBeNull();
  });
});
