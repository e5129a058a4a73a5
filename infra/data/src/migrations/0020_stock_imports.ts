import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Feed imports (docs/stock.md): a dealer's whole stock of one source as a file.
 *
 * - `stock_imports`: one row per upload, with its source, format and size, its status (receiving
 *   while the upload arrives, then queued, running, done, failed, quarantined), counts and row errors. Any instance runs it: a runner
 *   claims a queued import (or one whose claim has lapsed) and holds it while `claimed_until` is
 *   ahead. The partial unique index lets a tenant have one running import at a time, whatever
 *   two instances do at once.
 * - `stock_import_chunks`: the uploaded feed in pieces, so that a runner on another instance
 *   reads it a piece at a time (memory stays bounded whatever the size); deleted once the
 *   import ends.
 */
export const stockImports0020: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('stock_imports')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('tenant', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('format', 'text', (c) => c.notNull().check(sql`format in ('csv', 'tsv', 'xml')`))
      .addColumn('status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('queued')
          .check(sql`status in ('receiving', 'queued', 'running', 'done', 'failed', 'quarantined')`),
      )
      .addColumn('bytes', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('rows', 'integer')
      .addColumn('counts', 'jsonb')
      .addColumn('errors', 'jsonb')
      .addColumn('message', 'text')
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('started_at', 'timestamptz')
      .addColumn('finished_at', 'timestamptz')
      .addColumn('claimed_until', 'timestamptz')
      .execute();
    await db.schema
      .createIndex('stock_imports_tenant')
      .on('stock_imports')
      .columns(['tenant', 'source', 'id'])
      .execute();
    await db.schema
      .createIndex('stock_imports_one_running')
      .on('stock_imports')
      .column('tenant')
      .unique()
      .where(sql.ref('status'), '=', 'running')
      .execute();

    await db.schema
      .createTable('stock_import_chunks')
      .addColumn('import_id', 'bigint', (c) => c.notNull().references('stock_imports.id').onDelete('cascade'))
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('data', 'bytea', (c) => c.notNull())
      .addPrimaryKeyConstraint('stock_import_chunks_pk', ['import_id', 'seq'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('stock_import_chunks').execute();
    await db.schema.dropTable('stock_imports').execute();
  },
};
