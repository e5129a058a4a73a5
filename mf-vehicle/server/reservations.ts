import { randomUUID } from 'node:crypto';
import { formatDollars } from '@forecourt/shared-config/format';
import { normalisePhone } from '@forecourt/shared-config/identity';
import { isInStock } from '@forecourt/shared-config';
import { gateOf } from '@forecourt/shared-config/gated-routes';
import { bodyHash, idempotencyKey, keyReused } from '@forecourt/shared-config/server/idempotency';
import { fieldError, parseInput } from '@forecourt/shared-config/server/validation';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  alreadyReserved,
  depositCents,
  holdEndsAt,
  notReservable,
  soldText,
} from '../src/features/checkout/lib/reservation';
import { SIGN_IN_FOR_RESERVATIONS } from '../src/features/checkout/lib/my-reservations';
import { reservationBodySchema, type ReservationBody } from '../src/features/checkout/lib/reservation-schema';
import type {
  AuthorisationResult,
  ClaimAnswer,
  MyReservation,
  MyReservations,
  PaymentGateway,
  ReservationCancelledAnswer,
  ReservationClaim,
  ReservationMadeAnswer,
  ReservationStateAnswer,
  VehicleSummary,
} from '../src/contract';
import { SlugParams } from './car-slug';
import type { ReservationSettings, VehiclePorts } from './ports';

/**
 * Reserve online, the server half. The spec gives the shopper's side only ('$200' default
 * deposit, fully refundable, a 48-hour hold, 'Reserved' on the car while it is held); the rest
 * is designed as a dealer platform runs it:
 *
 * - Only a shopper with a confirmed phone reserves: signed in (a one-time code confirmed the
 *   phone) where the site gates checkout, as its checkout page is gated, and with the phone of
 *   that session everywhere; a phone has at most the site's `liveHoldsPerShopper` live holds.
 * - **The key is claimed first, then the deposit authorised, then the car held.** The claim is a
 *   row per site and Idempotency-Key written before the processor is asked: requests with one
 *   key get one authorisation and the first answer. It records which authorisation the attempt
 *   makes, so one that holds nothing (declined, lost the race, no answer, the server died) is
 *   voided by the request or, once the claim's lease has passed, by the platform. A request
 *   voids only its own authorisation. A card that is declined, or a processor that does not
 *   answer, leaves no hold behind. The hold is one row in the platform's database, and the
 *   database alone decides between shoppers reserving the same car at once (at most one 'held'
 *   row per car). No transaction is kept open while the processor is asked.
 * - An authorisation (not a charge) suits a deposit that is 'fully refundable': the card
 *   schemes keep it for about a week, longer than the hold, the dealer captures it when the sale
 *   goes ahead, and a cancelled reservation voids it, so nothing has to be refunded.
 * - Card numbers never reach the platform: the page sends the processor's token and the last
 *   four digits (src/features/checkout/lib/card.ts).
 * - The hold ends 48 hours after it was made (or the install's shorter hold). From then on it no
 *   longer counts, whether or not the platform has marked it expired yet; the platform frees
 *   the car in stock and in the search index.
 */

/** Reservation attempts one address may make a minute: a shopper makes one or two, a card tester hundreds. */
export const RESERVATIONS_PER_ADDRESS_PER_MINUTE = 10;

/** Not in the spec: what the API says (why a car cannot be reserved is in reservation.ts, where the page says it too). */
export const NO_ONLINE_RESERVATIONS = 'This site does not take reservations online.';
export const PAYMENT_UNAVAILABLE =
  'We could not reach our payment provider, so the car was not reserved. Please try again in a few minutes.';
export const SIGN_IN_TO_RESERVE = 'Sign in to reserve online.';
export const CONFIRM_PHONE = 'Confirm this mobile number with the code we text you, then reserve again.';
export const SIGN_IN_TO_CANCEL = 'Sign in with the mobile number you reserved with to cancel the reservation.';
export const tooManyHolds = (limit: number) =>
  `You already have ${limit === 1 ? 'a reservation' : `${limit} reservations`} held on this site. Cancel one to reserve another, or call us.`;
const NO_SITE = 'No dealer site at this address';
const TOO_MANY_ATTEMPTS = 'Too many reservation attempts from this address. Please try again in a minute, or call us.';
/** How often a retry looks again at the first attempt still running with its key. */
const CLAIM_POLL_MS = 50;

