import { sql } from 'kysely';
import type { Database } from './database';
import { migrate } from './database';
import { insertEvent, recentEvents } from './events';
import { DEFAULT_TENANT, effectivePins, listPinChanges, pinsForTenant, rollbackPin, setPin } from './pins';
import { openTestDatabase, testEngines } from '../testing/test-database';

describe.each(testEngines())('data layer on %s', (engine) => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });

  afterAll(async () => {
    await database.close();
  });

  // Each test works on its own tenant name, so tests sharing the one database stay independent.
  let n = 0;
  const tenant = () => `tenant-${engine}-${++n}`;

  it('runs migrations once: a second run applies nothing', async () => {
    expect(await migrate(database.db)).toEqual([]);
  });

  it('pins a version and records the change', async () => {
    const t = tenant();
    const { pin, change } = await setPin(database.db, { tenant: t, team: 'mf-search', version: '1.0.0', actor: 'ann' });
    expect(pin).toMatchObject({ tenant: t, team: 'mf-search', version: '1.0.0', lastGoodVersion: null });
    expect(change).toMatchObject({ fromVersion: null, toVersion: '1.0.0', action: 'pin', actor: 'ann' });
    expect(await listPinChanges(database.db, { tenant: t })).toHaveLength(1);
  });

  it('keeps the previous version as last good when the pin moves', async () => {
    const t = tenant();
    await setPin(database.db, { tenant: t, team: 'mf-search', version: '1.0.0', actor: 'ann' });
    const { pin } = await setPin(database.db, { tenant: t, team: 'mf-search', version: '1.1.0', actor: 'ann' });
    expect(pin.lastGoodVersion).toBe('1.0.0');
  });

  it('records nothing when the same version is pinned again', async () => {
    const t = tenant();
    await setPin(database.db, { tenant: t, team: 'mf-search', version: '1.0.0', actor: 'ann' });
    const { change } = await setPin(database.db, { tenant: t, team: 'mf-search', version: '1.0.0', actor: 'ann' });
    expect(change).toBeNull();
    expect(await listPinChanges(database.db, { tenant: t })).toHaveLength(1);
  });

  it('rolls back to last good, records it and clears last good', async () => {
    const t = tenant();
    await setPin(database.db, { tenant: t, team: 'mf-leads', version: '1.0.0', actor: 'ann' });
    await setPin(database.db, { tenant: t, team: 'mf-leads', version: '1.1.0', actor: 'ann' });
    const { pin, change } = await rollbackPin(database.db, { tenant: t, team: 'mf-leads', actor: 'bob' });
    expect(pin).toMatchObject({ version: '1.0.0', lastGoodVersion: null });
    expect(change).toMatchObject({ fromVersion: '1.1.0', toVersion: '1.0.0', action: 'rollback', actor: 'bob' });
  });

  it('refuses a rollback with nothing to go back to', async () => {
    const t = tenant();
    await setPin(database.db, { tenant: t, team: 'mf-leads', version: '1.0.0', actor: 'ann' });
    await expect(rollbackPin(database.db, { tenant: t, team: 'mf-leads', actor: 'bob' })).rejects.toThrow(
      'no last-good version',
    );
  });

  it('lets a tenant pin override the platform default, which counts as its last good', async () => {
    const t = tenant();
    const team = `team-${n}`;
    await setPin(database.db, { tenant: DEFAULT_TENANT, team, version: '2.0.0', actor: 'ann' });
    const { pin } = await setPin(database.db, { tenant: t, team, version: '2.1.0', actor: 'ann' });
    expect(pin.lastGoodVersion).toBe('2.0.0');
    const effective = effectivePins(await pinsForTenant(database.db, t), t);
    expect(effective.get(team)?.version).toBe('2.1.0');
    expect(effectivePins(await pinsForTenant(database.db, 'other'), 'other').get(team)?.version).toBe('2.0.0');
  });

  it('stores an analytics event with its payload as JSON', async () => {
    const t = tenant();
    await insertEvent(database.db, { tenant: t, eventId: 7, payload: { make: 'Mazda', price: 25990, ok: true, none: null }, path: '/search' });
    const [event] = await recentEvents(database.db, t);
    expect(event).toMatchObject({ tenant: t, eventId: 7, payload: { make: 'Mazda', price: 25990, ok: true, none: null }, path: '/search' });
    expect(event?.receivedAt).toBeInstanceOf(Date);
  });

  it('returns counts as numbers', async () => {
    const { rows } = await sql<{ count: number }>`select count(*) as count from pins`.execute(database.db);
    expect(typeof rows[0]?.count).toBe('number');
  });
});
