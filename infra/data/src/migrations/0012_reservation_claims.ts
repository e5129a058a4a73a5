import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Reserve online's claims: one row per (site, Idempotency-Key), written before the card processor
 * is asked anything. It is the request's intent: which reservation it would make, which
 * authorisation key it uses, and until when the request that wrote it may still finish (its
 * lease). A retry finds the row and gets the first answer; a crash leaves the row, and the
 * platform voids the authorisation once the lease has passed with no reservation made.
 */
export const reservationClaims0012: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('reservation_claims')
      .addColumn('tenant', 'text', (c) => c.notNull())
      .addColumn('key', 'uuid', (c) => c.notNull())
      // What the request asked for (car, shopper, card's last four digits): a retry must ask for the same.
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('car_id', 'text', (c) => c.notNull())
      .addColumn('phone_digits', 'text', (c) => c.notNull())
      // Chosen with the claim, never the key itself: keys are the shopper's and scoped per site.
      .addColumn('reservation_id', 'uuid', (c) => c.notNull().unique())
      .addColumn('authorisation_key', 'text')
      .addColumn('authorisation_reference', 'text')
      .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('pending', 'held', 'refused', 'failed')`))
      .addColumn('answer_code', 'integer')
      .addColumn('answer_body', 'jsonb')
      // An authorisation may exist that holds nothing: the request voids it, or the platform does.
      .addColumn('void_owed', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('lease_until', 'timestamptz', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('reservation_claims_pk', ['tenant', 'key'])
      .execute();
    // The per-shopper limit counts a phone's claims still in flight.
    await db.schema
      .createIndex('reservation_claims_tenant_phone')
      .on('reservation_claims')
      .columns(['tenant', 'phone_digits'])
      .where(sql.ref('outcome'), '=', sql.lit('pending'))
      .execute();
    // The reconciler's question: which claims owe a void, or were left in flight.
    await db.schema
      .createIndex('reservation_claims_unsettled')
      .on('reservation_claims')
      .column('lease_until')
      .where(sql<boolean>`outcome = 'pending' or void_owed`)
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('reservation_claims').execute();
  },
};
