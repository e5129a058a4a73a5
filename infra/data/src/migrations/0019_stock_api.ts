import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The Stock API (docs/stock.md) and the one record of every change to stock:
 *
 * - `cars.source`: who last wrote the car ('seed' for the demo seed, 'api' for the Stock API;
 *   feed imports name their own). `cars.withdrawn_at`: when the dealer took the car off sale
 *   (DELETE): the row stays, since leads, reservations and watchlists point at it.
 *   `cars.updated_at`: the car's last applied change. A car is keyed by (tenant, stocknum), which
 *   migration 0002's unique index `cars_tenant_stocknum` already holds.
 * - `stock_keys`: a tenant's API keys, only their SHA-256 kept (a key is shown once).
 * - `stock_changes`: one row per applied change (created, updated, price, status, photos; a
 *   withdrawal is a change of status), written in the transaction of the change itself; re-indexing reads it, and so
 *   will every later reader of stock changes, each with its own place in
 *   `stock_change_cursors`.
 */
export const stockApi0019: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('cars')
      .addColumn('source', 'text', (c) => c.notNull().defaultTo('seed'))
      .execute();
    await db.schema.alterTable('cars').addColumn('withdrawn_at', 'timestamptz').execute();
    await db.schema.alterTable('cars').addColumn('updated_at', 'timestamptz').execute();

    await db.schema
      .createTable('stock_keys')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('tenant', 'text', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull().check(sql`length(label) between 1 and 100`))
      .addColumn('key_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'timestamptz')
      .addColumn('last_used_at', 'timestamptz')
      .execute();
    await db.schema.createIndex('stock_keys_tenant').on('stock_keys').column('tenant').execute();

    await db.schema
      .createTable('stock_changes')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('tenant', 'text', (c) => c.notNull())
      .addColumn('car_id', 'text', (c) => c.notNull())
      .addColumn('stocknum', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) =>
        c.notNull().check(sql`kind in ('created', 'updated', 'price', 'status', 'photos')`),
      )
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('before', 'jsonb')
      .addColumn('after', 'jsonb')
      .execute();
    await db.schema.createIndex('stock_changes_car').on('stock_changes').columns(['tenant', 'car_id', 'id']).execute();

    await db.schema
      .createTable('stock_change_cursors')
      .addColumn('consumer', 'text', (c) => c.primaryKey())
      .addColumn('last_id', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('stock_change_cursors').execute();
    await db.schema.dropTable('stock_changes').execute();
    await db.schema.dropTable('stock_keys').execute();
    for (const column of ['updated_at', 'withdrawn_at', 'source'])
      await db.schema.alterTable('cars').dropColumn(column).execute();
  },
};
