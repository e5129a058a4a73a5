import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { renderCacheStats } from '@forecourt/shared-config/server/render';
import { fromLoopback } from '@forecourt/runtime/client-address';
import type { SharedStore } from '../../redis-store';
import { peerIsTrustedProxy, type TrustedProxies } from '@forecourt/config/trusted-proxies';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the web tier measures beyond its own requests (see `/metrics`). */
    metrics: { searchDuration: Histogram<'outcome'>; stockImports: StockImportMetrics; photoSweep: PhotoSweepMetrics };
  }
}

/** Feed imports and pulls as this instance ran them (docs/stock.md, Measuring imports). */
export interface StockImportMetrics {
  /** An import claimed and begun (a takeover of a dead runner's counts again). */
  started: Counter;
  /** An import over: done, failed or quarantined. */
  finished: Counter<'status'>;
  /** The rows of finished imports, by what became of them. */
  rows: Counter<'outcome'>;
  /** A feed fetched from a dealer's URL (a schedule's pull or an import by URL), by result. */
  feedPulls: Counter<'result'>;
  /** Cars written to the search index again because a stock change named them (stock-index.ts). */
  reindexed: Counter;
}

/** Dealers' photos this instance fetched and stored, and deleted once no car named them (docs/stock.md, Photos). */
export interface PhotoSweepMetrics {
  /** A photo's fetch, by result: stored (fetched whole and stored), unchanged (answered 304), retry (failed, tried again later), failed (for good). */
  fetches: Counter<'result'>;
  /** Hashes deleted from storage, each with its original and every size. */
  photos: Counter;
  /** Objects deleted: originals and sizes. */
  objects: Counter;
}

export const IMPORT_STATUSES = ['done', 'failed', 'quarantined'] as const;
export const ROW_OUTCOMES = ['created', 'updated', 'unchanged', 'withdrawn', 'rejected'] as const;
export const PULL_RESULTS = ['fetched', 'unchanged', 'failed'] as const;
export const PHOTO_FETCH_RESULTS = ['stored', 'unchanged', 'retry', 'failed'] as const;

export interface MetricsOptions {
  trustedProxies: TrustedProxies | null;
  sharedStore: SharedStore | null;
}

/** Seconds: a page answered from memory in a few milliseconds up to a slow partner call. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * `GET /metrics` in Prometheus's text format: requests and their latency by route and status,
 * PostgreSQL's pool, the lead outbox's backlog, feed imports and pulls and the import queue's lag,
 * the search service's latency as the web tier sees it, the shared store's state, and the process's own (memory, CPU, event-loop delay).
 *
 * Private. It names routes, volumes and backlogs, which are nobody's business outside, so it is
 * answered only to (a) a caller on this machine, the address after the trusted balancers' hops
 * (a scraper beside the instance), or (b) a caller connected straight to the instance, not
 * through a trusted balancer, with the admin token as a bearer (a scraper elsewhere on the
 * private network). A request forwarded by the balancer is the public's: refused even with the
 * token, so the token never has to cross the public side.
 */
