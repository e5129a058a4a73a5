import { sql, type Kysely } from 'kysely';
import type { CarImage } from '@forecourt/data/stock-model';
import type { CarPhotoStatus, PlatformTables } from '@forecourt/data/schema';
import { fromRow } from '@forecourt/data/stock';

/**
 * The dealers' photos as records (migration 0023): queued by the write that names them, claimed
 * by one fetcher on any instance (`claimed_until`, a lapsed claim is taken over), stored under
 * their content hash, and mapped onto the cars that name them.
 */

type Db = Kysely<PlatformTables>;

export interface CarPhoto {
  id: string;
  tenant: string;
  url: string;
  hash: string | null;
  status: CarPhotoStatus;
  attempts: number;
  last_error: string | null;
  etag: string | null;
  last_modified: string | null;
}

/** The site's own address of a stored photo; the media route makes its sizes (`?w=`). */
export const photoPath = (hash: string) => `/media/photos/${hash}`;

/** The photos a car shows: those of its dealer's URLs stored so far, in the dealer's order. */
export function imagesOf(urls: readonly string[], hashes: ReadonlyMap<string, string>): CarImage[] {
  const seen = new Set<string>();
  return urls.flatMap((url) => {
    const hash = hashes.get(url);
    if (!hash || seen.has(hash)) return [];
    seen.add(hash);
    return [{ image: { url: photoPath(hash), thumb: { url: `${photoPath(hash)}?w=300` } } }];
  });
}

/**
 * The stored photos' hashes among `urls`, read with a share lock in the writer's transaction: a
 * fetcher marking one of them stored waits for this write to commit, and then maps it onto the
 * car this write made (see applyPhoto), so no car misses a photo stored while it was written.
 */
export async function storedHashes(trx: Db, tenant: string, urls: readonly string[]): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  if (urls.length === 0) return hashes;
  const rows = await trx
    .selectFrom('car_photos')
    .select(['url', 'hash', 'status'])
    .where('tenant', '=', tenant)
    .where('url', 'in', [...new Set(urls)])
    .orderBy('id')
    .forShare()
    .execute();
  for (const row of rows) if (row.hash && row.status === 'stored') hashes.set(row.url, row.hash);
  return hashes;
}

/** New photo URLs to fetch, in the writer's transaction (no fetcher sees them before the car is written). */
export async function queuePhotos(trx: Db, tenant: string, urls: readonly string[]): Promise<void> {
  const unique = [...new Set(urls)];
  for (let i = 0; i < unique.length; i += 1000) {
    await trx
      .insertInto('car_photos')
      .values(unique.slice(i, i + 1000).map((url) => ({ tenant, url })))
      .onConflict((oc) => oc.columns(['tenant', 'url']).doNothing())
      .execute();
  }
}

/**
 * Claims up to `limit` photos due now: pending ones, stored ones due to be revalidated (unless no
 * car names them: the sweep's, photo-sweep.ts), and any whose fetcher's claim lapsed (it died mid-fetch). `skip locked` gives two instances claiming at
 * once different photos; the claim counts as an attempt, so a photo that kills its fetcher runs out of tries.
 */
export async function claimPhotos(db: Db, now: Date, leaseMs: number, limit: number): Promise<CarPhoto[]> {
  const until = new Date(now.getTime() + leaseMs);
  const claimed = await sql<CarPhoto>`
    update car_photos set claimed_until = ${until}, attempts = attempts + 1
    where id in (
      select id from car_photos
      where status <> 'failed' and next_attempt_at <= ${now} and (claimed_until is null or claimed_until < ${now})
        and (status <> 'stored' or released_at is null)
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    returning id, tenant, url, hash, status, attempts, last_error, etag, last_modified`.execute(db);
  return claimed.rows.map((row) => ({ ...row, id: String(row.id), attempts: Number(row.attempts) }));
}

/**
 * The photo's bytes are stored under `hash`: what writes read from now on. Its own transaction,
 * before the cars are changed (applyPhoto): it waits for writers holding the row (storedHashes).
 * The claim is kept and the photo stays due until markDone: should its fetcher stop before the
 * cars are changed, the next to claim it (once the claim lapses) changes them.
 */
