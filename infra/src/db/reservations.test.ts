import { randomUUID } from 'node:crypto';
import { parseTenantConfig } from '@forecourt/shared-config/tenant';
import fs from 'node:fs';
import path from 'node:path';
import type { NewHold } from '../../../mf-vehicle/server';
import type { Database } from './database';
import { activeHold, cancelHold, expireDue, heldCars, hold, shopperReservations } from './reservations';
import { replaceTenantStock } from './stock';
import { generateTenantStock } from '../stock/seed/generate';
import { openTestDatabase, testEngines } from '../testing/test-database';

const tenantsDir = path.resolve(__dirname, '..', '..', 'tenants');
const harbourside = parseTenantConfig(JSON.parse(fs.readFileSync(path.join(tenantsDir, 'harbourside-motors.json'), 'utf8')), 'harbourside');
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
    expect(results.filter((result) => result.status === 'taken')).toEqual(Array.from({ length: 19 }, () => ({ status: 'taken', heldUntil: at(48) })));
    const rows = await database.db.selectFrom('reservations').select('status').where('tenant', '=', tenant).execute();
    expect(rows).toEqual([{ status: 'held' }]);
  });

  it('reads the hold back with its end, deposit and payment reference while it counts', async () => {
    const tenant = site();
    const made = newHold('car-1');
    await hold(database.db, tenant, made);
    expect(await activeHold(database.db, tenant, 'car-1', at(47))).toEqual({ id: made.id, carId: 'car-1', status: 'held', heldUntil: at(48), depositCents: 20_000, paymentReference: made.paymentReference });
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
    const old = await database.db.selectFrom('reservations').select('status').where('id', '=', first.id).executeTakeFirstOrThrow();
    expect(old.status).toBe('expired');
  });

  it('gives a car whose hold has ended to exactly one of 20 shoppers reserving it at once', async () => {
    const tenant = site();
    await hold(database.db, tenant, newHold('car-1'));
    const results = await Promise.all(Array.from({ length: 20 }, () => hold(database.db, tenant, newHold('car-1', { now: at(49), heldUntil: at(97) }))));
    expect(results.filter((result) => result.status === 'held')).toHaveLength(1);
    const rows = await database.db.selectFrom('reservations').select('status').where('tenant', '=', tenant).orderBy('created_at').execute();
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
    expect(await cancelHold(database.db, tenant, made.id, at(1))).toMatchObject({ id: made.id, status: 'cancelled' });
    expect(await activeHold(database.db, tenant, 'car-1', at(1))).toBeNull();
    expect((await hold(database.db, tenant, newHold('car-1', { now: at(2), heldUntil: at(50) }))).status).toBe('held');
  });

  it('cancels nothing once the hold has ended', async () => {
    const tenant = site();
    const made = newHold('car-1');
    await hold(database.db, tenant, made);
    expect(await cancelHold(database.db, tenant, made.id, at(48))).toBeNull();
  });

  it('cancels nothing on another site', async () => {
    const made = newHold('car-1');
    await hold(database.db, site(), made);
    expect(await cancelHold(database.db, site(), made.id, at(1))).toBeNull();
  });

  it('names each car whose hold ended once, however often the sweep runs', async () => {
    const tenant = site();
    await hold(database.db, tenant, newHold('car-1'));
    await hold(database.db, tenant, newHold('car-2', { heldUntil: at(1) }));
    await hold(database.db, tenant, newHold('car-3', { heldUntil: at(100) }));
    // Sweeps of other tests' sites at this time free their cars too; only this site's are asked about.
    const [first, second] = await Promise.all([expireDue(database.db, at(50)), expireDue(database.db, at(50))]);
    const third = await expireDue(database.db, at(50));
    const mine = (cars: Array<{ tenant: string; carId: string }>) => cars.filter((car) => car.tenant === tenant).map((car) => car.carId);
    expect([...mine(first!), ...mine(second!), ...mine(third)].sort()).toEqual(['car-1', 'car-2']);
    expect(await heldCars(database.db, at(50), [1, 2, 3].map((i) => ({ tenant, carId: `car-${i}` })))).toEqual([{ tenant, carId: 'car-3' }]);
  });

  it('lists a shopper’s reservations newest first with the car’s name and slug, an ended hold as expired', async () => {
    const tenant = harbourside.slug;
    const [listed, other] = stock.cars.filter((car) => car.show_on_dealer_website);
    const older = newHold(listed!.id, { shopper: { name: 'Sam', email: 'sam@example.com', phone: '+61 499 000 111' } });
    const newer = newHold(other!.id, { now: at(1), heldUntil: at(49), shopper: { name: 'Sam', email: 'sam@example.com', phone: '0499 000 111' } });
    await hold(database.db, tenant, older);
    await hold(database.db, tenant, newer);
    await hold(database.db, tenant, newHold(stock.cars.find((car) => car !== listed && car !== other)!.id));
    const garage = await shopperReservations(database.db, tenant, '0499000111', at(48.5));
    expect(garage.map((reservation) => [reservation.id, reservation.status, reservation.car, reservation.createdAt])).toEqual([
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
});
