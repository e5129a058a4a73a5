import type { Kysely } from 'kysely';
import { TOKEN_DAYS } from '@forecourt/admin-contract';
import {
  countActiveOperators,
  countOperators,
  deactivateAccount,
  findAccountByName,
  findToken,
  getAccount,
  insertAccount,
  insertToken,
  listAccounts,
  listAudit,
  markTokenUsed,
  OperatorChangeError,
  recordAudit,
  withAccountsLocked,
  type AuditEntry,
  type NewAuditEntry,
  type OperatorAccount,
  type OperatorToken,
} from '@forecourt/data/operators';
import type { PlatformTables } from '@forecourt/data/schema';
import type { Caller, OperatorRole } from './permissions';

/** Who is acting: an account through one of its tokens or console sessions, or the platform itself (null ids). */
export interface Actor {
  accountId: number | null;
  name: string;
  tokenId: number | null;
  sessionId?: string | null;
}

/** An authenticated caller: an account, through one token (the CLI) or one console session. */
export interface Operator extends Caller, Actor {
  accountId: number;
  sessionId: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export type Authentication = { operator: Operator } | { refused: string; account?: OperatorAccount; tokenId?: number };

export interface IssuedToken {
  token: OperatorToken;
  /** Shown once: only its hash is kept. */
  secret: string;
}

/**
 * Accounts, tokens and the audit, as every entry point uses them: the admin API, `npm start`'s
 * demo operator and the recovery command. Each change is audited here with who made it.
 */
export class OperatorService {
  constructor(
    private readonly db: Kysely<PlatformTables>,
    /** The tenants' slugs, or how to read them now (the server's change while it runs: they are rows). */
    tenantSlugs: readonly string[] | (() => readonly string[]),
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.currentSlugs = typeof tenantSlugs === 'function' ? tenantSlugs : () => tenantSlugs;
  }

  private readonly currentSlugs: () => readonly string[];

  private get tenantSlugs(): readonly string[] {
    return this.currentSlugs();
  }

  async authenticate(secret: string): Promise<Authentication> {
    const found = await findToken(this.db, secret);
    if (!found) return { refused: 'unknown token' };
    const { token, account } = found;
    const refused = (reason: string): Authentication => ({ refused: reason, account, tokenId: token.id });
    if (!account.active) return refused('the account is deactivated');
    if (token.revokedAt) return refused('the token is revoked');
    const now = this.clock();
    if (token.expiresAt <= now) return refused(`the token expired on ${token.expiresAt.toISOString()}`);
    await markTokenUsed(this.db, token.id, now);
    return {
      operator: {
        accountId: account.id,
        name: account.name,
        tokenId: token.id,
        sessionId: null,
        role: account.role,
        tenants: account.tenants,
      },
    };
  }

  async hasOperator(): Promise<boolean> {
    return (await countOperators(this.db)) > 0;
  }

  audit(entry: NewAuditEntry): Promise<AuditEntry> {
    return recordAudit(this.db, entry);
  }

  private checkTenants(role: OperatorRole, tenants: readonly string[] | null): void {
    if (role === 'operator' && tenants !== null)
      throw new OperatorChangeError('an operator runs every tenant: leave tenants out', 'invalid', 'tenants');
    if (role === 'tenant-manager' && (tenants === null || tenants.length === 0))
      throw new OperatorChangeError('a tenant manager must name its tenants', 'invalid', 'tenants');
    const unknown = (tenants ?? []).filter((slug) => !this.tenantSlugs.includes(slug));
    if (unknown.length)
      throw new OperatorChangeError(
        `unknown tenant ${unknown.map((slug) => `'${slug}'`).join(', ')}`,
        'invalid',
        'tenants',
      );
  }

  private expiry(days: number | undefined): Date {
    const chosen = days ?? TOKEN_DAYS.default;
    if (!Number.isInteger(chosen) || chosen < 1 || chosen > TOKEN_DAYS.max)
      throw new OperatorChangeError(`days must be a whole number from 1 to ${TOKEN_DAYS.max}`, 'invalid', 'days');
    return new Date(this.clock().getTime() + chosen * DAY_MS);
  }

  /**
   * The first operator and its token, only while the platform has no operator at all (active or
   * not): afterwards only an operator makes accounts, so a leaked shared token opens nothing.
   */
  async createFirstOperator(
    name: string,
    by: string,
    label = 'first operator',
  ): Promise<{ account: OperatorAccount } & IssuedToken> {
    const created = await withAccountsLocked(this.db, async (trx) => {
      if ((await countOperators(trx)) > 0)
        throw new OperatorChangeError('The first operator exists: use a personal token', 'conflict');
      const account = await insertAccount(trx, { name, role: 'operator', tenants: null, createdBy: by });
      const issued = await insertToken(trx, {
        accountId: account.id,
        label,
        expiresAt: this.expiry(undefined),
        createdBy: by,
      });
      return { account, ...issued };
    });
    await this.audit({
      accountId: null,
      accountName: by,
      tokenId: null,
      action: 'operators.first',
      outcome: 'allowed',
      after: { account: created.account, token: created.token },
    });
    return created;
  }

