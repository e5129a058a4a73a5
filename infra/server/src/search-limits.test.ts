import type { Database } from '@forecourt/data/database';
import { DEFAULT_TENANT } from '@forecourt/data/pins';
import { indexStock } from '@forecourt/search-service/indexing/indexer';
import { defaultSeedNow } from '@forecourt/demo-data/seed/generate';
import { seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import {
  clearPlatformTables,
  createTestPlatform,
  openSharedDatabase,
  testConfig,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';

/**
 * The search routes a page's own key calls, per address (FORECOURT_SEARCHES_PER_10_SECONDS): each
 * request is bounded by what a page asks, and this bounds how many one address sends.
 */
let database: Database;
let platform: TestPlatform;

beforeAll(async () => {
  database = await openSharedDatabase();
  await clearPlatformTables(database);
  await seedStock(database, await loadTenants(), { seed: 3, totalCars: 20, now: defaultSeedNow() });
  platform = await createTestPlatform(database, {
    config: testConfig({ ...process.env, FORECOURT_SEARCHES_PER_10_SECONDS: '3' }),
  });
  const app = platform.app;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await indexStock({
    db: database.db,
    tenants: app.tenants.all,
    target: app.stockSearch.target({ host: '127.0.0.1', port }),
  });
  // The version the server's first paint renders like, so the search page is painted here.
  const version = app.firstPaints!.get('mf-search')!.version;
  await platform.publish({ team: 'mf-search', version });
  await app.pins.pin({ tenant: DEFAULT_TENANT, team: 'mf-search', version, actor: 'test' });
});
afterAll(async () => {
  await platform?.close();
  await database?.close();
});

const SITE = 'harbourside-motors';

function search(from: string) {
  const access = platform.app.stockSearch.access(platform.app.tenants.get(SITE)!);
  return platform.app.inject({
    method: 'POST',
    url: '/1/indexes/*/queries',
    headers: {
      host: `${SITE}.localhost`,
      'content-type': 'application/json',
      'x-algolia-application-id': access.appId,
      'x-algolia-api-key': access.apiKey,
    },
    payload: { requests: [{ indexName: access.indexName, query: '', hitsPerPage: 1 }] },
    remoteAddress: from,
  });
}

it('refuses an address its searches past the limit with 429, saying when to come back', async () => {
  const answered = [];
  for (let i = 0; i < 3; i++) answered.push((await search('198.51.100.7')).statusCode);
  const refused = await search('198.51.100.7');
  expect(answered).toEqual([200, 200, 200]);
  expect(refused.statusCode).toBe(429);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect(refused.json().message).toMatch(
    /^Too many searches from this address: at most 3 in 10 seconds\. Retry in \d+ s\.$/,
  );
});

it('answers another address its searches', async () => {
  for (let i = 0; i < 4; i++) await search('198.51.100.8');
  expect((await search('198.51.100.9')).statusCode).toBe(200);
});

it("paints every search page past the limit's count: the pages' own searches, on this machine, are not counted", async () => {
  const makes = ['Toyota', 'Mazda', 'Kia', 'Ford', 'Hyundai'];
  const pages = [];
  for (const [i, make] of makes.entries()) {
    pages.push(
      await platform.app.inject({
        method: 'GET',
        url: `/search/used-cars?make=${make}`,
        headers: { host: `${SITE}.localhost` },
        remoteAddress: `198.51.100.${20 + i}`,
      }),
    );
  }
  expect(pages.map((page) => [page.statusCode, page.body.includes('data-first-paint="mf-search"')])).toEqual(
    makes.map(() => [200, true]),
  );
});
