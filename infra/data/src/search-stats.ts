import { sql, type Kysely } from 'kysely';
import type { PlatformTables } from './schema';

type Db = Kysely<PlatformTables>;

/**
 * The latency classes of answered search requests, by upper bound in milliseconds; a request
 * longer than the last is counted under -1. A shopper's search takes a few milliseconds, the
 * service stops one at its time budget (200 ms by default), so the classes are fine at the bottom.
 */
export const LATENCY_BOUNDS_MS = [
  1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 75, 100, 150, 200, 300, 500, 1000, 2000, 5000,
] as const;
export const OVER_LAST_BOUND = -1;
const LAST_BOUND_MS = LATENCY_BOUNDS_MS.at(-1) ?? 5000;

/** The class a request of `ms` milliseconds is counted in. */
export function latencyClass(ms: number): number {
  return LATENCY_BOUNDS_MS.find((bound) => ms <= bound) ?? OVER_LAST_BOUND;
}

/** A tenant and hour keep at most this many distinct no-hit queries (a flood of made-up words fills no table). */
export const NO_HIT_QUERIES_PER_HOUR = 300;
/** How long search counts are kept: the console reads the last hour (p95) and day (no-hit queries). */
export const SEARCH_STATS_RETENTION_MS = 2 * 24 * 60 * 60 * 1000;

export interface SearchStatsBatch {
  latency: ReadonlyArray<{ tenant: string; bucketStart: Date; leMs: number; count: number }>;
  noHits: ReadonlyArray<{ tenant: string; bucketStart: Date; query: string; count: number }>;
  writes: ReadonlyArray<{ tenant: string; at: Date }>;
  snapshotSavedAt: Date | null;
}

/**
 * Adds what one process counted since its last flush: every row an upsert that adds its counts,
 * so several instances (and the search service process) adding at once all count.
 */
export async function addSearchStats(db: Db, batch: SearchStatsBatch): Promise<void> {
  if (batch.latency.length > 0) {
    await db
      .insertInto('search_latency')
      .values(
        batch.latency.map((row) => ({
          tenant: row.tenant,
          bucket_start: row.bucketStart,
          le_ms: row.leMs,
          count: row.count,
        })),
      )
      .onConflict((oc) =>
        oc
          .columns(['tenant', 'bucket_start', 'le_ms'])
          .doUpdateSet({ count: sql<number>`search_latency.count + excluded.count` }),
      )
      .execute();
  }
  if (batch.noHits.length > 0) {
    // A query the hour has is counted; new ones (the most frequent first) only up to the cap of
    // the hour. Two instances adding at the same moment may pass it by one flush's worth, no more.
    const values = sql.join(
      batch.noHits.map(
        (row) => sql`(${row.tenant}::text, ${row.bucketStart}::timestamptz, ${row.query}::text, ${row.count}::int)`,
      ),
    );
    await sql`
      insert into search_no_hits (tenant, bucket_start, query, count)
      select tenant, bucket_start, query, count from (
        select c.*, row_number() over (partition by c.tenant, c.bucket_start, c.known order by c.count desc, c.query) as nth
        from (
          select v.*,
            exists (select 1 from search_no_hits n where n.tenant = v.tenant and n.bucket_start = v.bucket_start and n.query = v.query) as known,
            (select count(*) from search_no_hits n where n.tenant = v.tenant and n.bucket_start = v.bucket_start) as held
          from (values ${values}) as v (tenant, bucket_start, query, count)
        ) c
      ) r
      where r.known or r.held + r.nth <= ${NO_HIT_QUERIES_PER_HOUR}
      on conflict (tenant, bucket_start, query) do update set count = search_no_hits.count + excluded.count`.execute(
      db,
    );
  }
  const state = [
    ...batch.writes.map((row) => ({ scope: row.tenant, last_write_at: row.at, snapshot_saved_at: null })),
    ...(batch.snapshotSavedAt ? [{ scope: '*', last_write_at: null, snapshot_saved_at: batch.snapshotSavedAt }] : []),
  ];
  if (state.length > 0) {
    await db
      .insertInto('search_index_state')
      .values(state)
      // greatest() ignores nulls: each column keeps the latest time any process reported.
      .onConflict((oc) =>
        oc.column('scope').doUpdateSet({
          last_write_at: sql<Date | null>`greatest(search_index_state.last_write_at, excluded.last_write_at)`,
          snapshot_saved_at: sql<Date | null>`greatest(search_index_state.snapshot_saved_at, excluded.snapshot_saved_at)`,
        }),
      )
      .execute();
  }
}

