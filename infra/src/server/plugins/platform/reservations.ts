import { algoliasearch } from 'algoliasearch';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { normalisePhone } from '@forecourt/shared-config/identity';
import { RESERVE_HOLD_SECONDS, type PaymentGateway, type ReservationStore } from '../../../../../mf-vehicle/server';
import { activeHold, cancelHold, expireDue, heldCars, hold, reservationById, shopperReservations, type CarKey } from '../../../db/reservations';
import { findCarById } from '../../../db/stock';
import { paymentGatewayFromEnv } from '../../../partners/payments/payment-gateway';
import { indexCars, searchClient, type SearchClient } from '../../../search/indexing/indexer';
import { positiveFromEnv } from '../../env';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reserve online's platform side: the hold's length, the reservation table, the card processor, the sweep. */
    reservations: {
      /** How long a hold lasts: FORECOURT_RESERVE_HOLD_SECONDS, else the spec's 48 hours. */
      holdSeconds: number;
      store: ReservationStore;
      payments: PaymentGateway;
      /** One sweep now (the timer runs them): ends the holds that are due and frees their cars in search. */
      sweep: () => Promise<CarKey[]>;
    };
  }
}

export interface ReservationsOptions {
  clock?: () => Date;
  /** Default: FORECOURT_RESERVE_HOLD_SECONDS, else RESERVE_HOLD_SECONDS. */
  holdSeconds?: number;
  /** Default: the processor FORECOURT_PAYMENTS_URL names, else the local simulator (partners/payments). */
  payments?: PaymentGateway;
  /** Time between sweeps (default sweepIntervalMs(holdSeconds)); 0 runs no timer (tests call `sweep`). */
  sweepIntervalMs?: number;
}

/**
 * A tenth of the hold, from a second to a minute: a hold that has ended no longer counts at once
 * (its page, a new reservation), and the search index catches up within that much.
 */
function sweepIntervalMs(holdSeconds: number): number {
  return Math.min(60_000, Math.max(1_000, (holdSeconds * 1000) / 10));
}

type Requester = NonNullable<NonNullable<Parameters<typeof algoliasearch>[2]>['requester']>;

/**
 * The client the reservations write cars' records with: Algolia's, or the embedded service asked
 * in-process (as the first paint asks it), which needs no socket and works before the server
 * listens. The same write call as the indexer's either way.
 */
function indexClient(fastify: FastifyInstance): SearchClient {
  const search = fastify.stockSearch;
  if (!search.state.embedded) {
    const target = search.target();
    return searchClient(target, target.adminKey);
  }
  const { appId, adminKey } = search.target({ host: 'localhost', port: 0 });
  const requester: Requester = {
    async send(request) {
      const target = new URL(request.url);
      const response = await fastify.inject({
        method: request.method as 'GET' | 'POST' | 'PUT' | 'DELETE',
        url: `${target.pathname}${target.search}`,
        headers: request.headers,
        ...(request.data !== undefined ? { payload: request.data } : {}),
      });
      return { status: response.statusCode, content: response.body, isTimedOut: false };
    },
  };
  return algoliasearch(appId, adminKey, { hosts: [{ url: 'localhost', protocol: 'http', accept: 'readWrite' }], requester });
}

const keyOf = (car: CarKey) => `${car.tenant}/${car.carId}`;

function siteOf(request: FastifyRequest): string {
  if (!request.tenant) throw new Error('a reservation needs a dealer site');
  return request.tenant.slug;
}

/**
 * Reserve online, the platform's side of mf-vehicle's ports: the reservation table
 * (db/reservations.ts), the card processor, and the search index kept in step with the holds.
 *
 * A car's record is written again whenever what counts for it changes: a hold made, a hold
 * cancelled, and holds that end, which a sweep marks expired every sweepIntervalMs (the first
 * server to mark a row frees its car; the others find nothing). Each write reads what counts now
 * (the dealer's own flag, or a hold still counting), the rule the car's page follows, so a car
 * freed and held again at once is not shown free. A write that fails is logged and tried again at
 * the next sweep; the hold itself never depends on it.
 */
