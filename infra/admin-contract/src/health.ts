import { z } from 'zod';
import { Timestamp } from './common';
import { PinChange } from './pins';

/**
 * The console's view of the remotes (docs/operators.md, "The console's data"): per tenant and
 * team, the pin, the canary, the earned last good, and each version's mount reports over the
 * last hour or day.
 */

export const HealthWindow = z.enum(['hour', 'day']);
export type HealthWindow = z.output<typeof HealthWindow>;

export const WindowQuery = z.object({ window: HealthWindow.optional() }).strict();

/** `GET /_admin/overview?window=&tenant=`: one tenant's, or every tenant the caller may read. */
export const OverviewQuery = WindowQuery.extend({ tenant: z.string().max(100).optional() }).strict();

export const VersionRole = z.enum(['pin', 'canary', 'last-good', 'other']);
export type VersionRole = z.output<typeof VersionRole>;

const Count = z.number().int();

/** Failures by kind, every kind present (zero when none came): the shell's five, and 'other' for a kind it may report later. */
export const FailureCounts = z.object({
  entry: Count,
  mount: Count,
  render: Count,
  'fragment-timeout': Count,
  'fragment-error': Count,
  other: Count,
});
export type FailureCounts = z.output<typeof FailureCounts>;

/** The kinds a failure is counted under. */
export const FAILURE_KINDS = FailureCounts.keyof().options;

/** Mount reports of one version in one bucket of the window. */
export const HealthBucket = z.object({ at: Timestamp, clean: z.number().int(), failures: z.number().int() });
export type HealthBucket = z.output<typeof HealthBucket>;

export const VersionHealth = z.object({
  version: z.string(),
  role: VersionRole,
  clean: z.number().int(),
  failures: FailureCounts,
  /** One per bucket of the window, oldest first, every bucket present. */
  buckets: z.array(HealthBucket),
});
export type VersionHealth = z.output<typeof VersionHealth>;

export const RemoteHealth = z.object({
  team: z.string(),
  pin: z.string().nullable(),
  canary: z
    .object({
      version: z.string(),
      /** Its share of the tenant's shoppers, in percent. */
      share: z.number().int(),
      startedAt: Timestamp,
      /** Raised when the canary failed more often than the pin by the margin; `sentAt` once the alert went out. */
      alert: z.object({ flaggedAt: Timestamp, sentAt: Timestamp.nullable() }).nullable(),
    })
    .nullable(),
  lastGood: z.string().nullable(),
  /** The canary fails more often than the pin by more than the configured margin. */
  flagged: z.boolean(),
  versions: z.array(VersionHealth),
});
export type RemoteHealth = z.output<typeof RemoteHealth>;

export const TenantHealth = z.object({ tenant: z.string(), name: z.string(), remotes: z.array(RemoteHealth) });
export type TenantHealth = z.output<typeof TenantHealth>;

const WindowFrame = z.object({
  window: HealthWindow,
  /** The API's clock: the window ends with the bucket it falls in. */
  generatedAt: Timestamp,
  /** The window's first bucket. */
  since: Timestamp,
  /** A bucket's span: 300 over the hour, 3600 over the day. */
  bucketSeconds: z.number().int(),
});

/** `GET /_admin/overview?window=` */
export const Overview = WindowFrame.extend({ tenants: z.array(TenantHealth) });
export type Overview = z.output<typeof Overview>;

export const RecentFailure = z.object({
  at: Timestamp,
  version: z.string(),
  kind: z.string(),
  message: z.string().nullable(),
  page: z.string().nullable(),
  browser: z.string().nullable(),
});
export type RecentFailure = z.output<typeof RecentFailure>;

/** `GET /_admin/tenants/:tenant/remotes/:team?window=`: the overview's block of one remote, its pin history and its newest failures. */
export const RemoteDetail = RemoteHealth.extend(WindowFrame.shape).extend({
  tenant: z.string(),
  /** The tenant's name. */
  name: z.string(),
  history: z.array(PinChange),
  recentFailures: z.array(RecentFailure),
});
export type RemoteDetail = z.output<typeof RemoteDetail>;

/** How the fleet's table sorts: by name, by failures, by clean mounts in the window. */
export const TENANT_TABLE_SORTS = ['tenant', 'failures', 'mounts'] as const;
export type TenantTableSort = (typeof TENANT_TABLE_SORTS)[number];

/** `GET /_admin/tenant-table?…`: one page of the fleet's table, searched, filtered and sorted by the server. */
export const TenantTableQuery = z
  .object({
    window: HealthWindow.optional(),
    /** Part of a tenant's name or slug. */
    q: z.string().trim().max(100).optional(),
    sort: z.enum(TENANT_TABLE_SORTS).optional(),
    dir: z.enum(['asc', 'desc']).optional(),
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    pageSize: z.coerce.number().int().min(1).max(100).optional(),
    /** With `version`: only tenants whose remote pins or canaries that version. */
    team: z.string().max(40).optional(),
    version: z.string().max(60).optional(),
    /** 'true': only tenants with a flagged canary or a failure in the window. */
    attention: z.enum(['true', 'false']).optional(),
  })
  .strict()
  .refine((query) => (query.team === undefined) === (query.version === undefined), {
    message: 'name both the team and the version, or neither',
    path: ['version'],
  });
export type TenantTableQuery = z.output<typeof TenantTableQuery>;

/** One remote of a tenant's row: what shoppers get and how it mounted over the window (every version together). */
export const TenantTableRemote = z.object({
  team: z.string(),
  pin: z.string().nullable(),
  canary: z.object({ version: z.string(), share: z.number().int() }).nullable(),
  lastGood: z.string().nullable(),
  clean: Count,
  failures: Count,
  /** Its canary's alert was raised: it failed more often than the pin. */
  flagged: z.boolean(),
});
export type TenantTableRemote = z.output<typeof TenantTableRemote>;

export const TenantTableRow = z.object({
  tenant: z.string(),
  name: z.string(),
  /** Why it needs an operator's eye, or null. */
  attention: z.string().nullable(),
  remotes: z.array(TenantTableRemote),
});
export type TenantTableRow = z.output<typeof TenantTableRow>;

export const TenantTable = z.object({
  window: HealthWindow,
  since: Timestamp,
  /** When the figures were read: the table's health is at most a few seconds old. */
  readAt: Timestamp,
  /** Tenants matching the search and filters (every page). */
  total: Count,
  page: Count,
  pageSize: Count,
  /** The pinned and canary versions of each remote across the caller's tenants: the version filter's choices. */
  versions: z.array(z.object({ team: z.string(), version: z.string(), tenants: Count })),
  rows: z.array(TenantTableRow),
});
export type TenantTable = z.output<typeof TenantTable>;

/** `GET /_admin/tenant-names`: every tenant the caller may read, by name (the console's pickers and filters). */
export const TenantNames = z.object({ tenants: z.array(z.object({ tenant: z.string(), name: z.string() })) });
export type TenantNames = z.output<typeof TenantNames>;
