import type { Database } from '@forecourt/data/database';
import { accountToken, adminCall } from '@forecourt/test-kit/console-data';
import {
  clearPlatformTables,
  createTestPlatform,
  openSharedDatabase,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';

/** Stock keys through the admin API: who may make, see and revoke them, and the audit of each. */
const SITE = 'harbourside-motors';
const OTHER = 'summit-auto-group';
let database: Database;
let platform: TestPlatform;

beforeAll(async () => {
  database = await openSharedDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await clearPlatformTables(database);
  await database.db.deleteFrom('stock_keys').execute();
  platform = await createTestPlatform(database, { stockIndex: { intervalMs: 0 } });
});
afterEach(async () => {
  await platform.close();
});

const stockCall = (secret: string) =>
  platform.app.inject({
    method: 'GET',
    url: '/api/stock/v1/cars?limit=1',
    headers: { authorization: `Bearer ${secret}` },
  });

it("lets a tenant's manager make a key for its site, shown once, and audits it", async () => {
  const manager = await accountToken(platform.app, 'tenant-manager', [SITE]);
  const response = await adminCall(platform.app, manager, 'POST', '/stock-keys', { tenant: SITE, label: 'DMS' });
  expect(response.statusCode).toBe(201);
  const { key, secret } = response.json<{ key: { id: number; tenant: string }; secret: string }>();
  expect(key.tenant).toBe(SITE);
  expect((await stockCall(secret)).statusCode).toBe(200);
  const stored = await database.db.selectFrom('stock_keys').select('key_hash').executeTakeFirstOrThrow();
  expect(stored.key_hash).not.toContain(secret.slice(4));
  const audit = await adminCall(platform.app, platform.operatorToken, 'GET', `/audit?tenant=${SITE}`);
  expect(audit.json<{ entries: Array<{ action: string; outcome: string }> }>().entries[0]).toMatchObject({
    action: 'stock-keys',
    outcome: 'allowed',
  });
});

it("refuses a manager a key for another tenant's site (403)", async () => {
  const manager = await accountToken(platform.app, 'tenant-manager', [SITE]);
  expect((await adminCall(platform.app, manager, 'POST', '/stock-keys', { tenant: OTHER })).statusCode).toBe(403);
});

it('refuses a viewer any key (403)', async () => {
  const viewer = await accountToken(platform.app, 'viewer', null);
  expect((await adminCall(platform.app, viewer, 'POST', '/stock-keys', { tenant: SITE })).statusCode).toBe(403);
});

it("lists a manager its own site's keys only", async () => {
  await adminCall(platform.app, platform.operatorToken, 'POST', '/stock-keys', { tenant: SITE });
  await adminCall(platform.app, platform.operatorToken, 'POST', '/stock-keys', { tenant: OTHER });
  const manager = await accountToken(platform.app, 'tenant-manager', [SITE]);
  const keys = (await adminCall(platform.app, manager, 'GET', '/stock-keys')).json<{
    keys: Array<{ tenant: string }>;
  }>().keys;
  expect(keys.map((k) => k.tenant)).toEqual([SITE]);
});

it('revokes a key: it stops working at once', async () => {
  const { key, secret } = (
    await adminCall(platform.app, platform.operatorToken, 'POST', '/stock-keys', { tenant: SITE })
  ).json<{ key: { id: number }; secret: string }>();
  const response = await adminCall(platform.app, platform.operatorToken, 'POST', `/stock-keys/${key.id}/revoke`);
  expect(response.statusCode).toBe(200);
  expect((await stockCall(secret)).statusCode).toBe(401);
});

it("answers 404 to a manager revoking another site's key", async () => {
  const { key } = (
    await adminCall(platform.app, platform.operatorToken, 'POST', '/stock-keys', { tenant: OTHER })
  ).json<{ key: { id: number } }>();
  const manager = await accountToken(platform.app, 'tenant-manager', [SITE]);
  expect((await adminCall(platform.app, manager, 'POST', `/stock-keys/${key.id}/revoke`)).statusCode).toBe(404);
});

it('answers 400 naming tenant for a key without one', async () => {
  const response = await adminCall(platform.app, platform.operatorToken, 'POST', '/stock-keys', { label: 'x' });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ field: 'tenant' });
});
