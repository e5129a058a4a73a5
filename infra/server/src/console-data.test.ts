import { sql } from 'kysely';
import { PLATFORM_EVENT } from '@forecourt/shared-config/failures';
import type { Database } from '@forecourt/data/database';
import { accountToken, adminCall, beacon, clearConsoleTables } from '@forecourt/test-kit/console-data';
import {
  clearPlatformTables,
  createTestPlatform,
  openSharedDatabase,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';

/**
 * The console's overview and a remote's page, through the real app over HTTP: every number a
 * console user sees is the database's.
 */
let database: Database;
let platform: TestPlatform;

const HARBOURSIDE = 'harbourside-motors';
const SUMMIT = 'summit-auto-group';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.104 Mobile Safari/537.36';

beforeAll(async () => {
  database = await openSharedDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await clearPlatformTables(database);
  await clearConsoleTables(database);
  platform = await createTestPlatform(database, { canaryAlerts: { intervalMs: 0, webhookUrl: null } });
  await platform.publish({ team: 'mf-search', version: '1.1.0' });
});
afterEach(async () => {
  await platform.close();
});

const clean = (tenant: string, version: string) =>
  beacon(platform.app, tenant, PLATFORM_EVENT.appMounted, { remote: 'mf-search', version });
const failure = (tenant: string, version: string, kind: string, options: { userAgent?: string; path?: string } = {}) =>
  beacon(
    platform.app,
    tenant,
    PLATFORM_EVENT.failure,
    { remote: 'mf-search', version, kind, detail: `TypeError: ${kind} broke` },
    options,
  );

async function times(count: number, send: () => Promise<{ statusCode: number }>): Promise<void> {
  for (let i = 0; i < count; i += 1) expect((await send()).statusCode).toBe(202);
}

interface Version {
  version: string;
  role: string;
  clean: number;
  failures: Record<string, number>;
  buckets: Array<{ at: string; clean: number; failures: number }>;
}
interface Remote {
  team: string;
  pin: string | null;
  canary: { version: string; share: number } | null;
  lastGood: string | null;
  flagged: boolean;
  versions: Version[];
}
interface Overview {
  window: string;
  since: string;
  bucketSeconds: number;
  tenants: Array<{ tenant: string; name: string; remotes: Remote[] }>;
}

const remoteOf = (overview: Overview, tenant: string, team = 'mf-search') =>
  overview.tenants.find((entry) => entry.tenant === tenant)?.remotes.find((remote) => remote.team === team);

/** What the buckets hold for a tenant's remote from `since` on, per version and kind. */
async function databaseCounts(tenant: string, since: string): Promise<Record<string, Record<string, number>>> {
  const rows = await sql<{ version: string; kind: string; total: number }>`
    select version, kind, sum(count)::int as total from version_health_buckets
    where tenant = ${tenant} and team = 'mf-search' and bucket_start >= ${since}::timestamptz group by version, kind`.execute(
    database.db,
  );
  const counts: Record<string, Record<string, number>> = {};
  for (const row of rows.rows) (counts[row.version] ??= {})[row.kind] = Number(row.total);
  return counts;
}

/** A version's counts as the console shows them, in the database's shape (zeros left out). */
const shown = (version: Version) =>
  Object.fromEntries(Object.entries({ clean: version.clean, ...version.failures }).filter(([, count]) => count > 0));

describe('GET /_admin/overview', () => {
  it("shows each version's clean mounts and failures by kind as the buckets and the totals count them", async () => {
    await platform.app.pins.canary({
      tenant: HARBOURSIDE,
      team: 'mf-search',
      version: '1.1.0',
      percent: 50,
      actor: 'test',
    });
    await times(3, () => clean(HARBOURSIDE, '1.0.0'));
    await times(1, () => failure(HARBOURSIDE, '1.0.0', 'mount'));
    await times(2, () => clean(HARBOURSIDE, '1.1.0'));
    await times(2, () => failure(HARBOURSIDE, '1.1.0', 'render'));
    await times(1, () => failure(HARBOURSIDE, '1.1.0', 'something-new'));

    const response = await adminCall(platform.app, platform.operatorToken, 'GET', '/overview');
    expect(response.statusCode).toBe(200);
    const overview = response.json<Overview>();
    const remote = remoteOf(overview, HARBOURSIDE)!;
    expect(remote).toMatchObject({ pin: '1.0.0', canary: { version: '1.1.0', share: 50 }, flagged: false });
    const pin = remote.versions.find((version) => version.version === '1.0.0')!;
    const canary = remote.versions.find((version) => version.version === '1.1.0')!;
    expect([pin.role, canary.role]).toEqual(['pin', 'canary']);
    expect(shown(pin)).toEqual({ clean: 3, mount: 1 });
    expect(shown(canary)).toEqual({ clean: 2, render: 2, other: 1 });
    expect({ '1.0.0': shown(pin), '1.1.0': shown(canary) }).toEqual(await databaseCounts(HARBOURSIDE, overview.since));
    // The buckets add up to what the totals (last good's) counted.
    const totals = await database.db
      .selectFrom('version_health')
      .select(['version', 'clean_mounts', 'failures'])
      .where('tenant', '=', HARBOURSIDE)
      .orderBy('version')
      .execute();
    expect(totals.map((row) => [row.version, Number(row.clean_mounts), Number(row.failures)])).toEqual([
      ['1.0.0', 3, 1],
      ['1.1.0', 2, 3],
    ]);
  });

  it('charts the hour in twelve five-minute buckets and the day in twenty-four hours, each report in its own', async () => {
    const now = Date.now();
    const at = (minutesAgo: number) => new Date(Math.floor((now - minutesAgo * 60_000) / 300_000) * 300_000);
    const row = (minutesAgo: number, count: number) => ({
      tenant: SUMMIT,
      team: 'mf-search',
      version: '1.0.0',
      bucket_start: at(minutesAgo),
      kind: 'clean' as const,
      count,
    });
    await database.db
      .insertInto('version_health_buckets')
      .values([row(0, 4), row(20, 3), row(180, 7)])
      .execute();

    const hour = (
      await adminCall(platform.app, platform.operatorToken, 'GET', '/overview?window=hour')
    ).json<Overview>();
    const hourPin = remoteOf(hour, SUMMIT)!.versions[0]!;
    expect(hour.bucketSeconds).toBe(300);
    expect(hourPin.buckets).toHaveLength(12);
    expect(hourPin.clean).toBe(7);
    expect(hourPin.buckets.at(-1)).toEqual({ at: at(0).toISOString(), clean: 4, failures: 0 });
    expect(hourPin.buckets.find((bucket) => bucket.at === at(20).toISOString())).toEqual({
      at: at(20).toISOString(),
      clean: 3,
      failures: 0,
    });

    const day = (await adminCall(platform.app, platform.operatorToken, 'GET', '/overview?window=day')).json<Overview>();
    const dayPin = remoteOf(day, SUMMIT)!.versions[0]!;
    expect(day.bucketSeconds).toBe(3600);
    expect(dayPin.buckets).toHaveLength(24);
    expect(dayPin.clean).toBe(14);
    expect(dayPin.buckets.reduce((sum, bucket) => sum + bucket.clean, 0)).toBe(14);
    expect(shown(dayPin)).toEqual((await databaseCounts(SUMMIT, day.since))['1.0.0']);
  });

  it('answers 400 naming the field for a window it does not know', async () => {
    const response = await adminCall(platform.app, platform.operatorToken, 'GET', '/overview?window=week');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: expect.stringMatching(/^window: /), field: 'window' });
  });

  it("shows a tenant manager only its own tenants' rows", async () => {
    await times(2, () => clean(HARBOURSIDE, '1.0.0'));
    await times(1, () => clean(SUMMIT, '1.0.0'));
    const manager = await accountToken(platform.app, 'tenant-manager', [SUMMIT]);
    const overview = (await adminCall(platform.app, manager, 'GET', '/overview')).json<Overview>();
    expect(overview.tenants.map((tenant) => tenant.tenant)).toEqual([SUMMIT]);
    expect(remoteOf(overview, SUMMIT)!.versions[0]!.clean).toBe(1);
  });

  it('shows a viewer of every tenant every tenant', async () => {
    const viewer = await accountToken(platform.app, 'viewer', null);
    const overview = (await adminCall(platform.app, viewer, 'GET', '/overview')).json<Overview>();
    expect(overview.tenants.map((tenant) => tenant.tenant).sort()).toEqual(
      platform.app.tenants.all.map((tenant) => tenant.slug).sort(),
    );
  });

  it('answers 401 without a token', async () => {
    expect((await platform.app.inject({ method: 'GET', url: '/_admin/overview' })).statusCode).toBe(401);
  });
});

