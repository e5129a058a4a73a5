import type { Database } from './database';
import { failedCheckNames, listPublishes, recordPublish } from './publishes';
import { openTestDatabase, testEngines } from '@forecourt/test-kit/test-database';

const passed = [
  { check: 'exposes', passed: true, reasons: [] },
  { check: 'mount', passed: true, reasons: [] },
];
const mountFailed = [
  { check: 'exposes', passed: true, reasons: [] },
  { check: 'mount', passed: false, reasons: ['mf-finance 1.2.0 ./Calculator does not mount: boom'] },
];

describe.each(testEngines())('the publish audit on %s', (engine) => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });
  afterAll(async () => {
    await database.close();
  });

  it('records a forced publish with who, when, team, version, the failed checks and the reason', async () => {
    const at = new Date('2026-11-20T10:00:00Z');
    const record = await recordPublish(database.db, {
      team: 'mf-finance',
      version: '1.2.0',
      actor: 'sam',
      forced: true,
      checks: mountFailed,
      reason: ' hotfix for a dealer ',
      at,
    });
    expect(record).toMatchObject({
      team: 'mf-finance',
      version: '1.2.0',
      actor: 'sam',
      forced: true,
      reason: 'hotfix for a dealer',
      at,
    });
    expect(failedCheckNames(record)).toEqual(['mount']);
    const [listed] = await listPublishes(database.db, { team: 'mf-finance' });
    expect(listed).toEqual(record);
    expect(listed?.checks[1]?.reasons).toEqual(['mf-finance 1.2.0 ./Calculator does not mount: boom']);
  });

  it('refuses a forced publish without a reason, in code and in the table', async () => {
    await expect(
      recordPublish(database.db, {
        team: 'mf-leads',
        version: '1.0.1',
        actor: 'sam',
        forced: true,
        checks: mountFailed,
        reason: '  ',
      }),
    ).rejects.toThrow('a forced publish needs a reason');
    await expect(
      database.db
        .insertInto('publishes')
        .values({ team: 'mf-leads', version: '1.0.1', actor: 'sam', forced: true, checks: '[]', reason: null })
        .execute(),
    ).rejects.toThrow(/publishes_forced_reason/);
  });

  it('lists newest first, by team, and only the forced ones when asked', async () => {
    await recordPublish(database.db, {
      team: 'mf-search',
      version: '1.2.0',
      actor: 'npm-start',
      forced: false,
      checks: passed,
      at: new Date('2026-11-21T09:00:00Z'),
    });
    await recordPublish(database.db, {
      team: 'mf-search',
      version: '1.3.0',
      actor: 'alex',
      forced: false,
      checks: passed,
      at: new Date('2026-11-22T09:00:00Z'),
    });
    expect((await listPublishes(database.db, { team: 'mf-search' })).map((p) => p.version)).toEqual(['1.3.0', '1.2.0']);
    expect((await listPublishes(database.db, { forced: true })).map((p) => `${p.team} ${p.version}`)).toEqual([
      'mf-finance 1.2.0',
    ]);
    expect((await listPublishes(database.db)).map((p) => p.version)).toEqual(['1.3.0', '1.2.0', '1.2.0']);
  });
});
