/**
 * The production server: `npm run serve` runs its bundle (infra/dist/serve.js, `npm run build`)
 * with plain node. It serves what is already published and pinned, on a database that is already
 * migrated, and changes nothing shared: it never builds, seeds, publishes or migrates (those are
 * steps of a deployment, `forecourt migrate` first), so any number of instances may start at once
 * on one database. `npm start` (`forecourt start`) stays the one-command demo that prepares first.
 */
import type { FastifyInstance } from 'fastify';
import { loadConfig, refuseIncompleteProduction } from '@forecourt/config/load';
import { openDatabase, pendingMigrations } from '@forecourt/data/database';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import { listen, serverSettings } from './main';
import { prefetchSearchSnapshot } from './plugins/platform/search';
import { loadProductionReact } from '@forecourt/pages/production-react';

/** The database is behind the code being started: the operator's next step is in the message. */
export class PendingMigrationsError extends Error {
  constructor(readonly pending: readonly string[]) {
    super(
      `The database has ${pending.length} pending migration${pending.length === 1 ? '' : 's'} (${pending.join(', ')}): run 'forecourt migrate' with this release first, then start the server again.`,
    );
    this.name = 'PendingMigrationsError';
  }
}

export async function serve(env: NodeJS.ProcessEnv = process.env): Promise<FastifyInstance> {
  // Before anything opens: production names everything it lacks at once (config/load.ts).
  refuseIncompleteProduction(loadConfig(env));
  loadProductionReact();
  const settings = serverSettings(env);
  // The search index's snapshot (embedded search) is read while the database opens and the
  // server's modules load.
  const searchSnapshot = prefetchSearchSnapshot(settings.dataDir, env);
  const tenants = await loadTenants();
  // The migration check's round trips to the database overlap loading the app's modules.
  const opening = openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
  const checked = opening.then(async (database) => ({ database, pending: await pendingMigrations(database.db) }));
  checked.catch(() => undefined);
  await import('./app');
  const database = await opening;
  try {
    const { pending } = await checked;
    if (pending.length > 0) throw new PendingMigrationsError(pending);
  } catch (error) {
    await database.close();
    throw error;
  }
  return listen(settings, database, tenants, { searchSnapshot, migrate: false });
}

if (require.main === module) {
  serve().then(
    () => {
      const { host, port } = serverSettings();
      console.log(`Forecourt serving on http://${host}:${port}/`);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? `Error: ${error.message}` : error);
      process.exit(1);
    },
  );
}
