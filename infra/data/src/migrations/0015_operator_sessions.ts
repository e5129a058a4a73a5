import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Signing in to the operator console with a passkey: the passkeys each account registered, the
 * one-time enrollment codes that let a person register one, the WebAuthn challenges handed out
 * and not yet answered, and the console's sessions. Challenges live here rather than in one
 * server's memory so that any instance behind the balancer can check the answer to another's.
 *
 * Secrets are kept as their SHA-256 (enrollment codes, session cookies): the database never holds
 * what would let someone in. Accounts are deactivated, never deleted; the cascades only let the
 * tests clear their accounts.
 *
 * The audit names the session a change was made through, as it names the token.
 */
export const operatorSessions0015: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('operator_passkeys')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('account_id', 'bigint', (c) => c.notNull().references('operator_accounts.id').onDelete('cascade'))
      // The credential id and the COSE public key as the authenticator gave them, base64url.
      .addColumn('credential_id', 'text', (c) => c.notNull().unique())
      .addColumn('public_key', 'text', (c) => c.notNull())
      // The authenticator's signature counter: a value that goes backwards betrays a cloned key.
      .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('transports', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('label', 'text', (c) => c.notNull().check(sql`length(label) between 1 and 100`))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('last_used_at', 'timestamptz')
      .execute();
    await db.schema.createIndex('operator_passkeys_account').on('operator_passkeys').column('account_id').execute();

    await db.schema
      .createTable('operator_enrollments')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('account_id', 'bigint', (c) => c.notNull().references('operator_accounts.id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('used_at', 'timestamptz')
      .execute();
    await db.schema
      .createIndex('operator_enrollments_account')
      .on('operator_enrollments')
      .column('account_id')
      .execute();

    await db.schema
      .createTable('operator_challenges')
      // The challenge itself (base64url): it is public, sent to the browser in the options.
      .addColumn('challenge', 'text', (c) => c.primaryKey())
      .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('enroll', 'sign-in')`))
      // The enrollment an 'enroll' challenge belongs to: its answer registers a passkey for that account only.
      .addColumn('enrollment_id', 'bigint', (c) => c.references('operator_enrollments.id').onDelete('cascade'))
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addCheckConstraint('operator_challenges_enrollment', sql`(purpose = 'enroll') = (enrollment_id is not null)`)
      .execute();
    await db.schema.createIndex('operator_challenges_expires').on('operator_challenges').column('expires_at').execute();

    await db.schema
      .createTable('operator_sessions')
      // SHA-256 of the cookie's secret, hex.
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'bigint', (c) => c.notNull().references('operator_accounts.id').onDelete('cascade'))
      .addColumn('passkey_id', 'bigint', (c) => c.references('operator_passkeys.id').onDelete('set null'))
      .addColumn('csrf_token', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      // The absolute end; the idle end is last_seen_at plus the idle time (operators/console-sessions.ts).
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('revoked_at', 'timestamptz')
      .execute();
    await db.schema.createIndex('operator_sessions_account').on('operator_sessions').column('account_id').execute();

    await db.schema.alterTable('operator_audit').addColumn('session_id', 'text').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('operator_audit').dropColumn('session_id').execute();
    await db.schema.dropTable('operator_sessions').execute();
    await db.schema.dropTable('operator_challenges').execute();
    await db.schema.dropTable('operator_enrollments').execute();
    await db.schema.dropTable('operator_passkeys').execute();
  },
};
