import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import type { Database } from '@forecourt/data/database';
import { insertSession } from '@forecourt/data/operator-sessions';
import { hashTokenSecret } from '@forecourt/data/operators';
import { CONSOLE_COOKIE } from '@forecourt/domain/operators/console-sessions';
import {
  browserOf,
  consoleBrowserFor,
  consoleHeaders,
  consoleInject,
  enrollPasskey,
  signInWithPasskey,
  type ConsoleBrowser,
} from '@forecourt/test-kit/console-sign-in';
import { SoftwareAuthenticator } from '@forecourt/test-kit/software-authenticator';
import {
  clearPlatformTables,
  createTestPlatform,
  openSharedDatabase,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';
import { consoleOrigin } from '@forecourt/config/console-origin';

let database: Database;
let platform: TestPlatform;
let origin: string;

const SUMMIT = 'summit-auto-group';
const HOUR_MS = 3_600_000;

beforeAll(async () => {
  database = await openSharedDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await clearPlatformTables(database);
  platform = await createTestPlatform(database);
  origin = consoleOrigin(platform.app.config);
});
afterEach(async () => {
  await platform.close();
});

/** An admin call with the test operator's personal token, from this machine (the CLI's way). */
function asOperator(method: 'GET' | 'POST', url: string, payload?: object) {
  return platform.app.inject({
    method,
    url: `/_admin${url}`,
    payload,
    headers: { authorization: `Bearer ${platform.operatorToken}` },
  });
}

let names = 0;
async function account(
  role: 'operator' | 'tenant-manager' | 'viewer',
  tenants?: string[],
): Promise<{ id: number; name: string }> {
  names += 1;
  const name = `${role} ${names} ${Date.now()}`;
  const created = await asOperator('POST', '/operators', { name, role, ...(tenants ? { tenants } : {}) });
  expect(created.statusCode).toBe(201);
  return { id: created.json<{ account: { id: number } }>().account.id, name };
}

async function enrollmentCode(accountId: number): Promise<string> {
  const issued = await asOperator('POST', `/operators/${accountId}/enrollment`, {});
  expect(issued.statusCode).toBe(201);
  return issued.json<{ code: string }>().code;
}

interface Entry {
  accountName: string | null;
  sessionId: string | null;
  action: string;
  outcome: string;
  reason: string | null;
}

async function auditOf(name: string): Promise<Entry[]> {
  const response = await asOperator('GET', '/audit?limit=1000');
  return response.json<{ entries: Entry[] }>().entries.filter((entry) => entry.accountName === name);
}

const sessionIdOf = (browser: ConsoleBrowser) => hashTokenSecret(browser.cookie.slice(CONSOLE_COOKIE.length + 1));

describe('enrollment', () => {
  it('gives an operator a one-time link to the console for an account, valid 24 hours', async () => {
    const { id } = await account('viewer');
    const issued = await asOperator('POST', `/operators/${id}/enrollment`, {});
    expect(issued.statusCode).toBe(201);
    const { code, url, expiresAt } = issued.json<{ code: string; url: string; expiresAt: string }>();
    expect(url).toBe(`${origin}/enroll#${code}`);
    expect((new Date(expiresAt).getTime() - Date.now()) / HOUR_MS).toBeCloseTo(24, 1);
  });

  it('registers a passkey made on the console and signs its person in with the session cookie', async () => {
    const { id, name } = await account('viewer');
    const response = await enrollPasskey(platform.app, new SoftwareAuthenticator(origin), await enrollmentCode(id));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ account: { id, name }, csrf: expect.any(String) });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(
      new RegExp(`^${CONSOLE_COOKIE}=fcs_[A-Za-z0-9_-]{43}; Path=/; Expires=[^;]+; HttpOnly; Secure; SameSite=Strict$`),
    );
    const passkeys = await database.db
      .selectFrom('operator_passkeys')
      .selectAll()
      .where('account_id', '=', id)
      .execute();
    expect(passkeys).toHaveLength(1);
  });

  it('asks the browser for a discoverable, user-verified passkey of the console host, for the account', async () => {
    const { id, name } = await account('viewer');
    const options = await consoleInject(platform.app, {
      method: 'POST',
      url: '/session/enroll/options',
      payload: { code: await enrollmentCode(id) },
    });
    expect(options.json<PublicKeyCredentialCreationOptionsJSON>()).toMatchObject({
      rp: { id: new URL(origin).hostname },
      user: { name },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
  });

  it('uses a code once', async () => {
    const { id } = await account('viewer');
    const code = await enrollmentCode(id);
    expect((await enrollPasskey(platform.app, new SoftwareAuthenticator(origin), code)).statusCode).toBe(200);
    const again = await enrollPasskey(platform.app, new SoftwareAuthenticator(origin), code);
    expect(again.statusCode).toBe(401);
    expect(again.json<{ error: string }>().error).toMatch(/^Not signed in: the enrollment code was used on /);
  });

  it('refuses an expired code, naming the person in the audit', async () => {
    const { id, name } = await account('viewer');
    const code = await enrollmentCode(id);
    await database.db
      .updateTable('operator_enrollments')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('account_id', '=', id)
      .execute();
    const refused = await enrollPasskey(platform.app, new SoftwareAuthenticator(origin), code);
    expect(refused.statusCode).toBe(401);
    expect(await auditOf(name)).toEqual([
      expect.objectContaining({
        action: 'passkeys.enroll',
        outcome: 'refused',
        reason: expect.stringMatching(/^the enrollment code expired on /),
      }),
    ]);
  });

  it('refuses an answer whose client data decodes to NUL bytes, with a 401 and one audit row', async () => {
    const { id, name } = await account('viewer');
    const code = await enrollmentCode(id);
    const options = await consoleInject(platform.app, {
      method: 'POST',
      url: '/session/enroll/options',
      payload: { code },
    });
    const response = new SoftwareAuthenticator(origin).create(options.json<PublicKeyCredentialCreationOptionsJSON>());
    const refused = await consoleInject(platform.app, {
      method: 'POST',
      url: '/session/enroll',
      payload: { code, response: { ...response, response: { ...response.response, clientDataJSON: 'AAAA' } } },
    });
    expect(refused.statusCode).toBe(401);
    expect(await auditOf(name)).toEqual([expect.objectContaining({ action: 'passkeys.enroll', outcome: 'refused' })]);
  });

  it('lets a tenant manager enroll a passkey for itself, not for another account', async () => {
    const manager = await account('tenant-manager', [SUMMIT]);
    const other = await account('viewer');
    const browser = await consoleBrowserFor(platform.app, new SoftwareAuthenticator(origin), manager.id);
    expect(
      (
        await consoleInject(platform.app, {
          method: 'POST',
          url: `/operators/${manager.id}/enrollment`,
          payload: {},
          browser,
        })
      ).statusCode,
    ).toBe(201);
    const refused = await consoleInject(platform.app, {
      method: 'POST',
      url: `/operators/${other.id}/enrollment`,
      payload: {},
      browser,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: string }>().error).toBe(
      `${manager.name} (tenant-manager) may enroll passkeys for itself only`,
    );
  });

  it('names the field of a bad code', async () => {
    const response = await consoleInject(platform.app, {
      method: 'POST',
      url: '/session/enroll',
      payload: { code: 'fce_short', response: {} },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'code' });
  });
});

describe('signing in with a passkey', () => {
  it('needs no name: any passkey of the console answers, and its person gets a session', async () => {
    const { id, name } = await account('viewer');
    const authenticator = new SoftwareAuthenticator(origin);
    await consoleBrowserFor(platform.app, authenticator, id);
    const options = await consoleInject(platform.app, { method: 'POST', url: '/session/options', payload: {} });
    expect(options.json<PublicKeyCredentialRequestOptionsJSON>()).toMatchObject({
      rpId: new URL(origin).hostname,
      userVerification: 'required',
    });
    expect(options.json<PublicKeyCredentialRequestOptionsJSON>().allowCredentials ?? []).toEqual([]);
    const browser = browserOf(await signInWithPasskey(platform.app, authenticator));
    const session = await consoleInject(platform.app, { method: 'GET', url: '/session', browser });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({ account: expect.objectContaining({ id, name }), csrf: browser.csrf });
  });

  it('audits the sign-in with the name and the session', async () => {
    const { id, name } = await account('viewer');
    const authenticator = new SoftwareAuthenticator(origin);
    await consoleBrowserFor(platform.app, authenticator, id);
    const browser = browserOf(await signInWithPasskey(platform.app, authenticator));
    expect((await auditOf(name)).map((entry) => [entry.action, entry.outcome])).toEqual([
      ['session.sign-in', 'allowed'],
      ['passkeys.enroll', 'allowed'],
    ]);
    expect((await auditOf(name))[0]?.sessionId).toBe(sessionIdOf(browser));
  });

  it("refuses a passkey's answer made for another site (a look-alike origin), and audits it with the name", async () => {
    const { id, name } = await account('viewer');
    const authenticator = new SoftwareAuthenticator(origin);
    await consoleBrowserFor(platform.app, authenticator, id);
    const phished = new SoftwareAuthenticator('https://console.example.net');
    phished.passkeys.push(...authenticator.passkeys);
    const options = await consoleInject(platform.app, { method: 'POST', url: '/session/options', payload: {} });
    const response = phished.get({
      ...options.json<PublicKeyCredentialRequestOptionsJSON>(),
      rpId: new URL(origin).hostname,
    });
    const refused = await consoleInject(platform.app, { method: 'POST', url: '/session', payload: { response } });
    expect(refused.statusCode).toBe(401);
    expect(refused.json<{ error: string }>().error).toContain('Unexpected authentication response origin');
    expect((await auditOf(name))[0]).toMatchObject({ action: 'session.sign-in', outcome: 'refused' });
  });

  it('refuses an answer whose client data decodes to NUL bytes, with a 401 and one audit row naming the person', async () => {
    const { id, name } = await account('viewer');
    const authenticator = new SoftwareAuthenticator(origin);
    await consoleBrowserFor(platform.app, authenticator, id);
    const options = await consoleInject(platform.app, { method: 'POST', url: '/session/options', payload: {} });
    const response = authenticator.get(options.json<PublicKeyCredentialRequestOptionsJSON>());
    const refused = await consoleInject(platform.app, {
      method: 'POST',
      url: '/session',
      payload: { response: { ...response, response: { ...response.response, clientDataJSON: 'AAAA' } } },
    });
    expect(refused.statusCode).toBe(401);
    expect((await auditOf(name)).filter((entry) => entry.outcome === 'refused')).toEqual([
      expect.objectContaining({ action: 'session.sign-in' }),
    ]);
  });

  it('writes no audit row for a passkey or an enrollment code it does not know, and counts the refusals', async () => {
    const entries = async () =>
      (await asOperator('GET', '/audit?limit=1000')).json<{ entries: Entry[] }>().entries.length;
    const before = await entries();
    const stranger = new SoftwareAuthenticator(origin);
    const options = await consoleInject(platform.app, { method: 'POST', url: '/session/options', payload: {} });
    stranger.create({
      rp: { id: new URL(origin).hostname, name: 'x' },
      user: { id: 'AAAA', name: 'x', displayName: 'x' },
      challenge: 'AAAA',
      pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
    } as PublicKeyCredentialCreationOptionsJSON);
    const unknownPasskey = await consoleInject(platform.app, {
      method: 'POST',
      url: '/session',
      payload: { response: stranger.get(options.json<PublicKeyCredentialRequestOptionsJSON>()) },
    });
    expect(unknownPasskey.statusCode).toBe(401);
    const guessed = await enrollPasskey(platform.app, new SoftwareAuthenticator(origin), `fce_${'A'.repeat(43)}`);
    expect(guessed.statusCode).toBe(401);
    expect(await entries()).toBe(before);
    const metrics = (await platform.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/forecourt_http_requests_total\{[^}]*route="\/_admin\/session"[^}]*status="401"[^}]*\} 1/);
  });

  it('refuses an answer sent a second time (its challenge is used up)', async () => {
    const { id } = await account('viewer');
    const authenticator = new SoftwareAuthenticator(origin);
    await consoleBrowserFor(platform.app, authenticator, id);
    const options = await consoleInject(platform.app, { method: 'POST', url: '/session/options', payload: {} });
    const response = authenticator.get(options.json<PublicKeyCredentialRequestOptionsJSON>());
    expect(
      (await consoleInject(platform.app, { method: 'POST', url: '/session', payload: { response } })).statusCode,
    ).toBe(200);
    const replayed = await consoleInject(platform.app, { method: 'POST', url: '/session', payload: { response } });
    expect(replayed.statusCode).toBe(401);
  });

  it('refuses a passkey that did not verify its person (no PIN, no fingerprint)', async () => {
    const { id } = await account('viewer');
    const authenticator = new SoftwareAuthenticator(origin);
    await consoleBrowserFor(platform.app, authenticator, id);
    const careless = new SoftwareAuthenticator(origin, { userVerified: false });
    careless.passkeys.push(...authenticator.passkeys);
    const refused = await signInWithPasskey(platform.app, careless);
    expect(refused.statusCode).toBe(401);
    expect(refused.json<{ error: string }>().error).toContain('User verification');
  });

  it('refuses a passkey whose signature counter went backwards (a copied key)', async () => {
    const { id } = await account('viewer');
    const authenticator = new SoftwareAuthenticator(origin, { countsSignatures: true });
    await consoleBrowserFor(platform.app, authenticator, id);
    expect((await signInWithPasskey(platform.app, authenticator)).statusCode).toBe(200);
    const [passkey] = authenticator.passkeys;
    if (passkey) passkey.signCount = 0;
    expect((await signInWithPasskey(platform.app, authenticator)).statusCode).toBe(401);
  });

  it('answers a challenge handed out by another instance (the challenges live in the database)', async () => {
    const { id } = await account('viewer');
    const authenticator = new SoftwareAuthenticator(origin);
    await consoleBrowserFor(platform.app, authenticator, id);
    const other = await createTestPlatform(database);
    try {
      const options = await consoleInject(platform.app, { method: 'POST', url: '/session/options', payload: {} });
      const response = authenticator.get(options.json<PublicKeyCredentialRequestOptionsJSON>());
      expect(
        (await consoleInject(other.app, { method: 'POST', url: '/session', payload: { response } })).statusCode,
      ).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('answers only on the console host and from its origin', async () => {
    const onSite = await platform.app.inject({
      method: 'POST',
      url: '/_admin/session/options',
      payload: {},
      headers: { host: `${SUMMIT}.localhost`, origin },
    });
    const elsewhere = await consoleInject(platform.app, {
      method: 'POST',
      url: '/session/options',
      payload: {},
      headers: { origin: 'https://console.example.net' },
    });
    expect([onSite.statusCode, elsewhere.statusCode]).toEqual([403, 403]);
  });
});

describe('a console session', () => {
  async function signedIn(role: 'operator' | 'viewer' = 'viewer') {
    const created = await account(role);
    return {
      ...created,
      browser: await consoleBrowserFor(platform.app, new SoftwareAuthenticator(origin), created.id),
    };
  }

  it('opens the admin API on the console host from any address', async () => {
    const { browser } = await signedIn();
    expect(
      (await consoleInject(platform.app, { method: 'GET', url: '/pins', browser, remoteAddress: '198.51.100.20' }))
        .statusCode,
    ).toBe(200);
  });

  it('opens nothing on a dealer host', async () => {
    const { browser } = await signedIn();
    const fromNetwork = await platform.app.inject({
      method: 'GET',
      url: '/_admin/pins',
      remoteAddress: '198.51.100.20',
      headers: { host: `${SUMMIT}.localhost`, cookie: browser.cookie },
    });
    const fromHere = await platform.app.inject({
      method: 'GET',
      url: '/_admin/pins',
      headers: { host: `${SUMMIT}.localhost`, cookie: browser.cookie },
    });
    expect([fromNetwork.statusCode, fromHere.statusCode]).toEqual([403, 401]);
  });

  it.each([
    ['no Origin', { origin: undefined }, 'No Origin header'],
    [
      "another site's Origin",
      { origin: 'https://console.example.net' },
      "Origin 'https://console.example.net' is not the console's",
    ],
    ['no CSRF token', { 'x-csrf-token': undefined }, 'No x-csrf-token header'],
    [
      "another session's CSRF token",
      { 'x-csrf-token': 'not-this-one' },
      "The x-csrf-token header is not this session's",
    ],
  ])('refuses a change sent with %s, and audits it with the name', async (_, headers, error) => {
    const { browser, name } = await signedIn();
    const refused = await consoleInject(platform.app, {
      method: 'POST',
      url: '/tokens',
      payload: { label: 'phone' },
      browser,
      headers,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: string }>().error).toContain(error);
    expect((await auditOf(name))[0]).toMatchObject({
      action: 'own-token',
      outcome: 'refused',
      sessionId: sessionIdOf(browser),
    });
  });

  it('makes a change sent with its Origin and CSRF token, audited with the session', async () => {
    const { browser, name } = await signedIn();
    expect(
      (await consoleInject(platform.app, { method: 'POST', url: '/tokens', payload: { label: 'phone' }, browser }))
        .statusCode,
    ).toBe(201);
    expect((await auditOf(name))[0]).toMatchObject({
      action: 'tokens.create',
      outcome: 'allowed',
      sessionId: sessionIdOf(browser),
    });
  });

  it('ends at sign-out: the cookie is cleared, the session refused, the sign-out audited', async () => {
    const { browser, name } = await signedIn();
    const out = await consoleInject(platform.app, { method: 'DELETE', url: '/session', browser });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(
      new RegExp(
        `^${CONSOLE_COOKIE}=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Strict$`,
      ),
    );
    expect((await consoleInject(platform.app, { method: 'GET', url: '/session', browser })).statusCode).toBe(401);
    expect((await auditOf(name)).map((entry) => entry.action)).toEqual(expect.arrayContaining(['session.sign-out']));
  });

  it('needs the CSRF token to sign out', async () => {
    const { browser } = await signedIn();
    expect(
      (
        await consoleInject(platform.app, {
          method: 'DELETE',
          url: '/session',
          browser,
          headers: { 'x-csrf-token': undefined },
        })
      ).statusCode,
    ).toBe(403);
    expect((await consoleInject(platform.app, { method: 'GET', url: '/session', browser })).statusCode).toBe(200);
  });

  it('is refused after 12 hours unused', async () => {
    const { id } = await account('viewer');
    const { secret } = await insertSession(database.db, {
      accountId: id,
      passkeyId: null,
      at: new Date(Date.now() - 12 * HOUR_MS - 1000),
      expiresAt: new Date(Date.now() + HOUR_MS),
    });
    const refused = await consoleInject(platform.app, {
      method: 'GET',
      url: '/session',
      headers: { cookie: `${CONSOLE_COOKIE}=${secret}` },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json<{ error: string }>().error).toContain('the session was not used for 12 hours');
  });

  it('is refused 7 days after its sign-in, however much it was used', async () => {
    const { id } = await account('viewer');
    const { secret } = await insertSession(database.db, {
      accountId: id,
      passkeyId: null,
      at: new Date(),
      expiresAt: new Date(Date.now() - 1000),
    });
    const refused = await consoleInject(platform.app, {
      method: 'GET',
      url: '/session',
      headers: { cookie: `${CONSOLE_COOKIE}=${secret}` },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json<{ error: string }>().error).toContain('the session expired on');
  });

  it("ends at once when its account is deactivated, in the deactivation's own transaction", async () => {
    const { browser, id } = await signedIn();
    expect((await asOperator('POST', `/operators/${id}/deactivate`)).statusCode).toBe(200);
    const refused = await consoleInject(platform.app, { method: 'GET', url: '/pins', browser });
    expect(refused.statusCode).toBe(401);
    expect(refused.json<{ error: string }>().error).toContain('the account is deactivated');
    const rows = await database.db
      .selectFrom('operator_sessions')
      .select('revoked_at')
      .where('account_id', '=', id)
      .execute();
    expect(rows.every((row) => row.revoked_at !== null)).toBe(true);
  });

  it('answers 401 to an unknown cookie, without an audit row', async () => {
    const before = (await asOperator('GET', '/audit?limit=1000')).json<{ entries: unknown[] }>().entries.length;
    const refused = await consoleInject(platform.app, {
      method: 'GET',
      url: '/pins',
      headers: { cookie: `${CONSOLE_COOKIE}=fcs_nobody` },
    });
    expect(refused.statusCode).toBe(401);
    expect((await asOperator('GET', '/audit?limit=1000')).json<{ entries: unknown[] }>().entries.length).toBe(before);
  });

  it('is not opened by a personal token from another machine, even on the console host', async () => {
    const refused = await platform.app.inject({
      method: 'GET',
      url: '/_admin/pins',
      remoteAddress: '198.51.100.20',
      headers: { ...consoleHeaders(platform.app), authorization: `Bearer ${platform.operatorToken}` },
    });
    expect(refused.statusCode).toBe(403);
  });
});
