import type { Database } from './database';
import { rollbackPin, setPin, startCanary } from './pins';
import { earnedVersions, recordCleanMount, recordFailure, versionHealth } from './version-health';
import { openTestDatabase, testEngines } from '@forecourt/test-kit/test-database';

describe.each(testEngines())('earned last-good on %s', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });
  afterAll(async () => {
    await database.close();
  });

  let n = 0;
  const tenant = () => `tenant-${engine}-${++n}`;
  const rule = { mounts: 3, maxFailurePercent: 50 };
  const mount = (t: string, version: string, team = 'mf-search') =>
    recordCleanMount(database.db, { tenant: t, team, version }, rule);

  it('earns a version on its third clean mount, not before', async () => {
    const t = tenant();
    expect((await mount(t, '1.0.0')).earnedAt).toBeNull();
    expect((await mount(t, '1.0.0')).earnedAt).toBeNull();
    const third = await mount(t, '1.0.0');
    expect(third).toMatchObject({ cleanMounts: 3, failures: 0 });
    expect(third.earnedAt).toBeInstanceOf(Date);
    expect(await earnedVersions(database.db, t)).toEqual(new Map([['mf-search', ['1.0.0']]]));
  });

  it('holds a version back while its failures exceed the allowed share of its clean mounts', async () => {
    const t = tenant();
    for (let i = 0; i < 2; i += 1) await recordFailure(database.db, { tenant: t, team: 'mf-search', version: '1.0.0' });
    await mount(t, '1.0.0');
    await mount(t, '1.0.0');
    // 2 failures against 3 clean mounts is 67%, over the 50% allowed.
    expect((await mount(t, '1.0.0')).earnedAt).toBeNull();
    // Against 4 clean mounts it is 50%: earned.
    expect((await mount(t, '1.0.0')).earnedAt).toBeInstanceOf(Date);
  });

  it('counts concurrent reports exactly: 12 at once are 12 clean mounts, earned once', async () => {
    const t = tenant();
    const results = await Promise.all(Array.from({ length: 12 }, () => mount(t, '2.0.0')));
    const [row] = await versionHealth(database.db, { tenant: t });
    expect(row).toMatchObject({ cleanMounts: 12, failures: 0 });
    const earnedAt = new Set(results.map((r) => r.earnedAt?.toISOString()).filter(Boolean));
    expect(earnedAt.size).toBe(1);
  });

  it('keeps tenants and teams apart', async () => {
    const a = tenant();
    const b = tenant();
    for (let i = 0; i < 3; i += 1) await mount(a, '1.0.0', 'mf-finance');
    expect(await earnedVersions(database.db, b)).toEqual(new Map());
    expect((await earnedVersions(database.db, a)).get('mf-search')).toBeUndefined();
  });

  it('lists the most recently earned version first', async () => {
    const t = tenant();
    // Each earned at a time of its own, a minute apart: the order is the earning time's.
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute));
    for (let i = 0; i < 3; i += 1)
      await recordCleanMount(database.db, { tenant: t, team: 'mf-search', version: '1.1.0' }, rule, at(0));
    for (let i = 0; i < 3; i += 1)
      await recordCleanMount(database.db, { tenant: t, team: 'mf-search', version: '1.0.0' }, rule, at(1));
    expect((await earnedVersions(database.db, t)).get('mf-search')).toEqual(['1.0.0', '1.1.0']);
  });

  it('takes the earned standing from the version a rollback leaves', async () => {
    const t = tenant();
    await setPin(database.db, { tenant: t, team: 'mf-search', version: '1.0.0', actor: 'ann' });
    for (let i = 0; i < 3; i += 1) await mount(t, '1.0.0');
    await setPin(database.db, { tenant: t, team: 'mf-search', version: '1.1.0', actor: 'ann' });
    for (let i = 0; i < 3; i += 1) await mount(t, '1.1.0');
    await rollbackPin(database.db, { tenant: t, team: 'mf-search', actor: 'ann' });
    expect((await earnedVersions(database.db, t)).get('mf-search')).toEqual(['1.0.0']);
    const [left] = await versionHealth(database.db, { tenant: t }).then((rows) =>
      rows.filter((r) => r.version === '1.1.0'),
    );
    expect(left).toMatchObject({ cleanMounts: 0, failures: 0, earnedAt: null });
  });

  it("takes it from a canary's version when the rollback drops the canary", async () => {
    const t = tenant();
    await setPin(database.db, { tenant: t, team: 'mf-search', version: '1.0.0', actor: 'ann' });
    await startCanary(database.db, { tenant: t, team: 'mf-search', version: '1.1.0', percent: 50, actor: 'ann' });
    for (let i = 0; i < 3; i += 1) await mount(t, '1.1.0');
    await rollbackPin(database.db, { tenant: t, team: 'mf-search', actor: 'ann' });
    expect(await earnedVersions(database.db, t)).toEqual(new Map());
  });
});
