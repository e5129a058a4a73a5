import type { Database } from './database';
import { raiseCanaryAlert, claimDueAlerts } from './canary-alerts';
import { bucketRows, reportCounts } from './health-buckets';
import { bucketStart, recordCleanMount, recordFailure } from './version-health';
import { openTestDatabase, testEngines } from '@forecourt/test-kit/test-database';

describe.each(testEngines())('mount report buckets on %s', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });
  afterAll(async () => {
    await database.close();
  });

  let n = 0;
  const tenant = () => `tenant-${engine}-${++n}`;
  const rule = { mounts: 20, maxFailurePercent: 5 };
  const at = (time: string) => new Date(`2026-11-27T${time}Z`);

  it('counts a clean mount in its five-minute bucket with the total, the bucket starting on the five minutes', async () => {
    const t = tenant();
    await recordCleanMount(database.db, { tenant: t, team: 'mf-search', version: '1.0.0' }, rule, at('10:04:59.999'));
    await recordCleanMount(database.db, { tenant: t, team: 'mf-search', version: '1.0.0' }, rule, at('10:05:00'));
    await recordCleanMount(database.db, { tenant: t, team: 'mf-search', version: '1.0.0' }, rule, at('10:09:00'));
    const rows = await bucketRows(database.db, { tenants: [t], since: at('10:00:00') });
    expect(rows.map((row) => [row.bucketStart.toISOString(), row.kind, row.count])).toEqual([
      [at('10:00:00').toISOString(), 'clean', 1],
      [at('10:05:00').toISOString(), 'clean', 2],
    ]);
  });

  it("counts failures by their kind, and a kind the shell does not send as 'other'", async () => {
    const t = tenant();
    const report = { tenant: t, team: 'mf-search', version: '1.0.0' };
    await recordFailure(database.db, { ...report, kind: 'render' }, at('11:00:00'));
    await recordFailure(database.db, { ...report, kind: 'render' }, at('11:01:00'));
    await recordFailure(database.db, { ...report, kind: 'fragment-timeout' }, at('11:02:00'));
    await recordFailure(database.db, { ...report, kind: '<script>' }, at('11:03:00'));
    await recordFailure(database.db, report, at('11:04:00'));
    const rows = await bucketRows(database.db, { tenants: [t], since: at('11:00:00') });
    expect(Object.fromEntries(rows.map((row) => [row.kind, row.count]))).toEqual({
      render: 2,
      'fragment-timeout': 1,
      other: 2,
    });
    const total = await database.db
      .selectFrom('version_health')
      .select('failures')
      .where('tenant', '=', t)
      .executeTakeFirstOrThrow();
    expect(Number(total.failures)).toBe(5);
  });

  it('counts every one of many reports arriving at once, in the bucket and the total alike', async () => {
    const t = tenant();
    const now = at('12:00:00');
    await Promise.all(
      Array.from({ length: 25 }, () =>
        recordCleanMount(database.db, { tenant: t, team: 'mf-search', version: '2.0.0' }, rule, now),
      ),
    );
    const [row] = await bucketRows(database.db, { tenants: [t], since: now });
    expect(row?.count).toBe(25);
    const total = await database.db
      .selectFrom('version_health')
      .select(['clean_mounts', 'earned_at'])
      .where('tenant', '=', t)
      .executeTakeFirstOrThrow();
    expect(Number(total.clean_mounts)).toBe(25);
    // The earning rule is the same as ever: 20 clean mounts and no failures earn.
    expect(total.earned_at).not.toBeNull();
  });

  it("sums a canary's and its pin's reports from a time on", async () => {
    const t = tenant();
    const report = (version: string) => ({ tenant: t, team: 'mf-vehicle', version });
    await recordCleanMount(database.db, report('1.0.0'), rule, at('08:00:00'));
    await recordCleanMount(database.db, report('1.0.0'), rule, at('09:00:00'));
    await recordFailure(database.db, { ...report('1.1.0'), kind: 'mount' }, at('09:01:00'));
    await recordCleanMount(database.db, report('1.1.0'), rule, at('09:02:00'));
    const counts = await reportCounts(database.db, {
      tenant: t,
      team: 'mf-vehicle',
      versions: ['1.1.0', '1.0.0', '0.9.0'],
      since: bucketStart(at('09:00:30')),
    });
    expect(Object.fromEntries(counts)).toEqual({
      '1.1.0': { clean: 1, failures: 1 },
      '1.0.0': { clean: 1, failures: 0 },
      '0.9.0': { clean: 0, failures: 0 },
    });
  });

  it('raises a canary alert once, and lets one sender claim it at a time', async () => {
    const t = tenant();
    const canary = {
      tenant: t,
      team: 'mf-search',
      version: '1.1.0',
      canaryStartedAt: at('07:00:00'),
      details: { why: 'test' },
    };
    const [first, second] = await Promise.all([
      raiseCanaryAlert(database.db, canary),
      raiseCanaryAlert(database.db, canary),
    ]);
    expect([first, second].filter((alert) => alert !== null)).toHaveLength(1);
    const claims = await Promise.all([claimDueAlerts(database.db), claimDueAlerts(database.db)]);
    expect(claims.flat().filter((alert) => alert.tenant === t)).toHaveLength(1);
    // A canary started again is another canary: its own alert.
    expect(await raiseCanaryAlert(database.db, { ...canary, canaryStartedAt: at('07:30:00') })).not.toBeNull();
  });
});
