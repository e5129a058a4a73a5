import { normalisePhone } from '@forecourt/shared-config/identity';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { NewHold, Reservation, ShopperReservation } from '../../../mf-vehicle/server';
import type { PlatformTables, ReservationsTable } from './schema';

/**
 * Reserve online's table (migrations/0007_reservations.ts). A hold counts while its row is
 * 'held' and its end is still ahead; from its end on it no longer counts, whether or not a sweep
 * has marked it 'expired' yet, so every reader asks both. The partial unique index (one 'held'
 * row per car) is what decides between shoppers reserving one car at once.
 */

type Db = Kysely<PlatformTables>;
type Row = Selectable<ReservationsTable>;

/** A car of a site, as the sweep and the search index name it. */
export interface CarKey {
  tenant: string;
  carId: string;
}

export type HoldResult = { status: 'held'; reservation: Reservation } | { status: 'taken'; heldUntil: Date | null };

// Both drivers give timestamptz as a Date today; a string is read the same way if one does not.
const toDate = (value: Date | string): Date => new Date(value);

function toReservation(row: Row): Reservation {
  return { id: row.id, carId: row.car_id, status: row.status, heldUntil: toDate(row.held_until), depositCents: Number(row.deposit_cents), paymentReference: row.payment_reference };
}

/** The car's hold that still counts at `now`, or null. */
export async function activeHold(db: Db, tenant: string, carId: string, now: Date): Promise<Reservation | null> {
  const row = await db.selectFrom('reservations').selectAll().where('tenant', '=', tenant).where('car_id', '=', carId).where('status', '=', 'held').where('held_until', '>', now).executeTakeFirst();
  return row ? toReservation(row) : null;
}

/** The site's reservation `id` in its stored state, or null. */
export async function reservationById(db: Db, tenant: string, id: string): Promise<Reservation | null> {
  const row = await db.selectFrom('reservations').selectAll().where('tenant', '=', tenant).where('id', '=', id).executeTakeFirst();
  return row ? toReservation(row) : null;
}

/**
 * Holds the car for the shopper, in one transaction: the car's holds that have ended by `now` are
 * marked expired first (so they no longer stand in the unique index's way), then the new row is
 * inserted unless another 'held' row is there. Two shoppers at once meet at the unique index: the
 * second insert waits for the first transaction and then does nothing, and reads the winner's end,
 * committed by then. Neither is ever told an error.
 */
export async function hold(db: Db, tenant: string, input: NewHold): Promise<HoldResult> {
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('reservations').set({ status: 'expired' }).where('tenant', '=', tenant).where('car_id', '=', input.carId).where('status', '=', 'held').where('held_until', '<=', input.now).execute();
    const inserted = await trx
      .insertInto('reservations')
      .values({
        id: input.id,
        tenant,
        car_id: input.carId,
        status: 'held',
        held_until: input.heldUntil,
        created_at: input.now,
        deposit_cents: input.depositCents,
        payment_reference: input.paymentReference,
        card_last4: input.cardLast4,
        shopper_name: input.shopper.name,
        shopper_email: input.shopper.email,
        shopper_phone: input.shopper.phone,
        phone_digits: normalisePhone(input.shopper.phone),
      })
      // The index predicate is written out (not a parameter) so PostgreSQL can match the partial index.
      .onConflict((conflict) => conflict.columns(['tenant', 'car_id']).where(sql.ref('status'), '=', sql.lit('held')).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return { status: 'held', reservation: toReservation(inserted) };
    const winner = await trx.selectFrom('reservations').select('held_until').where('tenant', '=', tenant).where('car_id', '=', input.carId).where('status', '=', 'held').executeTakeFirst();
    // No winner left: it was cancelled between our insert and this read; the car is 'taken' for this attempt all the same.
    return { status: 'taken', heldUntil: winner ? toDate(winner.held_until) : null };
  });
}

/** Ends the site's hold `id` as cancelled, if it still counts at `now`; null otherwise. */
export async function cancelHold(db: Db, tenant: string, id: string, now: Date): Promise<Reservation | null> {
  const row = await db.updateTable('reservations').set({ status: 'cancelled' }).where('tenant', '=', tenant).where('id', '=', id).where('status', '=', 'held').where('held_until', '>', now).returningAll().executeTakeFirst();
  return row ? toReservation(row) : null;
}

/**
 * Marks every hold that has ended by `now` expired, and names the cars it freed. A row is changed
 * once: a second sweep (here or on another server) finds it no longer 'held', and one that runs at
 * the same moment waits for the first's row lock and then skips it, so each freed car is named by
 * exactly one sweep.
 */
export async function expireDue(db: Db, now: Date): Promise<CarKey[]> {
  const rows = await db.updateTable('reservations').set({ status: 'expired' }).where('status', '=', 'held').where('held_until', '<=', now).returning(['tenant', 'car_id']).execute();
  return rows.map((row) => ({ tenant: row.tenant, carId: row.car_id }));
}

/** Of the given cars (every car when none are given), those with a hold that counts at `now`: the search index shows them reserved. */
export async function heldCars(db: Db, now: Date, only?: readonly CarKey[]): Promise<CarKey[]> {
  if (only?.length === 0) return [];
  let query = db.selectFrom('reservations').select(['tenant', 'car_id']).where('status', '=', 'held').where('held_until', '>', now);
  if (only) query = query.where((eb) => eb.or(only.map((car) => eb.and([eb('tenant', '=', car.tenant), eb('car_id', '=', car.carId)]))));
  return (await query.execute()).map((row) => ({ tenant: row.tenant, carId: row.car_id }));
}

/**
 * A phone's reservations on a site, newest first (the shopper's garage), each with its car's name
 * and slug while the site still lists the car: the index on (tenant, phone_digits, created_at)
 * answers it. A hold whose end has passed reads 'expired' before a sweep has marked it.
 */
export async function shopperReservations(db: Db, tenant: string, phoneDigits: string, now: Date, limit = 20): Promise<ShopperReservation[]> {
  const rows = await db
    .selectFrom('reservations as r')
    .leftJoin('cars as c', (join) => join.onRef('c.tenant', '=', 'r.tenant').onRef('c.id', '=', 'r.car_id'))
    .selectAll('r')
    .select(['c.name as car_name', 'c.slug as car_slug', 'c.show_on_dealer_website as car_listed'])
    .where('r.tenant', '=', tenant)
    .where('r.phone_digits', '=', phoneDigits)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id')
    .limit(limit)
    .execute();
  return rows.map((row) => {
    const reservation = toReservation(row);
    const listed = typeof row.car_name === 'string' && typeof row.car_slug === 'string' && row.car_listed === true;
    return {
      ...reservation,
      status: reservation.status === 'held' && reservation.heldUntil.getTime() <= now.getTime() ? 'expired' : reservation.status,
      car: listed ? { name: String(row.car_name), slug: String(row.car_slug) } : null,
      createdAt: toDate(row.created_at),
    };
  });
}
