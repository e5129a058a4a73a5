import fs from 'node:fs/promises';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, sql, type Dialect } from 'kysely';
import type { PlatformTables } from './schema';
import { migrationProvider } from './migrations';
import { lockDataDir } from './data-dir-lock';
import { threadedPGliteDialect } from './pglite-thread';

export type Engine = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<PlatformTables>;
  engine: Engine;
  /** PostgreSQL's connection pool, read by `/metrics` (its counts change as it is used). */
  pool?: { readonly totalCount: number; readonly idleCount: number; readonly waitingCount: number };
  /**
   * PostgreSQL only: hears `channel`'s notifications on a connection of its own (LISTEN holds its
   * connection, so it cannot be one of the pool's). A connection lost is opened again, with
   * backoff; `onReconnect` then runs, since notifications sent meanwhile were never heard.
   * Resolves once listening; the function it gives stops it.
   */
  listen?: (channel: string, handlers: Listener) => Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface Listener {
  notified: (payload: string) => void;
  reconnected: () => void;
  log?: (line: string) => void;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it the embedded PGlite engine is used. */
  databaseUrl?: string;
  /** Folder for PGlite's files (`{dataDir}/pglite`); omitted means in memory (tests). */
  dataDir?: string;
  /** Search path for PostgreSQL: tests isolate themselves in their own schema. */
  schema?: string;
  /**
   * In memory only: start from this PGlite data folder (a `dumpDataDir` tarball) instead of an
   * empty one. Tests start from a migrated template (infra/test-kit/src/test-database.ts): PGlite's own
   * setup of a new data folder is most of what opening one costs.
   */
  template?: Blob;
}

/**
 * Opens the platform database. Both engines are loaded lazily so that a PostgreSQL deployment
 * never pays for PGlite's WASM and the embedded default never needs a reachable server.
 */
export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  if (options.databaseUrl) {
    const pg = await import('pg');
    // bigint (count(*), identity ids) arrives as a string from pg and a number from PGlite; the
    // platform's counts and ids stay far below 2^53, so one representation for both engines.
    pg.default.types.setTypeParser(20, Number);
    const pool = new pg.default.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    // An idle connection the server ends (a restart, a failover, an administrator) is an 'error'
    // event on the pool: unheard, it would end the process. The pool drops that connection and
    // opens a new one when next asked, so it is only worth a line in the log.
    pool.on('error', (error) =>
      console.warn('[database] an idle PostgreSQL connection was closed by the server:', error.message),
    );
    const db = new Kysely<PlatformTables>({ dialect: new PostgresDialect({ pool }) });
    const listen = (channel: string, handlers: Listener) =>
      listenOn(pg.default, { connectionString: options.databaseUrl!, schema: options.schema }, channel, handlers);
    return { db, engine: 'postgres', pool, listen, close: () => db.destroy() };
  }

  // On disk (the server) PGlite runs on a thread of its own, so that its statements and commits
  // do not hold up the server's requests; in memory (tests, one per file) it stays on this thread.
  if (options.dataDir) {
    const dir = path.join(options.dataDir, 'pglite');
    await fs.mkdir(dir, { recursive: true });
    const release = await lockDataDir(dir);
    try {
      const db = new Kysely<PlatformTables>({ dialect: await threadedPGliteDialect(dir) });
      return {
        db,
        engine: 'pglite',
        close: async () => {
          try {
            await db.destroy();
          } finally {
            await release();
          }
        },
      };
    } catch (error) {
      await release();
      throw error;
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGliteDialect } = await import('kysely-pglite-dialect');
  const pglite = await PGlite.create(options.template ? { loadDataDir: options.template } : {});
  // The dialect declares PGlite <= 0.4 as its peer; the root package.json overrides it to the
  // 0.5 infra uses (one copy installed). Its types still name the older client, and it only calls
  // query/transaction/close on the instance, which 0.5 keeps.
  type DialectClient = ConstructorParameters<typeof PGliteDialect>[0];
  const dialect: Dialect = new PGliteDialect(pglite as unknown as DialectClient);
  const db = new Kysely<PlatformTables>({ dialect });
  // The dialect's destroy closes the PGlite instance too.
  return { db, engine: 'pglite', close: () => db.destroy() };
}

type PgModule = typeof import('pg').default;

async function listenOn(
  pg: PgModule,
  connection: { connectionString: string; schema?: string },
  channel: string,
  handlers: Listener,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: InstanceType<PgModule['Client']> | null = null;
  let retry: NodeJS.Timeout | undefined;
  let delay = 250;
  const open = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: connection.connectionString,
      ...(connection.schema ? { options: `-c search_path=${connection.schema}` } : {}),
    });
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.notified(message.payload ?? '');
    });
    next.on('error', (error) => {
      handlers.log?.(`[database] the connection listening on ${channel} failed: ${error.message}`);
      reopen(next);
    });
    next.on('end', () => reopen(next));
    await next.connect();
    await next.query(`listen "${channel.replace(/"/g, '""')}"`);
    client = next;
    delay = 250;
  };
  const reopen = (lost: InstanceType<PgModule['Client']>) => {
    if (stopped || client !== lost) return;
    client = null;
    lost.end().catch(() => undefined);
    const attempt = () => {
      retry = undefined;
      if (stopped) return;
      open().then(handlers.reconnected, (error: unknown) => {
        handlers.log?.(`[database] listening on ${channel} again failed: ${(error as Error).message}`);
        delay = Math.min(delay * 2, 10_000);
        retry = setTimeout(attempt, delay);
        retry.unref();
      });
    };
    retry = setTimeout(attempt, delay);
    retry.unref();
  };
  await open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end().catch(() => undefined);
  };
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrate(db: Kysely<PlatformTables>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((r) => r.status === 'Error');
  if (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed ? failed.migrationName + ' ' : ''}failed: ${message}`);
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * The migrations not yet applied, by name (every one on an empty database). Only reads: the
 * production server checks this at start and leaves applying them to `forecourt migrate`.
 */
export async function pendingMigrations(db: Kysely<PlatformTables>): Promise<string[]> {
  const migrations = await new Migrator({ db, provider: migrationProvider }).getMigrations();
  return migrations.filter((m) => m.executedAt === undefined).map((m) => m.name);
}

/** A cheap round trip for the health check. */
export async function ping(db: Kysely<PlatformTables>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
