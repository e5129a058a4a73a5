import type { Kysely, Migration } from 'kysely';

/**
 * A quarantined import an operator or the tenant's manager applied anyway (docs/stock.md, Feed
 * imports): who, when and why, on the import itself. The runner skips the snapshot rules for an
 * import that has `applied_anyway_at`, and only for it; the audit has the same entry.
 */
export const importAppliedAnyway0024: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('stock_imports')
      .addColumn('applied_anyway_at', 'timestamptz')
      .addColumn('applied_anyway_by', 'text')
      .addColumn('applied_anyway_reason', 'text')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema
      .alterTable('stock_imports')
      .dropColumn('applied_anyway_at')
      .dropColumn('applied_anyway_by')
      .dropColumn('applied_anyway_reason')
      .execute();
  },
};
