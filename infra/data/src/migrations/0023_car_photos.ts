import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The dealers' own photos (docs/stock.md, Photos):
 *
 * - `car_photos`: one row per photo URL a tenant's cars name, fetched once by whichever instance
 *   claims it (`claimed_until`, as feed imports are claimed) and kept in object storage under
 *   `hash`, the SHA-256 of the bytes fetched (null until fetched). `status` is pending (to fetch,
 *   or to retry at `next_attempt_at` after `attempts` tries, with `last_error`), stored, or failed
 *   (refused, or out of tries). A stored photo is revalidated at `next_attempt_at` with the
 *   source's `etag` / `last_modified`, so an unchanged photo answers 304 and is not fetched again.
 * - `cars.photo_urls`: the photo URLs the dealer sent, in order, which the Stock API answers with;
 *   `cars.images` lists only the photos stored so far, at the site's own /media/photos/ address.
 *   Null for cars written before (the demo seed), whose images are their own.
 */
export const carPhotos0023: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('cars').addColumn('photo_urls', 'jsonb').execute();
    await db.schema
      .createTable('car_photos')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('tenant', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('hash', 'text')
      .addColumn('status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('pending')
          .check(sql`status in ('pending', 'stored', 'failed')`),
      )
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      .addColumn('etag', 'text')
      .addColumn('last_modified', 'text')
      .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('claimed_until', 'timestamptz')
      .addColumn('fetched_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('car_photos_tenant_url').on('car_photos').columns(['tenant', 'url']).unique().execute();
    await db.schema
      .createIndex('car_photos_due')
      .on('car_photos')
      .columns(['next_attempt_at'])
      .where(sql.ref('status'), '<>', 'failed')
      .execute();
    await db.schema.createIndex('car_photos_tenant_hash').on('car_photos').columns(['tenant', 'hash']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('car_photos').execute();
    await db.schema.alterTable('cars').dropColumn('photo_urls').execute();
  },
};
