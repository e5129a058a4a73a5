import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type {
  OperatorAccountsTable,
  OperatorAuditTable,
  OperatorRole,
  OperatorTokensTable,
  PlatformTables,
} from './schema';

/** One person who runs the platform, or some of its tenants. */
export interface OperatorAccount {
  id: number;
  name: string;
  role: OperatorRole;
  /** The tenants it may touch; null: every tenant. */
  tenants: string[] | null;
  active: boolean;
  deactivatedAt: Date | null;
  createdAt: Date;
  createdBy: string;
}

/** A personal token, without its secret (only a hash of it is kept). */
export interface OperatorToken {
  id: number;
  accountId: number;
  label: string;
  createdAt: Date;
  createdBy: string;
  expiresAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
}

export interface AuditEntry {
  id: number;
  at: Date;
  accountId: number | null;
  accountName: string | null;
  tokenId: number | null;
  /** The console session the caller acted through (the sha-256 that is the session's id). */
  sessionId: string | null;
  action: string;
  tenant: string | null;
  team: string | null;
  outcome: 'allowed' | 'refused';
  before: unknown;
  after: unknown;
  reason: string | null;
}

export type NewAuditEntry = Omit<
  AuditEntry,
  'id' | 'at' | 'before' | 'after' | 'tenant' | 'team' | 'reason' | 'sessionId'
> &
  Partial<Pick<AuditEntry, 'before' | 'after' | 'tenant' | 'team' | 'reason' | 'sessionId'>>;

/** The one thing the data cannot do; `code` picks the HTTP status at the edge. */
export class OperatorChangeError extends Error {
  constructor(
    message: string,
    readonly code: 'not-found' | 'conflict' | 'invalid',
    readonly field?: string,
  ) {
    super(message);
    this.name = 'OperatorChangeError';
  }
}

// jsonb comes back parsed from both engines; text only from a driver that does not parse it.
export const jsonColumn = (value: unknown): unknown =>
  typeof value === 'string' ? (JSON.parse(value) as unknown) : value;

function toAccount(row: Selectable<OperatorAccountsTable>): OperatorAccount {
  return {
    id: Number(row.id),
    name: row.name,
    role: row.role,
    tenants: jsonColumn(row.tenants) as string[] | null,
    active: row.active,
    deactivatedAt: row.deactivated_at ? new Date(row.deactivated_at) : null,
    createdAt: new Date(row.created_at),
    createdBy: row.created_by,
  };
}

function toToken(row: Selectable<OperatorTokensTable>): OperatorToken {
  return {
    id: Number(row.id),
    accountId: Number(row.account_id),
    label: row.label,
    createdAt: new Date(row.created_at),
    createdBy: row.created_by,
    expiresAt: new Date(row.expires_at),
    revokedAt: row.revoked_at ? new Date(row.revoked_at) : null,
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at) : null,
  };
}

function toAudit(row: Selectable<OperatorAuditTable>): AuditEntry {
  return {
    id: Number(row.id),
    at: new Date(row.at),
    accountId: row.account_id === null ? null : Number(row.account_id),
    accountName: row.account_name,
    tokenId: row.token_id === null ? null : Number(row.token_id),
    sessionId: row.session_id,
    action: row.action,
    tenant: row.tenant,
    team: row.team,
    outcome: row.outcome,
    before: jsonColumn(row.before) ?? null,
    after: jsonColumn(row.after) ?? null,
    reason: row.reason,
  };
}

/** The secret a person holds: 32 random bytes, with a prefix that says what it is. */
export function newTokenSecret(): string {
  return `fct_${randomBytes(32).toString('base64url')}`;
}

export function hashTokenSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export type Db = Kysely<PlatformTables> | Transaction<PlatformTables>;

export interface NewAccount {
  name: string;
  role: OperatorRole;
  tenants: readonly string[] | null;
  createdBy: string;
}