export async function markStored(
  db: Db,
  id: string,
  values: { hash: string; etag: string | null; lastModified: string | null; now: Date },
): Promise<void> {
  await db
    .updateTable('car_photos')
    .set({
      status: 'stored',
      hash: values.hash,
      etag: values.etag,
      last_modified: values.lastModified,
      attempts: 0,
      last_error: null,
      fetched_at: values.now,
      next_attempt_at: values.now,
    })
    .where('id', '=', id)
    .execute();
}

/** The stored photo is on its cars (new bytes, or a 304): asked again at `next`. */
export async function markDone(db: Db, id: string, next: Date): Promise<void> {
  await db
    .updateTable('car_photos')
    .set({ attempts: 0, last_error: null, next_attempt_at: next, claimed_until: null })
    .where('id', '=', id)
    .execute();
}

/**
 * A fetch that failed: tried again at `retryAt`, or, with none (refused, or out of tries), failed
 * for good. A stored photo stays stored (its bytes are still good) and is tried again later.
 */
export async function markFailed(
  db: Db,
  photo: CarPhoto,
  error: string,
  retryAt: Date | null,
  later: Date,
): Promise<void> {
  const keep = photo.status === 'stored';
  await db
    .updateTable('car_photos')
    .set({
      status: keep ? 'stored' : retryAt ? 'pending' : 'failed',
      last_error: error.slice(0, 1000),
      next_attempt_at: retryAt ?? later,
      claimed_until: null,
    })
    .where('id', '=', photo.id)
    .execute();
}

/**
 * Shows a newly stored photo on every car of the tenant that names it: each car's images made
 * again from its dealer's URLs and the photos stored now, written with a `photos` change (the
 * stock index and every other reader of changes see it as they see a dealer's write). The
 * cars are changed here, as photos arrive, rather than mapped on each read, so pages, search and
 * the sitemap read a car as it is stored and the change is recorded once. The number of cars changed.
 */
export async function applyPhoto(db: Db, tenant: string, url: string, now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const cars = await trx
      .selectFrom('cars')
      .select(['id', 'stocknum', 'images', 'photo_urls'])
      .where('tenant', '=', tenant)
      .where(sql<boolean>`photo_urls @> ${JSON.stringify([url])}::jsonb`)
      .orderBy('id')
      .forUpdate()
      .execute();
    let changed = 0;
    for (const row of cars) {
      const car = fromRow<{ id: string; stocknum: string; images: CarImage[] | null; photo_urls: string[] | null }>(
        row,
      );
      const urls = car.photo_urls ?? [];
      const hashes = new Map<string, string>();
      const stored = await trx
        .selectFrom('car_photos')
        .select(['url', 'hash'])
        .where('tenant', '=', tenant)
        .where('url', 'in', urls)
        .where('status', '=', 'stored')
        .execute();
      for (const photo of stored) if (photo.hash) hashes.set(photo.url, photo.hash);
      const images = imagesOf(urls, hashes);
      const before = (car.images ?? []).map((image) => image.image.url);
      const after = images.map((image) => image.image.url);
      if (JSON.stringify(before) === JSON.stringify(after)) continue;
      await trx
        .updateTable('cars')
        .set({ images: JSON.stringify(images), primary_image_url: images[0]?.image.url ?? null, updated_at: now })
        .where('tenant', '=', tenant)
        .where('id', '=', car.id)
        .execute();
      await trx
        .insertInto('stock_changes')
        .values({
          at: now,
          tenant,
          car_id: car.id,
          stocknum: car.stocknum,
          kind: 'photos',
          source: 'photos',
          before: JSON.stringify({ images: before }),
          after: JSON.stringify({ images: after }),
        })
        .execute();
      changed++;
    }
    return changed;
  });
}

