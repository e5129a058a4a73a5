import type { Database } from '@forecourt/data/database';
import { insertToken } from '@forecourt/data/operators';
import { pinSnapshot } from '@forecourt/data/pins';
import { TEST_OPERATOR } from '@forecourt/test-kit/operators';
import {
  clearPlatformTables,
  createTestPlatform,
  openSharedDatabase,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';

let database: Database;
let platform: TestPlatform;

const SUMMIT = 'summit-auto-group';
const HARBOURSIDE = 'harbourside-motors';

beforeAll(async () => {
  database = await openSharedDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await clearPlatformTables(database);
  platform = await createTestPlatform(database);
  await platform.publish({ team: 'mf-search', version: '1.1.0' });
});
afterEach(async () => {
  await platform.close();
});

function admin(method: 'GET' | 'POST', url: string, token: string | null, payload?: object) {
  return platform.app.inject({
    method,
    url: `/_admin${url}`,
    payload,
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });
}

const asOperator = (method: 'GET' | 'POST', url: string, payload?: object) =>
  admin(method, url, platform.operatorToken, payload);

let names = 0;
/** A new account made by the test operator, and a token of its own: [token, account id, name]. */
async function account(
  role: 'operator' | 'tenant-manager' | 'viewer',
  tenants?: string[],
): Promise<[string, number, string]> {
  names += 1;
  const name = `${role} ${names} ${Date.now()}`;
  const created = await asOperator('POST', '/operators', { name, role, ...(tenants ? { tenants } : {}) });
  expect(created.statusCode).toBe(201);
  const id = created.json<{ account: { id: number } }>().account.id;
  const issued = await asOperator('POST', '/tokens', { account: id, label: 'laptop' });
  expect(issued.statusCode).toBe(201);
  return [issued.json<{ secret: string }>().secret, id, name];
}

interface Entry {
  accountName: string | null;
  tokenId: number | null;
  action: string;
  tenant: string | null;
  outcome: string;
  before: unknown;
  after: unknown;
  reason: string | null;
}

async function auditOf(name: string): Promise<Entry[]> {
  const response = await asOperator('GET', '/audit?limit=1000');
  return response.json<{ entries: Entry[] }>().entries.filter((entry) => entry.accountName === name);
}

describe('a tenant manager', () => {
  beforeEach(async () => {
    for (const tenant of [SUMMIT, HARBOURSIDE])
      expect((await asOperator('POST', '/pins', { tenant, team: 'mf-search', version: '1.1.0' })).statusCode).toBe(200);
  });

  it("rolls back its own tenant's remote", async () => {
    const [token] = await account('tenant-manager', [SUMMIT]);
    const response = await admin('POST', '/rollback', token, { tenant: SUMMIT, team: 'mf-search', expected: '1.1.0' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      pin: { tenant: SUMMIT, version: '1.0.0' },
      change: { action: 'rollback' },
    });
  });

  it("is refused a pin or rollback of another tenant with 403, and the tenant's pin row is unchanged", async () => {
    const [token, , name] = await account('tenant-manager', [SUMMIT]);
    const before = await pinSnapshot(database.db, HARBOURSIDE, 'mf-search');
    const rollback = await admin('POST', '/rollback', token, {
      tenant: HARBOURSIDE,
      team: 'mf-search',
      expected: '1.1.0',
    });
    const pin = await admin('POST', '/pins', token, { tenant: HARBOURSIDE, team: 'mf-search', version: '1.0.0' });
    expect([rollback.statusCode, pin.statusCode]).toEqual([403, 403]);
    expect(rollback.json<{ error: string }>().error).toBe(
      `${name} (tenant-manager): this account may not rollback on '${HARBOURSIDE}' (it holds ${SUMMIT})`,
    );
    expect(await pinSnapshot(database.db, HARBOURSIDE, 'mf-search')).toEqual(before);
  });

  it('is refused the platform default pin, which every tenant inherits', async () => {
    const [token] = await account('tenant-manager', [SUMMIT]);
    expect((await admin('POST', '/pins', token, { tenant: '*', team: 'mf-search', version: '1.1.0' })).statusCode).toBe(
      403,
    );
  });

  it.each([
    ['publish', 'POST', '/publishes', { team: 'mf-search', version: '1.1.0' }],
    [
      'override',
      'POST',
      '/overrides',
      { tenant: SUMMIT, team: 'mf-search', entry: 'http://localhost:3001/remoteEntry.js' },
    ],
    ['reindex', 'POST', '/reindex', {}],
    ['create accounts', 'POST', '/operators', { name: 'Someone', role: 'viewer' }],
    ['list accounts', 'GET', '/operators', undefined],
  ] as const)('may not %s, even for its own tenant', async (_, method, url, body) => {
    const [token] = await account('tenant-manager', [SUMMIT]);
    expect((await admin(method, url, token, body)).statusCode).toBe(403);
  });

  it("sees its own tenants' pins only, and is refused another tenant's history", async () => {
    const [token] = await account('tenant-manager', [SUMMIT]);
    const overview = (await admin('GET', '/pins', token)).json<{
      effective: Array<{ tenant: string }>;
      pins: Array<{ tenant: string }>;
    }>();
    expect(new Set([...overview.effective, ...overview.pins].map((p) => p.tenant))).toEqual(new Set([SUMMIT]));
    expect((await admin('GET', `/history?tenant=${HARBOURSIDE}`, token)).statusCode).toBe(403);
  });

  it('reads the audit of its own tenants only', async () => {
    const [token] = await account('tenant-manager', [SUMMIT]);
    const entries = (await admin('GET', '/audit?limit=1000', token)).json<{ entries: Entry[] }>().entries;
    expect(entries.length).toBeGreaterThan(0);
    expect(new Set(entries.map((entry) => entry.tenant))).toEqual(new Set([SUMMIT]));
  });
});

describe('a viewer', () => {
  it.each([
    ['pin', '/pins', { tenant: HARBOURSIDE, team: 'mf-search', version: '1.1.0' }],
    ['canary', '/canary', { tenant: HARBOURSIDE, team: 'mf-search', version: '1.1.0', percent: 10 }],
    ['promote', '/promote', { tenant: HARBOURSIDE, team: 'mf-search', expected: '1.0.0' }],
    ['rollback', '/rollback', { tenant: HARBOURSIDE, team: 'mf-search', expected: '1.0.0' }],
    [
      'override',
      '/overrides',
      { tenant: HARBOURSIDE, team: 'mf-search', entry: 'http://localhost:3001/remoteEntry.js' },
    ],
    ['publish', '/publishes', { team: 'mf-search', version: '1.1.0' }],
    ['make an account', '/operators', { name: 'Someone', role: 'operator' }],
  ])('may not %s, and the refusal is audited with its name', async (action, url, body) => {
    const [token, , name] = await account('viewer');
    const response = await admin('POST', url, token, body);
    expect(response.statusCode).toBe(403);
    expect(response.json<{ error: string }>().error).toContain(`${name} (viewer): a viewer may not`);
    expect(await auditOf(name)).toEqual([
      expect.objectContaining({ outcome: 'refused', reason: expect.stringContaining('403') }),
    ]);
  });

  it('may not make a token for another account', async () => {
    const [token] = await account('viewer');
    const [, otherId] = await account('viewer');
    expect((await admin('POST', '/tokens', token, { account: otherId })).statusCode).toBe(403);
  });

  it('reads the pins, and makes a token for itself', async () => {
    const [token] = await account('viewer');
    expect((await admin('GET', '/pins', token)).statusCode).toBe(200);
    expect((await admin('POST', '/tokens', token, { label: 'phone', days: 7 })).statusCode).toBe(201);
  });
});

describe('tokens', () => {
  it('stop working at once when their account is deactivated', async () => {
    const [token, id, name] = await account('viewer');
    expect((await admin('GET', '/pins', token)).statusCode).toBe(200);
    expect((await asOperator('POST', `/operators/${id}/deactivate`)).statusCode).toBe(200);
    const refused = await admin('GET', '/pins', token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json<{ error: string }>().error).toContain('the account is deactivated');
    const rows = await database.db
      .selectFrom('operator_tokens')
      .select('revoked_at')
      .where('account_id', '=', id)
      .execute();
    expect(rows.every((row) => row.revoked_at !== null)).toBe(true);
    expect((await auditOf(name)).map((entry) => entry.outcome)).toEqual(['refused']);
  });

  it('are refused once expired', async () => {
    const [, id] = await account('operator');
    // Expiry is written once: a token made already expired stands for one whose day has passed.
    const expired = await insertToken(database.db, {
      accountId: id,
      label: 'old',
      expiresAt: new Date(Date.now() - 1000),
      createdBy: 'test',
    });
    const response = await admin('GET', '/pins', expired.secret);
    expect(response.statusCode).toBe(401);
    expect(response.json<{ error: string }>().error).toContain('the token expired');
  });

  it('expire after 90 days unless asked otherwise, and keep only a hash of the secret', async () => {
    const issued = (await asOperator('POST', '/tokens', {})).json<{
      token: { id: number; expiresAt: string };
      secret: string;
    }>();
    const days = (new Date(issued.token.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);
    const row = await database.db
      .selectFrom('operator_tokens')
      .selectAll()
      .where('id', '=', issued.token.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(issued.secret);
  });

  it('records when a token was last used', async () => {
    const [token, id] = await account('viewer');
    await admin('GET', '/pins', token);
    const rows = await database.db
      .selectFrom('operator_tokens')
      .select('last_used_at')
      .where('account_id', '=', id)
      .execute();
    expect(rows[0]?.last_used_at).not.toBeNull();
  });
});

describe('the shared admin token', () => {
  beforeEach(async () => {
    await database.db.deleteFrom('operator_tokens').execute();
    await database.db.deleteFrom('operator_accounts').execute();
  });

  it('creates the first operator once, then answers 401 saying to use a personal token', async () => {
    expect((await admin('GET', '/pins', platform.adminToken)).statusCode).toBe(401);
    const first = await admin('POST', '/operators/first', platform.adminToken, { name: 'Ada' });
    expect(first.statusCode).toBe(201);
    const { secret } = first.json<{ secret: string }>();
    expect((await admin('GET', '/pins', secret)).statusCode).toBe(200);

    const again = await admin('POST', '/operators/first', platform.adminToken, { name: 'Mallory' });
    expect(again.statusCode).toBe(401);
    expect(again.json<{ error: string }>().error).toMatch(
      /^The shared admin token only creates the first operator, which exists: use a personal token/,
    );
    expect((await admin('GET', '/pins', platform.adminToken)).statusCode).toBe(401);
  });

  it('names the field of a bad first-operator body', async () => {
    const response = await admin('POST', '/operators/first', platform.adminToken, { name: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'name' });
  });
});

describe('promote and rollback of a stale view', () => {
  beforeEach(async () => {
    await asOperator('POST', '/pins', { tenant: HARBOURSIDE, team: 'mf-search', version: '1.1.0' });
  });

  it('refuse a rollback sent with a pin that has changed since, with 409 and the current version', async () => {
    const before = await pinSnapshot(database.db, HARBOURSIDE, 'mf-search');
    const response = await asOperator('POST', '/rollback', {
      tenant: HARBOURSIDE,
      team: 'mf-search',
      expected: '1.0.0',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ current: '1.1.0' });
    expect(await pinSnapshot(database.db, HARBOURSIDE, 'mf-search')).toEqual(before);
  });

  it('refuse a promote sent with a pin that has changed since', async () => {
    await asOperator('POST', '/canary', { tenant: HARBOURSIDE, team: 'mf-search', version: '1.0.0', percent: 20 });
    const before = await pinSnapshot(database.db, HARBOURSIDE, 'mf-search');
    const response = await asOperator('POST', '/promote', {
      tenant: HARBOURSIDE,
      team: 'mf-search',
      expected: '1.0.0',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ current: '1.1.0' });
    expect(await pinSnapshot(database.db, HARBOURSIDE, 'mf-search')).toEqual(before);
    await database.db.deleteFrom('canaries').execute();
  });

  it('need the version the caller saw, naming the field', async () => {
    const response = await asOperator('POST', '/rollback', { tenant: HARBOURSIDE, team: 'mf-search' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'expected' });
  });
});

describe('accounts', () => {
  it('a tenant manager must name its tenants, and only known ones', async () => {
    const none = await asOperator('POST', '/operators', { name: 'Tess', role: 'tenant-manager' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ field: 'tenants' });
    const unknown = await asOperator('POST', '/operators', {
      name: 'Tess',
      role: 'tenant-manager',
      tenants: ['nowhere'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'tenants', error: "tenants: unknown tenant 'nowhere'" });
  });

  it("are not made first by a personal token, even an operator's", async () => {
    expect((await asOperator('POST', '/operators/first', { name: 'Mallory' })).statusCode).toBe(403);
  });

  it('the last active operator cannot be deactivated', async () => {
    const me = (await asOperator('GET', '/operators/me')).json<{ account: { id: number } }>();
    expect((await asOperator('POST', `/operators/${me.account.id}/deactivate`)).statusCode).toBe(409);
  });
});

describe('the operator audit', () => {
  it('holds every change and refusal with the name, the token and the pin row before and after', async () => {
    const [token, , name] = await account('tenant-manager', [SUMMIT]);
    const tokenId = (await admin('GET', '/operators/me', token)).json<{ tokenId: number }>().tokenId;
    await admin('POST', '/pins', token, { tenant: SUMMIT, team: 'mf-search', version: '1.1.0' });
    await admin('POST', '/pins', token, { tenant: HARBOURSIDE, team: 'mf-search', version: '1.1.0' });
    expect(await auditOf(name)).toEqual([
      expect.objectContaining({ action: 'pin', tenant: HARBOURSIDE, outcome: 'refused', tokenId }),
      expect.objectContaining({
        action: 'pin',
        tenant: SUMMIT,
        outcome: 'allowed',
        tokenId,
        before: { pin: { tenant: '*', version: '1.0.0', lastGoodVersion: null }, canary: null },
        after: { pin: { tenant: SUMMIT, version: '1.1.0', lastGoodVersion: '1.0.0' }, canary: null },
      }),
    ]);
    expect((await auditOf(TEST_OPERATOR)).map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['operators.create', 'tokens.create']),
    );
  });

  it('audits a refused token with the account and token it belonged to', async () => {
    const [token, id, name] = await account('viewer');
    const tokenId = (await admin('GET', '/operators/me', token)).json<{ tokenId: number }>().tokenId;
    await asOperator('POST', `/operators/${id}/deactivate`);
    await admin('POST', '/pins', token, { tenant: SUMMIT, team: 'mf-search', version: '1.1.0' });
    expect(await auditOf(name)).toEqual([
      expect.objectContaining({
        outcome: 'refused',
        tokenId,
        action: 'pin',
        reason: expect.stringMatching(/^401: .*the account is deactivated.*\(POST \/_admin\/pins\)$/),
      }),
    ]);
  });
});
