import type { TenantTable } from '@forecourt/admin-contract';
import { PLATFORM_EVENT } from '@forecourt/shared-config/failures';
import type { Database } from '@forecourt/data/database';
import { accountToken, adminCall, beacon, clearConsoleTables } from '@forecourt/test-kit/console-data';
import {
  clearPlatformTables,
  createTestPlatform,
  openSharedDatabase,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';

/**
 * The fleet's table through the real app: the server searches, filters, sorts and pages, every
 * figure is the database's, and a caller sees only the tenants it may read.
 */
let database: Database;
let platform: TestPlatform;

const HARBOURSIDE = 'harbourside-motors';
const SUMMIT = 'summit-auto-group';
const REDGUM = 'redgum-used-cars';

beforeAll(async () => {
  database = await openSharedDatabase();
  await clearPlatformTables(database);
  await clearConsoleTables(database);
  platform = await createTestPlatform(database);
  await platform.publish({ team: 'mf-search', version: '1.1.0' });
  await platform.app.pins.pin({ tenant: SUMMIT, team: 'mf-search', version: '1.1.0', actor: 'test' });
  const send = (tenant: string, event: number, payload: Record<string, string>) =>
    beacon(platform.app, tenant, event, { remote: 'mf-search', ...payload });
  for (let i = 0; i < 3; i += 1) await send(HARBOURSIDE, PLATFORM_EVENT.appMounted, { version: '1.0.0' });
  for (let i = 0; i < 2; i += 1)
    await send(SUMMIT, PLATFORM_EVENT.failure, { version: '1.1.0', kind: 'mount', detail: 'TypeError: broke' });
  await send(REDGUM, PLATFORM_EVENT.failure, { version: '1.0.0', kind: 'entry', detail: 'ChunkLoadError' });
});

afterAll(async () => {
  await platform.close();
  await database.close();
});

async function table(query: string, token = platform.operatorToken): Promise<TenantTable> {
  const response = await adminCall(platform.app, token, 'GET', `/tenant-table?${query}`);
  expect({ status: response.statusCode, body: response.statusCode === 200 ? '' : response.body }).toEqual({
    status: 200,
    body: '',
  });
  return response.json<TenantTable>();
}

it('lists every tenant by name, each remote with its pin, a page at a time', async () => {
  const first = await table('pageSize=5');
  expect(first.total).toBe(5);
  expect(first.rows.map((row) => row.name)).toEqual([...first.rows.map((row) => row.name)].sort());
  const summit = first.rows.find((row) => row.tenant === SUMMIT)!;
  expect(summit.remotes.find((remote) => remote.team === 'mf-search')).toMatchObject({ pin: '1.1.0', failures: 2 });
  const second = await table('pageSize=2&page=2');
  expect(second.rows.map((row) => row.tenant)).toEqual(first.rows.slice(2, 4).map((row) => row.tenant));
  expect((await table('pageSize=2&page=9')).page).toBe(3);
});

it('finds tenants by part of their name or slug', async () => {
  expect((await table('q=HARBOUR')).rows.map((row) => row.tenant)).toEqual([HARBOURSIDE]);
  expect((await table('q=redgum-used')).rows.map((row) => row.tenant)).toEqual([REDGUM]);
  expect((await table('q=nobody')).total).toBe(0);
});

it('sorts by failures, the most first, and by clean mounts', async () => {
  expect((await table('sort=failures')).rows.slice(0, 2).map((row) => row.tenant)).toEqual([SUMMIT, REDGUM]);
  expect((await table('sort=mounts')).rows[0]!.tenant).toBe(HARBOURSIDE);
  expect((await table('sort=failures&dir=asc')).rows.at(-1)!.tenant).toBe(SUMMIT);
});

it('keeps to the tenants needing attention, saying why', async () => {
  const shown = await table('attention=true&sort=failures');
  expect(shown.rows.map((row) => [row.tenant, row.attention])).toEqual([
    [SUMMIT, '2 failures'],
    [REDGUM, '1 failure'],
  ]);
});

it('keeps to the tenants running a version, and offers each version with its count', async () => {
  const shown = await table('team=mf-search&version=1.1.0');
  expect(shown.rows.map((row) => row.tenant)).toEqual([SUMMIT]);
  expect(shown.versions).toContainEqual({ team: 'mf-search', version: '1.1.0', tenants: 1 });
});

it("shows a tenant manager its own tenants' rows only", async () => {
  const manager = await accountToken(platform.app, 'tenant-manager', [REDGUM]);
  const shown = await table('', manager);
  expect(shown.rows.map((row) => row.tenant)).toEqual([REDGUM]);
  expect(shown.total).toBe(1);
});

it('refuses a version without its team, naming the field', async () => {
  const response = await adminCall(platform.app, platform.operatorToken, 'GET', '/tenant-table?version=1.1.0');
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ field: 'version' });
});

it("names a tenant manager's own tenants only, for the console's pickers", async () => {
  const manager = await accountToken(platform.app, 'tenant-manager', [REDGUM, SUMMIT]);
  const response = await adminCall(platform.app, manager, 'GET', '/tenant-names');
  expect(response.json()).toEqual({
    tenants: [
      { tenant: REDGUM, name: 'Redgum Used Cars' },
      { tenant: SUMMIT, name: 'Summit Auto Group' },
    ],
  });
});
