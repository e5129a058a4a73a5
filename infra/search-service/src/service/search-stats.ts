import type { Kysely } from 'kysely';
import type { PlatformTables } from '@forecourt/data/schema';
import {
  addSearchStats,
  latencyClass,
  NO_HIT_QUERIES_PER_HOUR,
  pruneSearchStats,
  SEARCH_STATS_RETENTION_MS,
} from '@forecourt/data/search-stats';
import { bucketStart } from '@forecourt/data/version-health';
import type { SearchObservation, SearchObserver } from '@forecourt/search-engine/http/observer';
import { tenantOfKeyFilters } from '../indexing/records';

/** The longest no-hit query kept, in characters (Algolia's own limit on a query is 512 bytes). */
const QUERY_CHARS = 100;

/** A query as no-hit counts it: trimmed, lower-cased, spaces collapsed, at most 100 characters. */
export function normalizeQuery(query: string): string {
  return query.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, QUERY_CHARS).trim();
}

export interface SearchStatsOptions {
  /** How often counts are added to the database (default 5 s). */
  flushMs?: number;
  /** Distinct counters held between flushes; past it a search is not counted (and the log says so). */
  maxKeys?: number;
  clock?: () => Date;
  log?: { warn(details: object, message: string): void };
}

/**
 * What the search service saw, for the operator console: per tenant (the one its signed key
 * names), answered requests by latency class and five-minute bucket, and queries that found
 * nothing by hour; when each tenant's records were last written; when the snapshot was saved.
 *
 * Searches are counted in memory and added to the database every few seconds, by upserts that
 * add (infra/data/src/search-stats.ts), so several instances' counts add up there and the console reads
 * them from any instance. Memory is bounded (`maxKeys` counters) and so is the table (a cap of
 * distinct no-hit queries per tenant and hour, two days kept).
 */
export class SearchStatsRecorder implements SearchObserver {
  private latency = new Map<string, { tenant: string; bucketStart: Date; leMs: number; count: number }>();
  private noHits = new Map<string, { tenant: string; bucketStart: Date; query: string; count: number }>();
  /** Distinct no-hit queries held per tenant and hour. */
  private distinct = new Map<string, number>();
  private writes = new Map<string, Date>();
  private snapshotSavedAt: Date | null = null;
  private dropped = 0;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | null = null;
  /** The flush asked while another was under way, which writes once that one is done. */
  private queued: Promise<void> | null = null;
  private lastPrune = 0;
  private readonly clock: () => Date;
  private readonly maxKeys: number;

  constructor(
    private readonly db: Kysely<PlatformTables>,
    private readonly options: SearchStatsOptions = {},
  ) {
    this.clock = options.clock ?? (() => new Date());
    this.maxKeys = options.maxKeys ?? 5000;
  }

  private room(): boolean {
    if (this.latency.size + this.noHits.size < this.maxKeys) return true;
    this.dropped += 1;
    return false;
  }

  searched(observation: SearchObservation): void {
    const tenant = tenantOfKeyFilters(observation.keyFilters);
    if (!tenant) return;
    const now = this.clock();
    const fiveMinutes = bucketStart(now);
    const leMs = latencyClass(observation.ms);
    const latencyKey = `${tenant}\u0000${fiveMinutes.getTime()}\u0000${leMs}`;
    const counted = this.latency.get(latencyKey);
    if (counted) counted.count += 1;
    else if (this.room()) this.latency.set(latencyKey, { tenant, bucketStart: fiveMinutes, leMs, count: 1 });

    // A request asks one query in several forms (the results, each refined facet): a query found
    // nothing when none of its forms found anything. An empty query is browsing, never a no-hit.
    const found = new Map<string, boolean>();
    for (const { query, nbHits } of observation.queries) {
      const text = normalizeQuery(query);
      if (text === '' || nbHits === null) continue;
      found.set(text, (found.get(text) ?? false) || nbHits > 0);
    }
    const hour = bucketStart(now, 3600);
    for (const [query, hits] of found) {
      if (hits) continue;
      const scope = `${tenant}\u0000${hour.getTime()}`;
      const key = `${scope}\u0000${query}`;
      const entry = this.noHits.get(key);
      if (entry) entry.count += 1;
      else if ((this.distinct.get(scope) ?? 0) < NO_HIT_QUERIES_PER_HOUR && this.room()) {
        this.noHits.set(key, { tenant, bucketStart: hour, query, count: 1 });
        this.distinct.set(scope, (this.distinct.get(scope) ?? 0) + 1);
      }
    }
  }

  wrote(records: ReadonlyArray<Record<string, unknown>>): void {
    const now = this.clock();
    for (const record of records) {
      const tenant = record['tenant'];
      if (typeof tenant === 'string' && tenant.length <= 200) this.writes.set(tenant, now);
    }
  }

  /** The index's snapshot was saved (the embedded service and the search service keep one). */
  snapshotSaved(at = this.clock()): void {
    this.snapshotSavedAt = at;
  }

  /**
   * Adds everything counted so far to the database; one write at a time. A flush asked while one
   * is under way waits for it and then writes what was counted since: that write took only what
   * had been counted when it began (returning it alone lost the searches in between, which the
   * console then never showed, and the recorder's 5 s timer made that a matter of timing).
   */
  flush(): Promise<void> {
    if (this.queued) return this.queued;
    if (!this.flushing) {
      this.flushing = this.write().finally(() => {
        this.flushing = null;
      });
      return this.flushing;
    }
    this.queued = this.flushing.then(() => {
      this.queued = null;
      return this.flush();
    });
    return this.queued;
  }

  private async write(): Promise<void> {
    const batch = {
      latency: [...this.latency.values()],
      noHits: [...this.noHits.values()],
      writes: [...this.writes].map(([tenant, at]) => ({ tenant, at })),
      snapshotSavedAt: this.snapshotSavedAt,
    };
    this.latency = new Map();
    this.noHits = new Map();
    this.distinct = new Map();
    this.writes = new Map();
    this.snapshotSavedAt = null;
    if (this.dropped > 0) {
      this.options.log?.warn(
        { dropped: this.dropped },
        'search stats: searches not counted, the counters between two flushes were full',
      );
      this.dropped = 0;
    }
    try {
      await addSearchStats(this.db, batch);
      const now = this.clock().getTime();
      if (now - this.lastPrune > 60 * 60 * 1000) {
        this.lastPrune = now;
        await pruneSearchStats(this.db, new Date(now - SEARCH_STATS_RETENTION_MS));
      }
    } catch (error) {
      // Lost, not retried: the console's numbers are what the database holds, and this is a gauge.
      this.options.log?.warn({ err: error }, 'search stats: could not be written');
    }
  }

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.options.flushMs ?? 5000).unref();
  }

  /** Stops the timer and writes what is left (before the database closes). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}
