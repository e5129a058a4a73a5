import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Removing stored photos no car names any more (docs/stock.md, Photos):
 *
 * - `car_photos.released_at`: when the sweep first found no car of the tenant naming the URL
 *   (null while one does). A row released longer than the grace period is deleted.
 * - `photo_objects`: one row per hash kept in object storage, written before its bytes are, so
 *   storage holds nothing the database does not know of. `released_at` is when the sweep first
 *   found no named photo holding the hash; past the grace period the sweep claims the row
 *   (`claimed_until`, as photos are claimed), deletes the original and every size, then the row:
 *   a sweep that stops midway leaves the row, and the next one finishes.
 */
export const photoSweep0025: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('car_photos').addColumn('released_at', 'timestamptz').execute();
    // The sweep looks for every tenant's rows of a hash: one stored copy serves them all.
    await db.schema
      .createIndex('car_photos_hash')
      .on('car_photos')
      .column('hash')
      .where(sql.ref('hash'), 'is not', null)
      .execute();
    await db.schema
      .createTable('photo_objects')
      .addColumn('hash', 'text', (c) => c.primaryKey())
      .addColumn('released_at', 'timestamptz')
      .addColumn('claimed_until', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`insert into photo_objects (hash) select distinct hash from car_photos where hash is not null`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('photo_objects').execute();
    await db.schema.dropIndex('car_photos_hash').execute();
    await db.schema.alterTable('car_photos').dropColumn('released_at').execute();
  },
};