export async function insertAccount(db: Db, account: NewAccount): Promise<OperatorAccount> {
  const taken = await db
    .selectFrom('operator_accounts')
    .select('id')
    .where(sql<string>`lower(name)`, '=', account.name.trim().toLowerCase())
    .executeTakeFirst();
  if (taken) throw new OperatorChangeError(`An account named '${account.name.trim()}' exists`, 'conflict', 'name');
  const row = await db
    .insertInto('operator_accounts')
    .values({
      name: account.name.trim(),
      role: account.role,
      tenants:
        account.role === 'operator' || account.tenants === null ? null : JSON.stringify([...new Set(account.tenants)]),
      created_by: account.createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toAccount(row);
}

/**
 * Runs `work` while no other transaction can add an account: the first operator is made once,
 * however many callers ask at the same moment.
 */
export async function withAccountsLocked<T>(
  db: Kysely<PlatformTables>,
  work: (trx: Transaction<PlatformTables>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`lock table operator_accounts in share row exclusive mode`.execute(trx);
    return work(trx);
  });
}

export async function countOperators(db: Db): Promise<number> {
  const row = await db
    .selectFrom('operator_accounts')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('role', '=', 'operator')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function countActiveOperators(db: Db): Promise<number> {
  const row = await db
    .selectFrom('operator_accounts')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('role', '=', 'operator')
    .where('active', '=', true)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function getAccount(db: Db, id: number): Promise<OperatorAccount | null> {
  const row = await db.selectFrom('operator_accounts').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toAccount(row) : null;
}

export async function findAccountByName(db: Db, name: string): Promise<OperatorAccount | null> {
  const row = await db
    .selectFrom('operator_accounts')
    .selectAll()
    .where(sql<string>`lower(name)`, '=', name.trim().toLowerCase())
    .executeTakeFirst();
  return row ? toAccount(row) : null;
}

export async function listAccounts(db: Db): Promise<OperatorAccount[]> {
  const rows = await db.selectFrom('operator_accounts').selectAll().orderBy('id').execute();
  return rows.map(toAccount);
}

/**
 * Deactivates an account and, in the same transaction, revokes every token and console session
 * it has and ends its unused enrollment codes: nothing it held works a moment later.
 */
export async function deactivateAccount(
  db: Kysely<PlatformTables>,
  id: number,
  at: Date,
): Promise<{ before: OperatorAccount; after: OperatorAccount; revokedTokens: number; revokedSessions: number }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('operator_accounts')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new OperatorChangeError(`No account ${id}`, 'not-found', 'id');
    const before = toAccount(row);
    if (!before.active) return { before, after: before, revokedTokens: 0, revokedSessions: 0 };
    const updated = await trx
      .updateTable('operator_accounts')
      .set({ active: false, deactivated_at: at })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const revoked = await trx
      .updateTable('operator_tokens')
      .set({ revoked_at: at })
      .where('account_id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    const sessions = await trx
      .updateTable('operator_sessions')
      .set({ revoked_at: at })
      .where('account_id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    await trx
      .updateTable('operator_enrollments')
      .set({ expires_at: at })
      .where('account_id', '=', id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .execute();
    return {
      before,
      after: toAccount(updated),
      revokedTokens: Number(revoked.numUpdatedRows),
      revokedSessions: Number(sessions.numUpdatedRows),
    };
  });
}

export interface NewToken {
  accountId: number;
  label: string;
  expiresAt: Date;
  createdBy: string;
}

/** A new token and its secret, which exists only in this answer. */
export async function insertToken(db: Db, token: NewToken): Promise<{ token: OperatorToken; secret: string }> {
  const secret = newTokenSecret();
  const row = await db
    .insertInto('operator_tokens')
    .values({
      account_id: token.accountId,
      secret_hash: hashTokenSecret(secret),
      label: token.label,
      expires_at: token.expiresAt,
      created_by: token.createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { token: toToken(row), secret };
}

/** The token a secret belongs to and its account, whatever their state (the caller judges it). */
export async function findToken(
  db: Db,
  secret: string,
): Promise<{ token: OperatorToken; account: OperatorAccount } | null> {
  const tokenRow = await db
    .selectFrom('operator_tokens')
    .selectAll()
    .where('secret_hash', '=', hashTokenSecret(secret))
    .executeTakeFirst();
  if (!tokenRow) return null;
  const accountRow = await db
    .selectFrom('operator_accounts')
    .selectAll()
    .where('id', '=', tokenRow.account_id)
    .executeTakeFirstOrThrow();
  return { token: toToken(tokenRow), account: toAccount(accountRow) };
}

export async function markTokenUsed(db: Db, id: number, at: Date): Promise<void> {
  await db.updateTable('operator_tokens').set({ last_used_at: at }).where('id', '=', id).execute();
}

export async function listTokens(db: Db, accountId: number): Promise<OperatorToken[]> {
  const rows = await db
    .selectFrom('operator_tokens')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('id')
    .execute();
  return rows.map(toToken);
}

/**
 * Text as the audit can hold it. A refusal's reason can quote what a stranger sent (a WebAuthn
 * answer's client data decoded to NUL bytes), and PostgreSQL's text and jsonb take no NUL: the
 * insert failed, the refusal answered 500 and went unaudited. NUL becomes U+FFFD, the character
 * for what could not be read; everything else is kept as sent.
 */
const storable = (text: string) => text.replaceAll('\u0000', '\uFFFD');
const storableJson = (value: unknown) =>
  JSON.stringify(value, (_key, item: unknown) => (typeof item === 'string' ? storable(item) : item));

export async function recordAudit(db: Db, entry: NewAuditEntry): Promise<AuditEntry> {
  const row = await db
    .insertInto('operator_audit')
    .values({
      account_id: entry.accountId,
      account_name: entry.accountName === null ? null : storable(entry.accountName),
      token_id: entry.tokenId,
      session_id: entry.sessionId ?? null,
      action: entry.action,
      tenant: entry.tenant ?? null,
      team: entry.team ?? null,
      outcome: entry.outcome,
      before: entry.before === undefined || entry.before === null ? null : storableJson(entry.before),
      after: entry.after === undefined || entry.after === null ? null : storableJson(entry.after),
      reason: entry.reason === undefined || entry.reason === null ? null : storable(entry.reason),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toAudit(row);
}

/**
 * Newest first. `tenants` limits the entries to those tenants' (a scoped caller's view); null
 * shows every entry, the platform's own included.
 */
export async function listAudit(
  db: Db,
  options: { tenants: readonly string[] | null; tenant?: string; limit?: number },
): Promise<AuditEntry[]> {
  let query = db.selectFrom('operator_audit').selectAll();
  if (options.tenants !== null)
    query = options.tenants.length
      ? query.where('tenant', 'in', [...options.tenants])
      : query.where(sql<boolean>`false`);
  if (options.tenant) query = query.where('tenant', '=', options.tenant);
  const rows = await query
    .orderBy('id', 'desc')
    .limit(options.limit ?? 200)
    .execute();
  return rows.map(toAudit);
}
