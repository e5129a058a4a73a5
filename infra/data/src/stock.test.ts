import { parseTenantConfig } from '@forecourt/shared-config/tenant';
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from './database';
import {
  countCars,
  findCarBySlug,
  listLocations,
  loadTenantStock,
  replaceTenantStock,
  seedRuns,
  streamCars,
} from './stock';
import { generateTenantStock } from '@forecourt/demo-data/seed/generate';
import { seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { openTestDatabase, testEngines } from '@forecourt/test-kit/test-database';

const tenantsDir = path.resolve(__dirname, '..', '..', 'tenants');
const harbourside = parseTenantConfig(
  JSON.parse(fs.readFileSync(path.join(tenantsDir, 'harbourside-motors.json'), 'utf8')),
  'harbourside',
);
const coastal = parseTenantConfig(
  JSON.parse(fs.readFileSync(path.join(tenantsDir, 'coastal-caravans.json'), 'utf8')),
  'coastal',
);
const now = new Date('2026-11-22T00:00:00Z');

describe.each(testEngines())('stock data layer on %s', (engine) => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });

  afterAll(async () => {
    await database.close();
  });

  // Every test starts from the same 60 Harbourside cars, so each one passes or fails on its own.
  const stock = generateTenantStock(harbourside, { seed: 3, carsPerTenant: 60, now }, 0);
  beforeEach(async () => {
    await replaceTenantStock(database.db, stock, { seed: 3, cars: 60, referenceTime: now });
  });

  it('stores a tenant’s stock and reads back exactly what was generated', async () => {
    const loaded = await loadTenantStock(database.db, harbourside.slug);
    const byId = <T extends { id: string }>(items: T[]) => [...items].sort((a, b) => a.id.localeCompare(b.id));
    // The database's own bookkeeping beside each car: the seed wrote it, and no API write or withdrawal has touched it.
    expect(byId(loaded.cars)).toEqual(
      byId(
        stock.cars.map((car) => ({ ...car, source: 'seed', updated_at: null, withdrawn_at: null, photo_urls: null })),
      ),
    );
    expect(byId(loaded.locations)).toEqual(byId(stock.locations));
    expect(byId(loaded.promos)).toEqual(byId(stock.promos));
  });

  it('replaces a tenant’s stock rather than adding to it', async () => {
    const first = generateTenantStock(coastal, { seed: 1, carsPerTenant: 40, now }, 1);
    const second = generateTenantStock(coastal, { seed: 2, carsPerTenant: 25, now }, 1);
    await replaceTenantStock(database.db, first, { seed: 1, cars: 40, referenceTime: now });
    await replaceTenantStock(database.db, second, { seed: 2, cars: 25, referenceTime: now });
    expect(await countCars(database.db, coastal.slug)).toBe(25);
    expect((await seedRuns(database.db)).find((r) => r.tenant === coastal.slug)?.seed).toBe(2);
  });

  it('streams cars a page at a time in id order', async () => {
    const pages: number[] = [];
    const ids: string[] = [];
    for await (const page of streamCars(database.db, { tenant: harbourside.slug, pageSize: 25 })) {
      pages.push(page.length);
      ids.push(...page.map((c) => c.id));
    }
    expect(pages).toEqual([25, 25, 10]);
    expect(ids).toEqual([...ids].sort());
  });

  it('finds a car by its slug within its tenant only', async () => {
    const [car] = (await loadTenantStock(database.db, harbourside.slug)).cars;
    expect((await findCarBySlug(database.db, harbourside.slug, car!.slug))?.id).toBe(car!.id);
    expect(await findCarBySlug(database.db, coastal.slug, car!.slug)).toBeNull();
  });

  it('lists a tenant’s locations with their opening hours', async () => {
    const locations = await listLocations(database.db, harbourside.slug);
    expect(locations.map((l) => l.slug)).toContain('harbourside-motors-alexandria');
    expect(locations[0]?.contact_detail.opening_hours).toBeDefined();
  });

  it('seeds once: a second start keeps the stock a tenant has', async () => {
    const summary = await seedStock(database, [harbourside], { seed: 3, now });
    expect(summary).toEqual({ seeded: [], kept: [harbourside.slug] });
  });
});
