import { PLATFORM_EVENT } from '@forecourt/shared-config/failures';
import { SHELL_SERVER_VERSION } from '@forecourt/shell/server';
import type { Database } from '@forecourt/data/database';
import { TEST_OPERATOR } from '@forecourt/test-kit/operators';
import {
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
  await platform.publish({ team: 'mf-search', version: '1.1.0' });
});
afterEach(async () => {
  await platform.close();
});

function admin(method: 'GET' | 'POST', url: string, payload?: object, token: string | null = platform.operatorToken) {
  return platform.app.inject({
    method,
    url,
    payload,
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });
}

describe('admin API auth', () => {
  it('answers 401 without a token', async () => {
    expect((await admin('GET', '/_admin/pins', undefined, null)).statusCode).toBe(401);
  });

  it('answers 401 for a wrong token', async () => {
    expect((await admin('GET', '/_admin/pins', undefined, 'x'.repeat(64))).statusCode).toBe(401);
  });

  it('answers 403 to a caller that is not on this machine, even with the token', async () => {
    const response = await platform.app.inject({
      method: 'GET',
      url: '/_admin/pins',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${platform.operatorToken}` },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('admin API pins', () => {
  it("pins a version and records who (the token's account), from and to in the history", async () => {
    const response = await admin('POST', '/_admin/pins', {
      tenant: 'harbourside-motors',
      team: 'mf-search',
      version: '1.1.0',
    });
    expect(response.statusCode).toBe(200);
    const history = (await admin('GET', '/_admin/history?tenant=harbourside-motors')).json<{ changes: object[] }>();
    expect(history.changes).toEqual([
      expect.objectContaining({
        tenant: 'harbourside-motors',
        team: 'mf-search',
        fromVersion: '1.0.0',
        toVersion: '1.1.0',
        action: 'pin',
        actor: TEST_OPERATOR,
      }),
    ]);
  });

  it('keeps the version the tenant ran as last good', async () => {
    const response = await admin('POST', '/_admin/pins', {
      tenant: 'harbourside-motors',
      team: 'mf-search',
      version: '1.1.0',
    });
    expect(response.json()).toMatchObject({ pin: { version: '1.1.0', lastGoodVersion: '1.0.0' } });
  });

  it('rolls back to last good', async () => {
    await admin('POST', '/_admin/pins', { tenant: 'harbourside-motors', team: 'mf-search', version: '1.1.0' });
    const response = await admin('POST', '/_admin/rollback', {
      tenant: 'harbourside-motors',
      team: 'mf-search',
      expected: '1.1.0',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      pin: { version: '1.0.0' },
      change: { action: 'rollback', fromVersion: '1.1.0', toVersion: '1.0.0' },
    });
  });

  it('refuses a version that is not published, listing what is', async () => {
    const response = await admin('POST', '/_admin/pins', {
      tenant: 'harbourside-motors',
      team: 'mf-search',
      version: '3.0.0',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'mf-search 3.0.0 is not published (published: 1.0.0, 1.1.0)' });
  });

  it('refuses an unknown tenant', async () => {
    const response = await admin('POST', '/_admin/pins', { tenant: 'nobody', team: 'mf-search', version: '1.1.0' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "Unknown tenant 'nobody'" });
  });

  it('refuses a remote the tenant switched off', async () => {
    const response = await admin('POST', '/_admin/pins', {
      tenant: 'coastal-caravans',
      team: 'mf-finance',
      version: '1.0.0',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ error: string }>().error).toContain('mf-finance is switched off for coastal-caravans');
  });

  it('refuses a body without a version, naming the field', async () => {
    const response = await admin('POST', '/_admin/pins', { tenant: 'harbourside-motors', team: 'mf-search' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'version' });
  });

  it('lists each tenant’s effective pins and the published versions', async () => {
    await admin('POST', '/_admin/pins', { tenant: 'redgum-used-cars', team: 'mf-search', version: '1.1.0' });
    const overview = (await admin('GET', '/_admin/pins')).json<{
      effective: Array<{ tenant: string; team: string; version: string; source: string }>;
      published: Record<string, string[]>;
    }>();
    expect(overview.effective).toContainEqual(
      expect.objectContaining({ tenant: 'redgum-used-cars', team: 'mf-search', version: '1.1.0', source: 'tenant' }),
    );
    expect(overview.effective).toContainEqual(
      expect.objectContaining({
        tenant: 'harbourside-motors',
        team: 'shell',
        version: SHELL_SERVER_VERSION,
        source: 'default',
      }),
    );
    expect(overview.effective.filter((p) => p.tenant === 'coastal-caravans').map((p) => p.team)).not.toContain(
      'mf-finance',
    );
    expect(overview.published['mf-search']).toEqual(['1.0.0', '1.1.0']);
  });
});

describe('admin API canaries', () => {
  const TENANT = 'harbourside-motors';
  // The shared database's clean-up between tests predates canaries: these tests remove theirs.
  afterEach(async () => {
    await database.db.deleteFrom('canaries').execute();
  });
  beforeEach(async () => {
    await admin('POST', '/_admin/pins', { tenant: TENANT, team: 'mf-search', version: '1.1.0' });
  });

  const startCanary = (body: object = {}) =>
    admin('POST', '/_admin/canary', { tenant: TENANT, team: 'mf-search', version: '1.0.0', percent: 50, ...body });

  it('starts a canary and answers it with the pin the other shoppers keep', async () => {
    const response = await startCanary();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      canary: { tenant: TENANT, team: 'mf-search', version: '1.0.0', percent: 50, actor: TEST_OPERATOR },
      pin: { version: '1.1.0' },
      change: { action: 'canary', fromVersion: '1.1.0', toVersion: '1.0.0', percent: 50 },
    });
  });

  it.each([
    ['above 99', { percent: 100 }],
    ['below 1', { percent: 0 }],
    ['not whole', { percent: 12.5 }],
    ['a string', { percent: '50' }],
  ])('refuses a percent %s with a 400 naming percent', async (_, body) => {
    const response = await startCanary(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'percent' });
  });

  it('refuses a body without a version, naming the field', async () => {
    const response = await admin('POST', '/_admin/canary', { tenant: TENANT, team: 'mf-search', percent: 50 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'version' });
  });

  it('refuses a version that is not published', async () => {
    const response = await startCanary({ version: '3.0.0' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'mf-search 3.0.0 is not published (published: 1.0.0, 1.1.0)' });
  });

  it('refuses a canary of the version already pinned', async () => {
    const response = await startCanary({ version: '1.1.0' });
    expect(response.statusCode).toBe(409);
  });

  it('lists the canary in the overview next to the pin', async () => {
    await startCanary();
    const overview = (await admin('GET', '/_admin/pins')).json<{ effective: object[]; canaries: object[] }>();
    expect(overview.effective).toContainEqual(
      expect.objectContaining({
        tenant: TENANT,
        team: 'mf-search',
        version: '1.1.0',
        canary: { version: '1.0.0', percent: 50 },
      }),
    );
    expect(overview.canaries).toEqual([
      expect.objectContaining({ tenant: TENANT, team: 'mf-search', version: '1.0.0', percent: 50 }),
    ]);
  });

  it('promotes the canary: its version becomes the pin, the old pin last good', async () => {
    await startCanary();
    const response = await admin('POST', '/_admin/promote', { tenant: TENANT, team: 'mf-search', expected: '1.1.0' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      pin: { version: '1.0.0', lastGoodVersion: '1.1.0' },
      change: { action: 'promote', percent: 50, actor: TEST_OPERATOR },
    });
    expect((await admin('GET', '/_admin/pins')).json<{ canaries: object[] }>().canaries).toEqual([]);
  });

  it('answers 404 to a promote with no canary', async () => {
    const response = await admin('POST', '/_admin/promote', { tenant: TENANT, team: 'mf-search', expected: '1.1.0' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'harbourside-motors has no canary of mf-search to promote' });
  });

  it('refuses a promote body without a team, naming the field', async () => {
    const response = await admin('POST', '/_admin/promote', { tenant: TENANT, expected: '1.1.0' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'team' });
  });

  it('drops the canary on a rollback and keeps the pin', async () => {
    await startCanary();
    const response = await admin('POST', '/_admin/rollback', { tenant: TENANT, team: 'mf-search', expected: '1.1.0' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      pin: { version: '1.1.0' },
      change: { action: 'rollback', fromVersion: '1.0.0', toVersion: '1.1.0', percent: 50 },
      droppedCanary: { version: '1.0.0' },
    });
    expect((await admin('GET', '/_admin/pins')).json<{ canaries: object[] }>().canaries).toEqual([]);
  });

  it('filters the history by tenant and team', async () => {
    await startCanary();
    await admin('POST', '/_admin/pins', { tenant: TENANT, team: 'mf-leads', version: '1.0.0' });
    const response = await admin('GET', `/_admin/history?tenant=${TENANT}&team=mf-search`);
    expect(
      response.json<{ changes: Array<{ team: string; action: string }> }>().changes.map((c) => [c.team, c.action]),
    ).toEqual([
      ['mf-search', 'canary'],
      ['mf-search', 'pin'],
    ]);
  });

  it('needs a personal token like every admin route', async () => {
    const response = await admin(
      'POST',
      '/_admin/canary',
      { tenant: TENANT, team: 'mf-search', version: '1.0.0', percent: 50 },
      null,
    );
    expect(response.statusCode).toBe(401);
  });
});

describe('admin API failures', () => {
  const report = (tenant: string, kind: string, remote: string, version: string) =>
    platform.app.inject({
      method: 'POST',
      url: '/api/events',
      payload: {
        eventId: PLATFORM_EVENT.failure,
        payload: { kind, remote, version, detail: 'Error: boom' },
        path: '/',
      },
      headers: { 'x-forecourt-tenant': tenant },
    });

  it('counts the failures the shells reported per tenant, remote, version and kind', async () => {
    await report('harbourside-motors', 'render', 'mf-search', '1.1.0');
    await report('harbourside-motors', 'render', 'mf-search', '1.1.0');
    await report('harbourside-motors', 'fragment-timeout', 'mf-finance', '1.0.0');
    const response = await admin('GET', '/_admin/failures?tenant=harbourside-motors');
    expect(response.statusCode).toBe(200);
    const rows = (response.json() as { failures: Array<Record<string, unknown>> }).failures.map(
      ({ remote, version, kind, count }) => [remote, version, kind, count],
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        ['mf-search', '1.1.0', 'render', 2],
        ['mf-finance', '1.0.0', 'fragment-timeout', 1],
      ]),
    );
    expect(rows).toHaveLength(2);
  });

  it("keeps one tenant's failures out of another's list", async () => {
    await report('summit-auto-group', 'entry', 'mf-locations', '1.0.1');
    const response = await admin('GET', '/_admin/failures?tenant=harbourside-motors');
    expect(response.json()).toEqual({ failures: [] });
  });

  it('refuses an unknown tenant', async () => {
    const response = await admin('GET', '/_admin/failures?tenant=nobody');
    expect(response.statusCode).toBe(404);
  });
});

describe('admin API synonyms', () => {
  const put = (payload: object) =>
    platform.app.inject({
      method: 'PUT',
      url: '/_admin/synonyms/punctuation',
      payload,
      headers: { authorization: `Bearer ${platform.operatorToken}` },
    });

  it.each(['*', '-', '!'])("answers 400 naming the input for a one-way synonym of '%s' alone", async (input) => {
    const response = await put({ type: 'onewaysynonym', input, synonyms: ['ute'] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      field: 'input',
      error: expect.stringContaining('a word with at least one letter or digit'),
    });
  });

  it('answers 400 naming the word for a synonym of punctuation', async () => {
    const response = await put({ type: 'synonym', synonyms: ['ute', '!!'] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'synonyms.1' });
  });
});
