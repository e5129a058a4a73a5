import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Reserve online: one row per reservation a shopper makes. The deposit is authorised with the
 * card processor before the row is written; the processor keeps the authorisation, the row only
 * its reference and the card's last four digits (for the receipt), never a card number.
 */
export const reservations0007: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('reservations')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('tenant', 'text', (c) => c.notNull())
      .addColumn('car_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) =>
        c.notNull().check(sql`status in ('held', 'expired', 'cancelled', 'completed')`),
      )
      .addColumn('held_until', 'timestamptz', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('deposit_cents', 'integer', (c) => c.notNull().check(sql`deposit_cents >= 0`))
      .addColumn('payment_reference', 'text')
      .addColumn('card_last4', 'text')
      .addColumn('shopper_name', 'text', (c) => c.notNull())
      .addColumn('shopper_email', 'text', (c) => c.notNull())
      .addColumn('shopper_phone', 'text', (c) => c.notNull())
      // Digits only, +61 as 0: the garage finds a signed-in shopper's reservations by it.
      .addColumn('phone_digits', 'text', (c) => c.notNull())
      .execute();
    // At most one held row per car, whatever the application does: of any number of shoppers
    // reserving one car at once, the database lets exactly one insert through.
    await db.schema
      .createIndex('reservations_one_hold_per_car')
      .on('reservations')
      .columns(['tenant', 'car_id'])
      .unique()
      .where(sql.ref('status'), '=', sql.lit('held'))
      .execute();
    // The sweep's question, 'which holds have ended', reads only the rows still held.
    await db.schema
      .createIndex('reservations_held_until')
      .on('reservations')
      .column('held_until')
      .where(sql.ref('status'), '=', sql.lit('held'))
      .execute();
    await db.schema
      .createIndex('reservations_tenant_phone_created')
      .on('reservations')
      .columns(['tenant', 'phone_digits', 'created_at'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('reservations').execute();
  },
};
