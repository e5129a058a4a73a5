import fs from 'node:fs';
import path from 'node:path';
import { parseTenantConfig } from '@forecourt/shared-config/tenant';
import { askingPrice } from '@forecourt/shared-config/price';
import type { Database } from '@forecourt/data/database';
import { replaceTenantStock } from '@forecourt/data/stock';
import type { Car } from '@forecourt/data/stock-model';
import { generateTenantStock } from '@forecourt/demo-data/seed/generate';
import { openTestDatabase, testEngines } from '@forecourt/test-kit/test-database';
import { comparisonSentence, StockPriceGuide } from './price-guide';

describe('the sentence under the price-comparison bar', () => {
  // The RAV4 the audit read: $12,990 beside a bar of $12,600 to $15,300, whose middle is $13,950.
  const range = { min: 12_600, max: 15_300, subject: '2019 Toyota RAV4', comparables: 9 };

  it.each(['caravan', 'motorcycle', 'truck'])(
    'counts a %s against similar ones of its kind, never cars',
    (itemType) => {
      expect(comparisonSentence({ ...range, listing: 12_990, itemType })).toMatch(
        new RegExp(`compared with 9 similar ${itemType}s\\.$`),
      );
    },
  );

  it('gives the gap to the middle of the bar drawn, in whole dollars', () => {
    expect(comparisonSentence({ ...range, listing: 12_990 })).toBe(
      'Priced $960 below the middle of the market range for a 2019 Toyota RAV4, compared with 9 similar cars.',
    );
  });

  it('gives the whole gap for a car priced under the bottom of the range', () => {
    expect(comparisonSentence({ ...range, listing: 11_000 })).toBe(
      'Priced $2,950 below the middle of the market range for a 2019 Toyota RAV4, compared with 9 similar cars.',
    );
  });

  it('reads in line with the market near the middle', () => {
    expect(comparisonSentence({ ...range, listing: 13_800 })).toBe(
      'Priced in line with the market for a 2019 Toyota RAV4, compared with 9 similar cars.',
    );
  });

  it('says above for a car priced over the top of the range', () => {
    expect(comparisonSentence({ ...range, listing: 16_000 })).toBe(
      'Priced $2,050 above the middle of the market range for a 2019 Toyota RAV4, compared with 9 similar cars.',
    );
  });
});

describe.each(testEngines())('the price guide on %s', (engine) => {
  const tenant = parseTenantConfig(
    JSON.parse(
      fs.readFileSync(path.resolve(__dirname, '..', '..', '..', 'tenants', 'harbourside-motors.json'), 'utf8'),
    ),
    'harbourside',
  );
  const now = new Date('2026-11-22T00:00:00Z');
  const generated = generateTenantStock(tenant, { seed: 5, carsPerTenant: 120, now }, 0);
  // The make, model and kind with the most cars: one of them is compared with the others.
  const groups = new Map<string, Car[]>();
  for (const car of generated.cars) {
    const key = `${car.make}|${car.model}|${car.car_type === 'new'}`;
    groups.set(key, [...(groups.get(key) ?? []), car]);
  }
  const group = [...groups.values()]
    .sort((a, b) => b.length - a.length)[0]!
    .map((car) => ({ ...car, year: 2020, offer_price: null }));
  const ids = new Set(group.map((car) => car.id));
  let database: Database;

  const storeWith = async (change: (car: Car) => Car) => {
    const cars = generated.cars.map((car) => (ids.has(car.id) ? change(group.find((g) => g.id === car.id)!) : car));
    await replaceTenantStock(database.db, { ...generated, cars }, { seed: 5, cars: cars.length, referenceTime: now });
  };

  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });

  afterAll(async () => {
    await database.close();
  });

  it('has enough cars alike to compare', () => {
    expect(group.length).toBeGreaterThanOrEqual(4);
  });

  it('prices a car whose offer is $10 or less at its price, as the card does', async () => {
    await storeWith((car) => car);
    const subject = { ...group[0]!, offer_price: 5 };
    const comparison = await new StockPriceGuide(database.db).compare(subject);
    expect(comparison.listing_price).toBe(askingPrice(subject));
    expect(comparison.listing_price).toBe(subject.price);
  });

  it('counts the other cars at the price their cards show, ignoring offers of $10 or less', async () => {
    const guide = new StockPriceGuide(database.db);
    await storeWith((car) => car);
    const withoutOffers = await guide.compare(group[0]!);
    await storeWith((car) => ({ ...car, offer_price: 5 }));
    const withPlaceholderOffers = await guide.compare(group[0]!);
    expect(withPlaceholderOffers).toEqual(withoutOffers);
    expect(await guide.marketAverages(group[0]!)).toEqual(
      await (async () => {
        await storeWith((car) => car);
        return guide.marketAverages(group[0]!);
      })(),
    );
  });
});
