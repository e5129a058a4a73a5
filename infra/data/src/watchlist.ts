import type { Kysely } from 'kysely';
import type { PlatformTables } from './schema';

type Db = Kysely<PlatformTables>;

export interface WatchlistEntry {
  car_id: string;
  slug: string;
  saved_at: string;
}

export async function isOnWatchlist(db: Db, tenant: string, userId: string, carId: string): Promise<boolean> {
  const row = await db
    .selectFrom('watchlist')
    .select('car_id')
    .where('tenant', '=', tenant)
    .where('user_id', '=', userId)
    .where('car_id', '=', carId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Saving twice keeps the first save's time. */
export async function saveToWatchlist(db: Db, tenant: string, userId: string, carId: string): Promise<void> {
  await db
    .insertInto('watchlist')
    .values({ tenant, user_id: userId, car_id: carId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function removeFromWatchlist(db: Db, tenant: string, userId: string, carId: string): Promise<void> {
  await db
    .deleteFrom('watchlist')
    .where('tenant', '=', tenant)
    .where('user_id', '=', userId)
    .where('car_id', '=', carId)
    .execute();
}

/** A user's watchlist on one site, newest first, with each car's address slug (cars since deleted from stock are left out). */
export async function listWatchlist(db: Db, tenant: string, userId: string): Promise<WatchlistEntry[]> {
  const rows = await db
    .selectFrom('watchlist')
    .innerJoin('cars', (join) =>
      join.onRef('cars.id', '=', 'watchlist.car_id').onRef('cars.tenant', '=', 'watchlist.tenant'),
    )
    .select(['watchlist.car_id as car_id', 'cars.slug as slug', 'watchlist.saved_at as saved_at'])
    .where('watchlist.tenant', '=', tenant)
    .where('watchlist.user_id', '=', userId)
    .orderBy('watchlist.saved_at', 'desc')
    .execute();
  return rows.map((row) => ({
    car_id: String(row.car_id),
    slug: String(row.slug),
    saved_at: new Date(row.saved_at as Date).toISOString(),
  }));
}