export async function pruneSearchStats(db: Db, cutoff: Date): Promise<void> {
  await db.deleteFrom('search_latency').where('bucket_start', '<', cutoff).execute();
  await db.deleteFrom('search_no_hits').where('bucket_start', '<', cutoff).execute();
}

export interface TenantSearchStats {
  tenant: string;
  /** Answered search requests since `latencySince`. */
  searches: number;
  /** The upper bound of the latency class holding the 95th percentile; null without searches. */
  p95Ms: number | null;
  topNoHits: Array<{ query: string; count: number }>;
  lastWrite: Date | null;
}

/** p95 from a histogram: the smallest class bound whose running count reaches 95 % of all. */
export function p95FromClasses(classes: ReadonlyArray<{ leMs: number; count: number }>): number | null {
  const ordered = [...classes].sort(
    (a, b) => (a.leMs === OVER_LAST_BOUND ? Infinity : a.leMs) - (b.leMs === OVER_LAST_BOUND ? Infinity : b.leMs),
  );
  const total = ordered.reduce((sum, entry) => sum + entry.count, 0);
  if (total === 0) return null;
  let running = 0;
  for (const entry of ordered) {
    running += entry.count;
    // The overflow class is reported as the last bound: the p95 is at least that.
    if (running * 100 >= total * 95) return entry.leMs === OVER_LAST_BOUND ? LAST_BOUND_MS : entry.leMs;
  }
  return null;
}

/** Per tenant: searches and p95 since `latencySince`, the top no-hit queries since `noHitsSince`, the last write. */
export async function searchStats(
  db: Db,
  input: { tenants: readonly string[]; latencySince: Date; noHitsSince: Date; top?: number },
): Promise<{ tenants: TenantSearchStats[]; snapshotSavedAt: Date | null }> {
  const tenants = [...input.tenants];
  const snapshot = await db
    .selectFrom('search_index_state')
    .select('snapshot_saved_at')
    .where('scope', '=', '*')
    .executeTakeFirst();
  if (tenants.length === 0)
    return { tenants: [], snapshotSavedAt: snapshot?.snapshot_saved_at ? new Date(snapshot.snapshot_saved_at) : null };
  const latency = await db
    .selectFrom('search_latency')
    .select(['tenant', 'le_ms', sql<number>`sum(count)`.as('count')])
    .where('tenant', 'in', tenants)
    .where('bucket_start', '>=', input.latencySince)
    .groupBy(['tenant', 'le_ms'])
    .execute();
  const noHits = await db
    .selectFrom('search_no_hits')
    .select(['tenant', 'query', sql<number>`sum(count)`.as('count')])
    .where('tenant', 'in', tenants)
    .where('bucket_start', '>=', input.noHitsSince)
    .groupBy(['tenant', 'query'])
    .execute();
  const writes = await db
    .selectFrom('search_index_state')
    .select(['scope', 'last_write_at'])
    .where('scope', 'in', tenants)
    .execute();
  const top = input.top ?? 10;
  return {
    snapshotSavedAt: snapshot?.snapshot_saved_at ? new Date(snapshot.snapshot_saved_at) : null,
    tenants: tenants.map((tenant) => {
      const classes = latency
        .filter((row) => row.tenant === tenant)
        .map((row) => ({ leMs: Number(row.le_ms), count: Number(row.count) }));
      const write = writes.find((row) => row.scope === tenant)?.last_write_at;
      return {
        tenant,
        searches: classes.reduce((sum, entry) => sum + entry.count, 0),
        p95Ms: p95FromClasses(classes),
        topNoHits: noHits
          .filter((row) => row.tenant === tenant)
          .map((row) => ({ query: row.query, count: Number(row.count) }))
          .sort((a, b) => b.count - a.count || a.query.localeCompare(b.query))
          .slice(0, top),
        lastWrite: write ? new Date(write) : null,
      };
    }),
  };
}