export default fp<ReservationsOptions>(
  async (fastify, options) => {
    const db = fastify.database.db;
    const clock = options.clock ?? (() => new Date());
    const holdSeconds = options.holdSeconds ?? positiveFromEnv(process.env, 'FORECOURT_RESERVE_HOLD_SECONDS', RESERVE_HOLD_SECONDS, { integer: true });
    const payments = options.payments ?? paymentGatewayFromEnv();
    let client: SearchClient | null = null;

    // Cars whose record could not be written, tried again with the next write.
    const unwritten = new Map<string, CarKey>();
    const reindex = async (cars: readonly CarKey[]): Promise<void> => {
      const batch = new Map([...unwritten, ...cars.map((car) => [keyOf(car), car] as const)]);
      unwritten.clear();
      if (batch.size === 0) return;
      try {
        const held = new Set((await heldCars(db, clock(), [...batch.values()])).map(keyOf));
        const records = [];
        for (const car of batch.values()) {
          const tenant = fastify.tenants.get(car.tenant);
          // A car no longer in stock, or of a site no longer served, has no record to correct.
          const stored = tenant ? await findCarById(db, car.tenant, car.carId) : null;
          if (tenant && stored) records.push({ car: stored, tenant, held: held.has(keyOf(car)) });
        }
        client ??= indexClient(fastify);
        await indexCars(client, records);
      } catch (error) {
        for (const [key, car] of batch) unwritten.set(key, car);
        fastify.log.error({ err: error, cars: batch.size }, 'reservations: cars could not be written to the search index; tried again at the next sweep');
      }
    };

    const store: ReservationStore = {
      activeHold: async (request, carId, now) => (request.tenant ? activeHold(db, request.tenant.slug, carId, now) : null),
      byId: async (request, id) => (request.tenant ? reservationById(db, request.tenant.slug, id) : null),
      hold: async (request, input) => {
        const tenant = siteOf(request);
        const result = await hold(db, tenant, input);
        if (result.status === 'held') await reindex([{ tenant, carId: input.carId }]);
        return result;
      },
      cancel: async (request, id, now) => {
        const tenant = siteOf(request);
        const cancelled = await cancelHold(db, tenant, id, now);
        if (cancelled) await reindex([{ tenant, carId: cancelled.carId }]);
        return cancelled;
      },
      shopperReservations: async (request, now) => {
        const user = request.tenant ? await fastify.signedIn(request) : null;
        return user && request.tenant ? shopperReservations(db, request.tenant.slug, normalisePhone(user.phone), now) : null;
      },
    };

    let running: Promise<CarKey[]> | null = null;
    const sweep = () => {
      // One sweep at a time in this process; the database keeps servers from freeing a car twice.
      running ??= (async () => {
        const freed = await expireDue(db, clock());
        await reindex(freed);
        return freed;
      })().finally(() => {
        running = null;
      });
      return running;
    };
    fastify.decorate('reservations', { holdSeconds, store, payments, sweep });

    const intervalMs = options.sweepIntervalMs ?? sweepIntervalMs(holdSeconds);
    let timer: NodeJS.Timeout | undefined;
    if (intervalMs > 0) {
      fastify.addHook('onReady', async () => {
        timer = setInterval(() => void sweep().catch((error: unknown) => fastify.log.error({ err: error }, 'reservations: a sweep failed')), intervalMs).unref();
      });
    }
    // preClose, not onClose: the sweep in flight finishes before the database closes.
    fastify.addHook('preClose', async () => {
      clearInterval(timer);
      await running?.catch(() => undefined);
    });
  },
  { name: 'reservations', fastify: '5.x', dependencies: ['database', 'tenants', 'search', 'identity'] },
);
