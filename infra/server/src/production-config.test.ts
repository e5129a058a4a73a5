import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@forecourt/config/load';
import { IdentityService } from '@forecourt/domain/identity/identity-service';
import { OutboxSmsGateway, readOutbox } from '@forecourt/domain/identity/sms-gateway';
import type { Database } from '@forecourt/data/database';
import {
  clearPlatformTables,
  createTestPlatform,
  openSharedDatabase,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';
import { signOverride, verifyOverride } from '@forecourt/pages/override';
import { installSecret } from '@forecourt/config/secrets';

/** A complete production configuration, every partner on its simulator, secrets rotating. */
const PRODUCTION = {
  NODE_ENV: 'production',
  // The app is given the test's open database; the variable only has to be there.
  DATABASE_URL: 'postgres://forecourt@db.internal/forecourt',
  FORECOURT_IDENTITY_SECRET: 'identity-current-0123456789',
  FORECOURT_IDENTITY_SECRET_PREVIOUS: 'identity-previous-0123456789',
  FORECOURT_OVERRIDE_SECRET: 'override-current-0123456789',
  FORECOURT_OVERRIDE_SECRET_PREVIOUS: 'override-previous-0123456789',
  FORECOURT_ADMIN_TOKEN: 'admin-current-0123456789',
  FORECOURT_ADMIN_TOKEN_PREVIOUS: 'admin-previous-0123456789',
  SEARCH_APP_ID: 'FORECOURT',
  SEARCH_ADMIN_KEY: 'search-admin-key',
  SEARCH_SEARCH_KEY: 'search-search-key',
  FORECOURT_PAYMENTS: 'simulator',
  FORECOURT_CRM: 'simulator',
  FORECOURT_SMS: 'simulator',
  FORECOURT_FINANCE_PARTNER: 'simulator',
  FORECOURT_GEOCODING: 'simulator',
};
const HOST = 'harbourside-motors.example.com.au';

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
});

const get = (url: string) => platform.app.inject({ method: 'GET', url, headers: { host: HOST } });
/** The first operator's creation, the one thing the shared admin token does (while no operator exists). */
const firstOperatorWith = async (token: string) => {
  await database.db.deleteFrom('operator_tokens').execute();
  await database.db.deleteFrom('operator_accounts').execute();
  return platform.app.inject({
    method: 'POST',
    url: '/_admin/operators/first',
    payload: { name: 'Ada' },
    headers: { authorization: `Bearer ${token}` },
  });
};

