import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { parseTenantConfig } from '@forecourt/shared-config/tenant';
import fs from 'node:fs';
import path from 'node:path';
import type { NewClaim, NewHold } from '@forecourt/mf-vehicle/contract';
import type { Database } from './database';
import {
  activeHold,
  cancelHold,
  claim,
  claimOf,
  claimVoided,
  expireDue,
  heldCars,
  hold,
  settleClaim,
  shopperReservations,
  unsettledClaims,
} from './reservations';
import { replaceTenantStock } from './stock';
import { generateTenantStock } from '@forecourt/demo-data/seed/generate';
import { openTestDatabase, testEngines } from '@forecourt/test-kit/test-database';

const tenantsDir = path.resolve(__dirname, '..', '..', 'tenants');
const harbourside = parseTenantConfig(
  JSON.parse(fs.readFileSync(path.join(tenantsDir, 'harbourside-motors.json'), 'utf8')),
  'harbourside',
);
const HOUR = 60 * 60 * 1000;
const start = new Date('2026-11-23T00:00:00Z');
const at = (hours: number) => new Date(start.getTime() + hours * HOUR);

describe.each(testEngines())('reservations on %s', (engine) => {
  let database: Database;
  const stock = generateTenantStock(harbourside, { seed: 3, carsPerTenant: 10, now: start }, 0);

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    await replaceTenantStock(database.db, stock, { seed: 3, cars: 10, referenceTime: start });
  });
  afterAll(async () => {
    await database.close();
  });

  // Each test reserves on its own site and cars, so tests sharing the database stay independent.
  let n = 0;
  const site = () => `reservations-${engine}-${++n}`;
  const newHold = (carId: string, overrides: Partial<NewHold> = {}): NewHold => ({
    id: randomUUID(),
    carId,
    shopper: { name: 'Jo Citizen', email: 'jo@example.com', phone: '0412345678' },
    depositCents: 20_000,
    paymentReference: `auth_${randomUUID()}`,
    cardLast4: '4242',
    heldUntil: at(48),
    now: start,
    ...overrides,
  });

  it('holds a car for exactly one of 20 shoppers reserving it at once, and tells the others when it frees up', async () => {
    const tenant = site();
    const results = await Promise.all(Array.from({ length: 20 }, () => hold(database.db, tenant, newHold('car-1'))));
    expect(results.filter((result) => result.status === 'held')).toHaveLength(1);
    expect(results.filter((result) => result.status === 'taken')).toEqual(
      Array.from({ length: 19 }, () => ({ status: 'taken', heldUntil: at(48) })),
    );
    const rows = await database.db.selectFrom('reservations').select('status').where('tenant', '=', tenant).execute();
    expect(rows).toEqual([{ status: 'held' }]);
  });

  it('reads the hold back with its end, deposit and payment reference while it counts', async () => {
    const tenant = site();
    const made = newHold('car-1');
    await hold(database.db, tenant, made);
    expect(await activeHold(database.db, tenant, 'car-1', at(47))).toEqual({
      id: made.id,
      carId: 'car-1',
      status: 'held',
      heldUntil: at(48),
      depositCents: 20_000,
      paymentReference: made.paymentReference,
    });
  });

  it('no longer counts a hold past its end, before any sweep has marked it', async () => {
    const tenant = site();
    await hold(database.db, tenant, newHold('car-1'));
    expect(await activeHold(database.db, tenant, 'car-1', at(48))).toBeNull();
  });

  it('lets a new shopper hold a car whose hold has ended, and marks the old one expired', async () => {
    const tenant = site();
    const first = newHold('car-1');
    await hold(database.db, tenant, first);
    const second = await hold(database.db, tenant, newHold('car-1', { now: at(49), heldUntil: at(97) }));
    expect(second).toMatchObject({ status: 'held', reservation: { heldUntil: at(97) } });
    const old = await database.db
      .selectFrom('reservations')
      .select('status')
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(old.status).toBe('expired');
  });

  it('gives a car whose hold has ended to exactly one of 20 shoppers reserving it at once', async () => {
    const tenant = site();
    await hold(database.db, tenant, newHold('car-1'));
    const results = await Promise.all(
      Array.from({ length: 20 }, () => hold(database.db, tenant, newHold('car-1', { now: at(49), heldUntil: at(97) }))),
    );
    expect(results.filter((result) => result.status === 'held')).toHaveLength(1);
    const rows = await database.db
      .selectFrom('reservations')
      .select('status')
      .where('tenant', '=', tenant)
      .orderBy('created_at')
      .execute();
    expect(rows).toEqual([{ status: 'expired' }, { status: 'held' }]);
  });

  it('keeps one site’s hold from taking another site’s car with the same id', async () => {
    await hold(database.db, site(), newHold('car-1'));
    expect((await hold(database.db, site(), newHold('car-1'))).status).toBe('held');
  });

  it('frees the car when the hold is cancelled', async () => {
    const tenant = site();
    const made = newHold('car-1');
    await hold(database.db, tenant, made);
    expect(await cancelHold(database.db, tenant, made.id, '0412345678', at(1))).toMatchObject({
      id: made.id,
      status: 'cancelled',
    });
    expect(await activeHold(database.db, tenant, 'car-1', at(1))).toBeNull();
    expect((await hold(database.db, tenant, newHold('car-1', { now: at(2), heldUntil: at(50) }))).status).toBe('held');
  });

  it('cancels nothing once the hold has ended', async () => {
    const tenant = site();
    const made = newHold('car-1');
    await hold(database.db, tenant, made);
    expect(await cancelHold(database.db, tenant, made.id, '0412345678', at(48))).toBeNull();
  });

  it('cancels nothing for another phone', async () => {
    const tenant = site();
    const made = newHold('car-1');
    await hold(database.db, tenant, made);
    expect(await cancelHold(database.db, tenant, made.id, '0499999999', at(1))).toBeNull();
    expect(await activeHold(database.db, tenant, 'car-1', at(1))).toMatchObject({ id: made.id });
  });

  it('cancels nothing on another site', async () => {
    const made = newHold('car-1');
    await hold(database.db, site(), made);
    expect(await cancelHold(database.db, site(), made.id, '0412345678', at(1))).toBeNull();
  });

  it('names each car whose hold ended once, however often the sweep runs', async () => {
    const tenant = site();
    await hold(database.db, tenant, newHold('car-1'));
    await hold(database.db, tenant, newHold('car-2', { heldUntil: at(1) }));
    await hold(database.db, tenant, newHold('car-3', { heldUntil: at(100) }));
    // Sweeps of other tests' sites at this time free their cars too; only this site's are asked about.
    const [first, second] = await Promise.all([expireDue(database.db, at(50)), expireDue(database.db, at(50))]);
    const third = await expireDue(database.db, at(50));
    const mine = (cars: Array<{ tenant: string; carId: string }>) =>
      cars.filter((car) => car.tenant === tenant).map((car) => car.carId);
    expect([...mine(first!), ...mine(second!), ...mine(third)].sort()).toEqual(['car-1', 'car-2']);
    expect(
      await heldCars(
        database.db,
        at(50),
        [1, 2, 3].map((i) => ({ tenant, carId: `car-${i}` })),
      ),
    ).toEqual([{ tenant, carId: 'car-3' }]);
  });

  it('lists a shopper’s reservations newest first with the car’s name and slug, an ended hold as expired', async () => {
    const tenant = harbourside.slug;
    const [listed, other] = stock.cars.filter((car) => car.show_on_dealer_website);
    const older = newHold(listed!.id, { shopper: { name: 'Sam', email: 'sam@example.com', phone: '+61 499 000 111' } });
    const newer = newHold(other!.id, {
      now: at(1),
      heldUntil: at(49),
      shopper: { name: 'Sam', email: 'sam@example.com', phone: '0499 000 111' },
    });
    await hold(database.db, tenant, older);
    await hold(database.db, tenant, newer);
    await hold(database.db, tenant, newHold(stock.cars.find((car) => car !== listed && car !== other)!.id));
    const garage = await shopperReservations(database.db, tenant, '0499000111', at(48.5));
    expect(
      garage.map((reservation) => [reservation.id, reservation.status, reservation.car, reservation.createdAt]),
    ).toEqual([
      [newer.id, 'held', { name: other!.name, slug: other!.slug }, at(1)],
      [older.id, 'expired', { name: listed!.name, slug: listed!.slug }, start],
    ]);
  });

  it('lists a reservation of a car that has left the site without its car', async () => {
    const tenant = site();
    const made = newHold('sold-and-gone', { shopper: { name: 'Al', email: 'al@example.com', phone: '0400111222' } });
    await hold(database.db, tenant, made);
    const [reservation] = await shopperReservations(database.db, tenant, '0400111222', at(1));
    expect(reservation).toMatchObject({ id: made.id, status: 'held', car: null });
  });
  describe('claims', () => {
    const newClaim = (overrides: Partial<NewClaim> = {}): NewClaim => {
      const reservationId = randomUUID();
      return {
        key: randomUUID(),
        requestHash: 'hash-1',
        carId: 'car-1',
        phoneDigits: '0412345678',
        reservationId,
        authorisationKey: `reservation:${reservationId}`,
        leaseUntil: at(1),
        now: start,
        limit: 2,
        ...overrides,
      };
    };

    it('lets one of 20 requests with one key at once claim it, and shows the others that claim', async () => {
      const tenant = site();
      const key = randomUUID();
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => claim(database.db, tenant, newClaim({ key, carId: `car-${i}` }))),
      );
      const claimed = results.filter((result) => result.status === 'claimed');
      expect(claimed).toHaveLength(1);
      const winner = await claimOf(database.db, tenant, key);
      expect(results.filter((result) => result.status === 'exists')).toEqual(
        Array.from({ length: 19 }, () => ({ status: 'exists', claim: winner })),
      );
    });

    it('lets a phone have at most its limit of holds and attempts in flight, of 20 claims at once', async () => {
      const tenant = site();
      // Every connection of the pool open first, so the 20 transactions truly overlap on PostgreSQL.
      await Promise.all(Array.from({ length: 10 }, () => sql`select pg_sleep(0.05)`.execute(database.db)));
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => claim(database.db, tenant, newClaim({ carId: `car-${i}` }))),
      );
      expect(results.filter((result) => result.status === 'claimed')).toHaveLength(2);
      expect(results.filter((result) => result.status === 'limited')).toHaveLength(18);
    });

    it('counts a phone’s live holds against its limit, and no longer an ended one', async () => {
      const tenant = site();
      await hold(database.db, tenant, newHold('car-1'));
      await hold(database.db, tenant, newHold('car-2', { heldUntil: at(1) }));
      expect((await claim(database.db, tenant, newClaim({ carId: 'car-3', now: start }))).status).toBe('limited');
      expect(
        (await claim(database.db, tenant, newClaim({ carId: 'car-3', now: at(2), leaseUntil: at(3) }))).status,
      ).toBe('claimed');
    });

    it('keeps one site’s key apart from another site’s', async () => {
      const key = randomUUID();
      expect((await claim(database.db, site(), newClaim({ key }))).status).toBe('claimed');
      expect((await claim(database.db, site(), newClaim({ key }))).status).toBe('claimed');
    });

    it('marks the claim held with its hold, in one transaction', async () => {
      const tenant = site();
      const made = newClaim();
      await claim(database.db, tenant, made);
      expect(
        (await hold(database.db, tenant, newHold('car-1', { id: made.reservationId, claimKey: made.key }))).status,
      ).toBe('held');
      expect((await claimOf(database.db, tenant, made.key))?.outcome).toBe('held');
    });

    it('reconciles a claim left in flight only once its lease has passed, and then refuses its late hold', async () => {
      const tenant = site();
      const made = newClaim({ leaseUntil: at(1) });
      await claim(database.db, tenant, made);
      const mine = (claims: Array<{ tenant: string; key: string }>) =>
        claims.filter((unsettled) => unsettled.tenant === tenant);
      expect(mine(await unsettledClaims(database.db, at(0.5)))).toEqual([]);
      expect(mine(await unsettledClaims(database.db, at(1)))).toEqual([
        { tenant, key: made.key, reservationId: made.reservationId, authorisationKey: made.authorisationKey },
      ]);
      expect(await hold(database.db, tenant, newHold('car-1', { id: made.reservationId, claimKey: made.key }))).toEqual(
        { status: 'lapsed' },
      );
      expect(await activeHold(database.db, tenant, 'car-1', at(1))).toBeNull();
    });

    it('never reconciles a claim whose hold was made', async () => {
      const tenant = site();
      const made = newClaim({ leaseUntil: at(1) });
      await claim(database.db, tenant, made);
      await hold(database.db, tenant, newHold('car-1', { id: made.reservationId, claimKey: made.key }));
      expect((await unsettledClaims(database.db, at(2))).filter((unsettled) => unsettled.tenant === tenant)).toEqual(
        [],
      );
    });

    it('reconciles a refused claim whose void is owed, and releases a failed one once voided', async () => {
      const tenant = site();
      const refused = newClaim({ carId: 'car-1' });
      const failed = newClaim({ carId: 'car-2' });
      await claim(database.db, tenant, refused);
      await claim(database.db, tenant, failed);
      expect(
        await settleClaim(database.db, tenant, refused.key, refused.reservationId, {
          outcome: 'refused',
          answer: { code: 409, body: { error: 'taken' } },
          voidOwed: true,
        }),
      ).toBe(true);
      expect(
        await settleClaim(database.db, tenant, failed.key, failed.reservationId, {
          outcome: 'failed',
          answer: null,
          voidOwed: true,
        }),
      ).toBe(true);
      const owed = (await unsettledClaims(database.db, at(1)))
        .filter((unsettled) => unsettled.tenant === tenant)
        .map((unsettled) => unsettled.key);
      expect(owed.sort()).toEqual([refused.key, failed.key].sort());
      await claimVoided(database.db, tenant, refused.key, refused.reservationId);
      await claimVoided(database.db, tenant, failed.key, failed.reservationId);
      expect(await claimOf(database.db, tenant, refused.key)).toMatchObject({
        outcome: 'refused',
        answer: { code: 409, body: { error: 'taken' } },
      });
      expect(await claimOf(database.db, tenant, failed.key)).toBeNull();
      expect((await unsettledClaims(database.db, at(1))).filter((unsettled) => unsettled.tenant === tenant)).toEqual(
        [],
      );
    });
  });
});
