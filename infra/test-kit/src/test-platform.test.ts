import type { Database } from '@forecourt/data/database';
import { loadConfig } from '@forecourt/config/load';
import { CARS_INDEX, CARS_INDEX_SETTINGS } from '@forecourt/search-service/indexing/records';
import { createTestPlatform, openSharedDatabase, type TestPlatform } from './test-platform';

/**
 * The test platform keeps production's time budgets out of the way of tests that do not test
 * them. A machine too busy for them is stood in for by a clock that moves 300 ms at every reading:
 * the search budget (200 ms in production) is then spent by the time the search starts.
 */
let database: Database;
beforeAll(async () => {
  database = await openSharedDatabase();
});
afterAll(async () => {
  await database.close();
});

async function searchOnABusyMachine(platform: TestPlatform): Promise<number> {
  const app = platform.app;
  const target = app.stockSearch.target({ host: '127.0.0.1', port: 0 });
  const call = (url: string, key: string, payload: object) =>
    app.inject({
      method: 'POST',
      url,
      payload,
      headers: {
        'x-algolia-application-id': target.appId,
        'x-algolia-api-key': key,
        'content-type': 'application/json',
      },
    });
  const settings = await app.inject({
    method: 'PUT',
    url: `/1/indexes/${CARS_INDEX}/settings`,
    payload: CARS_INDEX_SETTINGS,
    headers: {
      'x-algolia-application-id': target.appId,
      'x-algolia-api-key': target.adminKey,
      'content-type': 'application/json',
    },
  });
  expect(settings.statusCode).toBe(200);
  const car = {
    objectID: 'harbourside-motors-1',
    tenant: 'harbourside-motors',
    make: 'Toyota',
    model: 'Corolla',
    visible_until: 4_000_000_000,
    show_on_dealer_website: true,
    image_count: 3,
  };
  expect(
    (await call(`/1/indexes/${CARS_INDEX}/batch`, target.adminKey, { requests: [{ action: 'addObject', body: car }] }))
      .statusCode,
  ).toBe(200);
  const key = app.stockSearch.access(app.tenants.get('harbourside-motors')!).apiKey;
  const started = performance.now();
  let readings = 0;
  const now = jest.spyOn(performance, 'now').mockImplementation(() => started + 300 * ++readings);
  try {
    return (await call('/1/indexes/*/queries', key, { requests: [{ indexName: CARS_INDEX, query: 'corolla' }] }))
      .statusCode;
  } finally {
    now.mockRestore();
  }
}

it("answers a shopper's search on a machine too busy for production's search budget", async () => {
  const platform = await createTestPlatform(database);
  try {
    expect(await searchOnABusyMachine(platform)).toBe(200);
  } finally {
    await platform.close();
  }
});

it('keeps the search budget a test names for itself', async () => {
  const platform = await createTestPlatform(database, { config: { ...loadConfig(), FORECOURT_SEARCH_BUDGET_MS: 200 } });
  try {
    expect(await searchOnABusyMachine(platform)).toBe(429);
  } finally {
    await platform.close();
  }
});
