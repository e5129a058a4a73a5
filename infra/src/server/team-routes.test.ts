import { parseTenantConfig } from '@forecourt/shared-config/tenant';
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/database';
import { replaceTenantStock } from '../db/stock';
import { generateTenantStock } from '../stock/seed/generate';
import { clearPlatformTables, createTestPlatform, openSharedDatabase, type TestPlatform } from '../testing/test-platform';

/** The teams' routes as the platform mounts them: with the platform's ports, over the tenant's own rows. */
let database: Database;
let platform: TestPlatform;
const now = new Date('2026-11-22T00:00:00Z');
const tenantsDir = path.resolve(__dirname, '..', '..', 'tenants');
const tenant = (slug: string) => parseTenantConfig(JSON.parse(fs.readFileSync(path.join(tenantsDir, `${slug}.json`), 'utf8')), slug);

beforeAll(async () => {
  database = await openSharedDatabase();
  for (const slug of ['harbourside-motors', 'redgum-used-cars']) {
    await replaceTenantStock(database.db, generateTenantStock(tenant(slug), { seed: 5, carsPerTenant: 20, now }, 0), { seed: 5, cars: 20, referenceTime: now });
  }
  platform = await createTestPlatform(database);
});
afterAll(async () => {
  await platform.close();
  await clearPlatformTables(database);
  await database.close();
});

describe('GET /api/search/promos', () => {
  const promos = (slug: string) => platform.app.inject({ method: 'GET', url: '/api/search/promos', headers: { 'x-forecourt-tenant': slug } });

  it('lists the tenant’s promo nodes with the spec’s card text and the site’s configured target', async () => {
    const response = await promos('redgum-used-cars');
    expect(response.statusCode).toBe(200);
    const cards = response.json().promos as Array<{ title: string; text: string; href: string; position: number | null }>;
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
    const cards = (await promos('harbourside-motors')).json().promos as Array<{ start: string | null; expiry: string | null }>;
    expect(cards.some((c) => c.start !== null && !Number.isNaN(Date.parse(c.start)))).toBe(true);
    expect(cards.some((c) => c.start === null && c.expiry === null)).toBe(true);
  });
});
