import type { TenantSettings } from '@forecourt/admin-contract';
import type { Database } from '@forecourt/data/database';
import { listAudit } from '@forecourt/data/operators';
import { defaultSeedNow } from '@forecourt/demo-data/seed/generate';
import { seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import {
  clearPlatformTables,
  createTestPlatform,
  openSharedDatabase,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';

/**
 * Tenants' settings through the admin API, seen on the site: a tenant manager's edit shows on
 * the next page, an invalid one is refused naming its field, another tenant's settings and any
 * domain are refused and audited, and an operator's new tenant serves its site at once.
 */
let database: Database;
let platform: TestPlatform;
let managerToken: string;

const SUMMIT = 'summit-auto-group';
const HARBOURSIDE = 'harbourside-motors';
const SYSTEM = { accountId: null, name: 'tenant settings test', tokenId: null };

beforeAll(async () => {
  database = await openSharedDatabase();
  await clearPlatformTables(database);
  await seedStock(database, await loadTenants(), { seed: 5, totalCars: 40, now: defaultSeedNow() });
  platform = await createTestPlatform(database);
  const manager = await platform.app.operators.createAccount(SYSTEM, {
    name: 'Summit Manager',
    role: 'tenant-manager',
    tenants: [SUMMIT],
  });
  managerToken = (await platform.app.operators.issueToken(SYSTEM, manager.id, {})).secret;
});

afterAll(async () => {
  await platform.close();
  await database.close();
});

const admin = (token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  platform.app.inject({
    method,
    url: `/_admin${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function settings(tenant: string): Promise<TenantSettings> {
  const response = await admin(platform.operatorToken, 'GET', `/tenants/${tenant}/settings`);
  expect(response.statusCode).toBe(200);
  return response.json<TenantSettings>();
}

const sitePage = (tenant: string, url = '/') =>
  platform.app.inject({ method: 'GET', url, headers: { host: `${tenant}.localhost` } });

it("shows a tenant manager's new phone number on the site's next page", async () => {
  const before = await settings(SUMMIT);
  const contact = { ...(before.config.contact as object), phone: '(07) 3999 1234' };
  const response = await admin(managerToken, 'PUT', `/tenants/${SUMMIT}/settings/contact`, {
    revision: before.revision,
    value: { contact },
  });
  expect(response.statusCode).toBe(200);
  expect((await sitePage(SUMMIT)).body).toContain('(07) 3999 1234');
});

it("shows a tenant manager's new opening hours in the site's locations", async () => {
  const before = await settings(SUMMIT);
  const location = before.locations.find((entry) => entry.hours.sales)!;
  const days = [0, 1, 2, 3, 4, 5, 6].map((weekday) =>
    weekday === 0 ? { weekday, open: null, close: null } : { weekday, open: '07:15', close: '19:45' },
  );
  const response = await admin(managerToken, 'PUT', `/tenants/${SUMMIT}/hours/${location.slug}`, {
    revision: before.revision,
    type: 'sales',
    days,
  });
  expect(response.statusCode).toBe(200);

  const shown = (await sitePage(SUMMIT, '/api/locations/locations')).json<{
    locations: Array<{
      slug: string;
      contact_detail: { opening_hours: Record<string, Array<{ formated_hours: string }>> };
    }>;
  }>();
  const hours = shown.locations.find((entry) => entry.slug === location.slug)!.contact_detail.opening_hours.sales!;
  expect(hours.map((day) => day.formated_hours)).toEqual(['Closed', ...Array(6).fill('7:15am - 7:45pm')]);
});

it('refuses an invalid phone number, naming the field, and keeps the site as it was', async () => {
  const before = await settings(SUMMIT);
  const response = await admin(managerToken, 'PUT', `/tenants/${SUMMIT}/settings/contact`, {
    revision: before.revision,
    value: { contact: { ...(before.config.contact as object), phone: 'call us' } },
  });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ field: 'contact.phone', error: 'contact.phone: must be a phone number' });
  expect((await settings(SUMMIT)).revision).toBe(before.revision);
});

it("refuses a change made on a form loaded before someone else's save", async () => {
  const before = await settings(SUMMIT);
  const nav = before.config.nav as unknown[];
  await admin(managerToken, 'PUT', `/tenants/${SUMMIT}/settings/nav`, { revision: before.revision, value: { nav } });
  const stale = await admin(managerToken, 'PUT', `/tenants/${SUMMIT}/settings/nav`, {
    revision: before.revision,
    value: { nav: [] },
  });
  expect(stale.statusCode).toBe(409);
  expect(stale.json()).toMatchObject({ field: 'revision' });
});

it("refuses a tenant manager another tenant's settings, and audits the refusal", async () => {
  const before = await settings(HARBOURSIDE);
  const response = await admin(managerToken, 'PUT', `/tenants/${HARBOURSIDE}/settings/nav`, {
    revision: before.revision,
    value: { nav: [] },
  });
  expect(response.statusCode).toBe(403);
  const audit = await listAudit(database.db, { tenants: null, tenant: HARBOURSIDE, limit: 5 });
  expect(audit[0]).toMatchObject({ accountName: 'Summit Manager', outcome: 'refused', tenant: HARBOURSIDE });
});

it("refuses a tenant manager its own site's domains, and audits the refusal", async () => {
  const before = await settings(SUMMIT);
  const response = await admin(managerToken, 'PUT', `/tenants/${SUMMIT}/settings/site`, {
    revision: before.revision,
    value: { domains: ['www.harbourside.example'] },
  });
  expect(response.statusCode).toBe(403);
  const audit = await listAudit(database.db, { tenants: null, tenant: SUMMIT, limit: 5 });
  expect(audit[0]).toMatchObject({
    accountName: 'Summit Manager',
    outcome: 'refused',
    reason: expect.stringContaining('403'),
  });
});

it("serves an operator's new tenant on the next request", async () => {
  expect((await sitePage('bayside-utes')).statusCode).toBe(404);
  const response = await admin(platform.operatorToken, 'POST', '/tenants', {
    config: {
      slug: 'bayside-utes',
      name: 'Bayside Utes',
      kind: 'used-only',
      logo: { text: 'BU', alt: 'Bayside Utes' },
      theme: { primary: '#0b3d91', accent: '#f4a261' },
      contact: { phone: '(03) 9555 0100', city: 'Frankston', state: 'VIC' },
      search: { carTypes: ['used'] },
    },
  });
  expect(response.statusCode).toBe(201);
  const page = await sitePage('bayside-utes');
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('Bayside Utes');
});
