import { PLATFORM_EVENT } from '@forecourt/shared-config/failures';
import type { BootData } from '@forecourt/shared-config/manifest';
import type { Database } from '@forecourt/data/database';
import {
  bootDataOf,
  clearPlatformTables,
  createTestPlatform,
  openSharedDatabase,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';

/**
 * Last-good is earned over real requests: the shell's clean-mount beacons to /api/events decide
 * what a later page names as the fallback.
 */
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
  platform = await createTestPlatform(database, { events: { earning: { mounts: 2, maxFailurePercent: 5 } } });
  await platform.publish({ team: 'mf-search', version: '1.1.0' });
});
afterEach(async () => {
  await platform.close();
});

const HOST = { host: 'redgum-used-cars.localhost:8080' };

function beacon(eventId: number, payload: Record<string, string>) {
  return platform.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: { ...HOST, 'content-type': 'application/json' },
    payload: { eventId, payload },
  });
}
const cleanMount = (version: string) => beacon(PLATFORM_EVENT.appMounted, { remote: 'mf-search', version });

async function searchEntry(): Promise<BootData['remotes'][number] | undefined> {
  const response = await platform.app.inject({ method: 'GET', url: '/', headers: HOST });
  return bootDataOf(response.body).remotes.find((r) => r.team === 'mf-search');
}

function pin(version: string) {
  return platform.app.pins.pin({ tenant: 'redgum-used-cars', team: 'mf-search', version, actor: 'test' });
}

it('names no fallback for a pin whose predecessor no shopper saw mount', async () => {
  await pin('1.1.0');
  const entry = await searchEntry();
  expect(entry?.version).toBe('1.1.0');
  expect(entry?.lastGood).toBeUndefined();
});

it('names the version shoppers mounted cleanly as the fallback once it earned it', async () => {
  for (let i = 0; i < 2; i += 1) expect((await cleanMount('1.0.0')).statusCode).toBe(202);
  await pin('1.1.0');
  expect((await searchEntry())?.lastGood).toMatchObject({
    version: '1.0.0',
    entry: '/registry/mf-search/1.0.0/remoteEntry.js',
  });
});

it('does not count one clean mount short of the rule', async () => {
  await cleanMount('1.0.0');
  await pin('1.1.0');
  expect((await searchEntry())?.lastGood).toBeUndefined();
});

it('ignores clean mounts of a version the tenant does not serve', async () => {
  for (let i = 0; i < 3; i += 1) await cleanMount('1.1.0');
  await pin('1.1.0');
  await pin('1.0.0');
  expect((await searchEntry())?.lastGood).toBeUndefined();
});

it('holds a version back once shells report it failing', async () => {
  await beacon(PLATFORM_EVENT.failure, { remote: 'mf-search', version: '1.0.0', kind: 'mount' });
  for (let i = 0; i < 2; i += 1) await cleanMount('1.0.0');
  await pin('1.1.0');
  expect((await searchEntry())?.lastGood).toBeUndefined();
});

it('drops the fallback a rollback leaves: the version rolled away from earns again from zero', async () => {
  for (let i = 0; i < 2; i += 1) await cleanMount('1.0.0');
  await pin('1.1.0');
  for (let i = 0; i < 2; i += 1) await cleanMount('1.1.0');
  await platform.app.pins.rollback({ tenant: 'redgum-used-cars', team: 'mf-search', actor: 'test' });
  const entry = await searchEntry();
  expect(entry?.version).toBe('1.0.0');
  expect(entry?.lastGood).toBeUndefined();
});
