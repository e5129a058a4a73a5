import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { workerThreadScript } from '@forecourt/runtime/worker-script';
import {
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * The embedded database on a thread of its own. PGlite is Postgres compiled to WASM: every
 * statement, and the write and flush of every commit to its data dir, runs synchronously on the
 * thread that holds it. Held by the server's own thread, a commit stalls every request in flight
 * (measured on the lead endpoint at 300 req/s: p99 46–57 ms over 15 s, above the 50 ms target);
 * held here, the server's thread only parses, checks and answers, and the database works beside it.
 *
 * Written by hand because PGlite's own worker (`@electric-sql/pglite/worker`) is built for browser
 * Web Workers (it relies on `navigator.locks`), and the Kysely dialect needs only two calls of its
 * client: `query(sql, params)` and `close()`. The dialect already serialises statements (one
 * connection, transactions as plain `begin`/`commit` statements), so this is a message channel:
 * each statement goes over with an id, its rows or its error come back. Rows and parameters cross
 * by structured clone, which keeps Dates, BigInts and byte arrays as they are.
 */

interface Request {
  id: number;
  sql?: string;
  params?: unknown[];
  close?: true;
}

interface Reply {
  id: number;
  rows?: unknown[];
  affectedRows?: number;
  error?: Record<string, unknown> & { message: string };
}

/** PGlite's errors carry Postgres's fields (code, constraint, detail...): they cross as they are. */
function errorFields(error: unknown): Record<string, unknown> & { message: string } {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'object') continue;
    fields[key] = value;
  }
  return { ...fields, name: error.name, message: error.message };
}

async function serve(dir: string): Promise<void> {
  const port = parentPort!;
  const { PGlite } = await import('@electric-sql/pglite');
  let pglite: Awaited<ReturnType<typeof PGlite.create>>;
  try {
    pglite = await PGlite.create(dir);
  } catch (error) {
    port.postMessage({ id: 0, error: errorFields(error) } satisfies Reply);
    return;
  }
  port.postMessage({ id: 0 } satisfies Reply);
  // One statement at a time, in the order they were sent.
  let chain = Promise.resolve();
  port.on('message', (request: Request) => {
    chain = chain.then(async () => {
      if (request.close) {
        await pglite.close();
        port.postMessage({ id: request.id } satisfies Reply);
        port.close();
        return;
      }
      try {
        const result = await pglite.query(request.sql!, request.params ?? []);
        port.postMessage({
          id: request.id,
          rows: result.rows,
          ...(result.affectedRows !== undefined ? { affectedRows: result.affectedRows } : {}),
        } satisfies Reply);
      } catch (error) {
        port.postMessage({ id: request.id, error: errorFields(error) } satisfies Reply);
      }
    });
  });
}

/** The statements' channel to the database thread. */
interface Channel {
  query(sql: string, params: readonly unknown[]): Promise<QueryResult<unknown>>;
  close(): Promise<void>;
}

/** Starts the database thread on PGlite's data dir; resolves once the database answers. */
function openChannel(dir: string): Promise<Channel> {
  // The thread loads this same file (from source, or its own bundle in production).
  const { script, eval: evaluate } = workerThreadScript(__filename, 'pglite-worker');
  const worker = new Worker(script, {
    eval: evaluate,
    workerData: { pgliteThread: dir },
  });
  const pending = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let failure: Error | null = null;
  let closed = false;

  const failAll = (error: Error) => {
    failure ??= error;
    for (const { reject } of pending.values()) reject(failure);
    pending.clear();
  };
  worker.on('error', (error) => failAll(new Error(`The embedded database stopped: ${error.message}`)));
  worker.on('exit', (code) =>
    failAll(
      new Error(
        closed ? 'The embedded database is closed' : `The embedded database stopped (its thread exited with ${code})`,
      ),
    ),
  );
  worker.on('message', (reply: Reply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    waiting.resolve(reply);
  });

  const send = (request: Omit<Request, 'id'>): Promise<Reply> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<Reply>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    });
  };
  const raise = (error: NonNullable<Reply['error']>) => Object.assign(new Error(error.message), error);

  return new Promise<Channel>((resolveOpen, rejectOpen) => {
    pending.set(0, {
      resolve: (reply) => {
        if (reply.error) {
          rejectOpen(raise(reply.error));
          void worker.terminate();
          return;
        }
        resolveOpen({
          async query(sql, params) {
            const reply = await send({ sql, params: [...params] });
            if (reply.error) throw raise(reply.error);
            return {
              rows: reply.rows ?? [],
              ...(reply.affectedRows ? { numAffectedRows: BigInt(reply.affectedRows) } : {}),
            };
          },
          async close() {
            if (failure) return;
            closed = true;
            await send({ close: true });
            await worker.terminate();
          },
        });
      },
      reject: rejectOpen,
    });
  });
}

