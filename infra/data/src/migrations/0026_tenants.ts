import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Tenants as rows (docs/tenants.md). `config` is the tenant's configuration as its JSON file
 * held it, validated by the same schema before every write and again on every read (a row an
 * older instance cannot parse keeps that instance on the version it had). `revision` is taken
 * from one sequence for every tenant, so the highest revision says whether anything changed
 * since an instance last read, and an edit names the revision it was made on: an edit made on a
 * stale form is refused rather than silently undoing someone else's.
 */
export const tenants0026: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create sequence tenant_revision`.execute(db);
    await db.schema
      .createTable('tenants')
      .addColumn('slug', 'text', (c) => c.primaryKey())
      .addColumn('config', 'jsonb', (c) => c.notNull())
      .addColumn('revision', 'bigint', (c) => c.notNull().defaultTo(sql`nextval('tenant_revision')`))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_by', 'text', (c) => c.notNull())
      .execute();
    // A domain answers for one tenant only: the server refuses a second owner before writing,
    // and this index refuses it when two instances write at once.
    await sql`create table tenant_domains (
      domain text primary key,
      tenant text not null references tenants (slug) on delete cascade
    )`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('tenant_domains').execute();
    await db.schema.dropTable('tenants').execute();
    await sql`drop sequence tenant_revision`.execute(db);
  },
};