export default fp<MetricsOptions>(
  async (fastify, options) => {
    const register = new Registry();
    collectDefaultMetrics({ register });

    const labelNames = ['method', 'route', 'status'] as const;
    const requests = new Counter({
      name: 'forecourt_http_requests_total',
      help: 'Requests answered, by route pattern and status',
      labelNames,
      registers: [register],
    });
    const duration = new Histogram({
      name: 'forecourt_http_request_duration_seconds',
      help: 'Time from request to answer, by route pattern and status',
      labelNames,
      buckets: LATENCY_BUCKETS,
      registers: [register],
    });
    const searchDuration = new Histogram({
      name: 'forecourt_search_request_duration_seconds',
      help: "The search service's answers to the web tier (first paints), by outcome",
      labelNames: ['outcome'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [register],
    });
    const stockImports: StockImportMetrics = {
      started: new Counter({
        name: 'forecourt_stock_imports_started_total',
        help: 'Feed imports this instance claimed and began (a takeover counts again)',
        registers: [register],
      }),
      finished: new Counter({
        name: 'forecourt_stock_imports_finished_total',
        help: 'Feed imports this instance finished, by status',
        labelNames: ['status'] as const,
        registers: [register],
      }),
      rows: new Counter({
        name: 'forecourt_stock_import_rows_total',
        help: 'Rows of the feed imports this instance finished, by outcome',
        labelNames: ['outcome'] as const,
        registers: [register],
      }),
      feedPulls: new Counter({
        name: 'forecourt_feed_pulls_total',
        help: "Feeds fetched from dealers' URLs by this instance, by result (unchanged: answered 304)",
        labelNames: ['result'] as const,
        registers: [register],
      }),
      reindexed: new Counter({
        name: 'forecourt_search_reindexed_cars_total',
        help: 'Cars this instance wrote to the search index again because a stock change named them',
        registers: [register],
      }),
    };
    // Every series from the start: a rate over a series that appears at its first event misses that event.
    for (const status of IMPORT_STATUSES) stockImports.finished.inc({ status }, 0);
    for (const outcome of ROW_OUTCOMES) stockImports.rows.inc({ outcome }, 0);
    for (const result of PULL_RESULTS) stockImports.feedPulls.inc({ result }, 0);
    const photoSweep: PhotoSweepMetrics = {
      fetches: new Counter({
        name: 'forecourt_photo_fetches_total',
        help: "Dealers' photos this instance fetched, by result: stored (fetched whole), unchanged (answered 304), retry (failed, tried again later), failed (for good)",
        labelNames: ['result'] as const,
        registers: [register],
      }),
      photos: new Counter({
        name: 'forecourt_photos_deleted_total',
        help: 'Stored photos (hashes) no car named past their grace, deleted by this instance with all their sizes',
        registers: [register],
      }),
      objects: new Counter({
        name: 'forecourt_photo_objects_deleted_total',
        help: 'Objects of those photos this instance deleted from storage: originals and sizes',
        registers: [register],
      }),
    };
    for (const result of PHOTO_FETCH_RESULTS) photoSweep.fetches.inc({ result }, 0);
    fastify.decorate('metrics', { searchDuration, stockImports, photoSweep });

    new Gauge({
      name: 'forecourt_db_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one (absent on the embedded database)',
      labelNames: ['state'] as const,
      registers: [register],
      collect() {
        const pool = fastify.database.pool;
        if (!pool) return;
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });

    new Gauge({
      name: 'forecourt_first_paint_renders',
      help: 'Server renders of first paints since start: made, and taken from the render cache (same inputs as an earlier render)',
      labelNames: ['outcome'] as const,
      registers: [register],
      collect() {
        this.set({ outcome: 'rendered' }, renderCacheStats.renders);
        this.set({ outcome: 'cached' }, renderCacheStats.hits);
      },
    });

    const backlog = new Gauge({
      name: 'forecourt_lead_outbox_backlog',
      help: 'Leads not yet delivered to the CRM',
      registers: [register],
    });
    const oldest = new Gauge({
      name: 'forecourt_lead_outbox_oldest_seconds',
      help: 'Age of the oldest lead not yet delivered to the CRM (0 when none waits)',
      registers: [register],
    });
    // One query per scrape for both; a database that cannot answer leaves them out of that scrape
    // rather than failing the scrape (the request and pool metrics still tell the story).
    async function readOutbox(): Promise<void> {
      try {
        const row = await fastify.database.db
          .selectFrom('lead_outbox')
          .innerJoin('leads', 'leads.id', 'lead_outbox.lead_id')
          .select([
            (eb) => eb.fn.countAll<string>().as('n'),
            sql<Date | string | null>`min(leads.created_at)`.as('oldest'),
          ])
          .where('lead_outbox.delivered_at', 'is', null)
          .executeTakeFirstOrThrow();
        backlog.set(Number(row.n));
        oldest.set(row.oldest ? Math.max(0, (Date.now() - new Date(row.oldest).getTime()) / 1000) : 0);
      } catch (error) {
        backlog.reset();
        oldest.reset();
        fastify.log.warn({ err: error }, 'metrics: the lead outbox could not be read');
      }
    }

    const queuedImports = new Gauge({
      name: 'forecourt_stock_imports_queued',
      help: 'Feed imports queued and not yet claimed, on every instance',
      registers: [register],
    });
    const importLag = new Gauge({
      name: 'forecourt_stock_import_lag_seconds',
      help: 'Age of the oldest queued feed import (0 when none waits)',
      registers: [register],
    });
    // From the database, as the outbox's: the queue is every instance's, not this one's.
    async function readImports(): Promise<void> {
      try {
        const row = await fastify.database.db
          .selectFrom('stock_imports')
          .select([(eb) => eb.fn.countAll<string>().as('n'), sql<Date | string | null>`min(created_at)`.as('oldest')])
          .where('status', '=', 'queued')
          .executeTakeFirstOrThrow();
        queuedImports.set(Number(row.n));
        importLag.set(row.oldest ? Math.max(0, (Date.now() - new Date(row.oldest).getTime()) / 1000) : 0);
      } catch (error) {
        queuedImports.reset();
        importLag.reset();
        fastify.log.warn({ err: error }, 'metrics: the feed imports could not be read');
      }
    }

    const { sharedStore } = options;
    if (sharedStore)
      new Gauge({
        name: 'forecourt_shared_store_up',
        help: 'Whether Redis (shared rate limits) answered last time it was used (1) or not (0)',
        registers: [register],
        collect() {
          this.set(sharedStore.up() ? 1 : 0);
        },
      });

    fastify.addHook('onResponse', async (request, reply) => {
      // The route's pattern, never the raw path: one series per route, whatever the shopper typed.
      const labels = {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      };
      requests.inc(labels);
      duration.observe(labels, reply.elapsedTime / 1000);
    });

    // A scraper off this machine holds a personal token of an active account (a viewer is enough).
    const allowed = async (request: FastifyRequest) => {
      if (fromLoopback(request)) return true;
      if (peerIsTrustedProxy(options.trustedProxies, request.socket.remoteAddress)) return false;
      const header = request.headers.authorization ?? '';
      const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      return token !== '' && 'operator' in (await fastify.operators.authenticate(token));
    };

    fastify.get('/metrics', async (request, reply) => {
      if (!(await allowed(request))) {
        return reply.code(403).send({
          error:
            'Metrics are served on this machine, or straight to an instance with a personal operator token (Authorization: Bearer), never through the load balancer',
        });
      }
      await Promise.all([readOutbox(), readImports()]);
      return reply
        .header('cache-control', 'no-store')
        .type(register.contentType)
        .send(await register.metrics());
    });
  },
  { name: 'metrics', fastify: '5.x', dependencies: ['config', 'database', 'admin-auth'] },
);
