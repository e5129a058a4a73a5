import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Leads and their delivery outbox. A lead is written with its outbox row in one transaction
 * before the shopper is told it was received, so an acknowledged lead is never lost; delivery to
 * the dealer's CRM reads the outbox and retries.
 */
export const leads0004: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('leads')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('tenant', 'text', (c) => c.notNull())
      .addColumn('form', 'text', (c) => c.notNull())
      .addColumn('payload', 'jsonb', (c) => c.notNull())
      // NULL keys are distinct, so leads sent without a key never collide.
      .addColumn('idempotency_key', 'text')
      .addColumn('body_hash', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('leads_tenant_idempotency_key', ['tenant', 'idempotency_key'])
      .execute();
    await db.schema.createIndex('leads_tenant_created').on('leads').columns(['tenant', 'created_at']).execute();

    await db.schema
      .createTable('lead_outbox')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('lead_id', 'uuid', (c) => c.notNull().references('leads.id').onDelete('cascade'))
      .addColumn('tenant', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('delivered_at', 'timestamptz')
      .addColumn('last_error', 'text')
      .execute();
    await db.schema
      .createIndex('lead_outbox_due')
      .on('lead_outbox')
      .columns(['delivered_at', 'next_attempt_at'])
      .execute();

    // The development CRM: what a dealer's CRM would have received (the production adapter posts
    // to the dealer's webhook instead and writes nothing here).
    await db.schema
      .createTable('dev_crm_leads')
      .addColumn('lead_id', 'uuid', (c) => c.primaryKey())
      .addColumn('tenant', 'text', (c) => c.notNull())
      .addColumn('payload', 'jsonb', (c) => c.notNull())
      .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('dev_crm_leads').execute();
    await db.schema.dropTable('lead_outbox').execute();
    await db.schema.dropTable('leads').execute();
  },
};