/**
 * Statements are pipelined: every statement outside a transaction goes to the thread as soon as
 * it is asked for, without waiting for the previous one's answer (the thread runs them in the
 * order sent). A transaction has the database to itself: statements of other connections asked
 * for while it is open wait for its commit or rollback, and transactions take turns. (The stock
 * PGlite dialect waits for each statement's answer before sending the next; across threads that
 * costs a turn of the server's event loop per statement, which at 300 leads a second was slower
 * than PGlite on the server's own thread.)
 */
class ThreadedDriver implements Driver {
  private channel: Channel | null = null;
  /** The connection whose transaction is open, and the promise that settles when it ends. */
  private transaction: { connection: DatabaseConnection; ended: Promise<void>; end: () => void } | null = null;

  constructor(private readonly open: () => Promise<Channel>) {}

  async init(): Promise<void> {
    this.channel = await this.open();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const run = (connection: DatabaseConnection, query: CompiledQuery) =>
      this.run(connection, query.sql, query.parameters);
    const connection: DatabaseConnection = {
      async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        return (await run(connection, query)) as QueryResult<R>;
      },
      async *streamQuery<R>(query: CompiledQuery, chunkSize = 100): AsyncIterableIterator<QueryResult<R>> {
        const { rows } = await run(connection, query);
        for (let i = 0; i < rows.length; i += chunkSize) yield { rows: rows.slice(i, i + chunkSize) as R[] };
      },
    };
    return connection;
  }

  private async run(
    connection: DatabaseConnection,
    sql: string,
    params: readonly unknown[],
  ): Promise<QueryResult<unknown>> {
    while (this.transaction && this.transaction.connection !== connection) await this.transaction.ended;
    if (!this.channel) throw new Error('The embedded database is not open');
    return this.channel.query(sql, params);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    while (this.transaction) await this.transaction.ended;
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    this.transaction = { connection, ended, end };
    const modes = [
      settings.isolationLevel ? `isolation level ${settings.isolationLevel}` : '',
      settings.accessMode ?? '',
    ]
      .filter(Boolean)
      .join(' ');
    try {
      await this.run(connection, modes ? `start transaction ${modes}` : 'begin', []);
    } catch (error) {
      this.endTransaction(connection);
      throw error;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.run(connection, 'commit', []);
    } finally {
      this.endTransaction(connection);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.run(connection, 'rollback', []);
    } finally {
      this.endTransaction(connection);
    }
  }

  private endTransaction(connection: DatabaseConnection): void {
    if (this.transaction?.connection !== connection) return;
    const { end } = this.transaction;
    this.transaction = null;
    end();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // A connection released with its transaction still open (Kysely does not do this) ends it.
    if (this.transaction?.connection === connection) await this.rollbackTransaction(connection);
  }

  async destroy(): Promise<void> {
    await this.channel?.close();
    this.channel = null;
  }
}

/**
 * The Kysely dialect for PGlite on its own thread: Postgres's adapter, compiler and introspector,
 * and the pipelining driver above. Resolves once the database on `dir` is open and answering.
 */
export async function threadedPGliteDialect(dir: string): Promise<Dialect> {
  const channel = await openChannel(dir);
  const driver = new ThreadedDriver(async () => channel);
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => driver,
    createQueryCompiler: () => new PostgresQueryCompiler(),
    createIntrospector: (db) => new PostgresIntrospector(db),
  };
}

if (!isMainThread && typeof (workerData as { pgliteThread?: unknown } | null)?.pgliteThread === 'string') {
  void serve((workerData as { pgliteThread: string }).pgliteThread);
}
