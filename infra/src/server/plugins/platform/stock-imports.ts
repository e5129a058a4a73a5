import fp from 'fastify-plugin';
import { ClaimLost, claimImport, dropStaleUploads, finishImport } from '../../../db/stock-imports';
import { runImport, zeroCounts } from '../../../stock/feeds/run-import';

declare module 'fastify' {
  interface FastifyInstance {
    /** Feed imports, run by whichever instance claims them (docs/stock.md). */
    stockImports: {
      /** An import was queued: look for work now, not at the next tick. */
      queued: () => void;
      /** Runs queued imports until none may run now; the number run. */
      run: () => Promise<number>;
    };
  }
}

export interface StockImportsOptions {
  /** Time between looks for queued imports (default FORECOURT_FEED_IMPORT_MS); 0 runs no timer and does not start on upload: tests call `run`. */
  intervalMs?: number;
  /** How long a claim lasts before another instance may take the import over (default 2 minutes, extended while it runs). */
  leaseMs?: number;
  now?: () => Date;
}

/** An upload still receiving after this long was cut off with its instance: no request runs an hour. */
const STALE_UPLOAD_MS = 60 * 60 * 1000;

/**
 * Runs feed imports claimed in PostgreSQL, as lead delivery claims its outbox: any instance may
 * run any import, one per tenant at a time. An import whose runner dies is taken over once its
 * claim lapses, and carries on after the last batch that runner applied (its progress is written
 * with each batch), so it ends with the counts of a run that never stopped.
 */
export default fp<StockImportsOptions>(
  async (fastify, options) => {
    const db = fastify.database.db;
    const now = options.now ?? (() => new Date());
    const leaseMs = options.leaseMs ?? 120_000;
    const rules = { withdrawShare: fastify.config.FORECOURT_FEED_WITHDRAW_SHARE, leaseMs, now };

    const runOne = async (): Promise<boolean> => {
      const job = await claimImport(db, now(), leaseMs);
      if (!job) return false;
      const tenant = fastify.tenants.get(job.tenant);
      if (!tenant) {
        await finishImport(db, job.id, { status: 'failed', rows: null, counts: zeroCounts(), errors: [], message: 'The site is no longer served' }, now());
        return true;
      }
      try {
        const { applied } = await runImport(db, tenant, job, rules);
        if (applied) fastify.stockIndex.changed();
      } catch (error) {
        if (error instanceof ClaimLost) {
          // This runner stalled past its claim and another took the import over: that one finishes it.
          fastify.log.warn({ import: job.id }, 'stock imports: another runner took the import over');
          return true;
        }
        // A failure of the platform, not of the feed: reported on the import rather than retried
        // for ever. What it had applied stays applied (each batch is its own transaction); sending
        // the feed again finishes it. Should this write fail too, the lapsed claim retries it.
        fastify.log.error({ err: error, import: job.id }, 'stock imports: an import stopped on an error');
        await finishImport(db, job.id, { status: 'failed', rows: null, counts: zeroCounts(), errors: [], message: 'The import stopped on an error of the platform; send the feed again' }, now());
        fastify.stockIndex.changed();
      }
      return true;
    };

    let running: Promise<number> | null = null;
    const run = (): Promise<number> => {
      running ??= (async () => {
        await dropStaleUploads(db, new Date(now().getTime() - STALE_UPLOAD_MS));
        let count = 0;
        while (await runOne()) count++;
        return count;
      })().finally(() => {
        running = null;
      });
      return running;
    };
    const runLogged = () => void run().catch((error: unknown) => fastify.log.error({ err: error }, 'stock imports: an import failed to run; it runs again once its claim lapses'));

    const intervalMs = options.intervalMs ?? fastify.config.FORECOURT_FEED_IMPORT_MS;
    fastify.decorate('stockImports', { queued: () => (intervalMs > 0 ? runLogged() : undefined), run });

    let timer: NodeJS.Timeout | undefined;
    fastify.addHook('onReady', async () => {
      if (intervalMs > 0) timer = setInterval(runLogged, intervalMs).unref();
    });
    fastify.addHook('preClose', async () => {
      clearInterval(timer);
      await running?.catch(() => undefined);
    });
  },
  { name: 'stock-imports', fastify: '5.x', dependencies: ['database', 'tenants', 'stock-index'] },
);
