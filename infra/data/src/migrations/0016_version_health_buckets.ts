import { sql, type Kysely, type Migration } from 'kysely';

/**
 * What the operator console charts of shoppers' mount reports, beside the totals that decide
 * last-good (version_health, unchanged):
 *
 * - `version_health_buckets`: the same reports counted per tenant, team, version, five-minute
 *   bucket and kind (`clean`, or the failure's kind), written by the very statement that counts
 *   the total, so the two never disagree about what was counted.
 * - `canary_alerts`: one row per canary flagged for failing more than its pin; the row is the
 *   claim that makes several instances send its webhook once.
 * - `analytics_events.browser`: the browser a failure report came from (family and major version,
 *   never the whole User-Agent), and an index for a remote's latest failures.
 */
export const versionHealthBuckets0016: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('version_health_buckets')
      .addColumn('tenant', 'text', (c) => c.notNull())
      .addColumn('team', 'text', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('bucket_start', 'timestamptz', (c) => c.notNull())
      .addColumn('kind', 'text', (c) =>
        c
          .notNull()
          .check(sql`kind in ('clean', 'entry', 'mount', 'render', 'fragment-timeout', 'fragment-error', 'other')`),
      )
      .addColumn('count', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`count >= 0`),
      )
      .addPrimaryKeyConstraint('version_health_buckets_pkey', ['tenant', 'team', 'version', 'bucket_start', 'kind'])
      .execute();
    // Windows are read per tenant from a start time; old buckets are pruned by time.
    await db.schema
      .createIndex('version_health_buckets_tenant_time')
      .on('version_health_buckets')
      .columns(['tenant', 'bucket_start'])
      .execute();
    await db.schema
      .createIndex('version_health_buckets_time')
      .on('version_health_buckets')
      .column('bucket_start')
      .execute();

    await db.schema
      .createTable('canary_alerts')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('tenant', 'text', (c) => c.notNull())
      .addColumn('team', 'text', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      // A canary is its tenant, team, version and start: a canary stopped and started again is another.
      .addColumn('canary_started_at', 'timestamptz', (c) => c.notNull())
      .addColumn('flagged_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('details', 'jsonb', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('claimed_until', 'timestamptz')
      .addColumn('sent_at', 'timestamptz')
      .addColumn('last_error', 'text')
      .addUniqueConstraint('canary_alerts_once', ['tenant', 'team', 'version', 'canary_started_at'])
      .execute();
    await db.schema
      .createIndex('canary_alerts_unsent')
      .on('canary_alerts')
      .column('next_attempt_at')
      .where(sql.ref('sent_at'), 'is', null)
      .execute();

    await db.schema.alterTable('analytics_events').addColumn('browser', 'text').execute();
    // A remote's latest failures (PLATFORM_EVENT.failure, 9002) on a tenant's site, newest first.
    await sql`create index analytics_events_failures on analytics_events (tenant, (payload->>'remote'), id) where event_id = 9002`.execute(
      db,
    );
  },

  async down(db: Kysely<unknown>) {
    await sql`drop index if exists analytics_events_failures`.execute(db);
    await db.schema.alterTable('analytics_events').dropColumn('browser').execute();
    await db.schema.dropTable('canary_alerts').execute();
    await db.schema.dropTable('version_health_buckets').execute();
  },
};
