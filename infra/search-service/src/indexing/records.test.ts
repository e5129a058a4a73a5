import fs from 'node:fs';
import path from 'node:path';
import { advertisedRepayment } from '@forecourt/shared-config/calculator';
import { carFinanceFacts, carShowsFinance, siteLender } from '@forecourt/shared-config/finance-eligibility';
import { askingPrice } from '@forecourt/shared-config/price';
import { parseTenantConfig } from '@forecourt/shared-config/tenant';
import { generateTenantStock } from '@forecourt/demo-data/seed/generate';
import { carToRecord } from './records';

const tenant = parseTenantConfig(
  JSON.parse(fs.readFileSync(path.resolve(__dirname, '..', '..', '..', 'tenants', 'harbourside-motors.json'), 'utf8')),
  'harbourside',
);
const cars = generateTenantStock(tenant, { seed: 1, carsPerTenant: 60, now: new Date('2026-11-22T00:00:00Z') }, 0).cars;
const car = cars[0]!;

describe('a car’s search record', () => {
  it('puts a car whose offer is $10 or less in the price band of its price, as its card shows it', () => {
    const record = carToRecord({ ...car, price: 24_990, offer_price: 5 }, tenant);
    expect(askingPrice({ price: 24_990, offer_price: 5 })).toBe(24_990);
    expect(record.price_range).toBe('$20,000 - $30,000');
  });

  it('puts a car with a real offer below its price in the offer’s band', () => {
    expect(carToRecord({ ...car, price: 31_990, offer_price: 28_990 }, tenant).price_range).toBe('$20,000 - $30,000');
  });
});

describe('a car’s weekly repayments band', () => {
  const showing = cars.filter((c) =>
    carShowsFinance(tenant, carFinanceFacts({ ...c, finance_lender: siteLender(c.finance_lenders, tenant.finance) })),
  );

  it('is the band of the weekly figure its card shows, for every car that shows one', () => {
    expect(showing.length).toBeGreaterThan(10);
    for (const c of showing) {
      const weekly = advertisedRepayment(tenant.finance, askingPrice(c)).weekly;
      const [lo, hi] = String(carToRecord(c, tenant).weekly_price_range)
        .replace(/\$/g, '')
        .split(/ - |\+/)
        .map(Number);
      expect([c.id, weekly >= lo! && (Number.isNaN(hi) || hi === 0 || weekly < hi!)]).toEqual([c.id, true]);
    }
  });

  it('is none for a car whose card shows no weekly figure', () => {
    const hidden = cars.filter((c) => !showing.includes(c));
    expect(hidden.length).toBeGreaterThan(0);
    for (const c of hidden) expect([c.id, carToRecord(c, tenant).weekly_price_range]).toEqual([c.id, null]);
  });
});
