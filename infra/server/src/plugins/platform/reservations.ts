import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { normalisePhone } from '@forecourt/shared-config/identity';
import { RESERVE_HOLD_SECONDS, type ReservationStore } from '@forecourt/mf-vehicle/server';
import type { PaymentGateway } from '@forecourt/mf-vehicle/contract';
import {
  activeHold,
  cancelHold,
  claim,
  claimOf,
  claimVoided,
  expireDue,
  heldCars,
  hold,
  recordAuthorisation,
  reservationById,
  settleClaim,
  shopperReservations,
  unsettledClaims,
  type CarKey,
} from '@forecourt/data/reservations';
import { isProduction } from '@forecourt/config/load';
import { findCarById } from '@forecourt/data/stock';
import { paymentGatewayFromConfig, PROCESSOR_TIMEOUT_MS } from '@forecourt/partners/payments/payment-gateway';
import { indexCars, type SearchClient } from '@forecourt/search-service/indexing/indexer';
import { indexClient } from './index-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reserve online's platform side: the hold's length, the reservation table, the card processor, the sweep. */
    reservations: {
      /** How long a hold lasts: FORECOURT_RESERVE_HOLD_SECONDS, else the spec's 48 hours. */
      holdSeconds: number;
      /** How long a reservation attempt may run before it is reconciled: FORECOURT_RESERVATION_LEASE_SECONDS, else RESERVATION_LEASE_SECONDS. */
      leaseSeconds: number;
      store: ReservationStore;
      payments: PaymentGateway;
      /** One sweep now (the timer runs them): ends the holds that are due and frees their cars in search. */
      sweep: () => Promise<CarKey[]>;
      /** Voids now every authorisation whose claim's lease has passed with no hold made (the timer runs it); the number voided or released. */
      reconcile: () => Promise<number>;
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
  /** Default: FORECOURT_RESERVATION_LEASE_SECONDS, else RESERVATION_LEASE_SECONDS. */
  leaseSeconds?: number;
  /** Time between reconciliations (default a quarter of the lease, 1 s to 1 min); 0 runs no timer (tests call `reconcile`). */
  reconcileIntervalMs?: number;
  /** Default: FORECOURT_FAULT_POINT (test configuration only; refused in production). */
  faultPoint?: string;
}

/**
 * How long a reservation attempt may take from its claim to its hold before the platform takes it
 * for dead and voids its authorisation: well past the processor's 15 s time limit, so a slow
 * answer is never mistaken for a crash.
 */
export const RESERVATION_LEASE_SECONDS = 120;

/**
 * The one fault point a test may set (FORECOURT_FAULT_POINT): the request stops for good after
 * the deposit is authorised and recorded, before the car is held, so a drill can kill the server
 * exactly between the two.
 */
export const FAULT_AFTER_AUTHORISATION = 'reservation-after-authorisation';

/**
 * A tenth of the hold, from a second to a minute: a hold that has ended no longer counts at once
 * (its page, a new reservation), and the search index catches up within that much.
 */
function sweepIntervalMs(holdSeconds: number): number {
  return Math.min(60_000, Math.max(1_000, (holdSeconds * 1000) / 10));
}

const keyOf = (car: CarKey) => `${car.tenant}/${car.carId}`;

function siteOf(request: FastifyRequest): string {
  if (!request.tenant) throw new Error('a reservation needs a dealer site');
  return request.tenant.slug;
}

