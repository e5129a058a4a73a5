import type { Database } from '@forecourt/data/database';
import {
  bootDataOf,
  clearPlatformTables,
  createTestPlatform,
  openSharedDatabase,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';
import { OVERRIDE_COOKIE } from '@forecourt/pages/override';

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

const HOST = 'harbourside-motors.localhost:8080';
const ENTRY = 'http://localhost:3001/remoteEntry.js';

function page(cookie?: string, host = HOST) {
  return platform.app.inject({ method: 'GET', url: '/', headers: { host, ...(cookie ? { cookie } : {}) } });
}

async function overrideLink(
  body: object,
): Promise<{ status: number; json: { path?: string; urls?: string[]; error?: string; field?: string } }> {
  const response = await platform.app.inject({
    method: 'POST',
    url: '/_admin/overrides',
    payload: body,
    headers: { authorization: `Bearer ${platform.operatorToken}` },
  });
  return { status: response.statusCode, json: response.json() };
}

/** Opens the admin API's link as a browser would and returns the cookie it set ("name=value"). */
async function setOverride(entry = ENTRY, team = 'mf-search'): Promise<string> {
  const { json } = await overrideLink({ tenant: 'harbourside-motors', team, entry });
  const response = await platform.app.inject({ method: 'GET', url: json.path ?? '', headers: { host: HOST } });
  expect(response.statusCode).toBe(303);
  const cookie = response.cookies.find((c) => c.name === OVERRIDE_COOKIE);
  if (!cookie) throw new Error('no override cookie set');
  return `${cookie.name}=${cookie.value}`;
}

describe('the admin API hands out override links', () => {
  it('answers a signed link on the tenant site, for the token holder only', async () => {
    const { status, json } = await overrideLink({ tenant: 'harbourside-motors', team: 'mf-search', entry: ENTRY });
    expect(status).toBe(200);
    expect(json.path).toMatch(/^\/_dev\/override\?grant=[\w-]+\.[\w-]+$/);
    // This server's own address for the site first, then the site's production domains.
    expect(json.urls).toEqual([
      `http://harbourside-motors.localhost:${process.env.PORT || 8080}${json.path}`,
      `https://harbourside-motors.example.com.au${json.path}`,
    ]);
    const anonymous = await platform.app.inject({
      method: 'POST',
      url: '/_admin/overrides',
      payload: { tenant: 'harbourside-motors', team: 'mf-search', entry: ENTRY },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses an unknown tenant, a team the site does not run, and an entry that is not http(s), naming the field', async () => {
    expect(await overrideLink({ tenant: 'nobody', team: 'mf-search', entry: ENTRY })).toMatchObject({
      status: 404,
      json: { field: 'tenant' },
    });
    expect(await overrideLink({ tenant: 'harbourside-motors', team: 'mf-nothing', entry: ENTRY })).toMatchObject({
      status: 400,
      json: { field: 'team' },
    });
    expect(
      await overrideLink({ tenant: 'harbourside-motors', team: 'mf-search', entry: 'javascript:alert(1)' }),
    ).toMatchObject({ status: 400, json: { field: 'entry' } });
  });

  it('sets the cookie HttpOnly, SameSite=Lax, for 8 hours, from the link; a changed or foreign link sets nothing', async () => {
    const { json } = await overrideLink({ tenant: 'harbourside-motors', team: 'mf-search', entry: ENTRY });
    const opened = await platform.app.inject({ method: 'GET', url: json.path ?? '', headers: { host: HOST } });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/');
    expect(opened.headers['cache-control']).toBe('private, no-store');
    expect(opened.cookies.find((c) => c.name === OVERRIDE_COOKIE)).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: 8 * 3600,
    });

    // One character of the signed grant changed: its first, all six of whose bits are data (the
    // last character of base64url also holds padding bits, and changing only those decodes to
    // the same bytes, a link that is not tampered at all).
    const tampered = await platform.app.inject({
      method: 'GET',
      url: (json.path ?? '').replace(/grant=(.)/, (_, c: string) => `grant=${c === 'A' ? 'B' : 'A'}`),
      headers: { host: HOST },
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.cookies).toEqual([]);
    // The link names its site: opened on another dealer's site, it does nothing.
    const elsewhere = await platform.app.inject({
      method: 'GET',
      url: json.path ?? '',
      headers: { host: 'summit-auto-group.localhost:8080' },
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.cookies).toEqual([]);
  });
});

describe('a page with an override', () => {
  it("loads the team from the developer's entry, without integrity or last good, and says so in the boot data", async () => {
    const cookie = await setOverride();
    const response = await page(cookie);
    expect(response.statusCode).toBe(200);
    const boot = bootDataOf(response.body);
    const search = boot.remotes.find((r) => r.team === 'mf-search');
    expect(search).toEqual({
      team: 'mf-search',
      name: 'mf_search',
      version: 'override',
      entry: ENTRY,
      routes: expect.arrayContaining(['/']),
    });
    // The other teams are what every shopper gets.
    expect(boot.remotes.find((r) => r.team === 'mf-finance')).toMatchObject({
      version: '1.0.0',
      entry: '/registry/mf-finance/1.0.0/remoteEntry.js',
      integrity: expect.stringMatching(/^sha384-/),
    });
    expect(boot.override).toEqual({
      remotes: [{ team: 'mf-search', entry: ENTRY, pinned: '1.0.0' }],
      expiresAt: expect.any(String),
      clearUrl: '/_dev/override/clear',
    });
    // Loaded early as the owner's entry, without an integrity hash.
    expect(response.body).toContain(`"preload":[{"src":"${ENTRY}"}]`);
  });

  it("allows the entry's origin for scripts and connections in that page's policy only, and is never cached", async () => {
    const cookie = await setOverride();
    const overridden = await page(cookie);
    expect(overridden.headers['cache-control']).toBe('private, no-store');
    const csp = String(overridden.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' [^;]* http:\/\/localhost:3001(;|$)/);
    expect(csp).toMatch(/connect-src 'self' http:\/\/localhost:3001 ws:\/\/localhost:3001(;|$)/);

    const shopper = await page();
    expect(shopper.headers['cache-control']).toBe('no-store');
    expect(String(shopper.headers['content-security-policy'])).not.toContain('localhost:3001');
  });

  it('gives a shopper without the cookie, or with a forged or foreign one, exactly the pinned page', async () => {
    const plain = bootDataOf((await page()).body);
    expect(plain.override).toBeUndefined();
    expect(plain.remotes.find((r) => r.team === 'mf-search')).toMatchObject({
      version: '1.0.0',
      entry: '/registry/mf-search/1.0.0/remoteEntry.js',
    });

    const cookie = await setOverride();
    const [name, value = ''] = cookie.split('=');
    const [body = ''] = value.split('.');
    const forged = `${name}=${body}.${Buffer.alloc(32).toString('base64url')}`;
    for (const request of [
      page(forged),
      page(cookie, 'summit-auto-group.localhost:8080'),
      page(`${OVERRIDE_COOKIE}=junk`),
    ]) {
      const response = await request;
      const boot = bootDataOf(response.body);
      expect(boot.override).toBeUndefined();
      expect(boot.remotes.find((r) => r.team === 'mf-search')?.version).toBe('1.0.0');
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('keeps overrides of two teams in one cookie, and Clear drops them and goes back to the page', async () => {
    const first = await setOverride();
    const { json } = await overrideLink({
      tenant: 'harbourside-motors',
      team: 'mf-finance',
      entry: 'http://localhost:3003/remoteEntry.js',
    });
    const second = await platform.app.inject({
      method: 'GET',
      url: json.path ?? '',
      headers: { host: HOST, cookie: first },
    });
    const both = second.cookies.find((c) => c.name === OVERRIDE_COOKIE);
    const boot = bootDataOf((await page(`${OVERRIDE_COOKIE}=${both?.value ?? ''}`)).body);
    expect(boot.override?.remotes.map((r) => r.team)).toEqual(['mf-search', 'mf-finance']);

    const cleared = await platform.app.inject({
      method: 'POST',
      url: '/_dev/override/clear',
      payload: 'return=%2Ffinance%3Fterm%3D48',
      headers: {
        host: HOST,
        origin: `http://${HOST}`,
        cookie: first,
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    expect(cleared.statusCode).toBe(303);
    expect(cleared.headers.location).toBe('/finance?term=48');
    expect(cleared.cookies.find((c) => c.name === OVERRIDE_COOKIE)).toMatchObject({ value: '', path: '/' });
    // Never back to another site.
    const offsite = await platform.app.inject({
      method: 'POST',
      url: '/_dev/override/clear',
      payload: 'return=%2F%2Fevil.example',
      headers: { host: HOST, origin: `http://${HOST}`, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(offsite.headers.location).toBe('/');
  });
});

describe('Clear', () => {
  const clear = (payload: string, headers: Record<string, string> = { origin: `http://${HOST}` }) =>
    platform.app.inject({
      method: 'POST',
      url: '/_dev/override/clear',
      payload,
      headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });

  it('goes back only to a path on this site, as a browser reads it', async () => {
    for (const back of [
      '/\t/evil.example',
      '/.//evil.example',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
    ]) {
      const response = await clear(`return=${encodeURIComponent(back)}`);
      expect({ back, status: response.statusCode, location: response.headers.location }).toEqual({
        back,
        status: 303,
        location: '/',
      });
    }
  });

  it('answers a line break in the return path with the home page, not a server error', async () => {
    for (const back of ['/\n/evil.example', '/\r\n/evil.example']) {
      const response = await clear(`return=${encodeURIComponent(back)}`);
      expect({ status: response.statusCode, location: response.headers.location }).toEqual({
        status: 303,
        location: '/',
      });
    }
  });

  it('answers a NUL in the return path without a server error, and sends the browser nowhere else', async () => {
    const response = await clear(`return=${encodeURIComponent('/\0/evil.example')}`);
    expect(response.statusCode).toBeLessThan(500);
    expect([undefined, '/']).toContain(response.headers.location);
  });

  it('refuses a post from another site, and clears nothing', async () => {
    const cookie = await setOverride();
    for (const origin of ['https://evil.example', 'null']) {
      const response = await clear('return=%2F', { origin, cookie });
      expect(response.statusCode).toBe(403);
      expect(response.cookies).toEqual([]);
    }
    const refererOnly = await clear('return=%2F', { referer: 'https://evil.example/page', cookie });
    expect(refererOnly.statusCode).toBe(403);
    // Neither header: nothing shows the post came from this site.
    expect((await clear('return=%2F', { cookie })).statusCode).toBe(403);
  });

  it('accepts a post from this site, by its Origin or, without one, by its Referer', async () => {
    expect((await clear('return=%2Ffinance', { origin: `http://${HOST}` })).headers.location).toBe('/finance');
    const byReferer = await clear('return=%2Ffinance', { referer: `http://${HOST}/finance?term=48` });
    expect({ status: byReferer.statusCode, location: byReferer.headers.location }).toEqual({
      status: 303,
      location: '/finance',
    });
  });
});

describe('the dev page', () => {
  const form = (fields: Record<string, string>, remoteAddress = '127.0.0.1') =>
    platform.app.inject({
      method: 'POST',
      url: '/_dev/overrides',
      payload: new URLSearchParams(fields).toString(),
      remoteAddress,
      headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
    });

  it('shows a form for the teams the site runs', async () => {
    const response = await platform.app.inject({ method: 'GET', url: '/_dev/overrides', headers: { host: HOST } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<option>mf-search</option>');
    expect(response.body).toContain('name="token" type="password"');
  });

  it('sets the override with a personal operator token, and refuses without one', async () => {
    const refused = await form({ team: 'mf-search', entry: ENTRY, token: 'wrong' });
    expect(refused.statusCode).toBe(401);
    expect(refused.cookies).toEqual([]);

    const accepted = await form({ team: 'mf-search', entry: ENTRY, token: platform.operatorToken, hours: '2' });
    expect(accepted.statusCode).toBe(303);
    const cookie = accepted.cookies.find((c) => c.name === OVERRIDE_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, maxAge: 2 * 3600 });
    expect(bootDataOf((await page(`${OVERRIDE_COOKIE}=${cookie?.value ?? ''}`)).body).override?.remotes).toEqual([
      { team: 'mf-search', entry: ENTRY, pinned: '1.0.0' },
    ]);

    const badEntry = await form({ team: 'mf-search', entry: 'ftp://localhost/x.js', token: platform.operatorToken });
    expect(badEntry.statusCode).toBe(400);
    expect(badEntry.body).toContain('http or https');
  });
});
