import { sql } from 'kysely';
import type { Database } from './database';
import { migrate } from './database';
import { insertEvent, recentEvents } from './events';
import {
  canariesForTenant,
  DEFAULT_TENANT,
  effectivePins,
  listCanaries,
  listPinChanges,
  pinsForTenant,
  promoteCanary,
  rollbackPin,
  setPin,
  startCanary,
} from './pins';
import { openTestDatabase, testEngines } from '@forecourt/test-kit/test-database';

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

  describe('canaries', () => {
    /** A tenant on mf-search 1.1.0 (1.0.0 before it, so last good is 1.0.0). */
    const pinned = async () => {
      const t = tenant();
      await setPin(database.db, { tenant: t, team: 'mf-search', version: '1.0.0', actor: 'ann' });
      await setPin(database.db, { tenant: t, team: 'mf-search', version: '1.1.0', actor: 'ann' });
      return t;
    };

    it('starts a canary next to the pin and records who, from, to and percent', async () => {
      const t = await pinned();
      const { canary, pin, change } = await startCanary(database.db, {
        tenant: t,
        team: 'mf-search',
        version: '1.2.0',
        percent: 10,
        actor: 'cat',
      });
      expect(canary).toMatchObject({ tenant: t, team: 'mf-search', version: '1.2.0', percent: 10, actor: 'cat' });
      expect(canary.startedAt).toBeInstanceOf(Date);
      expect(pin.version).toBe('1.1.0');
      expect(change).toMatchObject({
        action: 'canary',
        fromVersion: '1.1.0',
        toVersion: '1.2.0',
        percent: 10,
        actor: 'cat',
      });
      expect((await canariesForTenant(database.db, t)).get('mf-search')?.version).toBe('1.2.0');
    });

    it('keeps one canary per tenant and team: a new percent changes it and keeps its start', async () => {
      const t = await pinned();
      const first = await startCanary(database.db, {
        tenant: t,
        team: 'mf-search',
        version: '1.2.0',
        percent: 10,
        actor: 'cat',
      });
      const second = await startCanary(database.db, {
        tenant: t,
        team: 'mf-search',
        version: '1.2.0',
        percent: 50,
        actor: 'dan',
      });
      expect(second.canary).toMatchObject({ percent: 50, actor: 'dan', startedAt: first.canary.startedAt });
      expect(second.change).toMatchObject({ action: 'canary', percent: 50, actor: 'dan' });
      expect((await listCanaries(database.db)).filter((c) => c.tenant === t)).toHaveLength(1);
    });

    it('records nothing when the canary already runs that version at that percent', async () => {
      const t = await pinned();
      await startCanary(database.db, { tenant: t, team: 'mf-search', version: '1.2.0', percent: 10, actor: 'cat' });
      const again = await startCanary(database.db, {
        tenant: t,
        team: 'mf-search',
        version: '1.2.0',
        percent: 10,
        actor: 'cat',
      });
      expect(again.change).toBeNull();
      expect((await listPinChanges(database.db, { tenant: t })).filter((c) => c.action === 'canary')).toHaveLength(1);
    });

    it('refuses a canary of the pinned version', async () => {
      const t = await pinned();
      await expect(
        startCanary(database.db, { tenant: t, team: 'mf-search', version: '1.1.0', percent: 10, actor: 'cat' }),
      ).rejects.toThrow('a canary needs another version');
    });

    it.each([0, 100, 12.5])('refuses a percent of %p, naming percent', async (percent) => {
      const t = await pinned();
      await expect(
        startCanary(database.db, { tenant: t, team: 'mf-search', version: '1.2.0', percent, actor: 'cat' }),
      ).rejects.toMatchObject({
        code: 'invalid',
        message: expect.stringContaining('percent must be a whole number from 1 to 99'),
      });
    });

    it('refuses a canary where nothing is pinned', async () => {
      await expect(
        startCanary(database.db, { tenant: tenant(), team: 'mf-search', version: '1.2.0', percent: 10, actor: 'cat' }),
      ).rejects.toThrow('pin a version before a canary');
    });

    it('holds a percent outside 1-99 out of the table whatever the code does', async () => {
      await expect(
        database.db
          .insertInto('canaries')
          .values({ tenant: tenant(), team: 'mf-search', version: '1.2.0', percent: 100, actor: 'x' })
          .execute(),
      ).rejects.toThrow();
    });

    it('promotes: the canary version becomes the pin, the old pin its last good, and the canary ends', async () => {
      const t = await pinned();
      await startCanary(database.db, { tenant: t, team: 'mf-search', version: '1.2.0', percent: 30, actor: 'cat' });
      const { pin, change, droppedCanary } = await promoteCanary(database.db, {
        tenant: t,
        team: 'mf-search',
        actor: 'dan',
      });
      expect(pin).toMatchObject({ version: '1.2.0', lastGoodVersion: '1.1.0' });
      expect(change).toMatchObject({
        action: 'promote',
        fromVersion: '1.1.0',
        toVersion: '1.2.0',
        percent: 30,
        actor: 'dan',
      });
      expect(droppedCanary?.version).toBe('1.2.0');
      expect((await canariesForTenant(database.db, t)).size).toBe(0);
      // The rollback after a promote goes back to the pin before it.
      expect((await rollbackPin(database.db, { tenant: t, team: 'mf-search', actor: 'dan' })).pin.version).toBe(
        '1.1.0',
      );
    });

    it('refuses to promote where no canary runs', async () => {
      const t = await pinned();
      await expect(promoteCanary(database.db, { tenant: t, team: 'mf-search', actor: 'dan' })).rejects.toMatchObject({
        code: 'not-found',
      });
    });

    it('promotes a canary of a tenant on the platform default into its own pin, the default as last good', async () => {
      const t = tenant();
      const team = `team-${n}`;
      await setPin(database.db, { tenant: DEFAULT_TENANT, team, version: '2.0.0', actor: 'ann' });
      await startCanary(database.db, { tenant: t, team, version: '2.1.0', percent: 50, actor: 'cat' });
      const { pin } = await promoteCanary(database.db, { tenant: t, team, actor: 'cat' });
      expect(pin).toMatchObject({ tenant: t, version: '2.1.0', lastGoodVersion: '2.0.0' });
    });

    it('rolls back a canary by dropping it: the pin and its last good stay, the drop is recorded with its percent', async () => {
      const t = await pinned();
      await startCanary(database.db, { tenant: t, team: 'mf-search', version: '1.2.0', percent: 25, actor: 'cat' });
      const { pin, change } = await rollbackPin(database.db, { tenant: t, team: 'mf-search', actor: 'dan' });
      expect(pin).toMatchObject({ version: '1.1.0', lastGoodVersion: '1.0.0' });
      expect(change).toMatchObject({
        action: 'rollback',
        fromVersion: '1.2.0',
        toVersion: '1.1.0',
        percent: 25,
        actor: 'dan',
      });
      expect((await canariesForTenant(database.db, t)).size).toBe(0);
      // Without a canary, a rollback is the pin's again.
      expect((await rollbackPin(database.db, { tenant: t, team: 'mf-search', actor: 'dan' })).pin.version).toBe(
        '1.0.0',
      );
    });

    it('refuses a rollback to a named version while a canary runs', async () => {
      const t = await pinned();
      await startCanary(database.db, { tenant: t, team: 'mf-search', version: '1.2.0', percent: 25, actor: 'cat' });
      await expect(
        rollbackPin(database.db, { tenant: t, team: 'mf-search', to: '1.0.0', actor: 'dan' }),
      ).rejects.toMatchObject({ code: 'conflict' });
      expect((await canariesForTenant(database.db, t)).size).toBe(1);
    });

    it('drops the canary when a version is pinned directly, and records the drop', async () => {
      const t = await pinned();
      await startCanary(database.db, { tenant: t, team: 'mf-search', version: '1.2.0', percent: 25, actor: 'cat' });
      const { pin, droppedCanary } = await setPin(database.db, {
        tenant: t,
        team: 'mf-search',
        version: '1.3.0',
        actor: 'dan',
      });
      expect(pin.version).toBe('1.3.0');
      expect(droppedCanary?.version).toBe('1.2.0');
      expect((await canariesForTenant(database.db, t)).size).toBe(0);
      const [pinned130, drop] = await listPinChanges(database.db, { tenant: t });
      expect(pinned130).toMatchObject({ action: 'pin', fromVersion: '1.1.0', toVersion: '1.3.0', percent: null });
      expect(drop).toMatchObject({
        action: 'drop-canary',
        fromVersion: '1.2.0',
        toVersion: '1.1.0',
        percent: 25,
        actor: 'dan',
      });
    });

    it('drops the canary when the pinned version is pinned again', async () => {
      const t = await pinned();
      await startCanary(database.db, { tenant: t, team: 'mf-search', version: '1.2.0', percent: 25, actor: 'cat' });
      const { change, droppedCanary } = await setPin(database.db, {
        tenant: t,
        team: 'mf-search',
        version: '1.1.0',
        actor: 'dan',
      });
      expect(change).toBeNull();
      expect(droppedCanary?.version).toBe('1.2.0');
      expect((await canariesForTenant(database.db, t)).size).toBe(0);
    });

    it('filters the history by tenant and team', async () => {
      const t = await pinned();
      await setPin(database.db, { tenant: t, team: 'mf-leads', version: '1.0.0', actor: 'ann' });
      await setPin(database.db, { tenant: tenant(), team: 'mf-search', version: '1.0.0', actor: 'ann' });
      const changes = await listPinChanges(database.db, { tenant: t, team: 'mf-search' });
      expect(changes.map((c) => [c.tenant, c.team, c.toVersion])).toEqual([
        [t, 'mf-search', '1.1.0'],
        [t, 'mf-search', '1.0.0'],
      ]);
    });
  });

  it('stores an analytics event with its payload as JSON', async () => {
    const t = tenant();
    await insertEvent(database.db, {
      tenant: t,
      eventId: 7,
      payload: { make: 'Mazda', price: 25990, ok: true, none: null },
      path: '/search',
    });
    const [event] = await recentEvents(database.db, t);
    expect(event).toMatchObject({
      tenant: t,
      eventId: 7,
      payload: { make: 'Mazda', price: 25990, ok: true, none: null },
      path: '/search',
    });
    expect(event?.receivedAt).toBeInstanceOf(Date);
  });

  it('returns counts as numbers', async () => {
    const { rows } = await sql<{ count: number }>`select count(*) as count from pins`.execute(database.db);
    expect(typeof rows[0]?.count).toBe('number');
  });
});
