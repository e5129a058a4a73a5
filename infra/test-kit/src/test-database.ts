import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Kysely } from 'kysely';
import { migrate, openDatabase, type Database, type Engine } from '@forecourt/data/database';
import type { PlatformTables } from '@forecourt/data/schema';

/**
 * The engines a data-layer test runs on: PGlite always, PostgreSQL as well when DATABASE_URL is
 * set. Use with `describe.each(testEngines())`.
 */
export function testEngines(): Engine[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * The engine a test of the server's behaviour (not of the data layer) runs on: the PostgreSQL
 * server DATABASE_URL names when it is set (CI's, `.ci/run`), otherwise an in-memory PGlite. The
 * engines themselves are tested by the data-layer tests, on both (`testEngines`), and `npm
 * start`'s embedded database by the e2e journeys. PostgreSQL is the cheaper of the two for a suite
 * on two cores: PGlite runs the database's code as WebAssembly inside the test's own process, and
 * takes hundreds of MB a file (measured on the 31 platform test files, two workers: 240
 * CPU-seconds and 126 s on PGlite, 155 and 85 s on PostgreSQL, the server's own processes
 * included). A test of what only one engine does names it.
 */
export function serverTestEngine(): Engine {
  return process.env.DATABASE_URL ? 'postgres' : 'pglite';
}

async function adminQuery(
  databaseUrl: string,
  text: string,
  values: unknown[] = [],
): Promise<Array<Record<string, unknown>>> {
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Array<Record<string, unknown>>;
  } finally {
    await client.end();
  }
}

/** One statement on the PostgreSQL server DATABASE_URL names, as its user (roles, databases). */
export async function postgresAdmin(text: string): Promise<void> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('DATABASE_URL is not set');
  await adminQuery(base, text);
}

/**
 * A migrated, empty PGlite data folder as a tarball, made once per set of migrations and PGlite
 * version and kept in the temporary folder: every test's in-memory database starts from it. A
 * new PGlite data folder costs about 1.8 s to set up and migrate on a 2-core machine, one loaded
 * from the template about 0.45 s, and the unit suite opens some hundred of them.
 */
async function pgliteTemplate(): Promise<Blob> {
  const migrations = path.join(__dirname, '..', '..', 'data', 'src', 'migrations');
  const hash = createHash('sha256');
  // PGlite's version as infra pins it (its package exports no package.json).
  const infraPackage = JSON.parse(await fs.readFile(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  hash.update(infraPackage.dependencies['@electric-sql/pglite'] ?? '');
  for (const name of (await fs.readdir(migrations)).sort())
    hash.update(name).update(await fs.readFile(path.join(migrations, name)));
  const file = path.join(os.tmpdir(), `forecourt-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  try {
    return new Blob([await fs.readFile(file)]);
  } catch {
    const { PGlite } = await import('@electric-sql/pglite');
    const { PGliteDialect } = await import('kysely-pglite-dialect');
    const pglite = await PGlite.create();
    const db = new Kysely<PlatformTables>({
      dialect: new PGliteDialect(pglite as unknown as ConstructorParameters<typeof PGliteDialect>[0]),
    });
    await migrate(db);
    const template = await pglite.dumpDataDir('none');
    await db.destroy();
    // Written whole, then renamed: test files starting together never read half a template.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await fs.writeFile(partial, Buffer.from(await template.arrayBuffer()));
    await fs.rename(partial, file);
    return template;
  }
}

/**
 * A data folder's database (`{dataDir}/pglite`, what `npm start` and the CLI open) made from the
 * migrated template instead of from nothing: a new on-disk PGlite sets up its cluster and runs
 * every migration when first opened, 5 s on a quiet 2-core machine and 30 to 40 s beside the e2e
 * journeys, where a test that runs the CLI on a new data folder spent most of its time. Unpacking
 * the template's files takes a fraction of a second, and the CLI then opens it as it opens any
 * data folder it has seen before. The folder must not hold a database yet.
 */
export async function seedDataFolderDatabase(dataDir: string): Promise<void> {
  const { Readable } = await import('node:stream');
  const { pipeline } = await import('node:stream/promises');
  const tar = await import('tar-fs');
  const dir = path.join(dataDir, 'pglite');
  await fs.mkdir(dir, { recursive: true });
  if ((await fs.readdir(dir)).length > 0) throw new Error(`${dir} already holds a database`);
  const template = Buffer.from(await (await pgliteTemplate()).arrayBuffer());
  await pipeline(Readable.from([template]), tar.extract(dir));
}

/**
 * A migrated, empty database of its own. PGlite is in memory (from the migrated template); on
 * PostgreSQL a uniquely named database is created (and dropped by `close`) so test files can run
 * in parallel.
 */
export async function openTestDatabase(engine: Engine = 'pglite'): Promise<Database> {
  if (engine === 'pglite') {
    const database = await openDatabase({ template: await pgliteTemplate() });
    // Nothing to apply on the template; this checks it is what the migrations make.
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
export async function emptyPostgresDatabase(
  label: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
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
        const [row] = await adminQuery(base, 'select count(*)::int as n from pg_stat_activity where datname = $1', [
          name,
        ]);
        if (row?.['n'] === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await adminQuery(base, `drop database if exists "${name}" with (force)`);
    },
  };
}
