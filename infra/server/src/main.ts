import type { FastifyInstance } from 'fastify';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import { openDatabase, type Database } from '@forecourt/data/database';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import { indexStock } from '@forecourt/search-service/indexing/indexer';
import { prefetchSearchSnapshot, type RestoredSnapshot } from './plugins/platform/search';
import { exitGracefullyOnSignals, shutdownSettings } from './shutdown';
import { loadConfig, refuseIncompleteProduction } from '@forecourt/config/load';
import { runningFromSource } from '@forecourt/runtime/worker-script';
import { loadProductionReact } from '@forecourt/pages/production-react';
import { serializeRequest } from './request-log';
import { serverSettings, type ServerSettings } from '@forecourt/config/server-settings';

// In a module of their own, so the CLI reads them without loading the server.
export { serverSettings, type ServerSettings } from '@forecourt/config/server-settings';

/**
 * Builds the app on an open database and listens; the app closes the database with itself.
 * SIGINT/SIGTERM close the server gracefully (`shutdown.ts`). `migrate: false` (production's
 * serve) leaves the schema to `forecourt migrate`.
 */
export async function listen(
  settings: ServerSettings,
  database: Database,
  tenants: readonly TenantConfig[],
  options: { log?: (line: string) => void; searchSnapshot?: Promise<RestoredSnapshot>; migrate?: boolean } = {},
): Promise<FastifyInstance> {
  const shutdown = shutdownSettings();
  const { buildApp } = await import('./app');
  const app = await buildApp({
    dataDir: settings.dataDir,
    database,
    tenants,
    migrate: options.migrate,
    // From the settings, not read by the app: tests build apps that must never count in a shared Redis by accident.
    redisUrl: settings.redisUrl,
    ...(options.searchSnapshot ? { searchSnapshot: options.searchSnapshot } : {}),
    // The request log's addresses without personal data (request-log.ts).
    logger: { level: loadConfig().LOG_LEVEL, serializers: { req: serializeRequest } },
  });
  app.addHook('onClose', async () => database.close());
  await app.listen({ port: settings.port, host: settings.host });
  if (app.stockSearch.state.embedded) {
    // The embedded index lives in memory: fill it from the database through the search API,
    // exactly as stock reaches Algolia in production (`forecourt index`).
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : settings.port;
    const log = options.log ?? (() => undefined);
    log('Index...');
    const result = await indexStock({
      db: database.db,
      tenants,
      target: app.stockSearch.target({ host: '127.0.0.1', port }),
      log,
    });
    app.stockSearch.state.indexed = true;
    app.stockSearch.state.records = result.records;
    log(`Index: ${result.records.toLocaleString('en-AU')} cars in ${(result.ms / 1000).toFixed(1)} s`);
  }
  // Loaded here, as the app is: they load React, which must come after its build is chosen.
  const { firstPaintThreads } = await import('@forecourt/pages/first-paint');
  const { warmFirstPaints } = await import('@forecourt/pages/first-paint-warm');
  const { queryPageThreads } = await import('@forecourt/pages/first-paint-pool');
  const threads = firstPaintThreads(app.config);
  if (threads > 0) {
    // Health answers 'starting' meanwhile: a balancer sends shoppers once the threads are warm.
    app.readiness.warming = true;
    const warmed = await warmFirstPaints(app, threads);
    app.readiness.warming = false;
    options.log?.(
      `Warm: ${warmed.pages.length} pages on ${threads} render thread${threads === 1 ? '' : 's'} and ${queryPageThreads(threads)} for pages with a query in ${(warmed.ms / 1000).toFixed(1)} s`,
    );
  }
  app.readiness.started = true;
  exitGracefullyOnSignals(app, shutdown);
  return app;
}

/** Serves what is already published and pinned; `npm start` (the CLI's start) prepares first. */
async function main(): Promise<void> {
  refuseIncompleteProduction(loadConfig());
  loadProductionReact();
  const settings = serverSettings();
  // A restart overlaps what waits with what computes: the search index's snapshot is read (on
  // libuv's threads) and the database opens (PGlite compiles its WebAssembly off this thread)
  // while the server's modules load here; the snapshot is decoded once read.
  const searchSnapshot = prefetchSearchSnapshot(settings.dataDir);
  const tenants = await loadTenants();
  const opening = openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
  opening.catch(() => undefined);
  await import('./app');
  const database = await opening;
  await listen(settings, database, tenants, { searchSnapshot });
  console.log(`Forecourt listening on http://${settings.host}:${settings.port}/`);
}

// Bundled, this file's code sits inside serve.js and cli.js, where `require.main === module`
// holds for the bundle itself: there only their own entries start anything.
if (require.main === module && runningFromSource) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
