import { SHELL_SERVER_VERSION } from '@forecourt/shell/server';
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { Database } from '@forecourt/data/database';
import { recordCleanMount } from '@forecourt/data/version-health';
import {
  bootDataOf,
  clearPlatformTables,
  createTestPlatform,
  openSharedDatabase,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';

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
  platform = await createTestPlatform(database);
});
afterEach(async () => {
  await platform.close();
});

function page(host: string, url = '/', headers: Record<string, string> = {}) {
  return platform.app.inject({ method: 'GET', url, headers: { host, ...headers } });
}

const DEMO_NAMES = ['Harbourside', 'Redgum', 'Summit', 'Coastal'];

describe('compression', () => {
  it('sends a page Brotli-compressed to a browser that accepts it, and the same page plain to one that does not', async () => {
    const plain = await page('harbourside-motors.localhost:8080', '/');
    const br = await page('harbourside-motors.localhost:8080', '/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    // The page's search keys are secured until a second-resolution instant: two requests that
    // straddle a second differ only there.
    const keysAside = (html: string) => html.replace(/"apiKey":"[^"]*"/g, '"apiKey":"(secured key)"');
    expect(keysAside(zlib.brotliDecompressSync(br.rawPayload).toString())).toBe(keysAside(plain.body));
  });

  it('leaves an answer under 1 KB uncompressed', async () => {
    const response = await platform.app.inject({
      method: 'GET',
      url: '/api/search/status',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});

describe('tenant resolution', () => {
  it('serves the tenant named by the {slug}.localhost host', async () => {
    const response = await page('harbourside-motors.localhost:8080');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Harbourside Motors</title>');
  });

  it('serves the tenant named by the X-Forecourt-Tenant header', async () => {
    const response = await page('127.0.0.1:8080', '/', { 'x-forecourt-tenant': 'summit-auto-group' });
    expect(response.body).toContain('<title>Summit Auto Group</title>');
  });

  it('sends Vary: X-Forecourt-Tenant where the header can change the answer', async () => {
    const favicon = await page('127.0.0.1:8080', '/favicon.svg', { 'x-forecourt-tenant': 'summit-auto-group' });
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers.vary).toContain('X-Forecourt-Tenant');
  });

  it('ignores the header on a production server for a caller that is not on this machine', async () => {
    await platform.close();
    platform = await createTestPlatform(database, { tenantHeader: 'loopback' });
    const remote = {
      method: 'GET' as const,
      url: '/',
      remoteAddress: '203.0.113.9',
      headers: { host: '127.0.0.1:8080', 'x-forecourt-tenant': 'summit-auto-group' },
    };
    const fromOutside = await platform.app.inject(remote);
    expect(fromOutside.statusCode).toBe(404);
    expect(fromOutside.body).not.toContain('Summit Auto Group');
    expect(fromOutside.headers.vary ?? '').not.toContain('X-Forecourt-Tenant');
    const fromHere = await platform.app.inject({ ...remote, remoteAddress: '127.0.0.1' });
    expect(fromHere.body).toContain('<title>Summit Auto Group</title>');
  });

  it('serves the dealer that owns a configured domain even when the header names another', async () => {
    const response = await page('harbourside-motors.example.com.au', '/', {
      'x-forecourt-tenant': 'summit-auto-group',
    });
    expect(response.body).toContain('<title>Harbourside Motors</title>');
  });

  it('serves the tenant that owns a configured domain', async () => {
    const response = await page('harbourside-motors.example.com.au');
    expect(response.body).toContain('<title>Harbourside Motors</title>');
  });

  it('answers an unknown host with a 404 page that names no tenant', async () => {
    const response = await page('no-such-dealer.localhost:8080');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('No dealer site at this address');
    for (const name of DEMO_NAMES) expect(response.body).not.toContain(name);
    expect(response.body).not.toContain('harbourside');
  });

  it('answers bare localhost with the same 404 page', async () => {
    const response = await page('localhost:8080');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('No dealer site at this address');
    for (const name of DEMO_NAMES) expect(response.body).not.toContain(name);
  });
});

describe('page HTML', () => {
  it('is 200 for a path a switched-on remote owns', async () => {
    expect((await page('harbourside-motors.localhost', '/finance')).statusCode).toBe(200);
  });

  it('is 404 for a path no remote owns, still the shell page', async () => {
    const response = await page('harbourside-motors.localhost', '/no-such-page');
    expect(response.statusCode).toBe(404);
    expect(bootDataOf(response.body).shellVersion).toBe(SHELL_SERVER_VERSION);
  });

  it('is 404 for a path owned by a remote the tenant switched off', async () => {
    expect((await page('coastal-caravans.localhost', '/finance')).statusCode).toBe(404);
  });

  it('inlines valid boot data with only the switched-on remotes at versioned entry URLs', async () => {
    const boot = bootDataOf((await page('coastal-caravans.localhost', '/')).body);
    expect(boot.tenant.slug).toBe('coastal-caravans');
    expect(boot.remotes.map((r) => r.team)).toEqual(['mf-search', 'mf-vehicle', 'mf-leads', 'mf-locations']);
    for (const remote of boot.remotes) {
      expect(remote.entry).toBe(`/registry/${remote.team}/1.0.0/remoteEntry.js`);
      expect(remote.integrity).toMatch(/^sha384-/);
    }
  });

  it('keeps server-only tenant settings out of the page', async () => {
    const response = await page('harbourside-motors.localhost');
    expect(response.body).not.toContain('leads@harbourside-motors');
    expect(response.body).not.toContain('harbourside-motors.example.com.au');
  });

  function scriptPlan(html: string): {
    scripts: Array<{ src: string; integrity?: string }>;
    preload: Array<{ src: string; integrity?: string }>;
  } {
    const match = /<script id="forecourt-scripts" type="application\/json">(.*?)<\/script>/s.exec(html);
    if (!match?.[1]) throw new Error('no script plan in page');
    return JSON.parse(match[1]) as ReturnType<typeof scriptPlan>;
  }

  it('loads the pinned shell entry with integrity, and preloads the route’s remote entry, once a first-painted page has loaded', async () => {
    const response = await page('harbourside-motors.localhost', '/finance/car-loans');
    const finance = bootDataOf(response.body).remotes.find((r) => r.team === 'mf-finance');
    const plan = scriptPlan(response.body);
    expect(plan.scripts).toEqual([
      {
        src: expect.stringMatching(
          new RegExp(`^/registry/shell/${SHELL_SERVER_VERSION.replace(/\./g, '\\.')}/main\\.[0-9a-f]+\\.js$`),
        ),
        integrity: expect.stringMatching(/^sha384-/),
      },
    ]);
    expect(plan.preload).toEqual([{ src: '/registry/mf-finance/1.0.0/remoteEntry.js', integrity: finance?.integrity }]);
    // Nothing in the head competes with the first paint's images.
    expect(response.body).not.toMatch(/<script defer|rel="preload"/);
  });

  it('fetches the shell and the route’s remote entry at once on a page without a first paint (a shell build the server does not render like)', async () => {
    await platform.publish({ team: 'shell', version: '0.9.0' });
    await platform.app.pins.pin({ tenant: 'harbourside-motors', team: 'shell', version: '0.9.0', actor: 'test' });
    const response = await page('harbourside-motors.localhost', '/finance/car-loans');
    const finance = bootDataOf(response.body).remotes.find((r) => r.team === 'mf-finance');
    expect(response.body).toMatch(
      /<script defer crossorigin="anonymous" integrity="sha384-[^"]+" src="\/registry\/shell\/0\.9\.0\/main\.[0-9a-f]+\.js"><\/script>/,
    );
    expect(response.body).toContain(
      `<link rel="preload" as="script" crossorigin="anonymous" integrity="${finance?.integrity}" href="/registry/mf-finance/1.0.0/remoteEntry.js">`,
    );
    expect(response.body).toContain('<div id="forecourt-root"></div>');
  });

  it('escapes < inside the boot data so it cannot close its script element', async () => {
    const html = (await page('harbourside-motors.localhost', '/search/</script><script>alert(1)')).body;
    const boot = html.slice(html.indexOf('id="forecourt-boot"'));
    expect(boot.indexOf('</script>')).toBeGreaterThan(boot.indexOf('"shellVersion"'));
  });

  it('sends the security headers on an HTML page', async () => {
    const response = await page('harbourside-motors.localhost');
    expect(response.headers['content-security-policy']).toMatch(
      /^default-src 'self'; script-src 'self' 'sha256-[A-Za-z0-9+/=]+' 'sha256-[A-Za-z0-9+/=]+'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:\/\/tile\.openstreetmap\.org; connect-src 'self'; font-src 'self'; frame-src https:\/\/www\.youtube\.com https:\/\/www\.youtube-nocookie\.com; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'$/,
    );
    expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['permissions-policy']).toContain('camera=()');
  });

  it('allows the page’s inline scripts (the first paint’s input notes and script loader) by their hashes, and no other inline script', async () => {
    const response = await page('harbourside-motors.localhost', '/no-such-page');
    const inline = [...response.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
    expect(inline).toHaveLength(2);
    const hashes = inline.map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    const scriptSrc = /script-src ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1]?.split(' ');
    expect([...(scriptSrc ?? [])].sort()).toEqual(["'self'", ...hashes].sort());
  });

  it('lets only a site with a map tile source load pictures from it (Redgum has none)', async () => {
    const redgum = await page('redgum-used-cars.localhost');
    expect(/img-src ([^;]*)/.exec(String(redgum.headers['content-security-policy']))?.[1]).toBe("'self' data:");
  });

  it('sends the security headers on the unknown-tenant page too', async () => {
    const response = await page('localhost');
    expect(response.headers['content-security-policy']).toContain("object-src 'none'");
  });

  it('answers an unknown /api path with JSON 404, not a page', async () => {
    const response = await page('harbourside-motors.localhost', '/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('pins on the page', () => {
  it('shows a tenant pin on the next page load', async () => {
    await platform.publish({ team: 'mf-search', version: '1.1.0' });
    const before = bootDataOf((await page('redgum-used-cars.localhost')).body);
    expect(before.remotes.find((r) => r.team === 'mf-search')?.version).toBe('1.0.0');

    await platform.app.pins.pin({ tenant: 'redgum-used-cars', team: 'mf-search', version: '1.1.0', actor: 'test' });

    const after = bootDataOf((await page('redgum-used-cars.localhost')).body).remotes.find(
      (r) => r.team === 'mf-search',
    );
    expect(after).toMatchObject({
      version: '1.1.0',
      entry: '/registry/mf-search/1.1.0/remoteEntry.js',
    });
    // 1.0.0 ran before, but no shopper's shell reported it mounting: it has earned nothing.
    expect(after?.lastGood).toBeUndefined();
    const other = bootDataOf((await page('harbourside-motors.localhost')).body).remotes.find(
      (r) => r.team === 'mf-search',
    );
    expect(other?.version).toBe('1.0.0');
  });

  it('serves routes as the pinned version declares them', async () => {
    await platform.publish({ team: 'mf-locations', version: '1.1.0', routes: ['/locations/*', '/our-dealerships'] });
    expect((await page('summit-auto-group.localhost', '/our-dealerships')).statusCode).toBe(404);
    await platform.app.pins.pin({ tenant: 'summit-auto-group', team: 'mf-locations', version: '1.1.0', actor: 'test' });
    expect((await page('summit-auto-group.localhost', '/our-dealerships')).statusCode).toBe(200);
  });

  it('answers 503 while no shell is pinned', async () => {
    await clearPlatformTables(database);
    const response = await page('harbourside-motors.localhost');
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('This site is being set up');
  });
});

describe('canaries on the page', () => {
  const HOST = 'harbourside-motors.localhost';
  const searchRemote = (html: string) => bootDataOf(html).remotes.find((r) => r.team === 'mf-search');
  const shopperCookie = (response: { cookies: Array<{ name: string; value: string }> }) =>
    response.cookies.find((c) => c.name === 'fc_shopper');

  beforeEach(async () => {
    await platform.publish({ team: 'mf-search', version: '1.1.0' });
    await platform.app.pins.pin({ tenant: 'harbourside-motors', team: 'mf-search', version: '1.1.0', actor: 'test' });
    await platform.app.pins.canary({
      tenant: 'harbourside-motors',
      team: 'mf-search',
      version: '1.0.0',
      percent: 50,
      actor: 'test',
    });
  });
  // The shared database's clean-up between tests predates canaries: these tests remove theirs.
  afterEach(async () => {
    await database.db.deleteFrom('canaries').execute();
  });

  it('gives a new shopper a year-long, HttpOnly, SameSite=Lax shopper cookie, and a page no cache keeps', async () => {
    const response = await page(HOST);
    const cookie = response.cookies.find((c) => c.name === 'fc_shopper');
    expect(cookie).toMatchObject({
      value: expect.stringMatching(/^[0-9a-f]{32}$/),
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: 31536000,
      path: '/',
    });
    expect(cookie).not.toHaveProperty('secure', true);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('serves a returning shopper the same version on every load', async () => {
    const first = await page(HOST);
    const id = shopperCookie(first)?.value ?? '';
    const version = searchRemote(first.body)?.version;
    for (let i = 0; i < 5; i += 1) {
      const again = await page(HOST, '/', { cookie: `fc_shopper=${id}` });
      expect(searchRemote(again.body)?.version).toBe(version);
      // A known shopper is not handed another id.
      expect(shopperCookie(again)).toBeUndefined();
    }
  });

  it('splits fresh shoppers between the canary and the pin', async () => {
    const versions: string[] = [];
    for (let i = 0; i < 200; i += 1) versions.push(searchRemote((await page(HOST)).body)?.version ?? '');
    const onCanary = versions.filter((v) => v === '1.0.0').length;
    expect(versions.filter((v) => v !== '1.0.0' && v !== '1.1.0')).toEqual([]);
    // 50% of 200 is 100; 60 to 140 is over five standard deviations either side.
    expect(onCanary).toBeGreaterThan(60);
    expect(onCanary).toBeLessThan(140);
  });

  it('names the canary version in the manifest, with the pin as its last good once the pin earned it', async () => {
    await recordCleanMount(
      database.db,
      { tenant: 'harbourside-motors', team: 'mf-search', version: '1.1.0' },
      { mounts: 1, maxFailurePercent: 5 },
    );
    let canary;
    for (let i = 0; i < 50 && !canary; i += 1) {
      const remote = searchRemote((await page(HOST)).body);
      if (remote?.version === '1.0.0') canary = remote;
    }
    expect(canary).toMatchObject({
      version: '1.0.0',
      entry: '/registry/mf-search/1.0.0/remoteEntry.js',
      lastGood: { version: '1.1.0', entry: '/registry/mf-search/1.1.0/remoteEntry.js' },
    });
  });

  it('replaces a shopper cookie this server could not have made', async () => {
    const response = await page(HOST, '/', { cookie: 'fc_shopper=not-an-id' });
    expect(shopperCookie(response)?.value).toMatch(/^[0-9a-f]{32}$/);
  });

  it('sends every shopper back to the pin once the canary is rolled back', async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, async () => shopperCookie(await page(HOST))?.value ?? ''));
    await platform.app.pins.rollback({ tenant: 'harbourside-motors', team: 'mf-search', actor: 'test' });
    for (const id of ids)
      expect(searchRemote((await page(HOST, '/', { cookie: `fc_shopper=${id}` })).body)?.version).toBe('1.1.0');
  });

  it('sets no shopper cookie on a site without a canary', async () => {
    const response = await page('redgum-used-cars.localhost');
    expect(shopperCookie(response)).toBeUndefined();
  });
});

describe('favicon', () => {
  it('draws the tenant logo mark', async () => {
    const response = await page('harbourside-motors.localhost:8080', '/favicon.svg');
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.body).toContain('>HM</text>');
  });

  it('is linked from every page', async () => {
    const response = await page('harbourside-motors.localhost:8080');
    expect(response.body).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
  });
});

describe('search access', () => {
  it('gives every page a search key secured to its tenant', async () => {
    const boot = bootDataOf((await page('redgum-used-cars.localhost:8080')).body);
    expect(boot.search).toMatchObject({ indexName: 'cars', hosts: [], sorts: { priceAsc: 'cars_price_asc' } });
    const restrictions = Buffer.from(boot.search!.apiKey, 'base64').toString('utf8').slice(64);
    expect(decodeURIComponent(restrictions)).toContain('tenant:"redgum-used-cars"');
  });

  it('tells the client which sorts need unpriced cars left out: the lowest-price sort, on a site that says so and by default', async () => {
    expect(bootDataOf((await page('harbourside-motors.localhost:8080')).body).search?.sortFilters).toEqual({
      cars_price_asc: 'price > 0',
    });
    expect(bootDataOf((await page('redgum-used-cars.localhost:8080')).body).search?.sortFilters).toEqual({
      cars_price_asc: 'price > 0',
    });
  });
});
