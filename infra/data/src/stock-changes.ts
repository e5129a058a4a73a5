import type { Kysely } from 'kysely';
import type { PlatformTables, StockChangeKind } from './schema';

/**
 * Reading stock_changes in order, each reader (`consumer`) from its own place. A change's id is
 * taken when its transaction inserts it, but transactions commit in their own order: a change
 * with a lower id can become visible after a higher one was read. So a reader's place moves only
 * over ids with no gap below them; a gap is passed once the change after it is older than
 * GAP_GRACE_MS (an id that a rolled-back write took never comes). What lies beyond a gap is read
 * again next time: readers apply changes idempotently (they read the car as it is now).
 */

type Db = Kysely<PlatformTables>;

/** Longer than any write transaction of one car runs. */
export const GAP_GRACE_MS = 30_000;

export interface StockChange {
  id: number;
  at: Date;
  tenant: string;
  carId: string;
  kind: StockChangeKind;
}

export async function readChanges(
  db: Db,
  consumer: string,
  limit: number,
): Promise<{ changes: StockChange[]; place: number }> {
  const cursor = await db
    .selectFrom('stock_change_cursors')
    .select('last_id')
    .where('consumer', '=', consumer)
    .executeTakeFirst();
  const place = cursor ? Number(cursor.last_id) : 0;
  const rows = await db
    .selectFrom('stock_changes')
    .select(['id', 'at', 'tenant', 'car_id', 'kind'])
    .where('id', '>', String(place))
    .orderBy('id')
    .limit(limit)
    .execute();
  return {
    place,
    changes: rows.map((row) => ({
      id: Number(row.id),
      at: new Date(row.at),
      tenant: row.tenant,
      carId: row.car_id,
      kind: row.kind,
    })),
  };
}

/** Where a reader that has applied `changes` (read from `place`) may resume: past every change with no unexplained gap below it. */
export function nextPlace(place: number, changes: readonly StockChange[], now: Date): number {
  let next = place;
  for (const change of changes) {
    if (change.id !== next + 1 && now.getTime() - change.at.getTime() < GAP_GRACE_MS) break;
    next = change.id;
  }
  return next;
}

/** Moves the reader's place forward (never back: two instances may read the same changes). */
export async function advance(db: Db, consumer: string, to: number): Promise<void> {
  await db
    .insertInto('stock_change_cursors')
    .values({ consumer, last_id: to })
    .onConflict((oc) =>
      oc
        .column('consumer')
        .doUpdateSet({ last_id: to, updated_at: new Date() })
        .where('stock_change_cursors.last_id', '<', String(to)),
    )
    .execute();
}
