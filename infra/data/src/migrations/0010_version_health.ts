import { sql, type Kysely, type Migration } from 'kysely';

/**
 * What shoppers' shells reported of each version a tenant served: clean mounts and failures. A
 * version *earns* last-good for a tenant (`earned_at`) once enough shoppers mounted it cleanly,
 * and only then is it what the shell falls back to (see db/version-health.ts).
 */
export const versionHealth0010: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('version_health')
      .addColumn('tenant', 'text', (c) => c.notNull())
      .addColumn('team', 'text', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('clean_mounts', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`clean_mounts >= 0`),
      )
      .addColumn('failures', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`failures >= 0`),
      )
      .addColumn('first_reported_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('earned_at', 'timestamptz')
      .addPrimaryKeyConstraint('version_health_pkey', ['tenant', 'team', 'version'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('version_health').execute();
  },
};
