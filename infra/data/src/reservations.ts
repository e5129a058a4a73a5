import { normalisePhone } from '@forecourt/shared-config/identity';
import { sql, type Kysely, type Selectable } from 'kysely';
import type {
  ClaimAnswer,
  ClaimResult,
  NewClaim,
  NewHold,
  Reservation,
  ReservationClaim,
  ShopperReservation,
} from '@forecourt/mf-vehicle/contract';
import type { PlatformTables, ReservationClaimsTable, ReservationsTable } from './schema';

/**
 * Reserve online's table (migrations/0007_reservations.ts). A hold counts while its row is
 * 'held' and its end is still ahead; from its end on it no longer counts, whether or not a sweep
 * has marked it 'expired' yet, so every reader asks both. The partial unique index (one 'held'
 * row per car) is what decides between shoppers reserving one car at once.
 */

type Db = Kysely<PlatformTables>;
type Row = Selectable<ReservationsTable>;
type ClaimRow = Selectable<ReservationClaimsTable>;

/** A car of a site, as the sweep and the search index name it. */
export interface CarKey {
  tenant: string;
  carId: string;
}

export type HoldResult =
  { status: 'held'; reservation: Reservation } | { status: 'taken'; heldUntil: Date | null } | { status: 'lapsed' };

// Both drivers give timestamptz as a Date today; a string is read the same way if one does not.
const toDate = (value: Date | string): Date => new Date(value);

function toReservation(row: Row): Reservation {
  return {
    id: row.id,
    carId: row.car_id,
    status: row.status,
    heldUntil: toDate(row.held_until),
    depositCents: Number(row.deposit_cents),
    paymentReference: row.payment_reference,
  };
}

/** The car's hold that still counts at `now`, or null. */
export async function activeHold(db: Db, tenant: string, carId: string, now: Date): Promise<Reservation | null> {
  const row = await db
    .selectFrom('reservations')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('car_id', '=', carId)
    .where('status', '=', 'held')
    .where('held_until', '>', now)
    .executeTakeFirst();
  return row ? toReservation(row) : null;
}

/** The site's reservation `id` in its stored state, or null. */
export async function reservationById(db: Db, tenant: string, id: string): Promise<Reservation | null> {
  const row = await db
    .selectFrom('reservations')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toReservation(row) : null;
}

/**
 * Holds the car for the shopper, in one transaction: the car's holds that have ended by `now` are
 * marked expired first (so they no longer stand in the unique index's way), then the new row is
 * inserted unless another 'held' row is there. Two shoppers at once meet at the unique index: the
 * second insert waits for the first transaction and then does nothing, and reads the winner's end,
 * committed by then. Neither is ever told an error.
 *
 * With `claimKey`, the hold settles that claim: its row is locked first and must still be pending
 * with this reservation id ('lapsed' otherwise: the reconciler took it over), and it is marked
 * held in the same transaction, so a claim is held exactly when its reservation exists.
 */
export async function hold(db: Db, tenant: string, input: NewHold): Promise<HoldResult> {
  return db.transaction().execute(async (trx) => {
    if (input.claimKey !== undefined) {
      const mine = await trx
        .selectFrom('reservation_claims')
        .select('key')
        .where('tenant', '=', tenant)
        .where('key', '=', input.claimKey)
        .where('reservation_id', '=', input.id)
        .where('outcome', '=', 'pending')
        .forUpdate()
        .executeTakeFirst();
      if (!mine) return { status: 'lapsed' } as const;
    }
    await trx
      .updateTable('reservations')
      .set({ status: 'expired' })
      .where('tenant', '=', tenant)
      .where('car_id', '=', input.carId)
      .where('status', '=', 'held')
      .where('held_until', '<=', input.now)
      .execute();
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
      .onConflict((conflict) =>
        conflict.columns(['tenant', 'car_id']).where(sql.ref('status'), '=', sql.lit('held')).doNothing(),
      )
      .returningAll()
      .executeTakeFirst();
    if (inserted) {
      if (input.claimKey !== undefined)
        await trx
          .updateTable('reservation_claims')
          .set({ outcome: 'held' })
          .where('tenant', '=', tenant)
          .where('key', '=', input.claimKey)
          .execute();
      return { status: 'held', reservation: toReservation(inserted) } as const;
    }
    const winner = await trx
      .selectFrom('reservations')
      .select('held_until')
      .where('tenant', '=', tenant)
      .where('car_id', '=', input.carId)
      .where('status', '=', 'held')
      .executeTakeFirst();
    // No winner left: it was cancelled between our insert and this read; the car is 'taken' for this attempt all the same.
    return { status: 'taken', heldUntil: winner ? toDate(winner.held_until) : null } as const;
  });
}

