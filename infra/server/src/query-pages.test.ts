import type { Database } from '@forecourt/data/database';
import {
  createTestPlatform,
  openSharedDatabase,
  testConfig,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';

/**
 * Pages with a query (a search page's filters) over the real routes: each address gets them at
 * its pace and the instance renders a few at once (query-page-gate.ts has the pacing's and the
 * queue's rules); a page refused says so in words, with when to try again.
 */
let database: Database;
let platform: TestPlatform;

beforeAll(async () => {
  database = await openSharedDatabase();
});
afterAll(async () => {
  await database.close();
});
afterEach(async () => {
  await platform.close();
});

/** A platform whose query pages are paced to one a minute per address, with no wait. */
async function pacedPlatform(settings: Record<string, string>) {
  platform = await createTestPlatform(database, {
    config: testConfig({
      ...process.env,
      FORECOURT_QUERY_PAGES_PER_SECOND: String(1 / 60),
      FORECOURT_QUERY_PAGES_BURST: '1',
      FORECOURT_QUERY_PAGES_MAX_WAIT_MS: '100',
      ...settings,
    }),
  });
}

const searchPage = (from: string, query = '?make=Kia') =>
  platform.app.inject({
    method: 'GET',
    url: `/search/used-cars${query}`,
    headers: { host: 'harbourside-motors.localhost' },
    remoteAddress: from,
  });

it('refuses a second search page from one address within its pace with 429, saying when to come back', async () => {
  await pacedPlatform({});
  expect((await searchPage('198.51.100.1')).statusCode).toBe(200);
  const refused = await searchPage('198.51.100.1', '?make=Mazda');
  expect(refused.statusCode).toBe(429);
  expect(refused.headers['retry-after']).toBe('60');
  expect(refused.body).toContain(
    'Many search pages were asked from your connection in a short time. Try again in 60 seconds.',
  );
});

it('gives another address its search page', async () => {
  await pacedPlatform({});
  await searchPage('198.51.100.1');
  expect((await searchPage('198.51.100.2')).statusCode).toBe(200);
});

it('never paces a page without a query', async () => {
  await pacedPlatform({});
  await searchPage('198.51.100.1');
  const page = await platform.app.inject({
    method: 'GET',
    url: '/search/used-cars',
    headers: { host: 'harbourside-motors.localhost' },
    remoteAddress: '198.51.100.1',
  });
  expect(page.statusCode).toBe(200);
});

it('answers 503 for a search page that found every render taken until its longest wait', async () => {
  await pacedPlatform({
    FORECOURT_QUERY_PAGES_PER_SECOND: '1000',
    FORECOURT_QUERY_PAGES_BURST: '1000',
    FORECOURT_QUERY_PAGES_AT_ONCE: '1',
    FORECOURT_QUERY_PAGES_MAX_WAIT_MS: '1',
  });
  const answers = await Promise.all(
    Array.from({ length: 4 }, (_, i) => searchPage(`198.51.100.${i + 1}`, `?make=Kia&price_max=${20_000 + i}`)),
  );
  const refused = answers.filter((answer) => answer.statusCode === 503);
  expect(answers.filter((answer) => answer.statusCode === 200).length).toBeGreaterThanOrEqual(1);
  expect(refused.length).toBeGreaterThanOrEqual(1);
  expect(refused[0]!.headers['retry-after']).toBe('1');
  expect(refused[0]!.body).toContain('Too many searches are being answered right now. Try again in a few seconds.');
});
