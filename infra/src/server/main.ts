import type { FastifyInstance } from 'fastify';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import { openDatabase, type Database } from '../db/database';
import { resolveDataDir } from '../paths';
import { loadTenants } from '../tenants/load-tenants';
import { indexStock } from '../search/indexing/indexer';
import { prefetchSearchSnapshot, type RestoredSnapshot } from './plugins/platform/search';

export interface ServerSettings {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
}

export function serverSettings(env: NodeJS.ProcessEnv = process.env): ServerSettings {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not '${env.PORT}'`);
  return { port, host: env.HOST ?? '127.0.0.1', dataDir: resolveDataDir(env), databaseUrl: env.DATABASE_URL || undefined };
}

/**
 * Builds the app on an open database and listens; the app closes the database with itself.
 * SIGINT/SIGTERM close the server gracefully (PGlite must flush to its data dir).
 */
export async function listen(
  settings: ServerSettings,
  database: Database,
  tenants: readonly TenantConfig[],
  options: { log?: (line: string) => void; searchSnapshot?: Promise<RestoredSnapshot> } = {},
): Promise<FastifyInstance> {
  const { buildApp } = await import('./app');
  const app = await buildApp({
    dataDir: settings.dataDir,
    database,
    tenants,
    ...(options.searchSnapshot ? { searchSnapshot: options.searchSnapshot } : {}),
    logger: { level: process.env.LOG_LEVEL ?? 'warn' },
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
    const result = await indexStock({ db: database.db, tenants, target: app.stockSearch.target({ host: '127.0.0.1', port }), log });
    app.stockSearch.state.indexed = true;
    app.stockSearch.state.records = result.records;
    log(`Index: ${result.records.toLocaleString('en-AU')} cars in ${(result.ms / 1000).toFixed(1)} s`);
  }
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) process.exit(1);
      closing = true;
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  return app;
}

/** Serves what is already published and pinned; `npm start` (the CLI's start) prepares first. */
async function main(): Promise<void> {
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

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