function toClaim(row: ClaimRow): ReservationClaim {
  return {
    key: row.key,
    requestHash: row.request_hash,
    carId: row.car_id,
    reservationId: row.reservation_id,
    outcome: row.outcome,
    answer:
      row.answer_code !== null && row.answer_body !== null ? { code: row.answer_code, body: row.answer_body } : null,
    leaseUntil: toDate(row.lease_until),
  };
}

/** The site's claim of `key`, or null. */
export async function claimOf(db: Db, tenant: string, key: string): Promise<ReservationClaim | null> {
  const row = await db
    .selectFrom('reservation_claims')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('key', '=', key)
    .executeTakeFirst();
  return row ? toClaim(row) : null;
}

/**
 * Claims a reservation attempt's key on the site, in one transaction that first takes a lock on
 * site and phone: the phone's live holds and attempts in flight are counted and the claim written
 * while no other request for that phone can count, on PostgreSQL's concurrent transactions as on
 * PGlite's sequential ones. A key already claimed (by a request for any phone) is 'exists'.
 */
export async function claim(db: Db, tenant: string, input: NewClaim): Promise<ClaimResult> {
  return db.transaction().execute(async (trx): Promise<ClaimResult> => {
    // Held until the transaction ends; hashed to the lock's 64-bit key.
    await sql`select pg_advisory_xact_lock(hashtextextended(${`reservation-claims\n${tenant}\n${input.phoneDigits}`}, 0))`.execute(
      trx,
    );
    const existing = await trx
      .selectFrom('reservation_claims')
      .selectAll()
      .where('tenant', '=', tenant)
      .where('key', '=', input.key)
      .executeTakeFirst();
    if (existing) return { status: 'exists', claim: toClaim(existing) };
    // The phone's live holds and its claims in flight, counted in one statement: one snapshot. Two
    // statements would each see what had committed when it began, and a hold committed between
    // them (its claim marked held in the same transaction) would be in neither count.
    // A claim in flight past its lease no longer counts: the reconciler settles it.
    const counted = await sql<{ n: string | number }>`
      select (select count(*) from reservations
                where tenant = ${tenant} and phone_digits = ${input.phoneDigits} and status = 'held' and held_until > ${input.now})
           + (select count(*) from reservation_claims
                where tenant = ${tenant} and phone_digits = ${input.phoneDigits} and outcome = 'pending' and lease_until > ${input.now}) as n`.execute(
      trx,
    );
    if (Number(counted.rows[0]?.n ?? 0) >= input.limit) return { status: 'limited' };
    const inserted = await trx
      .insertInto('reservation_claims')
      .values({
        tenant,
        key: input.key,
        request_hash: input.requestHash,
        car_id: input.carId,
        phone_digits: input.phoneDigits,
        reservation_id: input.reservationId,
        authorisation_key: input.authorisationKey,
        outcome: 'pending',
        lease_until: input.leaseUntil,
        created_at: input.now,
      })
      .onConflict((conflict) => conflict.columns(['tenant', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (inserted) return { status: 'claimed' };
    // Claimed meanwhile by a request for another phone (another lock): its row is committed by now.
    const other = await trx
      .selectFrom('reservation_claims')
      .selectAll()
      .where('tenant', '=', tenant)
      .where('key', '=', input.key)
      .executeTakeFirstOrThrow();
    return { status: 'exists', claim: toClaim(other) };
  });
}

const ownPending = (db: Db, tenant: string, key: string, reservationId: string) =>
  db
    .updateTable('reservation_claims')
    .where('tenant', '=', tenant)
    .where('key', '=', key)
    .where('reservation_id', '=', reservationId)
    .where('outcome', '=', 'pending');

/** Records the authorisation's reference on the request's own pending claim. */
export async function recordAuthorisation(
  db: Db,
  tenant: string,
  key: string,
  reservationId: string,
  reference: string,
): Promise<void> {
  await ownPending(db, tenant, key, reservationId).set({ authorisation_reference: reference }).execute();
}

/** Settles the request's own pending claim without a hold; false when it is no longer pending (reconciled). */
export async function settleClaim(
  db: Db,
  tenant: string,
  key: string,
  reservationId: string,
  settlement: { outcome: 'refused' | 'failed'; answer: ClaimAnswer | null; voidOwed: boolean },
): Promise<boolean> {
  const row = await ownPending(db, tenant, key, reservationId)
    .set({
      outcome: settlement.outcome,
      answer_code: settlement.answer?.code ?? null,
      answer_body: settlement.answer ? JSON.stringify(settlement.answer.body) : null,
      void_owed: settlement.voidOwed,
    })
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

/** The claim's owed void is done: a refused claim keeps its answer for retries, a failed one is released so a retry may try again. */
export async function claimVoided(db: Db, tenant: string, key: string, reservationId: string): Promise<void> {
  await db
    .deleteFrom('reservation_claims')
    .where('tenant', '=', tenant)
    .where('key', '=', key)
    .where('reservation_id', '=', reservationId)
    .where('outcome', '=', 'failed')
    .execute();
  await db
    .updateTable('reservation_claims')
    .set({ void_owed: false })
    .where('tenant', '=', tenant)
    .where('key', '=', key)
    .where('reservation_id', '=', reservationId)
    .where('outcome', '=', 'refused')
    .execute();
}

/** A claim the reconciler settles: its site, key, reservation and the authorisation to void (null: none was asked for). */
export interface UnsettledClaim {
  tenant: string;
  key: string;
  reservationId: string;
  authorisationKey: string | null;
}

/**
 * The claims whose lease has passed at `now` and whose authorisation holds nothing: those still
 * pending (their request died or overran) are taken over first, in the one UPDATE that also makes
 * a late hold of theirs 'lapsed' (hold() locks and checks the same row), and those settled with a
 * void still owed. Only the lease decides: a request of another server still within its lease is
 * never touched, whatever restarts meanwhile.
 */
export async function unsettledClaims(db: Db, now: Date): Promise<UnsettledClaim[]> {
  await db
    .updateTable('reservation_claims')
    .set({ outcome: 'failed', void_owed: sql<boolean>`authorisation_key is not null` })
    .where('outcome', '=', 'pending')
    .where('lease_until', '<=', now)
    // A claim is marked held with its reservation in one transaction; this says the same thing in the query's own words.
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('reservations')
            .select('reservations.id')
            .whereRef('reservations.id', '=', 'reservation_claims.reservation_id'),
        ),
      ),
    )
    .execute();
  const rows = await db
    .selectFrom('reservation_claims')
    .select(['tenant', 'key', 'reservation_id', 'authorisation_key'])
    .where('lease_until', '<=', now)
    .where((eb) =>
      eb.or([eb('void_owed', '=', true), eb.and([eb('outcome', '=', 'failed'), eb('authorisation_key', 'is', null)])]),
    )
    .limit(500)
    .execute();
  return rows.map((row) => ({
    tenant: row.tenant,
    key: row.key,
    reservationId: row.reservation_id,
    authorisationKey: row.authorisation_key,
  }));
}

/** Ends the site's hold `id` made with the phone `phoneDigits` as cancelled, if it still counts at `now`; null otherwise. */
export async function cancelHold(
  db: Db,
  tenant: string,
  id: string,
  phoneDigits: string,
  now: Date,
): Promise<Reservation | null> {
  const row = await db
    .updateTable('reservations')
    .set({ status: 'cancelled' })
    .where('tenant', '=', tenant)
    .where('id', '=', id)
    .where('phone_digits', '=', phoneDigits)
    .where('status', '=', 'held')
    .where('held_until', '>', now)
    .returningAll()
    .executeTakeFirst();
  return row ? toReservation(row) : null;
}

/**
 * Marks every hold that has ended by `now` expired, and names the cars it freed. A row is changed
 * once: a second sweep (here or on another server) finds it no longer 'held', and one that runs at
 * the same moment waits for the first's row lock and then skips it, so each freed car is named by
 * exactly one sweep.
 */
export async function expireDue(db: Db, now: Date): Promise<CarKey[]> {
  const rows = await db
    .updateTable('reservations')
    .set({ status: 'expired' })
    .where('status', '=', 'held')
    .where('held_until', '<=', now)
    .returning(['tenant', 'car_id'])
    .execute();
  return rows.map((row) => ({ tenant: row.tenant, carId: row.car_id }));
}

/** Of the given cars (every car when none are given), those with a hold that counts at `now`: the search index shows them reserved. */
export async function heldCars(db: Db, now: Date, only?: readonly CarKey[]): Promise<CarKey[]> {
  if (only?.length === 0) return [];
  let query = db
    .selectFrom('reservations')
    .select(['tenant', 'car_id'])
    .where('status', '=', 'held')
    .where('held_until', '>', now);
  if (only)
    query = query.where((eb) =>
      eb.or(only.map((car) => eb.and([eb('tenant', '=', car.tenant), eb('car_id', '=', car.carId)]))),
    );
  return (await query.execute()).map((row) => ({ tenant: row.tenant, carId: row.car_id }));
}

/**
 * A phone's reservations on a site, newest first (the shopper's garage), each with its car's name
 * and slug while the site still lists the car: the index on (tenant, phone_digits, created_at)
 * answers it. A hold whose end has passed reads 'expired' before a sweep has marked it.
 */
export async function shopperReservations(
  db: Db,
  tenant: string,
  phoneDigits: string,
  now: Date,
  limit = 20,
): Promise<ShopperReservation[]> {
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
      status:
        reservation.status === 'held' && reservation.heldUntil.getTime() <= now.getTime()
          ? 'expired'
          : reservation.status,
      car: listed ? { name: String(row.car_name), slug: String(row.car_slug) } : null,
      createdAt: toDate(row.created_at),
    };
  });
}
