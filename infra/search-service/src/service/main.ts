import { loadConfig } from '@forecourt/config/load';
import { openDatabase } from '@forecourt/data/database';
import { runningFromSource } from '@forecourt/runtime/worker-script';
import { loadTenants, validateTenant } from '@forecourt/config/tenants/load-tenants';
import { listTenantRows } from '@forecourt/data/tenants';
import type { Database } from '@forecourt/data/database';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import { searchConnectionFromEnv, searchServiceSettings } from './config';
import { prefetchServiceSnapshot, startSearchService } from './service';

/** How long a stop may take (finishing requests, saving the snapshot) before the process exits anyway. */
const STOP_WITHIN_MS = 10_000;

/**
 * The tenants whose stock the catch-up indexes: the rows, as the web instances read them (a row
 * this version cannot read is logged and left out). The tenant files only where no row exists
 * yet: a database `forecourt migrate` has not seeded.
 */
async function serviceTenants(database: Database): Promise<TenantConfig[]> {
  const rows = await listTenantRows(database.db);
  if (rows.length === 0) return loadTenants();
  return rows.flatMap((row) => {
    try {
      return [validateTenant(row.config, row.slug)];
    } catch (error) {
      console.error(`search service: tenant '${row.slug}' cannot be read here: ${(error as Error).message}`);
      return [];
    }
  });
}

/**
 * `forecourt search-service`: the search service as a process of its own, on PostgreSQL
 * (DATABASE_URL) with its keys from SEARCH_APP_ID, SEARCH_ADMIN_KEY and SEARCH_SEARCH_KEY (the
 * very values the web tier reaches it with). SIGTERM or SIGINT: readiness answers 503, requests
 * under way finish, the snapshot is saved, and the process exits.
 */
export async function runSearchService(
  env: NodeJS.ProcessEnv = process.env,
  log: (line: string) => void = console.log,
): Promise<void> {
  const connection = searchConnectionFromEnv(env);
  const databaseUrl = loadConfig(env).DATABASE_URL;
  const missing = [
    ...(connection ? [] : ['SEARCH_APP_ID', 'SEARCH_ADMIN_KEY', 'SEARCH_SEARCH_KEY']),
    ...(databaseUrl ? [] : ['DATABASE_URL']),
  ];
  // PGlite's data folder is one process's: the search service shares the stock through PostgreSQL.
  if (missing.length)
    throw new Error(
      `search-service needs ${missing.join(', ')}: the keys web instances reach it with, and the PostgreSQL database it replays stock from`,
    );
  const settings = searchServiceSettings(env);
  const snapshot = prefetchServiceSnapshot(settings);
  const database = await openDatabase({ databaseUrl });
  const tenants = await serviceTenants(database).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  const service = await startSearchService({
    keys: connection!,
    settings,
    database,
    tenants,
    env,
    log,
    snapshot,
  }).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  const stop = async () => {
    await service.app.close();
    await database.close();
  };
  log(`Search service listening on http://${settings.host}:${service.port}/ (snapshot in ${settings.dataDir})`);
  service.caughtUp.catch(() => {
    // Not ready and never will be: let the supervisor start it again.
    void stop().finally(() => process.exit(1));
  });

  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) process.exit(1);
      stopping = true;
      service.draining();
      setTimeout(() => process.exit(1), STOP_WITHIN_MS).unref();
      stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}

// Run directly (as a production process manager would, without the whole CLI to load first).
// Bundled, this file sits inside cli.js, where `require.main === module` holds for the bundle
// itself: there `forecourt search-service` starts it, once.
if (require.main === module && runningFromSource) {
  runSearchService().catch((error: unknown) => {
    console.error(error instanceof Error ? `Error: ${error.message}` : error);
    process.exit(1);
  });
}
