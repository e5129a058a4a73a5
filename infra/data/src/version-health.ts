import { sql, type Kysely, type QueryCreator } from 'kysely';
import { FAILURE_KINDS } from '@forecourt/shared-config/failures';
import type { MountReportKind, PlatformTables } from './schema';

/**
 * Last-good is earned, not assumed: a version becomes what a tenant's shell falls back to only
 * after shoppers' shells reported it mounted cleanly enough times, with few failures beside. A
 * version that was merely pinned once (and replaced before anyone used it) never qualifies, and
 * a version rolled away from forfeits what it earned.
 */
export interface EarningRule {
  /** Clean mounts a version needs (FORECOURT_LAST_GOOD_MOUNTS, default 20). */
  mounts: number;
  /** The most failures it may have had, as a percent of its clean mounts (FORECOURT_LAST_GOOD_MAX_FAILURE_PERCENT, default 5). */
  maxFailurePercent: number;
}

export const DEFAULT_EARNING_RULE: EarningRule = { mounts: 20, maxFailurePercent: 5 };

export interface VersionHealth {
  tenant: string;
  team: string;
  version: string;
  cleanMounts: number;
  failures: number;
  firstReportedAt: Date;
  earnedAt: Date | null;
}

export interface HealthReport {
  tenant: string;
  team: string;
  version: string;
}

/** The console's charts count mount reports in buckets of five minutes (version_health_buckets). */
export const BUCKET_SECONDS = 300;

/** The start of the bucket `at` falls in (buckets start on the epoch's multiples of `seconds`). */
export function bucketStart(at: Date, seconds = BUCKET_SECONDS): Date {
  const ms = seconds * 1000;
  return new Date(Math.floor(at.getTime() / ms) * ms);
}

/** A failure's kind as a bucket counts it: one of the shell's kinds, else 'other' (what a page sends is not trusted). */
export function failureKind(kind: unknown): Exclude<MountReportKind, 'clean'> {
  return typeof kind === 'string' && (FAILURE_KINDS as readonly string[]).includes(kind)
    ? (kind as Exclude<MountReportKind, 'clean'>)
    : 'other';
}

/**
 * The bucket's count of this report, as a common table expression of the statement that counts
 * the total: one statement writes both, so the buckets add up to what the totals counted (until a
 * rollback forfeits the totals; the buckets keep the history). An upsert with an increment, so
 * reports arriving at once on several instances are all counted.
 */
function countInBucket(report: HealthReport, kind: MountReportKind, now: Date) {
  return (db: QueryCreator<PlatformTables>) =>
    db
      .insertInto('version_health_buckets')
      .values({ ...report, bucket_start: bucketStart(now), kind, count: 1 })
      .onConflict((oc) =>
        oc
          .columns(['tenant', 'team', 'version', 'bucket_start', 'kind'])
          .doUpdateSet({ count: sql<number>`version_health_buckets.count + 1` }),
      );
}

/**
 * Counts one clean mount (in the total and its bucket) and, in the same statement, marks the
 * version earned when the rule is met. One statement, so two shells reporting at once cannot
 * both read 19 and write 20.
 */
