import type { Kysely, Migration } from 'kysely';

/**
 * `otp_codes.details`: the name and email a shopper typed when asking for a code, kept with the
 * code until the phone is verified. They were written to the contact at send time, so anyone
 * could make a phone a contact of a site (`check-if-contact-exists` then said yes) and replace
 * its owner's name and email without the phone; now a contact is made or changed only by a
 * verified code.
 */
export const pendingContact0018: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('otp_codes').addColumn('details', 'jsonb').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('otp_codes').dropColumn('details').execute();
  },
};
