import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The rest of what the operator console reads:
 *
 * - `lead_outbox.claimed_until`: while a delivery round holds a row (it claimed it and is sending
 *   it), so an operator's "retry now" can make every other waiting row due at once without making
 *   one in flight due again (which would send it twice).
 * - `search_latency`: answered search requests per tenant and five-minute bucket, as a histogram
 *   (`le_ms`: the bucket's upper bound in milliseconds, -1 for longer than the largest), from
 *   which the console reads a p95. Bounded: a few dozen rows per tenant and hour.
 * - `search_no_hits`: searches whose words found nothing, per tenant, hour and query (lower-cased,
 *   at most 100 characters), at most a few hundred queries per tenant and hour.
 * - `search_index_state`: when each tenant's records were last written to the index, and (scope
 *   '*') when the index's snapshot was last saved.
 *
 * Every instance (and the search service process) adds to these rows, so the numbers hold across
 * instances: none is kept only in a process's memory.
 */
export const consoleData0017: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('lead_outbox').addColumn('claimed_until', 'timestamptz').execute();

    await db.schema
      .createTable('search_latency')
      .addColumn('tenant', 'text', (c) => c.notNull())
      .addColumn('bucket_start', 'timestamptz', (c) => c.notNull())
      .addColumn('le_ms', 'integer', (c) => c.notNull())
      .addColumn('count', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`count >= 0`),
      )
      .addPrimaryKeyConstraint('search_latency_pkey', ['tenant', 'bucket_start', 'le_ms'])
      .execute();
    await db.schema.createIndex('search_latency_time').on('search_latency').column('bucket_start').execute();

    await db.schema
      .createTable('search_no_hits')
      .addColumn('tenant', 'text', (c) => c.notNull())
      .addColumn('bucket_start', 'timestamptz', (c) => c.notNull())
      .addColumn('query', 'text', (c) => c.notNull().check(sql`length(query) between 1 and 100`))
      .addColumn('count', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`count >= 0`),
      )
      .addPrimaryKeyConstraint('search_no_hits_pkey', ['tenant', 'bucket_start', 'query'])
      .execute();
    await db.schema.createIndex('search_no_hits_time').on('search_no_hits').column('bucket_start').execute();

    await db.schema
      .createTable('search_index_state')
      .addColumn('scope', 'text', (c) => c.primaryKey())
      .addColumn('last_write_at', 'timestamptz')
      .addColumn('snapshot_saved_at', 'timestamptz')
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('search_index_state').execute();
    await db.schema.dropTable('search_no_hits').execute();
    await db.schema.dropTable('search_latency').execute();
    await db.schema.alterTable('lead_outbox').dropColumn('claimed_until').execute();
  },
};