const authorisationKey = (reservationId: string) => `reservation:${reservationId}`;
const ReservationParams = z.object({ id: z.uuid({ error: 'must be a reservation number' }) });
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * What a retry must ask for again to get the first answer: the car, the shopper and the card's
 * last four digits. Not the card's token: the checkout makes a new one for each press of
 * Reserve, and keeps the key while the rest is the same (api/reserve.ts).
 */
function requestHash(carId: string, body: ReservationBody): string {
  return bodyHash([carId, body.name, body.email, normalisePhone(body.phone), body.payment?.last4 ?? null]);
}

export function reservationRoutes(fastify: FastifyInstance, ports: VehiclePorts): void {
  /** The car at `slug` for a reservation route, or the answer already sent (a bad slug is thrown). */
  async function carAt(
    request: FastifyRequest<{ Params: { slug: string } }>,
    reply: FastifyReply,
  ): Promise<{ car: VehicleSummary; settings: ReservationSettings } | null> {
    const { slug } = parseInput(SlugParams, request.params, 'params');
    const settings = ports.reservationSettings(request);
    if (!settings) {
      await reply.code(404).send({ error: NO_SITE });
      return null;
    }
    const car = await ports.carBySlug(request, slug);
    if (!car) {
      await reply.code(404).send({ error: `No car at /cars/${slug} on this site` });
      return null;
    }
    return { car, settings };
  }

  /**
   * The site's claim of `key` once it is settled, waiting while the request that made it still
   * runs within its lease; a claim for another request is answered at once. Null when there is
   * none (or it was released for a retry).
   */
  async function settledClaim(request: FastifyRequest, key: string, hash: string): Promise<ReservationClaim | null> {
    for (;;) {
      const claim = await ports.reservations.claimOf(request, key);
      if (!claim || claim.requestHash !== hash || claim.outcome !== 'pending' || claim.leaseUntil <= ports.clock())
        return claim;
      // Polled, not waited on in the database: no transaction stays open while the first
      // request asks the card processor.
      await wait(CLAIM_POLL_MS);
    }
  }

  /** The first answer to a request with this key, for a retry of it. */
  async function replay(request: FastifyRequest, reply: FastifyReply, claim: ReservationClaim, hash: string) {
    // No call to the processor: another request's key is the caller's mistake, never a new authorisation.
    if (claim.requestHash !== hash) return reply.code(422).send(keyReused('another reservation request'));
    if (claim.outcome === 'refused' && claim.answer) return reply.code(claim.answer.code).send(claim.answer.body);
    if (claim.outcome === 'held') {
      const earlier = await ports.reservations.byId(request, claim.reservationId);
      if (earlier) {
        const status = earlier.status === 'held' && earlier.heldUntil <= ports.clock() ? 'expired' : earlier.status;
        if (status !== 'held')
          return reply.code(409).send({ error: `This reservation is ${status}.`, heldUntil: null });
        return reply.code(201).send({
          id: earlier.id,
          heldUntil: earlier.heldUntil.toISOString(),
          deposit: earlier.depositCents / 100,
          paymentReference: earlier.paymentReference,
        } satisfies ReservationMadeAnswer);
      }
    }
    // Still running past its lease, or failed with its void not yet done: the platform settles it.
    return reply.code(503).send({ error: PAYMENT_UNAVAILABLE });
  }

  // What the checkout page shows before the form: whether the car is reserved, and until when.
  fastify.get<{ Params: { slug: string } }>('/cars/:slug/reservation', async (request, reply) => {
    const found = await carAt(request, reply);
    if (!found) return reply;
    const hold = await ports.reservations.activeHold(request, found.car.id, ports.clock());
    reply.header('cache-control', 'no-store');
    // A car the dealer marked reserved in stock is reserved with no end the platform knows.
    return {
      carId: found.car.id,
      reserved: found.car.reserved || hold !== null,
      heldUntil: hold?.heldUntil.toISOString() ?? null,
    } satisfies ReservationStateAnswer;
  });

  fastify.post<{ Params: { slug: string } }>(
    '/cars/:slug/reservation',
    {
      bodyLimit: 8 * 1024,
      config: {
        rateLimit: {
          max: ports.reservationsPerAddressPerMinute ?? RESERVATIONS_PER_ADDRESS_PER_MINUTE,
          timeWindow: 60_000,
        },
        rateLimitMessage: TOO_MANY_ATTEMPTS,
      },
    },
    async (request, reply) => {
      const found = await carAt(request, reply);
      if (!found) return reply;
      const { car, settings } = found;
      if (!settings.onlineCheckout) return reply.code(404).send({ error: NO_ONLINE_RESERVATIONS });
      const body = parseInput(reservationBodySchema, request.body ?? null, 'body');

      // Who may hold a car: the checkout page's own gate (a signed-in shopper where the site
      // gates checkout) and, everywhere, a phone confirmed by a one-time code, which is what a
      // session is. Without it one address could hold a site's whole stock in minutes.
      const shopper = await ports.shopper(request);
      if (!shopper && gateOf(`/cars/${car.slug}/checkout`, settings.gatedRoutes))
        return reply.code(401).send({ error: SIGN_IN_TO_RESERVE });
      if (!shopper || normalisePhone(shopper.phone) !== normalisePhone(body.phone))
        return reply.code(401).send({ error: `phone: ${CONFIRM_PHONE}`, field: 'phone' });
      if (!isInStock(car.status))
        return reply.code(409).send({ error: car.status === 'sold' ? soldText(car) : notReservable(car) });

      // A retry of a reservation whose answer never reached the shopper (the connection dropped)
      // carries the first attempt's Idempotency-Key: it gets the first answer, also while the
      // first attempt still runs, instead of being told its own hold makes the car unavailable.
      // A UUID, not any key: the checkout makes one per attempt (api/reserve.ts). An attempt sent
      // without one is claimed all the same, under a key nobody can send again.
      const checkedKey = idempotencyKey(request.headers['idempotency-key'], { uuidPer: 'reservation attempt' });
      if ('error' in checkedKey) return reply.code(400).send(checkedKey);
      const key = checkedKey.key ?? randomUUID();
      const amountCents = depositCents(settings.deposit);
      if (amountCents > 0 && !body.payment)
        return fieldError(
          reply,
          'payment',
          `card details are needed for the ${formatDollars(settings.deposit)} deposit`,
        );
      const hash = requestHash(car.id, body);
      const phoneDigits = normalisePhone(shopper.phone);
      const id = randomUUID();
      const paymentKey = amountCents > 0 ? authorisationKey(id) : null;

      // The key is claimed before the card is touched: of requests with one key, one goes on and
      // the others answer what it answered. A claim released for a retry is claimed again.
      let claimed = false;
      for (let attempt = 0; attempt < 3 && !claimed; attempt++) {
        const earlier = await settledClaim(request, key, hash);
        if (earlier) return replay(request, reply, earlier, hash);
        // Checked before the card is touched, so a shopper of a car already held is not charged
        // even for a moment; the hold below still decides any race.
        const now = ports.clock();
        const current = car.reserved ? null : await ports.reservations.activeHold(request, car.id, now);
        if (car.reserved || current)
          return reply
            .code(409)
            .send({ error: alreadyReserved(car), heldUntil: current?.heldUntil.toISOString() ?? null });
        const result = await ports.reservations.claim(request, {
          key,
          requestHash: hash,
          carId: car.id,
          phoneDigits,
          reservationId: id,
          authorisationKey: paymentKey,
          leaseUntil: new Date(now.getTime() + settings.leaseSeconds * 1000),
          now,
          limit: settings.holdsPerShopper,
        });
        if (result.status === 'limited')
          return reply.code(409).send({ error: `phone: ${tooManyHolds(settings.holdsPerShopper)}`, field: 'phone' });
        claimed = result.status === 'claimed';
      }
      if (!claimed) return reply.code(503).send({ error: PAYMENT_UNAVAILABLE });

      /** Settles this request's claim with a kept answer, and voids its own authorisation when one may exist. */
      const refuse = async (answer: ClaimAnswer, voidOwed: boolean) => {
        const settled = await ports.reservations.settle(request, key, id, { outcome: 'refused', answer, voidOwed });
        if (settled && voidOwed && paymentKey && (await voidQuietly(request, ports.payments, paymentKey)))
          await ports.reservations.voided(request, key, id);
        return reply.code(answer.code).send(answer.body);
      };
      /** No answer from the processor: void what it may have made; the key may be tried again once that is done. */
      const fail = async () => {
        const settled = await ports.reservations.settle(request, key, id, {
          outcome: 'failed',
          answer: null,
          voidOwed: paymentKey !== null,
        });
        if (settled && (!paymentKey || (await voidQuietly(request, ports.payments, paymentKey))))
          await ports.reservations.voided(request, key, id);
      };

      let paymentReference: string | null = null;
      // Spec: a $0 deposit is no payment at all.
      if (paymentKey && body.payment) {
        let authorisation: AuthorisationResult;
        try {
          authorisation = await ports.payments.authorise({
            amountCents,
            currency: 'AUD',
            token: body.payment.token,
            idempotencyKey: paymentKey,
            description: `Reservation deposit: ${car.name}, stock ${car.stocknum}`,
          });
        } catch (error) {
          await fail();
          throw error;
        }
        if (authorisation.status === 'declined')
          return refuse({ code: 402, body: { error: authorisation.message, field: 'payment' } }, false);
        if (authorisation.status === 'unavailable') {
          await fail();
          return reply.code(503).send({ error: PAYMENT_UNAVAILABLE });
        }
        paymentReference = authorisation.reference;
        await ports.reservations.authorised(request, key, id, paymentReference);
      }

      // An error here leaves the claim pending: whether the hold was written is not known, so
      // nothing is voided now; once the lease has passed the platform voids it if no hold exists.
      const now = ports.clock();
      const held = await ports.reservations.hold(request, {
        id,
        carId: car.id,
        shopper: { name: body.name, email: body.email, phone: normalisePhone(body.phone) },
        depositCents: amountCents,
        paymentReference,
        cardLast4: amountCents > 0 ? (body.payment?.last4 ?? null) : null,
        heldUntil: holdEndsAt(now, settings.holdSeconds),
        now,
        claimKey: key,
      });
      // The lease passed and the platform took the claim over: it voids the authorisation.
      if (held.status === 'lapsed') return reply.code(503).send({ error: PAYMENT_UNAVAILABLE });
      // Another shopper's hold won the race after this card was authorised: release this request's own authorisation.
      if (held.status === 'taken')
        return refuse(
          { code: 409, body: { error: alreadyReserved(car), heldUntil: held.heldUntil?.toISOString() ?? null } },
          paymentReference !== null,
        );
      return reply.code(201).send({
        id: held.reservation.id,
        heldUntil: held.reservation.heldUntil.toISOString(),
        deposit: settings.deposit,
        paymentReference,
      } satisfies ReservationMadeAnswer);
    },
  );

  // The signed-in shopper's reservations (their garage): the car, where each stands, the deposit.
  fastify.get('/reservations/mine', async (request, reply) => {
    if (!ports.reservationSettings(request)) return reply.code(404).send({ error: NO_SITE });
    const mine = await ports.reservations.shopperReservations(request, ports.clock());
    // One shopper's list: kept by no shared cache, and by no browser for whoever signs in next.
    reply.header('cache-control', 'private, no-store');
    if (!mine) return reply.code(401).send({ error: SIGN_IN_FOR_RESERVATIONS });
    const reservations: MyReservation[] = mine.map((reservation) => ({
      id: reservation.id,
      status: reservation.status,
      heldUntil: reservation.heldUntil.toISOString(),
      deposit: reservation.depositCents / 100,
      car: reservation.car ? { name: reservation.car.name, slug: reservation.car.slug } : null,
      createdAt: reservation.createdAt.toISOString(),
    }));
    return reply.send({ reservations } satisfies MyReservations);
  });

  // The shopper changes their mind: the number from their confirmation cancels the hold and
  // voids the deposit (spec: 'the deposit is 100% refundable'). Only the shopper who made it may:
  // signed in with the phone it was made with (the number alone is on a screenshot or a receipt).
  fastify.delete<{ Params: { id: string } }>('/reservations/:id', async (request, reply) => {
    const { id } = parseInput(ReservationParams, request.params, 'params');
    if (!ports.reservationSettings(request)) return reply.code(404).send({ error: NO_SITE });
    const shopper = await ports.shopper(request);
    if (!shopper) return reply.code(401).send({ error: SIGN_IN_TO_CANCEL });
    // Another shopper's reservation reads as none: its number tells a stranger nothing.
    const cancelled = await ports.reservations.cancel(request, id, normalisePhone(shopper.phone), ports.clock());
    if (!cancelled) return reply.code(404).send({ error: 'No reservation with this number is held on this site' });
    if (cancelled.paymentReference) await voidQuietly(request, ports.payments, authorisationKey(cancelled.id));
    return reply.send({ id: cancelled.id, status: cancelled.status } satisfies ReservationCancelledAnswer);
  });
}

/**
 * Voids an authorisation, logging rather than failing when the processor cannot be reached: the
 * shopper's answer does not depend on it. False when it was not done: the claim then still owes
 * it and the platform's reconciler tries again.
 */
async function voidQuietly(
  request: FastifyRequest,
  payments: PaymentGateway,
  idempotencyKey: string,
): Promise<boolean> {
  try {
    await payments.voidAuthorisation(idempotencyKey);
    return true;
  } catch (error) {
    request.log.error({ err: error, idempotencyKey }, 'mf-vehicle: a deposit authorisation could not be voided');
    return false;
  }
}
