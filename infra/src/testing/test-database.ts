import { randomBytes } from 'node:crypto';
import { migrate, openDatabase, type Database, type Engine } from '../db/database';

/**
 * The engines a data-layer test runs on: PGlite always, PostgreSQL as well when DATABASE_URL is
 * set. Use with `describe.each(testEngines())`.
 */
export function testEngines(): Engine[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

async function adminQuery(databaseUrl: string, text: string): Promise<void> {
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(text);
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
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('DATABASE_URL is not set');
  const name = `forecourt_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(base, `create database "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await migrate(database.db);
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(base, `drop database if exists "${name}" with (force)`);
    },
  };
}
