import { randomBytes } from 'node:crypto';
import { PLATFORM_EVENT } from '@forecourt/shared-config/failures';
import type { Database } from '@forecourt/data/database';
import { beacon, clearConsoleTables } from '@forecourt/test-kit/console-data';
import {
  clearPlatformTables,
  createTestPlatform,
  openSharedDatabase,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';
import { openSharedStore, type SharedStore } from './redis-store';
import { browserOf } from './routes/events';

/**
 * Mount reports (clean mounts and failures) are limited per shopper cookie and per address; a
 * refused report is counted nowhere. With REDIS_URL, the limits hold across instances.
 */
let database: Database;
const platforms: TestPlatform[] = [];

const TENANT = 'summit-auto-group';
const shopper = () => randomBytes(16).toString('hex');

beforeAll(async () => {
  database = await openSharedDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await clearPlatformTables(database);
  await clearConsoleTables(database);
});
afterEach(async () => {
  for (const platform of platforms.splice(0)) await platform.close();
});

async function instance(
  limits: { mountReportsPerShopper: number; mountReportsPerAddress: number },
  sharedStore?: SharedStore,
): Promise<TestPlatform> {
  const platform = await createTestPlatform(database, {
    events: limits,
    canaryAlerts: { intervalMs: 0, webhookUrl: null },
    ...(sharedStore ? { sharedStore } : {}),
  });
  platforms.push(platform);
  return platform;
}

const mount = (platform: TestPlatform, from: { shopper?: string; address?: string } = {}) =>
  beacon(platform.app, TENANT, PLATFORM_EVENT.appMounted, { remote: 'mf-search', version: '1.0.0' }, from);

async function counted(): Promise<{ total: number; buckets: number; events: number }> {
  const total = await database.db
    .selectFrom('version_health')
    .select('clean_mounts')
    .where('tenant', '=', TENANT)
    .executeTakeFirst();
  const buckets = await database.db
    .selectFrom('version_health_buckets')
    .select((eb) => eb.fn.sum<number>('count').as('sum'))
    .where('tenant', '=', TENANT)
    .executeTakeFirst();
  const events = await database.db
    .selectFrom('analytics_events')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('tenant', '=', TENANT)
    .executeTakeFirstOrThrow();
  return { total: Number(total?.clean_mounts ?? 0), buckets: Number(buckets?.sum ?? 0), events: Number(events.count) };
}

it("refuses a shopper its fourth report in a minute (429), counting it nowhere, and takes another shopper's", async () => {
  const platform = await instance({ mountReportsPerShopper: 3, mountReportsPerAddress: 100 });
  const one = shopper();
  const answers = [];
  for (let i = 0; i < 4; i += 1) answers.push((await mount(platform, { shopper: one })).statusCode);
  expect(answers).toEqual([202, 202, 202, 429]);
  const refused = await mount(platform, { shopper: one });
  expect(refused.json()).toEqual({
    error: expect.stringMatching(/^Too many mount reports from this shopper: at most 3 a minute\. Retry in \d+ s\.$/),
  });
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect((await mount(platform, { shopper: shopper() })).statusCode).toBe(202);
  expect(await counted()).toEqual({ total: 4, buckets: 4, events: 4 });
});

it('refuses an address its reports past the limit, whatever shopper cookies they carry', async () => {
  const platform = await instance({ mountReportsPerShopper: 100, mountReportsPerAddress: 3 });
  const answers = [];
  for (let i = 0; i < 4; i += 1)
    answers.push((await mount(platform, { shopper: shopper(), address: '198.51.100.7' })).statusCode);
  expect(answers).toEqual([202, 202, 202, 429]);
  expect((await mount(platform, { address: '198.51.100.7' })).json()).toEqual({
    error: expect.stringMatching(/^Too many mount reports from this address: at most 3 a minute/),
  });
  expect((await mount(platform, { address: '198.51.100.8' })).statusCode).toBe(202);
  expect(await counted()).toEqual({ total: 4, buckets: 4, events: 4 });
});

it('leaves other events to the events limit alone', async () => {
  const platform = await instance({ mountReportsPerShopper: 1, mountReportsPerAddress: 1 });
  expect((await mount(platform)).statusCode).toBe(202);
  expect((await mount(platform)).statusCode).toBe(429);
  for (let i = 0; i < 3; i += 1) expect((await beacon(platform.app, TENANT, 1, { page: 'home' })).statusCode).toBe(202);
});

it("counts mount reports against their own limits only, not the address's events limit", async () => {
  // A shopper's brisk browsing: each page sends its pixel event and a mount report for its app.
  const platform = await createTestPlatform(database, {
    events: { perMinute: 3, mountReportsPerShopper: 100, mountReportsPerAddress: 100 },
    canaryAlerts: { intervalMs: 0, webhookUrl: null },
  });
  platforms.push(platform);
  const answers = [];
  for (let page = 0; page < 3; page += 1)
    answers.push(
      (await beacon(platform.app, TENANT, 2001, { page: String(page) })).statusCode,
      (await mount(platform)).statusCode,
    );
  expect(answers).toEqual([202, 202, 202, 202, 202, 202]);
  // The events limit still holds for the other events.
  expect((await beacon(platform.app, TENANT, 2001, { page: 'fourth' })).statusCode).toBe(429);
});

const describeWithRedis = process.env.REDIS_URL ? describe : describe.skip;

describeWithRedis('across instances (Redis)', () => {
  const stores: SharedStore[] = [];
  afterEach(async () => {
    for (const platform of platforms.splice(0)) await platform.close();
    for (const store of stores.splice(0)) {
      const keys = await store.redis.keys(`${store.keyPrefix}*`);
      if (keys.length) await store.redis.del(...keys);
      await store.close();
    }
  });

  it("counts one shopper's reports on every instance together", async () => {
    const keyPrefix = `forecourt-test:${randomBytes(6).toString('hex')}:`;
    const instances = [];
    for (let i = 0; i < 2; i += 1) {
      const store = openSharedStore(process.env.REDIS_URL!, { keyPrefix });
      stores.push(store);
      instances.push(await instance({ mountReportsPerShopper: 3, mountReportsPerAddress: 100 }, store));
    }
    const one = shopper();
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push((await mount(instances[i % 2]!, { shopper: one })).statusCode);
    expect(answers).toEqual([202, 202, 202, 429]);
    expect(await counted()).toMatchObject({ total: 3, buckets: 3 });
  });
});

describe('browserOf', () => {
  it('keeps the family, major version and system of a User-Agent, never the rest', () => {
    expect(
      browserOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 17 on iOS');
    expect(browserOf(undefined)).toBeNull();
    expect(browserOf('curl/8.5.0')).toBeNull();
  });
});
