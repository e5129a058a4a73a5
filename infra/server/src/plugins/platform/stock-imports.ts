import fp from 'fastify-plugin';
import {
  ClaimLost,
  claimImport,
  dropChunks,
  dropStaleUploads,
  finishImport,
  importResult,
  setFetched,
  type StockImport,
} from '@forecourt/stock-in/stock-imports';
import type { StockImportFormat } from '@forecourt/data/schema';
import { pullFeed } from '@forecourt/stock-in/feeds/pull-feed';
import { runImport, zeroCounts } from '@forecourt/stock-in/feeds/run-import';
import { IMPORT_STATUSES, ROW_OUTCOMES } from './metrics';

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

    const measured = fastify.metrics.stockImports;
    /** The import is over on this runner: its status and rows counted, as the database has them. */
    const count = async (id: string) => {
      try {
        const result = await importResult(db, id);
        const status = IMPORT_STATUSES.find((candidate) => candidate === result?.status);
        if (!status) return;
        measured.finished.inc({ status });
        // Rows of an import that applied; a failed or quarantined one applied none it reports.
        if (status === 'done')
          for (const outcome of ROW_OUTCOMES) measured.rows.inc({ outcome }, result?.counts?.[outcome] ?? 0);
      } catch (error) {
        // A measurement, not the import: it stays as it ended.
        fastify.log.warn({ err: error, import: id }, 'stock imports: the finished import could not be counted');
      }
    };

    const fail = (id: string, message: string) =>
      finishImport(db, id, { status: 'failed', rows: null, counts: zeroCounts(), errors: [], message }, now());

    /**
     * An import by URL's feed, fetched by the runner that claimed it (never on the request that
     * asked for it) and stored as an upload is; null when the fetch failed, the import then failed
     * with the reason. A fetch cut off with its instance left pieces behind: they go first.
     */
    const fetched = async (
      job: StockImport & { url: string },
    ): Promise<(StockImport & { format: StockImportFormat }) | null> => {
      await dropChunks(db, job.id);
      const maxBytes = fastify.config.FORECOURT_FEED_MAX_BYTES;
      const pulled = await pullFeed(db, fastify.outbound, job.url, async () => job.id, {
        maxBytes,
        timeoutMs: fastify.config.FORECOURT_FEED_FETCH_TIMEOUT_MS,
      });
      measured.feedPulls.inc({
        result: pulled.status === 'stored' ? 'fetched' : pulled.status === 'not-modified' ? 'unchanged' : 'failed',
      });
      if (pulled.status !== 'stored') {
        await fail(
          job.id,
          pulled.status === 'failed' ? pulled.message : `${job.url} answered 304 to a request that sent no validators`,
        );
        return null;
      }
      await setFetched(db, job.id, pulled.format, pulled.bytes);
      return { ...job, format: pulled.format };
    };

    const runOne = async (): Promise<boolean> => {
      const claimed = await claimImport(db, now(), leaseMs);
      if (!claimed) return false;
      measured.started.inc();
      const tenant = fastify.tenants.get(claimed.tenant);
      if (!tenant) {
        await fail(claimed.id, 'The site is no longer served');
        await count(claimed.id);
        return true;
      }
      try {
        const job =
          claimed.format === null
            ? claimed.url === null
              ? null
              : await fetched({ ...claimed, url: claimed.url })
            : { ...claimed, format: claimed.format };
        if (job) {
          const { applied } = await runImport(db, tenant, job, rules);
          if (applied) {
            fastify.stockIndex.changed();
            fastify.carPhotos.queued();
          }
        } else if (claimed.url === null) {
          await fail(claimed.id, 'The import has neither a feed nor a URL');
        }
      } catch (error) {
        if (error instanceof ClaimLost) {
          // This runner stalled past its claim and another took the import over: that one finishes it.
          fastify.log.warn({ import: claimed.id }, 'stock imports: another runner took the import over');
          return true;
        }
        // A failure of the platform, not of the feed: reported on the import rather than retried
        // for ever. What it had applied stays applied (each batch is its own transaction); sending
        // the feed again finishes it. Should this write fail too, the lapsed claim retries it.
        fastify.log.error({ err: error, import: claimed.id }, 'stock imports: an import stopped on an error');
        await fail(claimed.id, 'The import stopped on an error of the platform; send the feed again');
        fastify.stockIndex.changed();
      }
      await count(claimed.id);
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
    const runLogged = () =>
      void run().catch((error: unknown) =>
        fastify.log.error(
          { err: error },
          'stock imports: an import failed to run; it runs again once its claim lapses',
        ),
      );

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
  {
    name: 'stock-imports',
    fastify: '5.x',
    dependencies: ['database', 'tenants', 'stock-index', 'outbound', 'metrics'],
  },
);
