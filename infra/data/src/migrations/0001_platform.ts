import { sql, type Kysely, type Migration } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on today's table types, which change.
export const platform0001: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('pins')
      .addColumn('tenant', 'text', (c) => c.notNull())
      .addColumn('team', 'text', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('last_good_version', 'text')
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('pins_pkey', ['tenant', 'team'])
      .execute();

    await db.schema
      .createTable('pin_changes')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('tenant', 'text', (c) => c.notNull())
      .addColumn('team', 'text', (c) => c.notNull())
      .addColumn('from_version', 'text')
      .addColumn('to_version', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull().check(sql`action in ('pin', 'rollback')`))
      .addColumn('actor', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('pin_changes_tenant_at').on('pin_changes').columns(['tenant', 'at']).execute();

    await db.schema
      .createTable('analytics_events')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('tenant', 'text', (c) => c.notNull())
      .addColumn('event_id', 'integer', (c) => c.notNull())
      .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('path', 'text')
      .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex('analytics_events_tenant_received')
      .on('analytics_events')
      .columns(['tenant', 'received_at'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('analytics_events').execute();
    await db.schema.dropTable('pin_changes').execute();
    await db.schema.dropTable('pins').execute();
  },
};
