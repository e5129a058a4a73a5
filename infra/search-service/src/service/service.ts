import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import type { Database } from '@forecourt/data/database';
import { ping } from '@forecourt/data/database';
import { loadConfig } from '@forecourt/config/load';
import { readSnapshot } from '@forecourt/search-engine/engine/snapshot';
import { KeyStore, searchService, SEARCH_LIMITS } from '@forecourt/search-engine/http';
import { indexStock } from '../indexing/indexer';
import type { SearchServiceSettings } from './config';
import { openPersistedStore, type RestoredSnapshot } from './persisted-store';
import { SearchStatsRecorder } from './search-stats';

/** The search service's snapshot, in its own data folder (the same name the embedded service uses in the site's). */
export const SERVICE_SNAPSHOT_FILE = 'search-index.snapshot';

export interface SearchServiceOptions {
  keys: { appId: string; adminKey: string; searchKey: string };
  settings: SearchServiceSettings;
  database: Database;
  tenants: readonly TenantConfig[];
  env?: NodeJS.ProcessEnv;
  logger?: FastifyServerOptions['logger'];
  /** Progress lines of the start (snapshot, replay). */
  log?: (line: string) => void;
  /** The snapshot, already being read (`prefetchServiceSnapshot`). */
  snapshot?: Promise<RestoredSnapshot>;
}

export interface RunningSearchService {
  app: FastifyInstance;
  port: number;
  /** Settles once the index is in step with the database (the snapshot confirmed, replayed or rebuilt). */
  caughtUp: Promise<void>;
  /** Readiness answers 503 from now on (SIGTERM: the balancer stops sending searches here). */
  draining(): void;
}

/** Starts reading the service's snapshot at once, so the read overlaps opening the database. */
export function prefetchServiceSnapshot(settings: SearchServiceSettings): Promise<RestoredSnapshot> {
  const restored = readSnapshot(path.join(settings.dataDir, SERVICE_SNAPSHOT_FILE));
  // Handled where it is awaited (openPersistedStore); this keeps an early failure from counting as unhandled.
  restored.catch(() => undefined);
  return restored;
}

/**
 * The platform's search service as a process of its own (`forecourt search-service`): the same
 * Algolia-compatible REST API the site embeds (`searchService`, under /1/), with its snapshot in
 * its own data folder, its worker threads and its answer cache, and nothing else. Every web
 * instance reads and writes it over HTTP with SEARCH_APP_ID, the keys and SEARCH_HOSTS, as it would
 * an Algolia application, so a write through one instance is seen through every other.
 *
 * At start it serves the restored snapshot at once and brings it in step with PostgreSQL: the
 * indexer compares the snapshot's stock fingerprints with the database's and re-indexes, in
 * place, the cars of each site whose stock changed (indexing/indexer.ts `indexStock`).
 *
 * `/api/health` is liveness (the process answers); `/api/ready` says whether it serves the
 * database's stock: 503 until the start's catch-up is done, and again once it is stopping.
 */
export async function startSearchService(options: SearchServiceOptions): Promise<RunningSearchService> {
  const config = loadConfig(options.env ?? process.env);
  const log = options.log ?? (() => undefined);
  const app = Fastify({ logger: options.logger ?? { level: config.LOG_LEVEL } });
  // What shoppers searched and how fast, added to the database the web instances read it from
  // (the operator console's search health), as the embedded service does.
  const stats = new SearchStatsRecorder(options.database.db, { log: app.log });
  const persisted = await openPersistedStore(
    path.join(options.settings.dataDir, SERVICE_SNAPSHOT_FILE),
    app.log,
    options.snapshot,
    () => stats.snapshotSaved(),
  );
  if (persisted.restoredRecords)
    log(`search service: restored ${JSON.stringify(persisted.restoredRecords)} from the snapshot`);
  const keys = new KeyStore({
    appId: options.keys.appId,
    adminKey: options.keys.adminKey,
    searchKeys: [options.keys.searchKey],
  });
  const workers = options.settings.workers ?? (os.availableParallelism() >= 2 ? 2 : 0);
  const searchMs = config.FORECOURT_SEARCH_BUDGET_MS ?? SEARCH_LIMITS.searchMs;
  const writer = persisted.writer;
  await app.register(searchService, {
    store: persisted.store,
    keys,
    workers,
    searchMs,
    ...(persisted.restoredFrom ? { restoredFrom: persisted.restoredFrom } : {}),
    onWrite: () => writer.changed(),
    observer: stats,
  });
  stats.start();
  app.addHook('preClose', async () => stats.stop());

  const state = { caughtUp: false, draining: false, failed: null as string | null, records: 0 };
  app.get('/api/health', async () => ({ status: 'ok', uptime: Math.round(process.uptime()) }));
  app.get('/api/ready', async (_request, reply) => {
    const database = await ping(options.database.db);
    const ok = state.caughtUp && !state.draining && database;
    return reply.code(ok ? 200 : 503).send({
      status: state.draining
        ? 'stopping'
        : state.failed
          ? 'failed'
          : !state.caughtUp
            ? 'starting'
            : database
              ? 'ok'
              : 'degraded',
      database: { reachable: database },
      records: state.records,
      ...(state.failed ? { error: state.failed } : {}),
    });
  });
  app.addHook('onClose', async () => writer.flush());

  await app.listen({ port: options.settings.port, host: options.settings.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.settings.port;
  // The catch-up writes through the service's own API, as every other writer does.
  const self =
    options.settings.host === '0.0.0.0' || options.settings.host === '::' ? '127.0.0.1' : options.settings.host;
  const caughtUp = indexStock({
    db: options.database.db,
    tenants: options.tenants,
    target: {
      appId: options.keys.appId,
      adminKey: options.keys.adminKey,
      hosts: [`${self.includes(':') ? `[${self}]` : self}:${port}`],
      protocol: 'http',
      snapshot: persisted.hooks,
    },
    log,
  }).then(
    (result) => {
      state.records = result.records;
      state.caughtUp = true;
      log(
        `search service: ${result.records.toLocaleString('en-AU')} cars in step with the database in ${result.ms} ms`,
      );
    },
    (error: unknown) => {
      state.failed = error instanceof Error ? error.message : String(error);
      app.log.error({ err: error }, 'search service: the index could not be brought in step with the database');
      throw error;
    },
  );
  caughtUp.catch(() => undefined);
  return { app, port, caughtUp, draining: () => void (state.draining = true) };
}
