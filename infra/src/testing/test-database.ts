import { randomBytes } from 'node:crypto';
import { migrate, openDatabase, type Database, type Engine } from '../db/database';

/**
 * The engines a data-layer test runs on: PGlite always, PostgreSQL as well when DATABASE_URL is
 * set. Use with `describe.each(testEngines())`.
 */
export function testEngines(): Engine[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

async function adminQuery(databaseUrl: string, text: string, values: unknown[] = []): Promise<Array<Record<string, unknown>>> {
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Array<Record<string, unknown>>;
  } finally {
    await client.end();
  }
}

/**
 * A migrated, empty database of its own. PGlite is in memory; on PostgreSQL a uniquely named
 * database is created (and dropped by `close`) so test files can run in parallel.
 */
export async function openTestDatabase(engine: Engine = 'pglite'): Promise<Database> {
  if (engine === 'pglite') {
    const database = await openDatabase();
    await migrate(database.db);
    return database;
  }
  const own = await emptyPostgresDatabase('forecourt_test');
  const database = await openDatabase({ databaseUrl: own.url });
  await migrate(database.db);
  return {
    ...database,
    close: async () => {
      await database.close();
      await own.drop();
    },
  };
}

/**
 * An empty database of its own on the PostgreSQL server DATABASE_URL names (`{label}_{pid}_{random}`):
 * its URL, and `drop`, which waits until the server holds none of its connections first. pg's pool
 * end resolves once its connections are told to close, before the server has seen them go: a forced
 * drop at that moment ends them mid-goodbye, and each says so as a pool error.
 */
export async function emptyPostgresDatabase(label: string): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('DATABASE_URL is not set');
  const name = `${label}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(base, `create database "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      for (let tries = 0; tries < 100; tries++) {
        const [row] = await adminQuery(base, 'select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (row?.['n'] === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await adminQuery(base, `drop database if exists "${name}" with (force)`);
    },
  };
}