describe('GET /_admin/tenants/:tenant/remotes/:team', () => {
  it("gives the remote's block, its pin history and its latest failures with page and browser", async () => {
    await platform.app.pins.canary({
      tenant: HARBOURSIDE,
      team: 'mf-search',
      version: '1.1.0',
      percent: 10,
      actor: 'test',
    });
    await times(1, () => failure(HARBOURSIDE, '1.1.0', 'entry', { userAgent: ANDROID_CHROME, path: '/used-cars' }));
    await times(1, () => clean(HARBOURSIDE, '1.0.0'));

    const response = await adminCall(
      platform.app,
      platform.operatorToken,
      'GET',
      `/tenants/${HARBOURSIDE}/remotes/mf-search?window=day`,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json<
      Remote & { tenant: string; history: Array<{ action: string; toVersion: string }>; recentFailures: unknown[] }
    >();
    expect(body).toMatchObject({
      tenant: HARBOURSIDE,
      team: 'mf-search',
      pin: '1.0.0',
      canary: { version: '1.1.0', share: 10 },
    });
    expect(body.history).toEqual([expect.objectContaining({ action: 'canary', toVersion: '1.1.0' })]);
    expect(body.recentFailures).toEqual([
      {
        at: expect.any(String),
        version: '1.1.0',
        kind: 'entry',
        message: 'TypeError: entry broke',
        page: '/used-cars',
        browser: 'Chrome 131 on Android',
      },
    ]);
    expect(body.versions.map(shown)).toEqual([{ clean: 1 }, { entry: 1 }]);
  });

  it("refuses a tenant manager another tenant's remote (403), and audits it", async () => {
    const manager = await accountToken(platform.app, 'tenant-manager', [SUMMIT]);
    const response = await adminCall(platform.app, manager, 'GET', `/tenants/${HARBOURSIDE}/remotes/mf-search`);
    expect(response.statusCode).toBe(403);
    const error = response.json<{ error: string }>().error;
    expect(error).toMatch(/may not read on 'harbourside-motors'/);
    const refusals = await database.db
      .selectFrom('operator_audit')
      .select('reason')
      .where('outcome', '=', 'refused')
      .execute();
    expect(refusals.some((row) => row.reason?.includes(error))).toBe(true);
    expect((await adminCall(platform.app, manager, 'GET', `/tenants/${SUMMIT}/remotes/mf-search`)).statusCode).toBe(
      200,
    );
  });

  it('answers 400 naming the team for a team that does not exist', async () => {
    const response = await adminCall(
      platform.app,
      platform.operatorToken,
      'GET',
      `/tenants/${HARBOURSIDE}/remotes/mf-nothing`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: expect.stringMatching(/^team: /), field: 'team' });
  });

  it('answers 404 for a tenant that does not exist, and for a remote the tenant switched off', async () => {
    expect(
      (
        await adminCall(platform.app, platform.operatorToken, 'GET', '/tenants/no-such-dealer/remotes/mf-search')
      ).json(),
    ).toEqual({ error: "Unknown tenant 'no-such-dealer'", field: 'tenant' });
    const off = await adminCall(
      platform.app,
      platform.operatorToken,
      'GET',
      '/tenants/coastal-caravans/remotes/mf-finance',
    );
    expect(off.statusCode).toBe(404);
  });
});