/**
 * Reserve online, the platform's side of mf-vehicle's ports: the reservation table and its claims
 * (infra/data/src/reservations.ts), the card processor, and the search index kept in step with the holds.
 *
 * Reconciliation: a claim whose lease has passed with no hold made (its request died, or the
 * processor could not be reached to void) has its authorisation voided by key, every quarter of
 * the lease and at start. Only the lease decides, so a restart of one server never voids the
 * request another server is still running.
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
    const config = fastify.config;
    const holdSeconds = options.holdSeconds ?? config.FORECOURT_RESERVE_HOLD_SECONDS ?? RESERVE_HOLD_SECONDS;
    const payments = options.payments ?? paymentGatewayFromConfig(config);
    const leaseSeconds =
      options.leaseSeconds ?? config.FORECOURT_RESERVATION_LEASE_SECONDS ?? RESERVATION_LEASE_SECONDS;
    const processorTimeoutMs = config.FORECOURT_PAYMENTS_TIMEOUT_MS ?? PROCESSOR_TIMEOUT_MS;
    if (leaseSeconds * 1000 <= processorTimeoutMs)
      throw new Error(
        `FORECOURT_RESERVATION_LEASE_SECONDS (${leaseSeconds}) must be longer than the card processor's time limit (${processorTimeoutMs} ms): a slow answer would be taken for a crash`,
      );
    const faultPoint = options.faultPoint ?? config.FORECOURT_FAULT_POINT;
    if (faultPoint !== undefined && faultPoint !== FAULT_AFTER_AUTHORISATION)
      throw new Error(`FORECOURT_FAULT_POINT must be '${FAULT_AFTER_AUTHORISATION}', got '${faultPoint}'`);
    if (faultPoint !== undefined && isProduction(config))
      throw new Error('FORECOURT_FAULT_POINT is for test configuration only and is refused in production');
    let client: SearchClient | null = null;

    // Cars whose record could not be written, tried again with the next write.
    const unwritten = new Map<string, CarKey>();
    /** Writes the cars' records as the database holds them now: whether each is held. */
    const write = async (batch: Map<string, CarKey>): Promise<Set<string>> => {
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
      return held;
    };
    /**
     * Brings the cars' records in search to what the database holds. A write carries the state
     * read before it, and two writes of one car can land out of order (a hold's slow write after
     * the sweep's that ended it, on this instance or another), which left a freed car reserved in
     * search for good. So each write is checked after it lands: a car whose state changed
     * meanwhile is written again, until a write carries the state that is still true. This
     * instance's writes also go one at a time.
     */
    let writing: Promise<void> = Promise.resolve();
    const reindex = (cars: readonly CarKey[]): Promise<void> => {
      writing = writing.then(async () => {
        let batch = new Map([...unwritten, ...cars.map((car) => [keyOf(car), car] as const)]);
        unwritten.clear();
        try {
          for (let round = 0; batch.size > 0 && round < 5; round++) {
            const written = await write(batch);
            const now = new Set((await heldCars(db, clock(), [...batch.values()])).map(keyOf));
            batch = new Map([...batch].filter(([key]) => written.has(key) !== now.has(key)));
          }
          for (const [key, car] of batch) unwritten.set(key, car);
        } catch (error) {
          for (const [key, car] of batch) unwritten.set(key, car);
          fastify.log.error(
            { err: error, cars: batch.size },
            'reservations: cars could not be written to the search index; tried again at the next sweep',
          );
        }
      });
      return writing;
    };

    const store: ReservationStore = {
      activeHold: async (request, carId, now) =>
        request.tenant ? activeHold(db, request.tenant.slug, carId, now) : null,
      byId: async (request, id) => (request.tenant ? reservationById(db, request.tenant.slug, id) : null),
      claim: async (request, input) => claim(db, siteOf(request), input),
      claimOf: async (request, key) => (request.tenant ? claimOf(db, request.tenant.slug, key) : null),
      authorised: async (request, key, reservationId, reference) => {
        await recordAuthorisation(db, siteOf(request), key, reservationId, reference);
        // Never resolves: the drill kills the server while the request waits here.
        if (faultPoint === FAULT_AFTER_AUTHORISATION) await new Promise<never>(() => undefined);
      },
      settle: async (request, key, reservationId, settlement) =>
        settleClaim(db, siteOf(request), key, reservationId, settlement),
      voided: async (request, key, reservationId) => claimVoided(db, siteOf(request), key, reservationId),
      hold: async (request, input) => {
        const tenant = siteOf(request);
        const result = await hold(db, tenant, input);
        if (result.status === 'held') await reindex([{ tenant, carId: input.carId }]);
        return result;
      },
      cancel: async (request, id, phoneDigits, now) => {
        const tenant = siteOf(request);
        const cancelled = await cancelHold(db, tenant, id, phoneDigits, now);
        if (cancelled) await reindex([{ tenant, carId: cancelled.carId }]);
        return cancelled;
      },
      shopperReservations: async (request, now) => {
        const user = request.tenant ? await fastify.signedIn(request) : null;
        return user && request.tenant
          ? shopperReservations(db, request.tenant.slug, normalisePhone(user.phone), now)
          : null;
      },
    };

    let reconciling: Promise<number> | null = null;
    const reconcile = () => {
      // One pass at a time in this process; across servers, voiding twice by key is the same void.
      reconciling ??= (async () => {
        let settled = 0;
        for (const unsettled of await unsettledClaims(db, clock())) {
          try {
            if (unsettled.authorisationKey) await payments.voidAuthorisation(unsettled.authorisationKey);
            await claimVoided(db, unsettled.tenant, unsettled.key, unsettled.reservationId);
            settled++;
          } catch (error) {
            fastify.log.error(
              { err: error, authorisation: unsettled.authorisationKey },
              'reservations: an authorisation that holds nothing could not be voided; tried again at the next pass',
            );
          }
        }
        return settled;
      })().finally(() => {
        reconciling = null;
      });
      return reconciling;
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
    fastify.decorate('reservations', { holdSeconds, leaseSeconds, store, payments, sweep, reconcile });

    const intervalMs = options.sweepIntervalMs ?? sweepIntervalMs(holdSeconds);
    const reconcileMs = options.reconcileIntervalMs ?? Math.min(60_000, Math.max(1_000, (leaseSeconds * 1000) / 4));
    let timer: NodeJS.Timeout | undefined;
    let reconcileTimer: NodeJS.Timeout | undefined;
    const reconcileLogged = () =>
      void reconcile().catch((error: unknown) =>
        fastify.log.error({ err: error }, 'reservations: a reconciliation failed'),
      );
    fastify.addHook('onReady', async () => {
      if (intervalMs > 0)
        timer = setInterval(
          () =>
            void sweep().catch((error: unknown) => fastify.log.error({ err: error }, 'reservations: a sweep failed')),
          intervalMs,
        ).unref();
      // At start too: what a crash left behind is voided as soon as its lease has passed.
      if (reconcileMs > 0) {
        reconcileLogged();
        reconcileTimer = setInterval(reconcileLogged, reconcileMs).unref();
      }
    });
    // preClose, not onClose: the sweep in flight finishes before the database closes.
    fastify.addHook('preClose', async () => {
      clearInterval(timer);
      clearInterval(reconcileTimer);
      await running?.catch(() => undefined);
      await reconciling?.catch(() => undefined);
    });
  },
  { name: 'reservations', fastify: '5.x', dependencies: ['config', 'database', 'tenants', 'search', 'identity'] },
);