describe('a production server', () => {
  // A server of its own for each test: the admin token's tests remove the operator it starts with.
  beforeEach(async () => {
    platform = await createTestPlatform(database, { config: loadConfig(PRODUCTION) });
  });
  afterEach(async () => {
    await platform.close();
  });

  it('serves none of the development pages under /_dev', async () => {
    for (const url of [
      '/_dev/outbox',
      '/_dev/outbox.json',
      '/_dev/crm',
      '/_dev/crm.json',
      '/_dev/finance-partner/anything',
      '/_dev/overrides',
    ]) {
      expect({ url, status: (await get(url)).statusCode }).toEqual({ url, status: 404 });
    }
  });

  it('still lets a browser clear its own override (the banner posts to /_dev/override/clear)', async () => {
    const response = await platform.app.inject({
      method: 'POST',
      url: '/_dev/override/clear',
      payload: 'return=%2Ffinance',
      headers: { host: HOST, origin: `https://${HOST}`, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect({ status: response.statusCode, location: response.headers.location }).toEqual({
      status: 303,
      location: '/finance',
    });
  });

  it('takes its admin token from the configuration, not the data folder', async () => {
    expect(platform.adminToken).toBe(PRODUCTION.FORECOURT_ADMIN_TOKEN);
    expect((await firstOperatorWith(PRODUCTION.FORECOURT_ADMIN_TOKEN)).statusCode).toBe(201);
  });

  it('writes no secret into the data folder', async () => {
    const written = await fs.readdir(platform.dataDir);
    for (const file of ['admin-token', 'identity-secret', 'override-secret']) expect(written).not.toContain(file);
  });

  it('accepts the previous admin token while it is rotated out, and no other', async () => {
    expect((await firstOperatorWith('admin-someone-elses-token')).statusCode).toBe(401);
    expect((await firstOperatorWith(PRODUCTION.FORECOURT_ADMIN_TOKEN_PREVIOUS)).statusCode).toBe(201);
  });

  it('honours an override link signed with the previous override secret, and signs new ones with the current', async () => {
    const override = {
      tenant: 'harbourside-motors',
      remotes: { 'mf-search': 'http://localhost:3001/remoteEntry.js' },
      expiresAt: Math.floor(Date.now() / 1000) + 600,
    };
    const open = (secret: string) =>
      platform.app.inject({
        method: 'GET',
        url: `/_dev/override?grant=${encodeURIComponent(signOverride(secret, 'grant', override))}`,
        headers: { host: HOST },
      });
    expect((await open(PRODUCTION.FORECOURT_OVERRIDE_SECRET_PREVIOUS)).statusCode).toBe(303);
    expect((await open(PRODUCTION.FORECOURT_OVERRIDE_SECRET)).statusCode).toBe(303);
    expect((await open('a-secret-nobody-configured')).statusCode).toBe(400);

    const link = await platform.app.inject({
      method: 'POST',
      url: '/_admin/overrides',
      payload: { tenant: 'harbourside-motors', team: 'mf-search', entry: 'http://localhost:3001/remoteEntry.js' },
      headers: { authorization: `Bearer ${platform.operatorToken}` },
    });
    const grant = new URL(link.json<{ path: string }>().path, `https://${HOST}`).searchParams.get('grant') ?? undefined;
    expect(
      verifyOverride(PRODUCTION.FORECOURT_OVERRIDE_SECRET, 'grant', grant, Math.floor(Date.now() / 1000), {
        allowedHosts: null,
      }),
    ).not.toBeNull();
  });
});

describe('the identity secret during a rotation', () => {
  const PHONE = '0412345678';
  const TENANT = 'harbourside-motors';
  const sms = () => new OutboxSmsGateway(database.db, () => undefined);
  const sentCode = async () => /^(\d{6}) /.exec((await readOutbox(database.db, TENANT, 1))[0]?.body ?? '')?.[1] ?? '';

  it('still signs in with a code sent just before it (checked against the previous secret)', async () => {
    await new IdentityService(database.db, { current: 'old-secret', previous: undefined }, sms()).sendCode({
      tenant: TENANT,
      siteName: 'Harbourside Motors',
      phone: PHONE,
      details: {},
      clientAddress: null,
    });
    const rotated = new IdentityService(database.db, { current: 'new-secret', previous: 'old-secret' }, sms());
    expect(
      await rotated.verifyCode({ tenant: TENANT, phone: PHONE, code: await sentCode(), dealershipSlug: null }),
    ).toMatchObject({ ok: true });
  });

  it('refuses that code once the previous secret is dropped', async () => {
    await new IdentityService(database.db, { current: 'old-secret', previous: undefined }, sms()).sendCode({
      tenant: TENANT,
      siteName: 'Harbourside Motors',
      phone: PHONE,
      details: {},
      clientAddress: null,
    });
    const after = new IdentityService(database.db, { current: 'new-secret', previous: undefined }, sms());
    expect(
      await after.verifyCode({ tenant: TENANT, phone: PHONE, code: await sentCode(), dealershipSlug: null }),
    ).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('hashes new codes with the current secret', async () => {
    await new IdentityService(database.db, { current: 'new-secret', previous: 'old-secret' }, sms()).sendCode({
      tenant: TENANT,
      siteName: 'Harbourside Motors',
      phone: PHONE,
      details: {},
      clientAddress: null,
    });
    const onlyCurrent = new IdentityService(database.db, { current: 'new-secret', previous: undefined }, sms());
    expect(
      await onlyCurrent.verifyCode({ tenant: TENANT, phone: PHONE, code: await sentCode(), dealershipSlug: null }),
    ).toMatchObject({ ok: true });
  });
});

describe('install secrets outside production', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'forecourt-secrets-'));
  });
  afterEach(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('are made once in the data folder when the configuration gives none (the demo)', async () => {
    const first = await installSecret(loadConfig({}), 'FORECOURT_IDENTITY_SECRET', dataDir, 'identity-secret');
    const again = await installSecret(loadConfig({}), 'FORECOURT_IDENTITY_SECRET', dataDir, 'identity-secret');
    expect(first.current).toMatch(/^[0-9a-f]{64}$/);
    expect(again).toEqual(first);
  });

  it('are never read from the data folder in production', async () => {
    await expect(
      installSecret(loadConfig({ NODE_ENV: 'production' }), 'FORECOURT_OVERRIDE_SECRET', dataDir, 'override-secret'),
    ).rejects.toThrow('FORECOURT_OVERRIDE_SECRET is required in production');
  });
});
