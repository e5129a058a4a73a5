import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { PlatformTables } from '@forecourt/data/schema';

/**
 * Stored photos no car names any more, as records (migration 0025). Every car row counts, of
 * any tenant and status: a sold car shows in its sold window, a withdrawn one stays a row that
 * leads and reservations point at, and either may go back on sale. A photo is released when no
 * car names its URL (its car's photos changed, or the car row was deleted), and its hash when no
 * named photo holds it; both are deleted once released longer than the grace period.
 *
 * Every statement that changes many rows takes only rows no one else holds (`skip locked`): a
 * writer holds the rows of the photos it names (storedHashes) and is never made to wait, nor
 * to deadlock, behind a sweep. What it skips is looked at again by the next sweep.
 */

type Db = Kysely<PlatformTables>;

/** Each tenant's URLs its cars name now: one pass over the cars, joined by hash with the photos. */
const named = sql`named as (
  select distinct c.tenant, u.url
  from cars c cross join lateral jsonb_array_elements_text(c.photo_urls) as u(url)
  where jsonb_typeof(c.photo_urls) = 'array'
)`;

const count = (result: { numAffectedRows?: bigint }) => Number(result.numAffectedRows ?? 0n);

async function run(db: Db, statement: RawBuilder<unknown>): Promise<number> {
  return count(await statement.execute(db));
}

/**
 * Marks what is named and what is not, as of now: photos no car names are released (their grace
 * starts), released ones named again are not; likewise each hash by whether a named photo holds it.
 */
export async function markReleased(db: Db, now: Date): Promise<void> {
  await run(
    db,
    sql`with ${named}
    update car_photos set released_at = ${now} where id in (
      select id from car_photos cp
      where cp.released_at is null and not exists (select 1 from named n where n.tenant = cp.tenant and n.url = cp.url)
      for update of cp skip locked)`,
  );
  await run(
    db,
    sql`with ${named}
    update car_photos set released_at = null where id in (
      select id from car_photos cp
      where cp.released_at is not null and exists (select 1 from named n where n.tenant = cp.tenant and n.url = cp.url)
      for update of cp skip locked)`,
  );
  await run(
    db,
    sql`
    update photo_objects set released_at = ${now} where hash in (
      select hash from photo_objects po
      where po.released_at is null and not exists (select 1 from car_photos cp where cp.hash = po.hash and cp.released_at is null)
      for update of po skip locked)`,
  );
  await run(
    db,
    sql`
    update photo_objects set released_at = null where hash in (
      select hash from photo_objects po
      where po.released_at is not null and exists (select 1 from car_photos cp where cp.hash = po.hash and cp.released_at is null)
      for update of po skip locked)`,
  );
}

/**
 * Deletes the photos released before `cutoff` that no car names now and no fetcher holds: their
 * status goes with them, so the URL named again is fetched again (its bytes, still stored while
 * their hash is, cost no sharp work). The number deleted.
 */
export async function deleteReleasedPhotos(db: Db, cutoff: Date, now: Date): Promise<number> {
  return run(
    db,
    sql`with ${named}
    delete from car_photos where id in (
      select id from car_photos cp
      where cp.released_at < ${cutoff} and (cp.claimed_until is null or cp.claimed_until < ${now})
        and not exists (select 1 from named n where n.tenant = cp.tenant and n.url = cp.url)
      for update of cp skip locked)`,
  );
}

/**
 * Queues the URLs cars name that have no photo row: a write that met a sweep deleting the row
 * (the write waited for it, then found no row to map). The number queued.
 */
export async function queueUnqueued(db: Db): Promise<number> {
  return run(
    db,
    sql`with ${named}
    insert into car_photos (tenant, url)
    select n.tenant, n.url from named n where not exists (select 1 from car_photos cp where cp.tenant = n.tenant and cp.url = n.url)
    on conflict (tenant, url) do nothing`,
  );
}

/** A hash the sweep holds: its objects are this claim's to delete until `until`. */
export interface ClaimedHash {
  hash: string;
  until: Date;
}

/**
 * Claims up to `limit` hashes released before `cutoff`, as photos are claimed: two sweeps at
 * once claim different hashes (`skip locked`), and one whose sweeper stopped is taken over once
 * its claim lapses.
 */
export async function claimReleasedHashes(
  db: Db,
  cutoff: Date,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<ClaimedHash[]> {
  const until = new Date(now.getTime() + leaseMs);
  const claimed = await sql<{ hash: string }>`
    update photo_objects set claimed_until = ${until} where hash in (
      select hash from photo_objects
      where released_at < ${cutoff} and (claimed_until is null or claimed_until < ${now})
      order by released_at, hash
      limit ${limit}
      for update skip locked)
    returning hash`.execute(db);
  return claimed.rows.map((row) => ({ hash: row.hash, until }));
}

/**
 * Whether a car names a photo of the hash now, or a photo of it is not released: a write or a
 * fetch since the hash was released. The claim is given up and the hash kept.
 */
export async function hashInUse(db: Db, claim: ClaimedHash): Promise<boolean> {
  const row = await sql<{ used: boolean }>`
    select exists (
      select 1 from car_photos cp
      where cp.hash = ${claim.hash}
        and (cp.released_at is null or exists (select 1 from cars c where c.tenant = cp.tenant and c.photo_urls @> jsonb_build_array(cp.url)))
    ) as used`.execute(db);
  if (!row.rows[0]?.used) return false;
  await db
    .updateTable('photo_objects')
    .set({ released_at: null, claimed_until: null })
    .where('hash', '=', claim.hash)
    .where('claimed_until', '=', claim.until)
    .execute();
  return true;
}

/** Deletes the hash's photos no car names (another tenant's too: one stored copy served them all). */
export async function deletePhotosOf(db: Db, hash: string): Promise<number> {
  return run(
    db,
    sql`
    delete from car_photos where id in (
      select id from car_photos cp
      where cp.hash = ${hash} and not exists (select 1 from cars c where c.tenant = cp.tenant and c.photo_urls @> jsonb_build_array(cp.url))
      for update of cp skip locked)`,
  );
}

/**
 * The hash's objects are deleted: its row goes, and true. Unless a photo was stored under it
 * meanwhile (a write named one while the sweep ran, or a fetcher stored the same bytes, which
 * marks the row not released first): then those photos are due at once with no validators, so
 * the fetcher stores their bytes again, and the hash stays, not released.
 */
export async function finishHash(db: Db, claim: ClaimedHash, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const gone = await sql`
      delete from photo_objects
      where hash = ${claim.hash} and claimed_until = ${claim.until} and released_at is not null
        and not exists (select 1 from car_photos where hash = ${claim.hash})`.execute(trx);
    if (count(gone) > 0) return true;
    await trx
      .updateTable('car_photos')
      .set({ next_attempt_at: now, etag: null, last_modified: null })
      .where('hash', '=', claim.hash)
      .execute();
    await trx
      .updateTable('photo_objects')
      .set({ released_at: null, claimed_until: null })
      .where('hash', '=', claim.hash)
      .execute();
    return false;
  });
}

/**
 * The fetcher's word that it is about to keep `hash` in storage: written before the bytes, so
 * storage holds nothing the sweep does not know of, and so a sweep deleting the hash meanwhile
 * sees it in use (finishHash).
 */
export async function notePhotoObject(db: Db, hash: string): Promise<void> {
  await db
    .insertInto('photo_objects')
    .values({ hash })
    .onConflict((oc) => oc.column('hash').doUpdateSet({ released_at: null }))
    .execute();
}
