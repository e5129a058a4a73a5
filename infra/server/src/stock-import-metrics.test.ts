import type { Database } from '@forecourt/data/database';
import { createStockKey } from '@forecourt/stock-in/stock-keys';
import { listLocations } from '@forecourt/data/stock';
import { seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import { metaCsvLines, metaRow } from '@forecourt/test-kit/meta-feed';
import { createTestPlatform, openSharedDatabase, type TestPlatform } from '@forecourt/test-kit/test-platform';

/** Feed imports and pulls on `/metrics` (docs/stock.md, Measuring imports): what a run moves. */
const SITE = 'harbourside-motors';
let database: Database;
let platform: TestPlatform;
let key: string;
let location: string;

beforeAll(async () => {
  database = await openSharedDatabase();
  await seedStock(database, await loadTenants(), { totalCars: 8 });
  location = (await listLocations(database.db, SITE))[0]!.slug;
  platform = await createTestPlatform(database, {
    stockIndex: { intervalMs: 0 },
    stockImports: { intervalMs: 0 },
    feedSchedules: { intervalMs: 0 },
    stockApi: { importsPerKeyPerMinute: 1000 },
    // No address is fetched: a pull in these tests is refused before it connects.
    outbound: { allowLoopback: false, allowHosts: [], resolve: async () => [] },
  });
});
afterAll(async () => {
  await platform.close();
  await database.close();
});
beforeEach(async () => {
  await database.db.deleteFrom('stock_imports').execute();
  await database.db.deleteFrom('cars').where('source', '<>', 'seed').execute();
  key = (await createStockKey(database.db, { tenant: SITE, label: 'test', createdBy: 'test' })).secret;
});

/** The value of one series on `/metrics` (0 when it is not there). */
async function metric(name: string, labels = ''): Promise<number> {
  const text = (await platform.app.inject({ method: 'GET', url: '/metrics' })).body;
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

const upload = (csv: string) =>
  platform.app.inject({
    method: 'POST',
    url: '/api/stock/v1/imports?source=dms',
    payload: csv,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'text/csv' },
  });

it('counts an import begun and done, and its rows by outcome', async () => {
  const before = {
    started: await metric('forecourt_stock_imports_started_total'),
    done: await metric('forecourt_stock_imports_finished_total', 'status="done"'),
    created: await metric('forecourt_stock_import_rows_total', 'outcome="created"'),
    rejected: await metric('forecourt_stock_import_rows_total', 'outcome="rejected"'),
  };
  const rows = [metaRow(1, location, 'MT'), metaRow(2, location, 'MT'), { ...metaRow(3, location, 'MT'), price: '' }];
  expect((await upload([...metaCsvLines(rows)].join(''))).statusCode).toBe(202);
  await platform.app.stockImports.run();
  expect(await metric('forecourt_stock_imports_started_total')).toBe(before.started + 1);
  expect(await metric('forecourt_stock_imports_finished_total', 'status="done"')).toBe(before.done + 1);
  expect(await metric('forecourt_stock_import_rows_total', 'outcome="created"')).toBe(before.created + 2);
  expect(await metric('forecourt_stock_import_rows_total', 'outcome="rejected"')).toBe(before.rejected + 1);
});

it('counts the cars an import re-indexes: the changed ones, and none for the same feed again', async () => {
  const rows = [metaRow(1, location, 'MT'), metaRow(2, location, 'MT')];
  const importAndIndex = async (feed: typeof rows) => {
    expect((await upload([...metaCsvLines(feed)].join(''))).statusCode).toBe(202);
    await platform.app.stockImports.run();
    await platform.app.stockIndex.drain();
  };
  // An earlier test's import may still be re-indexing (its cars are gone since): done first.
  await platform.app.stockIndex.drain();
  const first = await metric('forecourt_search_reindexed_cars_total');
  await importAndIndex(rows);
  expect(await metric('forecourt_search_reindexed_cars_total')).toBe(first + 2);
  await importAndIndex(rows);
  expect(await metric('forecourt_search_reindexed_cars_total')).toBe(first + 2);
  await importAndIndex([{ ...rows[0]!, price: '19990 AUD' }, rows[1]!]);
  expect(await metric('forecourt_search_reindexed_cars_total')).toBe(first + 3);
});

it('counts a failed pull of an import by URL, and the import failed', async () => {
  const before = {
    pulls: await metric('forecourt_feed_pulls_total', 'result="failed"'),
    failed: await metric('forecourt_stock_imports_finished_total', 'status="failed"'),
  };
  const response = await platform.app.inject({
    method: 'POST',
    url: '/api/stock/v1/imports',
    payload: { url: 'http://10.0.0.1/feed.csv', format: 'meta-auto', source: 'dms' },
    headers: { authorization: `Bearer ${key}` },
  });
  expect(response.statusCode).toBe(202);
  await platform.app.stockImports.run();
  expect(await metric('forecourt_feed_pulls_total', 'result="failed"')).toBe(before.pulls + 1);
  expect(await metric('forecourt_stock_imports_finished_total', 'status="failed"')).toBe(before.failed + 1);
});

it('shows the age of the oldest queued import as the import lag', async () => {
  await database.db
    .insertInto('stock_imports')
    .values({
      tenant: SITE,
      source: 'dms',
      format: 'csv',
      status: 'queued',
      created_by: 'test',
      created_at: new Date(Date.now() - 3_600_000),
    })
    .execute();
  expect(await metric('forecourt_stock_import_lag_seconds')).toBeGreaterThanOrEqual(3600);
  expect(await metric('forecourt_stock_imports_queued')).toBe(1);
});

it('shows no import lag when none is queued', async () => {
  expect(await metric('forecourt_stock_import_lag_seconds')).toBe(0);
});