/** Whether `hash` is a stored photo of the tenant's: the media route serves no other. */
export async function photoKnown(db: Db, tenant: string, hash: string): Promise<boolean> {
  const row = await db
    .selectFrom('car_photos')
    .select('id')
    .where('tenant', '=', tenant)
    .where('hash', '=', hash)
    .where('status', '=', 'stored')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Where each of the tenant's `urls` is, for the Stock API's reads: one statement for a whole page of cars. */
export async function photoStatuses(
  db: Db,
  tenant: string,
  urls: readonly string[],
): Promise<Map<string, PhotoRecord>> {
  const found = new Map<string, PhotoRecord>();
  const unique = [...new Set(urls)];
  for (let i = 0; i < unique.length; i += 10_000) {
    const rows = await db
      .selectFrom('car_photos')
      .select(['url', 'hash', 'status', 'attempts', 'last_error', 'next_attempt_at'])
      .where('tenant', '=', tenant)
      .where('url', 'in', unique.slice(i, i + 10_000))
      .execute();
    for (const row of rows)
      found.set(row.url, { ...row, attempts: Number(row.attempts), next_attempt_at: new Date(row.next_attempt_at) });
  }
  return found;
}

/** A photo's state as a reader sees it. */
export interface PhotoRecord {
  url: string;
  hash: string | null;
  status: CarPhotoStatus;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date;
}

export async function findPhoto(db: Db, tenant: string, url: string): Promise<CarPhoto | null> {
  const row = await db
    .selectFrom('car_photos')
    .select(['id', 'tenant', 'url', 'hash', 'status', 'attempts', 'last_error', 'etag', 'last_modified'])
    .where('tenant', '=', tenant)
    .where('url', '=', url)
    .executeTakeFirst();
  return row ? { ...row, id: String(row.id) } : null;
}

/** A photo not stored (yet): what the console lists for an operator to look into. */
export interface UnstoredPhoto {
  url: string;
  status: Exclude<CarPhotoStatus, 'stored'>;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date;
  created_at: Date;
  /** The first few cars naming it, by stock number; `car_count` is all of them. */
  stocknums: string[];
  car_count: number;
}

export interface PhotoReport {
  counts: Record<CarPhotoStatus, number>;
  /** Newest first, at most the limit asked for. */
  unstored: UnstoredPhoto[];
}

/** How many of a photo's cars are named in the report: a dealer's placeholder photo can be on hundreds. */
export const STOCKNUMS_PER_PHOTO = 5;

/**
 * A tenant's photos for the console: how many are stored, pending and failed, and the newest of
 * those not stored with the cars naming them. Photos no car names any more (released, see
 * photo-sweep.ts) are left out: no page shows them, and the sweep deletes them. The cars are
 * read only when some photo is not stored: one pass over the tenant's cars, as applyPhoto's.
 */
export async function photoReport(db: Db, tenant: string, limit: number): Promise<PhotoReport> {
  const counts: Record<CarPhotoStatus, number> = { stored: 0, pending: 0, failed: 0 };
  const counted = await db
    .selectFrom('car_photos')
    .select(['status', db.fn.countAll<string>().as('count')])
    .where('tenant', '=', tenant)
    .where('released_at', 'is', null)
    .groupBy('status')
    .execute();
  for (const row of counted) counts[row.status] = Number(row.count);

  const rows = await db
    .selectFrom('car_photos')
    .select(['url', 'status', 'attempts', 'last_error', 'next_attempt_at', 'created_at'])
    .where('tenant', '=', tenant)
    .where('released_at', 'is', null)
    .where('status', '<>', 'stored')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  if (rows.length === 0) return { counts, unstored: [] };

  const urls = JSON.stringify(rows.map((row) => row.url));
  const named = await sql<{ url: string; stocknum: string; cars: string }>`
    select url, stocknum, cars from (
      select url, stocknum, count(*) over (partition by url) as cars, row_number() over (partition by url order by stocknum) as n
      from (
        select distinct u.url, c.stocknum
        from cars c cross join lateral jsonb_array_elements_text(c.photo_urls) as u(url)
        where c.tenant = ${tenant} and jsonb_typeof(c.photo_urls) = 'array'
          and c.photo_urls ?| array(select jsonb_array_elements_text(${urls}::jsonb))
          and u.url in (select jsonb_array_elements_text(${urls}::jsonb))
      ) as pairs
    ) as named
    where n <= ${STOCKNUMS_PER_PHOTO}
    order by url, n`.execute(db);
  const cars = new Map<string, { stocknums: string[]; count: number }>();
  for (const row of named.rows) {
    const entry = cars.get(row.url) ?? { stocknums: [], count: Number(row.cars) };
    entry.stocknums.push(row.stocknum);
    cars.set(row.url, entry);
  }
  const unstored = rows.map((row) => ({
    url: row.url,
    status: row.status as UnstoredPhoto['status'],
    attempts: Number(row.attempts),
    last_error: row.last_error,
    next_attempt_at: new Date(row.next_attempt_at),
    created_at: new Date(row.created_at),
    stocknums: cars.get(row.url)?.stocknums ?? [],
    car_count: cars.get(row.url)?.count ?? 0,
  }));
  return { counts, unstored };
}
