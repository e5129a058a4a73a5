import fp from 'fastify-plugin';
import { migrate, openDatabase, type Database } from '@forecourt/data/database';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

export interface DatabasePluginOptions {
  /** An open database to use (tests share one per file); the app then leaves it open on close. */
  database?: Database;
  databaseUrl?: string;
  dataDir: string;
  /** Apply pending migrations at start (default true). */
  migrate?: boolean;
}

export default fp<DatabasePluginOptions>(
  async (fastify, options) => {
    const owned = !options.database;
    const database =
      options.database ?? (await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir }));
    if (options.migrate !== false) await migrate(database.db);
    fastify.decorate('database', database);
    if (owned) fastify.addHook('onClose', async () => database.close());
  },
  { name: 'database', fastify: '5.x' },
);
