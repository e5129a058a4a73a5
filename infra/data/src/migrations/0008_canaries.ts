import { sql, type Kysely, type Migration } from 'kysely';

/** The actions the audit knew before canaries, to put the check back on the way down. */
const ACTIONS_BEFORE = sql`action in ('pin', 'rollback')`;

/**
 * Canaries: a tenant sends a sticky share of its shoppers to another version of one remote before
 * it becomes the pin. One canary per tenant and remote (the primary key), its percent 1-99 (0 and
 * 100 are no canary and a pin). The audit gains the canary's actions and the percent each one set.
 */
export const canaries0008: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('canaries')
      .addColumn('tenant', 'text', (c) => c.notNull())
      .addColumn('team', 'text', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('percent', 'integer', (c) => c.notNull().check(sql`percent between 1 and 99`))
      .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('actor', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('canaries_pkey', ['tenant', 'team'])
      .execute();

    await db.schema
      .alterTable('pin_changes')
      .addColumn('percent', 'integer', (c) => c.check(sql`percent between 1 and 99`))
      .execute();
    // 0001 declared the check inline, so it carries PostgreSQL's generated name.
    await db.schema.alterTable('pin_changes').dropConstraint('pin_changes_action_check').execute();
    await db.schema
      .alterTable('pin_changes')
      .addCheckConstraint(
        'pin_changes_action_check',
        sql`action in ('pin', 'rollback', 'canary', 'promote', 'drop-canary')`,
      )
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('pin_changes').dropConstraint('pin_changes_action_check').execute();
    await sql`delete from pin_changes where action not in ('pin', 'rollback')`.execute(db);
    await db.schema.alterTable('pin_changes').addCheckConstraint('pin_changes_action_check', ACTIONS_BEFORE).execute();
    await db.schema.alterTable('pin_changes').dropColumn('percent').execute();
    await db.schema.dropTable('canaries').execute();
  },
};
