import { sql, type Kysely } from 'kysely';
import { FAILURE_KINDS, type FailureCounts } from '@forecourt/admin-contract';
import { PLATFORM_EVENT } from '@forecourt/shared-config/failures';
import type { MountReportKind, PlatformTables } from './schema';

type Db = Kysely<PlatformTables>;

/** The kinds a failure is counted under in the buckets: the shell's five, and 'other'. */
export const FAILURE_COUNT_KINDS = FAILURE_KINDS satisfies readonly MountReportKind[];
export type { FailureCounts };

export const noFailures = (): FailureCounts => ({
  entry: 0,
  mount: 0,
  render: 0,
  'fragment-timeout': 0,
  'fragment-error': 0,
  other: 0,
});

export interface BucketRow {
  tenant: string;
  team: string;
  version: string;
  bucketStart: Date;
  kind: MountReportKind;
  count: number;
}

/** The bucket rows of these tenants (and team) from `since` on, oldest first. */
export async function bucketRows(
  db: Db,
  filter: { tenants: readonly string[]; team?: string; since: Date },
): Promise<BucketRow[]> {
  if (filter.tenants.length === 0) return [];
  let query = db
    .selectFrom('version_health_buckets')
    .select(['tenant', 'team', 'version', 'bucket_start', 'kind', 'count'])
    .where('tenant', 'in', [...filter.tenants])
    .where('bucket_start', '>=', filter.since);
  if (filter.team) query = query.where('team', '=', filter.team);
  const rows = await query.orderBy('bucket_start').execute();
  return rows.map((row) => ({
    tenant: row.tenant,
    team: row.team,
    version: row.version,
    bucketStart: new Date(row.bucket_start),
    kind: row.kind,
    count: Number(row.count),
  }));
}

export interface ReportCounts {
  clean: number;
  failures: number;
}

/** Clean mounts and failures of each of a remote's versions on a tenant's site from `since` on. */
export async function reportCounts(
  db: Db,
  input: { tenant: string; team: string; versions: readonly string[]; since: Date },
): Promise<Map<string, ReportCounts>> {
  const counts = new Map<string, ReportCounts>(input.versions.map((version) => [version, { clean: 0, failures: 0 }]));
  if (input.versions.length === 0) return counts;
  const rows = await db
    .selectFrom('version_health_buckets')
    .select(['version', sql<boolean>`kind = 'clean'`.as('clean'), sql<number>`sum(count)`.as('total')])
    .where('tenant', '=', input.tenant)
    .where('team', '=', input.team)
    .where('version', 'in', [...input.versions])
    .where('bucket_start', '>=', input.since)
    .groupBy(['version', sql`2`])
    .execute();
  for (const row of rows) {
    const entry = counts.get(row.version)!;
    if (row.clean) entry.clean += Number(row.total);
    else entry.failures += Number(row.total);
  }
  return counts;
}

export interface RecentFailure {
  at: Date;
  version: string;
  kind: string;
  message: string | null;
  page: string | null;
  browser: string | null;
}

/** A remote's latest failure reports on a tenant's site, newest first (the partial index answers it). */
export async function recentFailures(db: Db, tenant: string, team: string, limit = 50): Promise<RecentFailure[]> {
  const rows = await db
    .selectFrom('analytics_events')
    .select(['received_at', 'payload', 'path', 'browser'])
    .where('tenant', '=', tenant)
    .where('event_id', '=', PLATFORM_EVENT.failure)
    .where(sql<string>`payload->>'remote'`, '=', team)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => {
    const payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as Record<
      string,
      unknown
    >;
    const text = (value: unknown) => (typeof value === 'string' ? value : null);
    return {
      at: new Date(row.received_at),
      version: text(payload['version']) ?? '?',
      kind: text(payload['kind']) ?? '?',
      message: text(payload['detail']),
      page: row.path,
      browser: row.browser,
    };
  });
}

/** Deletes buckets that started before `cutoff` (kept as long as the events they count). */
export async function pruneBuckets(db: Db, cutoff: Date): Promise<number> {
  const result = await db.deleteFrom('version_health_buckets').where('bucket_start', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** One version's reports on one tenant's site over a window: clean mounts and failures. */
export interface HealthTotal {
  tenant: string;
  team: string;
  version: string;
  clean: number;
  failures: number;
}

/**
 * Every tenant's reports per remote and version from `since` on (before `until` when given),
 * summed in the database: the fleet's table reads a day of five-minute buckets (500 tenants, 6
 * remotes: 864,000 rows) as one aggregate, never as rows.
 */
export async function healthTotals(db: Db, since: Date, until?: Date): Promise<HealthTotal[]> {
  let query = db
    .selectFrom('version_health_buckets')
    .select([
      'tenant',
      'team',
      'version',
      sql<number>`sum(case when kind = 'clean' then count else 0 end)`.as('clean'),
      sql<number>`sum(case when kind <> 'clean' then count else 0 end)`.as('failures'),
    ])
    .where('bucket_start', '>=', since);
  if (until) query = query.where('bucket_start', '<', until);
  const rows = await query.groupBy(['tenant', 'team', 'version']).execute();
  return rows.map((row) => ({
    tenant: row.tenant,
    team: row.team,
    version: row.version,
    clean: Number(row.clean),
    failures: Number(row.failures),
  }));
}
