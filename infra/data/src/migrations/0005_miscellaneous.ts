import { sql, type Kysely, type Migration } from 'kysely';

/** Spec §7 `POST /api/miscellaneous`: values a form saves beside its lead (a trade-in's valuation), per site. */
export const miscellaneous0005: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('miscellaneous')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('tenant', 'text', (c) => c.notNull())
      .addColumn('column_name', 'text', (c) => c.notNull())
      .addColumn('lead_id', 'uuid', (c) => c.notNull().references('leads.id').onDelete('cascade'))
      .addColumn('data', 'jsonb', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('miscellaneous_lead_column', ['lead_id', 'column_name'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('miscellaneous').execute();
  },
};
