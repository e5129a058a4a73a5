import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '@forecourt/config/load';
import type { Database } from '@forecourt/data/database';
import { createStockKey } from '@forecourt/stock-in/stock-keys';
import { listLocations } from '@forecourt/data/stock';
import type { OutboundPolicy } from '@forecourt/runtime/outbound-fetch';
import { seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import {
  createTestPlatform,
  openSharedDatabase,
  testConfig,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';
import { outboundPolicy } from './plugins/platform/outbound';

/**
 * Feeds pulled from a dealer's URL over the real app (docs/stock.md, Pulled feeds): imports by
 * URL, scheduled feeds, and the rule that a URL never reaches the platform's own network. The app
 * fetches with production's rule; the dealer's server is a local one, reached through names an
 * injected resolver points at loopback (no DNS is asked), one of them allow-listed.
 */
const SITE = 'harbourside-motors';
const ALLOWED = 'feeds.allowed.example';
let database: Database;
let platform: TestPlatform;
let server: http.Server;
let port: number;
let key: string;
let keyId: number;
let location: string;
/** The paths the dealer's server was asked for, with the If-None-Match each sent. */
let hits: Array<{ path: string; ifNoneMatch: string | undefined }> = [];

// The timeout is what a silent server costs its test, and what an answering one must beat on a
// busy machine: 400 ms failed a good pull there (the first fetch loads the HTTP client too).
const LIMITS = { FORECOURT_FEED_MAX_BYTES: '8192', FORECOURT_FEED_FETCH_TIMEOUT_MS: '4000' };
const resolve: OutboundPolicy['resolve'] = async (hostname) =>
  hostname.endsWith('.example') ? [{ address: '127.0.0.1', family: 4 }] : [];
const OPTIONS = {
  config: testConfig({ ...process.env, ...LIMITS }),
  outbound: { allowLoopback: false, allowHosts: [ALLOWED], resolve },
  stockIndex: { intervalMs: 0 },
  stockImports: { intervalMs: 0 },
  feedSchedules: { intervalMs: 0 },
  stockApi: { importsPerKeyPerMinute: 1000 },
};

const COLUMNS = [
  'vehicle_id',
  'dealer_id',
  'make',
  'model',
  'year',
  'mileage.value',
  'price',
  'state_of_vehicle',
  'body_style',
  'fuel_type',
  'exterior_color',
];
const feed = () =>
  [
    COLUMNS.join(','),
    ...[1, 2, 3].map((n) =>
      [
        `PL-${n}`,
        location,
        'Toyota',
        'Corolla',
        '2020',
        '42000',
        '25990 AUD',
        'USED',
        'HATCHBACK',
        'PETROL',
        'White',
      ].join(','),
    ),
  ].join('\n') + '\n';

beforeAll(async () => {
  database = await openSharedDatabase();
  await seedStock(database, await loadTenants(), { totalCars: 8 });
  location = (await listLocations(database.db, SITE))[0]!.slug;
  server = http.createServer((request, response) => {
    const path = request.url ?? '';
    hits.push({ path, ifNoneMatch: request.headers['if-none-match'] });
    if (path === '/feed.csv') {
      if (request.headers['if-none-match'] === '"v1"') return response.writeHead(304).end();
      return response.writeHead(200, { 'content-type': 'text/csv', etag: '"v1"' }).end(feed());
    }
    if (path === '/to-loopback')
      return response.writeHead(302, { location: `http://127.0.0.1:${port}/feed.csv` }).end();
    if (path === '/big')
      return response
        .writeHead(200, { 'content-type': 'text/csv' })
        .end(`${COLUMNS.join(',')}\n${'x,'.repeat(8192)}\n`);
    if (path === '/silent') return undefined;
    return response.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
  platform = await createTestPlatform(database, OPTIONS);
});
afterAll(async () => {
  await platform.close();
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
  await database.close();
});
beforeEach(async () => {
  hits = [];
  await database.db.deleteFrom('stock_imports').execute();
  await database.db.deleteFrom('feed_schedules').execute();
  await database.db.deleteFrom('cars').where('source', '<>', 'seed').execute();
  const created = await createStockKey(database.db, { tenant: SITE, label: 'test', createdBy: 'test' });
  key = created.secret;
  keyId = created.key.id;
});

const at = (path: string, host = ALLOWED) => `http://${host}:${port}${path}`;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  platform.app.inject({
    method,
    url: `/api/stock/v1${url}`,
    headers: { authorization: `Bearer ${key}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

type Import = {
  status: string;
  format: string | null;
  url: string | null;
  message: string | null;
  counts: Record<string, number>;
};
/** Asks for an import by URL, runs the runner as an instance's would, answers the import. */
async function pulled(url: string): Promise<Import> {
  const response = await call('POST', '/imports', { url, format: 'meta-auto', source: 'yard' });
  expect(response.statusCode).toBe(202);
  await platform.app.stockImports.run();
  return (await call('GET', `/imports/${response.json<{ id: string }>().id}`)).json<Import>();
}

describe('POST /api/stock/v1/imports with a URL', () => {
  it('answers 202 before fetching anything: the import waits with its URL and no format', async () => {
    const response = await call('POST', '/imports', { url: at('/feed.csv'), format: 'meta-auto', source: 'yard' });
    expect(response.statusCode).toBe(202);
    expect(hits).toEqual([]);
    expect((await call('GET', `/imports/${response.json<{ id: string }>().id}`)).json()).toMatchObject({
      status: 'queued',
      source: 'yard',
      url: at('/feed.csv'),
      format: null,
    });
  });

  it('fetches the feed and imports it as an upload: done, with its counts', async () => {
    const result = await pulled(at('/feed.csv'));
    expect(result).toMatchObject({
      status: 'done',
      format: 'csv',
      message: null,
      counts: { created: 3, updated: 0, unchanged: 0, withdrawn: 0, rejected: 0 },
    });
    const cars = await database.db
      .selectFrom('cars')
      .select(['stocknum', 'source'])
      .where('tenant', '=', SITE)
      .where('source', '=', 'feed:yard')
      .orderBy('stocknum')
      .execute();
    expect(cars.map((car) => car.stocknum)).toEqual(['PL-1', 'PL-2', 'PL-3']);
  });

  it('answers 400 naming url for a URL that is not http or https', async () => {
    const response = await call('POST', '/imports', { url: 'file:///etc/passwd', format: 'meta-auto' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'url' });
  });

  it('answers 400 naming format for a format other than meta-auto', async () => {
    const response = await call('POST', '/imports', { url: at('/feed.csv'), format: 'csv' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'format' });
  });

  it('fails an import of a private address without trying it, saying so', async () => {
    const result = await pulled('http://10.0.0.1/feed.csv');
    // Refused before any connection: not a timeout waiting for an address nothing answers at.
    expect(result).toMatchObject({
      status: 'failed',
      message: expect.stringContaining('10.0.0.1 is a private address'),
    });
    expect(result.message).not.toContain('did not answer');
  });

  it('fails an import redirected to loopback, naming the redirect', async () => {
    const result = await pulled(at('/to-loopback'));
    expect(result).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(
        /\(a redirect from .*\/to-loopback\) was refused: 127\.0\.0\.1 is a loopback address/,
      ),
    });
    expect(hits.map((hit) => hit.path)).toEqual(['/to-loopback']);
  });

  it('fails an import of a name that resolves to loopback, without connecting', async () => {
    const result = await pulled(at('/feed.csv', 'feeds.rebound.example'));
    expect(result).toMatchObject({
      status: 'failed',
      message: expect.stringContaining('feeds.rebound.example resolves to 127.0.0.1, a loopback address'),
    });
    expect(hits).toEqual([]);
  });

  it('fails an import larger than FORECOURT_FEED_MAX_BYTES', async () => {
    expect(await pulled(at('/big'))).toMatchObject({
      status: 'failed',
      message: expect.stringContaining('more than the 8192 bytes'),
    });
  });

  it('fails an import whose server does not answer within FORECOURT_FEED_FETCH_TIMEOUT_MS', async () => {
    expect(await pulled(at('/silent'))).toMatchObject({
      status: 'failed',
      message: expect.stringContaining('did not answer within 4000 ms'),
    });
  });

  it('fails an import whose server answers an error, naming the status', async () => {
    expect(await pulled(at('/missing.csv'))).toMatchObject({
      status: 'failed',
      message: `${at('/missing.csv')} answered HTTP 404`,
    });
  });
});

describe('the fetch policy of the configuration', () => {
  it('allows loopback in development, not in production, and the allow-listed hosts in both', () => {
    expect(outboundPolicy(loadConfig({}))).toEqual({ allowLoopback: true, allowHosts: [] });
    expect(
      outboundPolicy(
        loadConfig({ NODE_ENV: 'production', FORECOURT_FETCH_ALLOW_HOSTS: 'feeds.partner.example, dms.internal' }),
      ),
    ).toEqual({ allowLoopback: false, allowHosts: ['feeds.partner.example', 'dms.internal'] });
  });
});

describe('scheduled feeds', () => {
  const schedule = (payload: unknown = { url: at('/feed.csv'), format: 'meta-auto', interval_minutes: 30 }) =>
    call('PUT', '/feeds/yard', payload);
  /** Makes the schedule due now, as if its interval had passed. */
  const due = () =>
    database.db
      .updateTable('feed_schedules')
      .set({ next_pull_at: new Date(Date.now() - 1000) })
      .execute();
  const importCount = async () => (await database.db.selectFrom('stock_imports').select('id').execute()).length;

  it("sets, shows and removes a schedule of the key's site, each change audited under the key", async () => {
    expect((await schedule()).statusCode).toBe(201);
    expect((await call('GET', '/feeds/yard')).json()).toMatchObject({
      feed: { source: 'yard', url: at('/feed.csv'), format: 'meta-auto', interval_minutes: 30, last_outcome: null },
    });
    expect((await call('GET', '/feeds')).json<{ feeds: unknown[] }>().feeds).toHaveLength(1);
    expect((await call('DELETE', '/feeds/yard')).statusCode).toBe(200);
    expect((await call('GET', '/feeds/yard')).statusCode).toBe(404);
    const audit = await database.db
      .selectFrom('operator_audit')
      .select(['account_name', 'before', 'after'])
      .where('action', '=', 'feeds')
      .where('account_name', '=', `stock-key:${keyId}`)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({
        before: null,
        after: expect.objectContaining({ url: at('/feed.csv'), intervalMinutes: 30 }),
      }),
      expect.objectContaining({ before: expect.objectContaining({ source: 'yard' }), after: null }),
    ]);
  });

  it('answers 400 naming interval_minutes for an interval under 15 minutes', async () => {
    const response = await schedule({ url: at('/feed.csv'), format: 'meta-auto', interval_minutes: 5 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'interval_minutes' });
  });

  it('pulls a due feed and queues it; pulled again unchanged, it answers 304 and queues nothing', async () => {
    await schedule();
    expect(await platform.app.feedSchedules.run()).toBe(1);
    await platform.app.stockImports.run();
    const first = (await call('GET', '/feeds/yard')).json<{ feed: { last_outcome: string; last_import_id: string } }>()
      .feed;
    expect(first.last_outcome).toBe('queued');
    expect((await call('GET', `/imports/${first.last_import_id}`)).json()).toMatchObject({
      status: 'done',
      counts: { created: 3 },
    });

    await due();
    expect(await platform.app.feedSchedules.run()).toBe(1);
    expect(hits).toEqual([
      { path: '/feed.csv', ifNoneMatch: undefined },
      { path: '/feed.csv', ifNoneMatch: '"v1"' },
    ]);
    expect((await call('GET', '/feeds/yard')).json()).toMatchObject({
      feed: { last_outcome: 'unchanged', last_import_id: first.last_import_id },
    });
    expect(await importCount()).toBe(1);
  });

  it('counts each scheduled pull on /metrics by its result: fetched, then unchanged', async () => {
    const pulls = async (result: string) => {
      const text = (await platform.app.inject({ method: 'GET', url: '/metrics' })).body;
      return Number(
        text
          .split('\n')
          .find((line) => line.startsWith(`forecourt_feed_pulls_total{result="${result}"} `))
          ?.split(' ')
          .at(-1) ?? 0,
      );
    };
    const before = { fetched: await pulls('fetched'), unchanged: await pulls('unchanged') };
    await schedule();
    await platform.app.feedSchedules.run();
    await due();
    await platform.app.feedSchedules.run();
    expect({ fetched: await pulls('fetched'), unchanged: await pulls('unchanged') }).toEqual({
      fetched: before.fetched + 1,
      unchanged: before.unchanged + 1,
    });
  });

  it('is pulled once by two instances looking at the same moment', async () => {
    const other = await createTestPlatform(database, OPTIONS);
    try {
      await schedule();
      const pulls = await Promise.all([platform.app.feedSchedules.run(), other.app.feedSchedules.run()]);
      expect(pulls.sort()).toEqual([0, 1]);
      expect(hits).toHaveLength(1);
      expect(await importCount()).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('records a failed pull with its reason and queues nothing', async () => {
    await schedule({ url: at('/feed.csv', 'feeds.rebound.example'), format: 'meta-auto', interval_minutes: 30 });
    await platform.app.feedSchedules.run();
    expect((await call('GET', '/feeds/yard')).json()).toMatchObject({
      feed: { last_outcome: 'failed', last_message: expect.stringContaining('a loopback address') },
    });
    expect(await importCount()).toBe(0);
  });
});
