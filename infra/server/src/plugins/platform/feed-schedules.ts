import fp from 'fastify-plugin';
import { claimSchedule, finishPull, type DueSchedule } from '@forecourt/stock-in/feed-schedules';
import { beginImport, dropImport, queueImport } from '@forecourt/stock-in/stock-imports';
import { pullFeed } from '@forecourt/stock-in/feeds/pull-feed';

declare module 'fastify' {
  interface FastifyInstance {
    /** Scheduled feeds, pulled by whichever instance claims them when due (docs/stock.md). */
    feedSchedules: {
      /** Pulls every due schedule; the number pulled. */
      run: () => Promise<number>;
    };
  }
}

export interface FeedSchedulesOptions {
  /** Time between looks for due schedules (default FORECOURT_FEED_SCHEDULE_MS); 0 runs no timer: tests call `run`. */
  intervalMs?: number;
  /** How long a claim lasts: past the fetch's time limit, so a live pull is never taken over. */
  leaseMs?: number;
  now?: () => Date;
}

/**
 * Pulls scheduled feeds. A due schedule is claimed in PostgreSQL (as an import is), so however
 * many instances look, one pulls it. The pull sends the validators of the last feed it brought:
 * an unchanged feed answers 304, is recorded `unchanged` and queues nothing. A changed one is
 * stored and queued as an upload is, and the import runner applies it.
 */
export default fp<FeedSchedulesOptions>(
  async (fastify, options) => {
    const db = fastify.database.db;
    const now = options.now ?? (() => new Date());
    const timeoutMs = fastify.config.FORECOURT_FEED_FETCH_TIMEOUT_MS;
    const leaseMs = options.leaseMs ?? timeoutMs + 60_000;

    const pull = async (schedule: DueSchedule) => {
      const pulled = await pullFeed(
        db,
        fastify.outbound,
        schedule.url,
        (format) =>
          beginImport(db, {
            tenant: schedule.tenant,
            source: schedule.source,
            format,
            createdBy: `feed-schedule:${schedule.source}`,
          }),
        {
          maxBytes: fastify.config.FORECOURT_FEED_MAX_BYTES,
          timeoutMs,
          validators: { etag: schedule.etag, lastModified: schedule.lastModified },
        },
      );
      fastify.metrics.stockImports.feedPulls.inc({
        result: pulled.status === 'stored' ? 'fetched' : pulled.status === 'not-modified' ? 'unchanged' : 'failed',
      });
      if (pulled.status === 'not-modified')
        return finishPull(db, schedule, { outcome: 'unchanged', message: null, importId: null }, now());
      if (pulled.status === 'failed') {
        if (pulled.id !== null) await dropImport(db, pulled.id);
        return finishPull(db, schedule, { outcome: 'failed', message: pulled.message, importId: null }, now());
      }
      await queueImport(db, pulled.id, pulled.bytes);
      await finishPull(
        db,
        schedule,
        { outcome: 'queued', message: null, importId: pulled.id, validators: pulled.validators },
        now(),
      );
      fastify.stockImports.queued();
    };

    const runOne = async (): Promise<boolean> => {
      const schedule = await claimSchedule(db, now(), leaseMs);
      if (!schedule) return false;
      try {
        await pull(schedule);
      } catch (error) {
        // The platform's failure (the database), not the feed's: recorded, and pulled at its next turn.
        fastify.log.error(
          { err: error, tenant: schedule.tenant, source: schedule.source },
          'feed schedules: a pull stopped on an error',
        );
        await finishPull(
          db,
          schedule,
          { outcome: 'failed', message: 'The pull stopped on an error of the platform', importId: null },
          now(),
        );
      }
      return true;
    };

    let running: Promise<number> | null = null;
    const run = (): Promise<number> => {
      running ??= (async () => {
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
        fastify.log.error({ err: error }, 'feed schedules: a pull failed to run; it runs again once its claim lapses'),
      );
    fastify.decorate('feedSchedules', { run });

    const intervalMs = options.intervalMs ?? fastify.config.FORECOURT_FEED_SCHEDULE_MS;
    let timer: NodeJS.Timeout | undefined;
    fastify.addHook('onReady', async () => {
      if (intervalMs > 0) timer = setInterval(runLogged, intervalMs).unref();
    });
    fastify.addHook('preClose', async () => {
      clearInterval(timer);
      await running?.catch(() => undefined);
    });
  },
  { name: 'feed-schedules', fastify: '5.x', dependencies: ['database', 'outbound', 'stock-imports', 'metrics'] },
);
