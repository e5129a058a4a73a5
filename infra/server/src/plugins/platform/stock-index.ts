import fp from 'fastify-plugin';
import { heldCars } from '@forecourt/data/reservations';
import { advance, nextPlace, readChanges } from '@forecourt/data/stock-changes';
import { findCarById, streamCars } from '@forecourt/data/stock';
import { indexCars, type SearchClient } from '@forecourt/search-service/indexing/indexer';
import { indexClient } from './index-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** Search kept in step with stock_changes: only the cars that changed are written again. */
    stockIndex: {
      /** Something was written: the changed cars reach the index now, not at the next tick. */
      changed: () => void;
      /** Applies every change not yet applied; the number of cars written. */
      drain: () => Promise<number>;
      /**
       * Writes every car of the tenant again: its settings changed what its records hold (its
       * lender, how long sold cars stay). Run by the instance that saved the change; a restart
       * of the search service compares each tenant's configuration too and catches up.
       */
      tenantChanged: (slug: string) => Promise<number>;
    };
  }
}

export interface StockIndexOptions {
  /** Time between reads of stock_changes for other instances' writes (default 2 s); 0 runs no timer. */
  intervalMs?: number;
}

/** The reader's name in stock_change_cursors. */
export const SEARCH_INDEX_CONSUMER = 'search-index';
/** Changes read at once. */
const BATCH = 1000;

/**
 * Re-indexes changed cars from stock_changes, the one record of stock changes: after a write on
 * this instance at once, and every `intervalMs` for writes of other instances and for what a
 * crash left unapplied. Each car is written as the database holds it now (its hold included), so
 * applying a change twice, on two instances, is harmless. The index is shared by every instance,
 * so the place read to is too (stock_change_cursors).
 */
export default fp<StockIndexOptions>(
  async (fastify, options) => {
    const db = fastify.database.db;
    let client: SearchClient | null = null;

    const applyOnce = async (): Promise<{ written: number; more: boolean }> => {
      const { changes, place } = await readChanges(db, SEARCH_INDEX_CONSUMER, BATCH);
      if (changes.length === 0) return { written: 0, more: false };
      const cars = new Map(
        changes.map((change) => [`${change.tenant}/${change.carId}`, { tenant: change.tenant, carId: change.carId }]),
      );
      const now = new Date();
      const held = new Set((await heldCars(db, now, [...cars.values()])).map((car) => `${car.tenant}/${car.carId}`));
      const records = [];
      for (const [key, { tenant: slug, carId }] of cars) {
        const tenant = fastify.tenants.get(slug);
        const car = tenant ? await findCarById(db, slug, carId) : null;
        if (tenant && car) records.push({ car, tenant, held: held.has(key) });
      }
      client ??= indexClient(fastify);
      await indexCars(client, records);
      fastify.metrics.stockImports.reindexed.inc(records.length);
      const next = nextPlace(place, changes, now);
      if (next > place) await advance(db, SEARCH_INDEX_CONSUMER, next);
      // A full batch read past: more may wait. A gap not yet passed: the next tick comes back to it.
      return { written: records.length, more: changes.length === BATCH && next > place };
    };

    let running: Promise<number> | null = null;
    let again = false;
    const drain = (): Promise<number> => {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        let written = 0;
        do {
          again = false;
          for (;;) {
            const round = await applyOnce();
            written += round.written;
            if (!round.more) break;
          }
        } while (again);
        return written;
      })().finally(() => {
        running = null;
      });
      return running;
    };
    const drainLogged = () =>
      void drain().catch((error: unknown) =>
        fastify.log.error(
          { err: error },
          'stock index: changed cars could not be written to the search index; tried again at the next tick',
        ),
      );

    const tenantChanged = async (slug: string): Promise<number> => {
      const tenant = fastify.tenants.get(slug);
      if (!tenant) return 0;
      client ??= indexClient(fastify);
      let written = 0;
      for await (const cars of streamCars(db, { tenant: slug })) {
        const now = new Date();
        const keys = cars.map((car) => ({ tenant: slug, carId: car.id }));
        const held = new Set((await heldCars(db, now, keys)).map((car) => car.carId));
        await indexCars(
          client,
          cars.map((car) => ({ car, tenant, held: held.has(car.id) })),
        );
        written += cars.length;
      }
      fastify.metrics.stockImports.reindexed.inc(written);
      return written;
    };

    fastify.decorate('stockIndex', { changed: drainLogged, drain, tenantChanged });

    const intervalMs = options.intervalMs ?? 2_000;
    let timer: NodeJS.Timeout | undefined;
    fastify.addHook('onReady', async () => {
      if (intervalMs > 0) timer = setInterval(drainLogged, intervalMs).unref();
    });
    fastify.addHook('preClose', async () => {
      clearInterval(timer);
      await running?.catch(() => undefined);
    });
  },
  { name: 'stock-index', fastify: '5.x', dependencies: ['database', 'tenants', 'search', 'metrics'] },
);
