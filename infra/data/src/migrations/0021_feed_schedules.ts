import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Feeds the platform pulls from a dealer's URL (docs/stock.md, Pulled feeds).
 *
 * - `stock_imports.url`: an import asked for by URL; its feed is fetched by the runner that claims
 *   it, so `format` (the file's, known from the answer) stays null until then.
 * - `feed_schedules`: one per tenant and source, pulled every `interval_minutes`. Any instance
 *   claims a due one as the imports are claimed (`claimed_until`), so N instances pull it once.
 *   `etag` and `last_modified` are the validators of the last pull that brought a feed: the next
 *   pull sends them, and an unchanged feed answers 304 and costs one request.
 */
export const feedSchedules0021: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('stock_imports').addColumn('url', 'text').execute();
    await db.schema
      .alterTable('stock_imports')
      .alterColumn('format', (c) => c.dropNotNull())
      .execute();

    await db.schema
      .createTable('feed_schedules')
      .addColumn('tenant', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('format', 'text', (c) => c.notNull().check(sql`format in ('meta-auto')`))
      .addColumn('interval_minutes', 'integer', (c) => c.notNull().check(sql`interval_minutes >= 15`))
      .addColumn('updated_by', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('next_pull_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('claimed_until', 'timestamptz')
      .addColumn('etag', 'text')
      .addColumn('last_modified', 'text')
      .addColumn('last_pulled_at', 'timestamptz')
      .addColumn('last_outcome', 'text', (c) => c.check(sql`last_outcome in ('queued', 'unchanged', 'failed')`))
      .addColumn('last_message', 'text')
      .addColumn('last_import_id', 'bigint')
      .addPrimaryKeyConstraint('feed_schedules_pk', ['tenant', 'source'])
      .execute();
    await db.schema.createIndex('feed_schedules_due').on('feed_schedules').column('next_pull_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('feed_schedules').execute();
    await db
      .deleteFrom('stock_imports' as never)
      .where(sql.ref('format'), 'is', null)
      .execute();
    await db.schema
      .alterTable('stock_imports')
      .alterColumn('format', (c) => c.setNotNull())
      .execute();
    await db.schema.alterTable('stock_imports').dropColumn('url').execute();
  },
};
