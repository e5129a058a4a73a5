import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import { getAccount, hashTokenSecret, jsonColumn, type Db, type OperatorAccount } from './operators';
import type { OperatorEnrollmentsTable, OperatorPasskeysTable, OperatorSessionsTable } from './schema';

/** A passkey an account registered for the console: what checks its signatures, never a secret. */
export interface OperatorPasskey {
  id: number;
  accountId: number;
  /** base64url, as the authenticator names it. */
  credentialId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
  label: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** A one-time enrollment code, without the code (only its hash is kept). */
export interface OperatorEnrollment {
  id: number;
  accountId: number;
  createdAt: Date;
  createdBy: string;
  expiresAt: Date;
  usedAt: Date | null;
}

/** A console session, without its cookie's secret (only its hash, the id, is kept). */
export interface ConsoleSession {
  id: string;
  accountId: number;
  passkeyId: number | null;
  /** Sent back in `x-csrf-token` with every change: a page of another origin cannot read it. */
  csrf: string;
  createdAt: Date;
  lastSeenAt: Date;
  /** The absolute end; the idle end is `lastSeenAt` plus the idle time. */
  expiresAt: Date;
  revokedAt: Date | null;
}

const date = (value: Date | string) => new Date(value);
const maybeDate = (value: Date | string | null) => (value ? new Date(value) : null);

function toPasskey(row: Selectable<OperatorPasskeysTable>): OperatorPasskey {
  return {
    id: Number(row.id),
    accountId: Number(row.account_id),
    credentialId: row.credential_id,
    publicKey: row.public_key,
    counter: Number(row.counter),
    transports: (jsonColumn(row.transports) as string[] | null) ?? [],
    label: row.label,
    createdAt: date(row.created_at),
    lastUsedAt: maybeDate(row.last_used_at),
  };
}

function toEnrollment(row: Selectable<OperatorEnrollmentsTable>): OperatorEnrollment {
  return {
    id: Number(row.id),
    accountId: Number(row.account_id),
    createdAt: date(row.created_at),
    createdBy: row.created_by,
    expiresAt: date(row.expires_at),
    usedAt: maybeDate(row.used_at),
  };
}

function toSession(row: Selectable<OperatorSessionsTable>): ConsoleSession {
  return {
    id: row.id,
    accountId: Number(row.account_id),
    passkeyId: row.passkey_id === null ? null : Number(row.passkey_id),
    csrf: row.csrf_token,
    createdAt: date(row.created_at),
    lastSeenAt: date(row.last_seen_at),
    expiresAt: date(row.expires_at),
    revokedAt: maybeDate(row.revoked_at),
  };
}

/** A secret a person's browser holds: 32 random bytes, with a prefix that says what it is. */
function newSecret(prefix: 'fce' | 'fcs'): string {
  return `${prefix}_${randomBytes(32).toString('base64url')}`;
}

/** The account a secret's row belongs to; the row exists, so its account does (a foreign key). */
async function accountOf(db: Db, id: number): Promise<OperatorAccount> {
  const account = await getAccount(db, id);
  if (!account) throw new Error(`account ${id} is missing`);
  return account;
}

export async function insertEnrollment(
  db: Db,
  enrollment: { accountId: number; expiresAt: Date; createdBy: string },
): Promise<{ enrollment: OperatorEnrollment; code: string }> {
  const code = newSecret('fce');
  const row = await db
    .insertInto('operator_enrollments')
    .values({
      account_id: enrollment.accountId,
      code_hash: hashTokenSecret(code),
      expires_at: enrollment.expiresAt,
      created_by: enrollment.createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { enrollment: toEnrollment(row), code };
}

/** The enrollment a code belongs to and its account, whatever their state (the caller judges it). */
export async function findEnrollment(
  db: Db,
  code: string,
): Promise<{ enrollment: OperatorEnrollment; account: OperatorAccount } | null> {
  const row = await db
    .selectFrom('operator_enrollments')
    .selectAll()
    .where('code_hash', '=', hashTokenSecret(code))
    .executeTakeFirst();
  if (!row) return null;
  const enrollment = toEnrollment(row);
  return { enrollment, account: await accountOf(db, enrollment.accountId) };
}

/** Marks the code used, unless it was used or ended meanwhile: true for the one caller that used it. */
export async function useEnrollment(db: Db, id: number, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('operator_enrollments')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Keeps a challenge for its answer; the ones nobody answered in time go at the same moment. */
export async function insertChallenge(
  db: Db,
  challenge: {
    challenge: string;
    purpose: 'enroll' | 'sign-in';
    enrollmentId: number | null;
    expiresAt: Date;
    now: Date;
  },
): Promise<void> {
  await db.deleteFrom('operator_challenges').where('expires_at', '<=', challenge.now).execute();
  await db
    .insertInto('operator_challenges')
    .values({
      challenge: challenge.challenge,
      purpose: challenge.purpose,
      enrollment_id: challenge.enrollmentId,
      expires_at: challenge.expiresAt,
    })
    .execute();
}

/**
 * Takes a challenge for its one answer: true when it was handed out for this purpose (and this
 * enrollment) and has not expired. Deleted either way, so it can never be answered twice, on
 * this instance or another.
 */
export async function consumeChallenge(
  db: Db,
  challenge: { challenge: string; purpose: 'enroll' | 'sign-in'; enrollmentId: number | null; at: Date },
): Promise<boolean> {
  const row = await db
    .deleteFrom('operator_challenges')
    .where('challenge', '=', challenge.challenge)
    .returningAll()
    .executeTakeFirst();
  if (!row) return false;
  const enrollmentId = row.enrollment_id === null ? null : Number(row.enrollment_id);
  return (
    row.purpose === challenge.purpose && enrollmentId === challenge.enrollmentId && date(row.expires_at) > challenge.at
  );
}

export async function listPasskeys(db: Db, accountId: number): Promise<OperatorPasskey[]> {
  const rows = await db
    .selectFrom('operator_passkeys')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('id')
    .execute();
  return rows.map(toPasskey);
}

/** The passkey a credential id names and its account, whatever their state. */
export async function findPasskey(
  db: Db,
  credentialId: string,
): Promise<{ passkey: OperatorPasskey; account: OperatorAccount } | null> {
  const row = await db
    .selectFrom('operator_passkeys')
    .selectAll()
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
  if (!row) return null;
  const passkey = toPasskey(row);
  return { passkey, account: await accountOf(db, passkey.accountId) };
}

/** A new passkey; null when that credential is registered already (to this account or another). */
export async function insertPasskey(
  db: Db,
  passkey: Pick<OperatorPasskey, 'accountId' | 'credentialId' | 'publicKey' | 'counter' | 'transports' | 'label'>,
): Promise<OperatorPasskey | null> {
  const row = await db
    .insertInto('operator_passkeys')
    .values({
      account_id: passkey.accountId,
      credential_id: passkey.credentialId,
      public_key: passkey.publicKey,
      counter: passkey.counter,
      transports: JSON.stringify(passkey.transports),
      label: passkey.label,
    })
    .onConflict((conflict) => conflict.column('credential_id').doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ? toPasskey(row) : null;
}

export async function markPasskeyUsed(db: Db, id: number, counter: number, at: Date): Promise<void> {
  await db.updateTable('operator_passkeys').set({ counter, last_used_at: at }).where('id', '=', id).execute();
}

/** A new session and its cookie's secret, which exists only in this answer. */
export async function insertSession(
  db: Db,
  session: { accountId: number; passkeyId: number | null; at: Date; expiresAt: Date },
): Promise<{ session: ConsoleSession; secret: string }> {
  const secret = newSecret('fcs');
  const row = await db
    .insertInto('operator_sessions')
    .values({
      id: hashTokenSecret(secret),
      account_id: session.accountId,
      passkey_id: session.passkeyId,
      csrf_token: randomBytes(32).toString('base64url'),
      created_at: session.at,
      last_seen_at: session.at,
      expires_at: session.expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { session: toSession(row), secret };
}

/** The session a cookie's secret belongs to and its account, whatever their state. */
export async function findSession(
  db: Db,
  secret: string,
): Promise<{ session: ConsoleSession; account: OperatorAccount } | null> {
  const row = await db
    .selectFrom('operator_sessions')
    .selectAll()
    .where('id', '=', hashTokenSecret(secret))
    .executeTakeFirst();
  if (!row) return null;
  const session = toSession(row);
  return { session, account: await accountOf(db, session.accountId) };
}

export async function touchSession(db: Db, id: string, at: Date): Promise<void> {
  await db.updateTable('operator_sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
}

/** Ends a session; true when it was still open. */
export async function revokeSession(db: Db, id: string, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('operator_sessions')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
