import { z } from 'zod';
import { TenantSlug, Timestamp } from './common';

/** Accounts, personal tokens, passkey enrollments and the operator audit. */

export const OPERATOR_ROLES = ['operator', 'tenant-manager', 'viewer'] as const;
export const OperatorRole = z.enum(OPERATOR_ROLES);
export type OperatorRole = z.output<typeof OperatorRole>;

/** How long a personal token lasts, in days: 90 unless its person asks for less (or more, up to a year). */
export const TOKEN_DAYS = { default: 90, max: 365 } as const;

/** One person who runs the platform, or some of its tenants. */
export const Account = z.object({
  id: z.number().int(),
  name: z.string(),
  role: OperatorRole,
  /** The tenants it may touch; null: every tenant. */
  tenants: z.array(z.string()).nullable(),
  active: z.boolean(),
  deactivatedAt: Timestamp.nullable(),
  createdAt: Timestamp,
  createdBy: z.string(),
});
export type Account = z.output<typeof Account>;

/** A personal token, without its secret (only a hash of it is kept). */
export const Token = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  label: z.string(),
  createdAt: Timestamp,
  createdBy: z.string(),
  expiresAt: Timestamp,
  revokedAt: Timestamp.nullable(),
  lastUsedAt: Timestamp.nullable(),
});
export type Token = z.output<typeof Token>;

/** `POST /_admin/tokens` (201): the token, and its secret, answered only this once. */
export const IssuedToken = z.object({ token: Token, secret: z.string() });
export type IssuedToken = z.output<typeof IssuedToken>;

/** `POST /_admin/operators/first` (201): the first operator's account and token. */
export const FirstOperator = IssuedToken.extend({ account: Account });
export type FirstOperator = z.output<typeof FirstOperator>;

/** `GET /_admin/operators/me`: the caller's account and tokens; `tokenId` is the token it called with (null through a console session). */
export const Me = z.object({ account: Account, tokenId: z.number().int().nullable(), tokens: z.array(Token) });
export type Me = z.output<typeof Me>;

/** `GET /_admin/operators` */
export const Accounts = z.object({ accounts: z.array(Account) });
export type Accounts = z.output<typeof Accounts>;

/** `POST /_admin/operators` (201) and `POST /_admin/operators/:id/deactivate`: the account as it is now. */
export const AccountChange = z.object({ account: Account });
export type AccountChange = z.output<typeof AccountChange>;

/** `POST /_admin/operators/:id/enrollment` (201): a one-use link to register a passkey, shown once. */
export const Enrollment = z.object({ code: z.string(), url: z.string(), expiresAt: Timestamp });
export type Enrollment = z.output<typeof Enrollment>;

export const AuditEntry = z.object({
  id: z.number().int(),
  at: Timestamp,
  accountId: z.number().int().nullable(),
  accountName: z.string().nullable(),
  tokenId: z.number().int().nullable(),
  /** The console session the caller acted through (the SHA-256 that is the session's id). */
  sessionId: z.string().nullable(),
  action: z.string(),
  tenant: z.string().nullable(),
  team: z.string().nullable(),
  outcome: z.enum(['allowed', 'refused']),
  /** What the change found and left: its own shape per action. */
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
});
export type AuditEntry = z.output<typeof AuditEntry>;

/** `GET /_admin/audit`: newest first. */
export const Audit = z.object({ entries: z.array(AuditEntry) });
export type Audit = z.output<typeof Audit>;

const Name = z.string().trim().min(1).max(100);

export const FirstOperatorBody = z.object({ name: Name }).strict();
export type FirstOperatorBody = z.input<typeof FirstOperatorBody>;

export const AccountBody = z
  .object({
    name: Name,
    role: OperatorRole,
    /** The tenants a tenant manager or viewer holds; left out, a viewer sees every tenant. */
    tenants: z.array(TenantSlug).min(1).max(500).optional(),
  })
  .strict();
export type AccountBody = z.input<typeof AccountBody>;

export const TokenBody = z
  .object({
    /** Whose token: the caller's own when left out; another account's is an operator's (a lost device). */
    account: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
    label: z.string().trim().min(1).max(100).optional(),
    days: z.number().int().min(1).max(TOKEN_DAYS.max).optional(),
  })
  .strict();
export type TokenBody = z.input<typeof TokenBody>;

export const AuditQuery = z
  .object({
    tenant: TenantSlug.optional(),
    limit: z.coerce.number().int().min(1).max(1000).optional(),
  })
  .strict();
