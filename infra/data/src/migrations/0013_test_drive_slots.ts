import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A test drive's slot on its lead: the location and the dealer's time ('YYYY-MM-DDTHH:mm') as
 * columns, under a unique index, so of any number of shoppers booking one slot at once the
 * database lets one through (as reservations_one_hold_per_car does for cars); reading the booked
 * times and then inserting let six at once all in. Leads without a slot leave both empty and are
 * not in the index.
 *
 * Existing test drives get their slot from their payload, the first booked of a slot only: the
 * double bookings made before this stay as leads (the dealer has them), without holding the slot
 * a second time.
 */
export const testDriveSlots0013: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('leads')
      .addColumn('booking_location', 'text')
      .addColumn('booking_time', 'text')
      .execute();
    await sql`
      update leads set booking_location = first.location, booking_time = first.time
      from (
        select distinct on (tenant, payload->'userData'->>'location_id', payload->'userData'->>'dateTime')
          id, payload->'userData'->>'location_id' as location, payload->'userData'->>'dateTime' as time
        from leads
        where form = 'test-drive' and payload->'userData'->>'location_id' is not null and payload->'userData'->>'dateTime' is not null
        order by tenant, payload->'userData'->>'location_id', payload->'userData'->>'dateTime', created_at, id
      ) as first
      where leads.id = first.id`.execute(db);
    await db.schema
      .createIndex('leads_one_booking_per_slot')
      .on('leads')
      .columns(['tenant', 'booking_location', 'booking_time'])
      .unique()
      .where(sql.ref('booking_time'), 'is not', null)
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('leads_one_booking_per_slot').execute();
    await db.schema.alterTable('leads').dropColumn('booking_time').dropColumn('booking_location').execute();
  },
};
