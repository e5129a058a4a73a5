import { parseTenantConfig } from '@forecourt/shared-config/tenant';
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '@forecourt/data/database';
import { replaceTenantStock } from '@forecourt/data/stock';
import { generateTenantStock } from '@forecourt/demo-data/seed/generate';
import {
  clearPlatformTables,
  createTestPlatform,
  openSharedDatabase,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';

/** The teams' routes as the platform mounts them: with the platform's ports, over the tenant's own rows. */
let database: Database;
let platform: TestPlatform;
const now = new Date('2026-11-22T00:00:00Z');
const tenantsDir = path.resolve(__dirname, '..', '..', 'tenants');
const tenant = (slug: string) =>
  parseTenantConfig(JSON.parse(fs.readFileSync(path.join(tenantsDir, `${slug}.json`), 'utf8')), slug);

beforeAll(async () => {
  database = await openSharedDatabase();
  for (const slug of ['harbourside-motors', 'redgum-used-cars']) {
    await replaceTenantStock(database.db, generateTenantStock(tenant(slug), { seed: 5, carsPerTenant: 20, now }, 0), {
      seed: 5,
      cars: 20,
      referenceTime: now,
    });
  }
  platform = await createTestPlatform(database);
});
afterAll(async () => {
  await platform.close();
  await clearPlatformTables(database);
  await database.close();
});

describe('GET /api/search/promos', () => {
  const promos = (slug: string) =>
    platform.app.inject({ method: 'GET', url: '/api/search/promos', headers: { 'x-forecourt-tenant': slug } });

  it('lists the tenant’s promo nodes with the spec’s card text and the site’s configured target', async () => {
    const response = await promos('redgum-used-cars');
    expect(response.statusCode).toBe(200);
    const cards = response.json().promos as Array<{
      title: string;
      text: string;
      href: string;
      position: number | null;
    }>;
    expect(cards.find((c) => c.title === 'We Want Your Car!')).toMatchObject({
      text: 'We buy all types of cars / Our high turnover means we can pay more',
      href: '/contact',
      position: 1,
    });
  });

  it('sends only the requesting site’s nodes', async () => {
    const cards = (await promos('harbourside-motors')).json().promos as Array<{ id: string; href: string }>;
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every((c) => c.id.startsWith('harbourside-motors-'))).toBe(true);
    expect(cards.find((c) => c.id === 'harbourside-motors-p1')?.href).toBe('/trade-in');
  });

  it('carries the dates the page filters on, as ISO times', async () => {
    const cards = (await promos('harbourside-motors')).json().promos as Array<{
      start: string | null;
      expiry: string | null;
    }>;
    expect(cards.some((c) => c.start !== null && !Number.isNaN(Date.parse(c.start)))).toBe(true);
    expect(cards.some((c) => c.start === null && c.expiry === null)).toBe(true);
  });
});

describe('GET /api/search/fallback (spec §7 fallback fetch: search_filters, limit -> vehicles)', () => {
  type Vehicle = {
    slug: string;
    make: string;
    car_type: string;
    status: string;
    price: number;
    created_at_timestamp: number;
    show_on_dealer_website: boolean;
  };
  const fallback = (slug: string, query: string) =>
    platform.app.inject({
      method: 'GET',
      url: `/api/search/fallback?${query}`,
      headers: { 'x-forecourt-tenant': slug },
    });
  const filters = (value: object) => `search_filters=${encodeURIComponent(JSON.stringify(value))}`;

  it('lists the site’s cars in stock and on its website, newest first, in the index’s shape', async () => {
    const response = await fallback('harbourside-motors', 'limit=50');
    expect(response.statusCode).toBe(200);
    const vehicles = response.json().vehicles as Vehicle[];
    expect(vehicles.length).toBeGreaterThan(0);
    expect(vehicles.every((v) => ['in_stock', 'coming_soon'].includes(v.status) && v.show_on_dealer_website)).toBe(
      true,
    );
    const times = vehicles.map((v) => v.created_at_timestamp);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('applies the shopper’s filters and the limit', async () => {
    const all = (await fallback('harbourside-motors', 'limit=50')).json().vehicles as Vehicle[];
    const make = all[0]!.make;
    const vehicles = (
      await fallback('harbourside-motors', `${filters({ make: [make], price: { max: 1_000_000 } })}&limit=2`)
    ).json().vehicles as Vehicle[];
    expect(vehicles.length).toBe(Math.min(2, all.filter((v) => v.make === make).length));
    expect(vehicles.every((v) => v.make === make)).toBe(true);
  });

  it('a used-only site answers used cars only', async () => {
    const vehicles = (await fallback('redgum-used-cars', 'limit=50')).json().vehicles as Vehicle[];
    expect(vehicles.length).toBeGreaterThan(0);
    expect(new Set(vehicles.map((v) => v.car_type))).toEqual(new Set(['used']));
  });

  it.each([
    ['search_filters=not-json', 'search_filters'],
    [filters({ colour: ['red'] }), 'search_filters'],
    [filters({ price: { max: -5 } }), 'search_filters.price.max'],
    ['limit=0', 'limit'],
    ['limit=ten', 'limit'],
  ])('bad input (%s) is a 400 naming %s', async (query, field) => {
    const response = await fallback('harbourside-motors', query);
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
  });
});
