import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The publish audit: every build published to the registry, by whom and when, what the contract
 * gate said, and — for a publish forced past a failing gate — which checks failed and the reason
 * given. The registry folder says what exists; this says how it got there.
 */
export const publishes0011: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('publishes')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('team', 'text', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('forced', 'boolean', (c) => c.notNull().defaultTo(false))
      // Every check the gate ran: [{ check, passed, reasons, skipped? }].
      .addColumn('checks', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('reason', 'text')
      // A forced publish says why; the gate's refusal is only overridden on the record.
      .addCheckConstraint(
        'publishes_forced_reason',
        sql`not forced or (reason is not null and length(trim(reason)) > 0)`,
      )
      .execute();
    await db.schema.createIndex('publishes_team_at').on('publishes').columns(['team', 'at']).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('publishes').execute();
  },
};
