import type { Database } from '@forecourt/data/database';
import { openTestDatabase } from '@forecourt/test-kit/test-database';
import {
  clearPlatformTables,
  createTestPlatform,
  openSharedDatabase,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';
import { parseTrustedProxies } from '@forecourt/config/trusted-proxies';

/**
 * `/metrics`: what Prometheus reads, and who may read it (this machine, or an instance's direct
 * caller with a personal operator token; never anyone through the balancer).
 */
let database: Database;
let platform: TestPlatform;
beforeAll(async () => {
  // The embedded database: one test below is about it (the PostgreSQL pool's figures have theirs).
  database = await openSharedDatabase('pglite');
  platform = await createTestPlatform(database, { trustedProxies: parseTrustedProxies('10.1.0.0/16') });
  // A platform starts in seconds alone, past a minute on a machine running the e2e journeys beside it.
}, 180_000);
afterAll(async () => {
  await platform.close();
  await clearPlatformTables(database);
  await database.close();
});

const scrape = (peer = '127.0.0.1', headers: Record<string, string> = {}) =>
  platform.app.inject({ method: 'GET', url: '/metrics', remoteAddress: peer, headers });

describe('what it reports', () => {
  it('counts a request by its route pattern and status, with its latency', async () => {
    await platform.app.inject({
      method: 'GET',
      url: '/api/cars/no-such-car/pdf',
      headers: { 'x-forecourt-tenant': 'harbourside-motors' },
    });
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.body).toContain(
      'forecourt_http_requests_total{method="GET",route="/api/cars/:slug/pdf",status="404"} 1',
    );
    expect(response.body).toMatch(
      /forecourt_http_request_duration_seconds_count\{method="GET",route="\/api\/cars\/:slug\/pdf",status="404"\} 1/,
    );
  });

  it("reports the lead outbox's backlog and the process's own figures", async () => {
    const body = (await scrape()).body;
    expect(body).toContain('forecourt_lead_outbox_backlog 0');
    expect(body).toContain('forecourt_lead_outbox_oldest_seconds 0');
    expect(body).toMatch(/^process_resident_memory_bytes \d+/m);
  });

  it('leaves the database pool out on the embedded database, which has none', async () => {
    expect((await scrape()).body).not.toMatch(/^forecourt_db_pool_connections\{/m);
  });
});

describe('who may read it', () => {
  it('refuses a caller elsewhere without a personal token', async () => {
    const response = await scrape('192.0.2.10');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: expect.stringContaining('never through the load balancer') });
  });

  it('answers a scraper connected straight to the instance with a personal operator token', async () => {
    expect((await scrape('192.0.2.10', { authorization: `Bearer ${platform.operatorToken}` })).statusCode).toBe(200);
  });

  it('refuses a request forwarded by the trusted balancer, even with a personal token', async () => {
    const response = await scrape('10.1.0.5', {
      'x-forwarded-for': '203.0.113.9',
      authorization: `Bearer ${platform.operatorToken}`,
    });
    expect(response.statusCode).toBe(403);
  });
});

const describeWithPostgres = process.env.DATABASE_URL ? describe : describe.skip;

describeWithPostgres('on PostgreSQL', () => {
  it("reports the pool's open, idle and waiting connections", async () => {
    const postgres = await openTestDatabase('postgres');
    const onPostgres = await createTestPlatform(postgres, { trustedProxies: null });
    try {
      const body = (await onPostgres.app.inject({ method: 'GET', url: '/metrics' })).body;
      expect(body).toMatch(/^forecourt_db_pool_connections\{state="total"\} [1-9]\d*$/m);
      expect(body).toMatch(/^forecourt_db_pool_connections\{state="idle"\} \d+$/m);
      expect(body).toMatch(/^forecourt_db_pool_connections\{state="waiting"\} 0$/m);
    } finally {
      await onPostgres.close();
      await postgres.close();
    }
  });
});
