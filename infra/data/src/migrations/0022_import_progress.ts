import type { Kysely, Migration } from 'kysely';

/**
 * Where a feed import has got to (docs/stock.md, Feed imports): `stock_imports.progress`, written in
 * the transaction of each batch of cars the import applies, so it always says exactly what is
 * applied. It holds the batches applied (a runner writes the next only if no other runner wrote
 * it first), the rows of the feed read past, the running counts and the rows refused while
 * writing. A runner that takes over an import whose runner died carries on from there. Null
 * until the first batch.
 */
export const importProgress0022: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('stock_imports').addColumn('progress', 'jsonb').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('stock_imports').dropColumn('progress').execute();
  },
};
