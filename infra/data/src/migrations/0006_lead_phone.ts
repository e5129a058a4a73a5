import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The sender's mobile as digits (+61 as 0) on each lead, indexed with the site and time: the
 * per-phone limit counts a phone's leads of the last hour from the index instead of reading every
 * lead's payload. Existing leads get theirs from their payload.
 */
export const leadPhone0006: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('leads').addColumn('phone_digits', 'text').execute();
    await sql`update leads set phone_digits = regexp_replace(regexp_replace(payload->'userData'->>'phone', '\\D', '', 'g'), '^61', '0')`.execute(
      db,
    );
    await db.schema
      .createIndex('leads_tenant_phone_created')
      .on('leads')
      .columns(['tenant', 'phone_digits', 'created_at'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('leads_tenant_phone_created').execute();
    await db.schema.alterTable('leads').dropColumn('phone_digits').execute();
  },
};