export async function recordCleanMount(
  db: Kysely<PlatformTables>,
  report: HealthReport,
  rule: EarningRule,
  now = new Date(),
): Promise<VersionHealth> {
  const earnedNow = (clean: ReturnType<typeof sql<number>>, failures: ReturnType<typeof sql<number>>) =>
    sql<Date | null>`case when (${clean}) >= ${rule.mounts} and (${failures}) * 100 <= (${clean}) * ${rule.maxFailurePercent} then ${now}::timestamptz else null end`;
  const row = await db
    .with('bucket', countInBucket(report, 'clean', now))
    .insertInto('version_health')
    .values({
      ...report,
      clean_mounts: 1,
      failures: 0,
      first_reported_at: now,
      earned_at: earnedNow(sql<number>`1`, sql<number>`0`),
    })
    .onConflict((oc) =>
      oc.columns(['tenant', 'team', 'version']).doUpdateSet({
        clean_mounts: sql<number>`version_health.clean_mounts + 1`,
        earned_at: sql<Date | null>`coalesce(version_health.earned_at, ${earnedNow(sql<number>`version_health.clean_mounts + 1`, sql<number>`version_health.failures`)})`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return toHealth(row);
}

/**
 * Counts one failure (and, in its bucket, its kind). It holds a version back from earning; once
 * earned, a version keeps its standing (a failure of the fallback itself still ends in the
 * fallback UI), until a rollback away from it forfeits it.
 */
export async function recordFailure(
  db: Kysely<PlatformTables>,
  report: HealthReport & { kind?: unknown },
  now = new Date(),
): Promise<VersionHealth> {
  const { kind, ...target } = report;
  const row = await db
    .with('bucket', countInBucket(target, failureKind(kind), now))
    .insertInto('version_health')
    .values({ ...target, clean_mounts: 0, failures: 1, first_reported_at: now })
    .onConflict((oc) =>
      oc.columns(['tenant', 'team', 'version']).doUpdateSet({ failures: sql<number>`version_health.failures + 1` }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return toHealth(row);
}

/**
 * A version rolled away from is presumed bad: it loses what it earned and starts counting again
 * (for every tenant when the platform default was rolled back).
 */
export async function forfeitEarned(
  db: Kysely<PlatformTables>,
  input: { tenant: string; team: string; version: string; everyTenant: boolean },
): Promise<void> {
  let query = db
    .updateTable('version_health')
    .set({ earned_at: null, clean_mounts: 0, failures: 0 })
    .where('team', '=', input.team)
    .where('version', '=', input.version);
  if (!input.everyTenant) query = query.where('tenant', '=', input.tenant);
  await query.execute();
}

/** Per team, the versions that earned last-good for the tenant, the most recently earned first. */
export async function earnedVersions(db: Kysely<PlatformTables>, tenant: string): Promise<Map<string, string[]>> {
  const rows = await db
    .selectFrom('version_health')
    .select(['team', 'version'])
    .where('tenant', '=', tenant)
    .where('earned_at', 'is not', null)
    .orderBy('earned_at', 'desc')
    .orderBy('version', 'desc')
    .execute();
  const byTeam = new Map<string, string[]>();
  for (const row of rows) byTeam.set(row.team, [...(byTeam.get(row.team) ?? []), row.version]);
  return byTeam;
}

/** `earnedVersions` of every tenant at once (the fleet's table): tenant, then team, the most recently earned first. */
export async function earnedVersionsOfAll(db: Kysely<PlatformTables>): Promise<Map<string, Map<string, string[]>>> {
  const rows = await db
    .selectFrom('version_health')
    .select(['tenant', 'team', 'version'])
    .where('earned_at', 'is not', null)
    .orderBy('earned_at', 'desc')
    .orderBy('version', 'desc')
    .execute();
  const byTenant = new Map<string, Map<string, string[]>>();
  for (const row of rows) {
    const byTeam = byTenant.get(row.tenant) ?? new Map<string, string[]>();
    byTenant.set(row.tenant, byTeam);
    byTeam.set(row.team, [...(byTeam.get(row.team) ?? []), row.version]);
  }
  return byTenant;
}

export async function versionHealth(
  db: Kysely<PlatformTables>,
  filter: { tenant?: string; team?: string } = {},
): Promise<VersionHealth[]> {
  let query = db.selectFrom('version_health').selectAll();
  if (filter.tenant) query = query.where('tenant', '=', filter.tenant);
  if (filter.team) query = query.where('team', '=', filter.team);
  const rows = await query.orderBy('tenant').orderBy('team').orderBy('first_reported_at', 'desc').execute();
  return rows.map(toHealth);
}

function toHealth(row: {
  tenant: string;
  team: string;
  version: string;
  clean_mounts: number;
  failures: number;
  first_reported_at: Date | string;
  earned_at: Date | string | null;
}): VersionHealth {
  return {
    tenant: row.tenant,
    team: row.team,
    version: row.version,
    cleanMounts: Number(row.clean_mounts),
    failures: Number(row.failures),
    firstReportedAt: new Date(row.first_reported_at),
    earnedAt: row.earned_at === null ? null : new Date(row.earned_at),
  };
}