  async createAccount(
    actor: Actor,
    input: { name: string; role: OperatorRole; tenants: readonly string[] | null },
  ): Promise<OperatorAccount> {
    this.checkTenants(input.role, input.tenants);
    const account = await withAccountsLocked(this.db, (trx) => insertAccount(trx, { ...input, createdBy: actor.name }));
    await this.audit({ ...actorOf(actor), action: 'operators.create', outcome: 'allowed', after: account });
    return account;
  }

  listAccounts(): Promise<OperatorAccount[]> {
    return listAccounts(this.db);
  }

  getAccount(id: number): Promise<OperatorAccount | null> {
    return getAccount(this.db, id);
  }

  /** The account of an authenticated caller, which exists: no token or session of a missing account authenticates. */
  async callerAccount(caller: { accountId: number }): Promise<OperatorAccount> {
    const account = await getAccount(this.db, caller.accountId);
    if (!account) throw new Error(`the authenticated caller's account ${caller.accountId} is not there`);
    return account;
  }

  /** Deactivates an account and revokes its tokens at once; the last active operator stays. */
  async deactivate(actor: Actor, id: number): Promise<OperatorAccount> {
    const account = await getAccount(this.db, id);
    if (!account) throw new OperatorChangeError(`No account ${id}`, 'not-found', 'id');
    if (account.role === 'operator' && account.active && (await countActiveOperators(this.db)) <= 1) {
      throw new OperatorChangeError(
        `${account.name} is the last active operator: make another operator first`,
        'conflict',
        'id',
      );
    }
    const { before, after, revokedTokens, revokedSessions } = await deactivateAccount(this.db, id, this.clock());
    await this.audit({
      ...actorOf(actor),
      action: 'operators.deactivate',
      outcome: 'allowed',
      before,
      after: { ...after, revokedTokens, revokedSessions },
    });
    return after;
  }

  /** A new token for an active account; the secret is in the answer only. */
  async issueToken(actor: Actor, accountId: number, input: { label?: string; days?: number }): Promise<IssuedToken> {
    const account = await getAccount(this.db, accountId);
    if (!account) throw new OperatorChangeError(`No account ${accountId}`, 'not-found', 'account');
    if (!account.active) throw new OperatorChangeError(`${account.name} is deactivated`, 'conflict', 'account');
    const issued = await insertToken(this.db, {
      accountId,
      label: input.label?.trim() || 'personal token',
      expiresAt: this.expiry(input.days),
      createdBy: actor.name,
    });
    await this.audit({
      ...actorOf(actor),
      action: 'tokens.create',
      outcome: 'allowed',
      after: { account: { id: account.id, name: account.name }, token: issued.token },
    });
    return issued;
  }

  /**
   * The way back in when the last operator lost their device: run where the database is
   * reachable (`forecourt operators recover <name>`), so whoever runs it holds the platform anyway.
   */
  async recover(name: string, by: string): Promise<{ account: OperatorAccount } & IssuedToken> {
    const account = await findAccountByName(this.db, name);
    if (!account || account.role !== 'operator' || !account.active)
      throw new OperatorChangeError(`No active operator named '${name}'`, 'not-found', 'name');
    const issued = await this.issueToken({ accountId: null, name: by, tokenId: null }, account.id, {
      label: 'recovery',
    });
    return { account, ...issued };
  }

  findAccountByName(name: string): Promise<OperatorAccount | null> {
    return findAccountByName(this.db, name);
  }

  /**
   * The audit as the caller may read it: an operator all of it; anyone else the entries of the
   * tenants it holds (every tenant's, for a viewer of all), never the accounts' own changes.
   */
  listAudit(caller: Caller, options: { tenant?: string; limit?: number } = {}): Promise<AuditEntry[]> {
    const tenants = caller.role === 'operator' ? null : (caller.tenants ?? this.tenantSlugs);
    return listAudit(this.db, { tenants, ...options });
  }
}

export function actorOf(actor: Actor): Pick<NewAuditEntry, 'accountId' | 'accountName' | 'tokenId' | 'sessionId'> {
  return {
    accountId: actor.accountId,
    accountName: actor.name,
    tokenId: actor.tokenId,
    sessionId: actor.sessionId ?? null,
  };
}
