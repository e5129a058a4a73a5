import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Identity (sign-in by a one-time SMS code) and the watchlist. Everything is scoped to a tenant:
 * a shopper's phone signs in to one dealer site, and a session of one site is worthless on another.
 */
export const identity0003: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('identity_users')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('tenant', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('first_name', 'text')
      .addColumn('last_name', 'text')
      .addColumn('email', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('identity_users_tenant_phone', ['tenant', 'phone'])
      .execute();

    // One row per code sent. The code itself is never stored: only its HMAC under the install's
    // secret, so a copy of the table does not give the codes away (6 digits are quick to guess
    // from a plain hash).
    await db.schema
      .createTable('otp_codes')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('tenant', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('used_at', 'timestamptz')
      .addColumn('client_address', 'text')
      .execute();
    await db.schema
      .createIndex('otp_codes_tenant_phone_created')
      .on('otp_codes')
      .columns(['tenant', 'phone', 'created_at'])
      .execute();

    // The development SMS outbox: what the local gateway "sent" (the production gateway does not write here).
    await db.schema
      .createTable('sms_outbox')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('tenant', 'text', (c) => c.notNull())
      .addColumn('to_phone', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();

    // The spec's verifications table: one row per successful verification.
    await db.schema
      .createTable('verifications')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('website_slug', 'text', (c) => c.notNull())
      .addColumn('dealership_slug', 'text')
      .addColumn('verification_type', 'text', (c) => c.notNull().check(sql`verification_type in ('sms', 'verify')`))
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();

    // Sessions: the cookie holds a random token; the table holds its SHA-256 only.
    await db.schema
      .createTable('sessions')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('tenant', 'text', (c) => c.notNull())
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('watchlist')
      .addColumn('tenant', 'text', (c) => c.notNull())
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      .addColumn('car_id', 'text', (c) => c.notNull())
      .addColumn('saved_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('watchlist_pkey', ['tenant', 'user_id', 'car_id'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of ['watchlist', 'sessions', 'verifications', 'sms_outbox', 'otp_codes', 'identity_users']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
