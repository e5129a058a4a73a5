import type { Database } from '@forecourt/data/database';
import { loadTenantStock } from '@forecourt/data/stock';
import { readOutbox } from '@forecourt/domain/identity/sms-gateway';
import { defaultSeedNow } from '@forecourt/demo-data/seed/generate';
import { seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import {
  clearPlatformTables,
  createTestPlatform,
  openSharedDatabase,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';
import { parseTrustedProxies } from '@forecourt/config/trusted-proxies';

/**
 * Behind a load balancer (FORECOURT_TRUSTED_PROXIES): the client's address, scheme and request id
 * come from the trusted balancer's headers, and from nobody else's. Requests arrive as a balancer
 * in 10.1.0.0/16 forwards them, or straight from a client that writes the same headers itself.
 */
let database: Database;
let balanced: TestPlatform;
let direct: TestPlatform;
let carSlug: string;
const logLines: string[] = [];

const SITE = 'harbourside-motors.example.com.au';
const BALANCER = '10.1.0.5';
const SHOPPER = '203.0.113.9';

beforeAll(async () => {
  database = await openSharedDatabase();
  const tenants = (await loadTenants()).filter((t) => t.slug === 'harbourside-motors');
  await seedStock(database, tenants, { seed: 3, totalCars: 20, now: defaultSeedNow() });
  carSlug = (await loadTenantStock(database.db, 'harbourside-motors')).cars.find(
    (c) => c.show_on_dealer_website && c.status === 'in_stock',
  )!.slug;
  const common = { events: { perMinute: 2 }, identity: { sendsPerAddressPerHour: 1000 } };
  balanced = await createTestPlatform(database, {
    ...common,
    trustedProxies: parseTrustedProxies('10.1.0.0/16, loopback'),
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
  });
  direct = await createTestPlatform(database, { ...common, trustedProxies: null });
});
afterAll(async () => {
  await balanced.close();
  await direct.close();
  await clearPlatformTables(database);
  await database.close();
});

type Platform = () => TestPlatform;
const on = (platform: Platform, peer: string, headers: Record<string, string> = {}) => ({
  get: (url: string) =>
    platform().app.inject({ method: 'GET', url, remoteAddress: peer, headers: { host: SITE, ...headers } }),
  post: (url: string, body: unknown) =>
    platform().app.inject({
      method: 'POST',
      url,
      remoteAddress: peer,
      payload: JSON.stringify(body),
      headers: { host: SITE, 'content-type': 'application/json', ...headers },
    }),
});
const event = { eventId: 1, payload: { page: 'home' } };

describe('the client address', () => {
  it('limits each shopper the trusted balancer names on its own, not the balancer as one client', async () => {
    const first = on(() => balanced, BALANCER, { 'x-forwarded-for': '198.51.100.1' });
    expect([
      (await first.post('/api/events', event)).statusCode,
      (await first.post('/api/events', event)).statusCode,
      (await first.post('/api/events', event)).statusCode,
    ]).toEqual([202, 202, 429]);
    expect(
      (await on(() => balanced, BALANCER, { 'x-forwarded-for': '198.51.100.2' }).post('/api/events', event)).statusCode,
    ).toBe(202);
  });

  it('ignores an X-Forwarded-For from a peer that is not a trusted proxy: changing it does not escape the limit', async () => {
    const answers = [];
    for (const claimed of ['198.51.100.11', '198.51.100.12', '198.51.100.13'])
      answers.push(
        (await on(() => direct, '192.0.2.50', { 'x-forwarded-for': claimed }).post('/api/events', event)).statusCode,
      );
    expect(answers).toEqual([202, 202, 429]);
  });

  it('ignores an X-Forwarded-For from an untrusted peer when a balancer is trusted too', async () => {
    const answers = [];
    for (const claimed of ['198.51.100.21', '198.51.100.22', '198.51.100.23'])
      answers.push(
        (await on(() => balanced, '192.0.2.60', { 'x-forwarded-for': claimed }).post('/api/events', event)).statusCode,
      );
    expect(answers).toEqual([202, 202, 429]);
  });
});

describe('this machine', () => {
  it('does not take a shopper forwarded by a balancer on this machine for this machine: the admin API refuses them, token or not', async () => {
    const response = await on(() => balanced, '127.0.0.1', {
      'x-forwarded-for': SHOPPER,
      authorization: `Bearer ${balanced.operatorToken}`,
    }).get('/_admin/pins');
    expect(response.statusCode).toBe(403);
  });

  it('still answers an operator on this machine who connects straight to the instance', async () => {
    expect(
      (await on(() => balanced, '127.0.0.1', { authorization: `Bearer ${balanced.operatorToken}` }).get('/_admin/pins'))
        .statusCode,
    ).toBe(200);
  });

  it('does not let a remote client claim to be this machine with X-Forwarded-For when no proxy is trusted', async () => {
    const response = await on(() => direct, SHOPPER, {
      'x-forwarded-for': '127.0.0.1',
      authorization: `Bearer ${direct.operatorToken}`,
    }).get('/_admin/pins');
    expect(response.statusCode).toBe(403);
  });
});

describe('https ended at the balancer', () => {
  async function sessionCookie(platform: Platform, peer: string, headers: Record<string, string>): Promise<string> {
    const phone = `04${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;
    const client = on(platform, peer, headers);
    expect((await client.post('/api/auth/send-code', { phone })).statusCode).toBe(202);
    // The outbox as this machine reads it: its page answers loopback only, and this shopper is elsewhere.
    const messages = await readOutbox(database.db, 'harbourside-motors');
    const code = /\b(\d{6})\b/.exec(messages.find((m) => m.to === phone)?.body ?? '')?.[1] ?? '';
    const verified = await client.post('/api/auth/verify-code', { phone, code });
    expect(verified.statusCode).toBe(200);
    return String(verified.headers['set-cookie']);
  }

  it('marks the session cookie Secure when the trusted balancer received the request over https', async () => {
    expect(
      await sessionCookie(() => balanced, BALANCER, {
        'x-forwarded-for': '198.51.100.31',
        'x-forwarded-proto': 'https',
      }),
    ).toMatch(/forecourt_session=[^;]+;.*\bSecure\b/);
  });

  it('does not believe X-Forwarded-Proto from an untrusted peer: no Secure flag on plain http', async () => {
    expect(await sessionCookie(() => direct, '192.0.2.70', { 'x-forwarded-proto': 'https' })).not.toMatch(/\bSecure\b/);
  });

  it("writes https addresses in a car page's canonical and Open Graph, and in robots.txt, through the balancer", async () => {
    const client = on(() => balanced, BALANCER, { 'x-forwarded-for': '198.51.100.32', 'x-forwarded-proto': 'https' });
    const page = await client.get(`/cars/${carSlug}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<link rel="canonical" href="https://${SITE}/cars/${carSlug}">`);
    expect(page.body).toContain(`<meta property="og:url" content="https://${SITE}/cars/${carSlug}">`);
    expect((await client.get('/robots.txt')).body).toContain(`Sitemap: https://${SITE}/sitemap.xml`);
  });

  it('keeps http addresses when an untrusted client sends X-Forwarded-Proto: https', async () => {
    expect((await on(() => direct, SHOPPER, { 'x-forwarded-proto': 'https' }).get('/robots.txt')).body).toContain(
      `Sitemap: http://${SITE}/sitemap.xml`,
    );
  });
});

describe('request ids', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  it("answers with the trusted balancer's X-Request-Id, and logs the request as JSON under it", async () => {
    const response = await on(() => balanced, BALANCER, {
      'x-forwarded-for': '198.51.100.41',
      'x-request-id': 'lb-7f3a9c01',
    }).get('/robots.txt');
    expect(response.headers['x-request-id']).toBe('lb-7f3a9c01');
    const logged = logLines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
    expect(logged.filter((entry) => entry.reqId === 'lb-7f3a9c01').map((entry) => entry.msg)).toEqual([
      'incoming request',
      'request completed',
    ]);
  });

  it("gives a request a new id of its own, ignoring a client's X-Request-Id", async () => {
    const first = await on(() => direct, SHOPPER, { 'x-request-id': 'chosen-by-client' }).get('/robots.txt');
    const second = await on(() => direct, SHOPPER, { 'x-request-id': 'chosen-by-client' }).get('/robots.txt');
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  it('replaces a malformed id even from the trusted balancer', async () => {
    const response = await on(() => balanced, BALANCER, {
      'x-forwarded-for': '198.51.100.42',
      'x-request-id': 'two words\u0007',
    }).get('/robots.txt');
    expect(response.headers['x-request-id']).toMatch(UUID);
  });
});
