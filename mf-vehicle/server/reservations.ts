import { randomUUID } from 'node:crypto';
import { formatDollars } from '@forecourt/shared-config/format';
import { normalisePhone } from '@forecourt/shared-config/identity';
import { isInStock } from '@forecourt/shared-config';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { alreadyReserved, depositCents, holdEndsAt, notReservable, soldText } from '../src/features/checkout/lib/reservation';
import { SIGN_IN_FOR_RESERVATIONS, type MyReservation } from '../src/features/checkout/lib/my-reservations';
import { reservationBodySchema } from '../src/features/checkout/lib/reservation-schema';
import { SlugSchema } from './car-slug';
import type { VehiclePorts } from './index';
import type { VehicleSummary } from './vehicle-head';

/**
 * Reserve online, the server half. The spec gives the shopper's side only ('$200' default
 * deposit, fully refundable, a 48-hour hold, 'Reserved' on the car while it is held); the rest
 * is designed as a dealer platform runs it:
 *
 * - The deposit is **authorised first, then the car is held**. A card that is declined, or a
 *   processor that does not answer, leaves no hold behind. The hold is one row in the platform's
 *   database, and the database alone decides between shoppers reserving the same car at once
 *   (at most one 'held' row per car); a shopper who loses that race has their authorisation
 *   voided at once, so the deposit is only ever held from the one who got the car. No
 *   transaction is kept open while the processor is asked.
 * - An authorisation (not a charge) suits a deposit that is 'fully refundable': the card
 *   schemes keep it for about a week, longer than the hold, the dealer captures it when the sale
 *   goes ahead, and a cancelled reservation voids it, so nothing has to be refunded.
 * - Card numbers never reach the platform: the page sends the processor's token and the last
 *   four digits (src/features/checkout/lib/card.ts).
 * - The hold ends 48 hours after it was made (or the install's shorter hold). From then on it no
 *   longer counts, whether or not the platform has marked it expired yet; the platform frees
 *   the car in stock and in the search index.
 */

export type ReservationStatus = 'held' | 'expired' | 'cancelled' | 'completed';

/** A reservation as the platform keeps it. */
export interface Reservation {
  id: string;
  carId: string;
  status: ReservationStatus;
  heldUntil: Date;
  depositCents: number;
  paymentReference: string | null;
}

export interface NewHold {
  /** Chosen before the processor is asked: the authorisation's idempotency key is made from it. */
  id: string;
  carId: string;
  shopper: { name: string; email: string; phone: string };
  depositCents: number;
  paymentReference: string | null;
  cardLast4: string | null;
  heldUntil: Date;
  now: Date;
}

/** The platform's reservation table for the request's site. */
export interface ReservationStore {
  /** The car's hold that still counts at `now` (held, its end still ahead), or null. */
  activeHold: (request: FastifyRequest, carId: string, now: Date) => Promise<Reservation | null>;
  /**
   * Holds the car, unless a hold that counts at `now` is there already ('taken', with that
   * hold's end): decided by the database, so of any number of shoppers at once exactly one gets
   * it. The car shows as reserved (its page, the search index) from then until the hold ends.
   */
  hold: (request: FastifyRequest, hold: NewHold) => Promise<{ status: 'held'; reservation: Reservation } | { status: 'taken'; heldUntil: Date | null }>;
  /** The site's reservation `id` in whatever state it is now (a retried reservation finds the first one); null when there is none. */
  byId: (request: FastifyRequest, id: string) => Promise<Reservation | null>;
  /** Ends the site's hold `id` as cancelled (the car is free again); null when there is no such hold that still counts. */
  cancel: (request: FastifyRequest, id: string, now: Date) => Promise<Reservation | null>;
  /**
   * The signed-in shopper's reservations on the request's site (made with the phone they signed
   * in with), newest first, at most 20, each with its car's name and slug (null when the car has
   * left the site); null when nobody is signed in. A hold whose end has passed reads 'expired'.
   */
  shopperReservations: (request: FastifyRequest, now: Date) => Promise<ShopperReservation[] | null>;
}

/** A reservation in the shopper's garage. */
export interface ShopperReservation extends Reservation {
  car: { name: string; slug: string } | null;
  createdAt: Date;
}

export type AuthorisationResult = { status: 'authorised'; reference: string } | { status: 'declined'; message: string } | { status: 'unavailable'; message: string };

/** The card processor (its local simulator in development: infra's partners/payments). */
export interface PaymentGateway {
  /**
   * Authorises `amountCents` on the card behind `token`. The same `idempotencyKey` is the same
   * authorisation, however often it is asked for. 'declined' carries the processor's words for
   * the shopper; 'unavailable' means no answer (down, timed out): it may or may not have been made.
   */
  authorise: (input: { amountCents: number; currency: 'AUD'; token: string; idempotencyKey: string; description: string }) => Promise<AuthorisationResult>;
  /** Voids the authorisation made with `idempotencyKey` (nothing to do when there is none). */
  voidAuthorisation: (idempotencyKey: string) => Promise<void>;
}

/** The request's site's reserve-online switches. */
export interface ReservationSettings {
  /** `vehicle.onlineCheckout`: the site takes reservations online. */
  onlineCheckout: boolean;
  /** `vehicle.reserveDeposit` in dollars (0: no deposit, no card). */
  deposit: number;
  /** How long a hold lasts (spec: 48 hours). */
  holdSeconds: number;
}

/** Reservation attempts one address may make a minute: a shopper makes one or two, a card tester hundreds. */
export const RESERVATIONS_PER_ADDRESS_PER_MINUTE = 10;

/** Not in the spec: what the API says (why a car cannot be reserved is in reservation.ts, where the page says it too). */
export const NO_ONLINE_RESERVATIONS = 'This site does not take reservations online.';
export const PAYMENT_UNAVAILABLE = 'We could not reach our payment provider, so the car was not reserved. Please try again in a few minutes.';
const NO_SITE = 'No dealer site at this address';
const TOO_MANY_ATTEMPTS = 'Too many reservation attempts from this address. Please try again in a minute, or call us.';

/** 400 naming the field: `{ error: 'email: Please enter a valid email address.', field: 'email' }`. */
const fieldError = (reply: FastifyReply, field: string, message: string) => reply.code(400).send({ error: `${field}: ${message}`, field });

function firstProblem(error: z.ZodError): { field: string; message: string } {
  const issue = error.issues[0];
  const field = (issue?.path ?? []).map(String).join('.') || 'body';
  return { field, message: issue?.message ?? 'is invalid' };
}

const authorisationKey = (reservationId: string) => `reservation:${reservationId}`;
const reservationId = z.uuid({ error: 'must be a reservation number' });
const idempotencyKey = z.uuid({ error: 'must be a UUID, made once per reservation attempt' });

export function reservationRoutes(fastify: FastifyInstance, ports: VehiclePorts): void {
  /** The car at `slug` for a reservation route, or the answer already sent. */
  async function carAt(request: FastifyRequest<{ Params: { slug: string } }>, reply: FastifyReply): Promise<{ car: VehicleSummary; settings: ReservationSettings } | null> {
    const slug = SlugSchema.safeParse(request.params.slug);
    if (!slug.success) {
      await fieldError(reply, 'slug', slug.error.issues[0]?.message ?? 'invalid');
      return null;
    }
    const settings = ports.reservationSettings(request);
    if (!settings) {
      await reply.code(404).send({ error: NO_SITE });
      return null;
    }
    const car = await ports.carBySlug(request, slug.data);
    if (!car) {
      await reply.code(404).send({ error: `No car at /cars/${slug.data} on this site` });
      return null;
    }
    return { car, settings };
  }

  // What the checkout page shows before the form: whether the car is reserved, and until when.
  fastify.get<{ Params: { slug: string } }>('/cars/:slug/reservation', async (request, reply) => {
    const found = await carAt(request, reply);
    if (!found) return reply;
    const hold = await ports.reservations.activeHold(request, found.car.id, ports.clock());
    reply.header('cache-control', 'no-store');
    // A car the dealer marked reserved in stock is reserved with no end the platform knows.
    return { carId: found.car.id, reserved: found.car.reserved || hold !== null, heldUntil: hold?.heldUntil.toISOString() ?? null };
  });

  fastify.post<{ Params: { slug: string } }>(
    '/cars/:slug/reservation',
    { bodyLimit: 8 * 1024, config: { rateLimit: { max: RESERVATIONS_PER_ADDRESS_PER_MINUTE, timeWindow: 60_000 }, rateLimitMessage: TOO_MANY_ATTEMPTS } },
    async (request, reply) => {
      const found = await carAt(request, reply);
      if (!found) return reply;
      const { car, settings } = found;
      if (!settings.onlineCheckout) return reply.code(404).send({ error: NO_ONLINE_RESERVATIONS });
      const parsed = reservationBodySchema.safeParse(request.body ?? null);
      if (!parsed.success) {
        const problem = firstProblem(parsed.error);
        return fieldError(reply, problem.field, problem.message);
      }
      const body = parsed.data;
      if (!isInStock(car.status)) return reply.code(409).send({ error: car.status === 'sold' ? soldText(car) : notReservable(car) });

      // A retry of a reservation whose answer never reached the shopper (the connection dropped)
      // carries the first attempt's Idempotency-Key, which is that reservation's number: it gets
      // the same answer instead of being told its own hold makes the car unavailable.
      const key = idempotencyKey.safeParse(request.headers['idempotency-key'] ?? randomUUID());
      if (!key.success) return fieldError(reply, 'Idempotency-Key', key.error.issues[0]?.message ?? 'invalid');
      const now = ports.clock();
      const earlier = request.headers['idempotency-key'] === undefined ? null : await ports.reservations.byId(request, key.data);
      if (earlier) {
        if (earlier.carId !== car.id) return reply.code(422).send({ error: 'Idempotency-Key: this key was used to reserve another car', field: 'Idempotency-Key' });
        const status = earlier.status === 'held' && earlier.heldUntil <= now ? 'expired' : earlier.status;
        if (status !== 'held') return reply.code(409).send({ error: `This reservation is ${status}.`, heldUntil: null });
        return reply.code(201).send({ id: earlier.id, heldUntil: earlier.heldUntil.toISOString(), deposit: earlier.depositCents / 100, paymentReference: earlier.paymentReference });
      }

      // Checked before the card is touched, so a shopper of a car already held is not charged
      // even for a moment; the hold below still decides any race.
      const current = car.reserved ? null : await ports.reservations.activeHold(request, car.id, now);
      if (car.reserved || current) return reply.code(409).send({ error: alreadyReserved(car), heldUntil: current?.heldUntil.toISOString() ?? null });

      const amountCents = depositCents(settings.deposit);
      if (amountCents > 0 && !body.payment) return fieldError(reply, 'payment', `card details are needed for the ${formatDollars(settings.deposit)} deposit`);
      const id = key.data;
      const paymentKey = authorisationKey(id);
      let paymentReference: string | null = null;
      // Spec: a $0 deposit is no payment at all.
      if (amountCents > 0 && body.payment) {
        const authorisation = await ports.payments.authorise({ amountCents, currency: 'AUD', token: body.payment.token, idempotencyKey: paymentKey, description: `Reservation deposit: ${car.name}, stock ${car.stocknum}` });
        if (authorisation.status === 'declined') return reply.code(402).send({ error: authorisation.message, field: 'payment' });
        if (authorisation.status === 'unavailable') {
          // No answer is not no authorisation: void whatever the processor may have made.
          await voidQuietly(request, ports.payments, paymentKey);
          return reply.code(503).send({ error: PAYMENT_UNAVAILABLE });
        }
        paymentReference = authorisation.reference;
      }

      let held: Awaited<ReturnType<ReservationStore['hold']>>;
      try {
        held = await ports.reservations.hold(request, {
          id,
          carId: car.id,
          shopper: { name: body.name, email: body.email, phone: normalisePhone(body.phone) },
          depositCents: amountCents,
          paymentReference,
          cardLast4: amountCents > 0 ? (body.payment?.last4 ?? null) : null,
          heldUntil: holdEndsAt(now, settings.holdSeconds),
          now,
        });
      } catch (error) {
        if (paymentReference) await voidQuietly(request, ports.payments, paymentKey);
        throw error;
      }
      if (held.status === 'taken') {
        // Another shopper's hold won the race after this card was authorised: release it.
        if (paymentReference) await voidQuietly(request, ports.payments, paymentKey);
        return reply.code(409).send({ error: alreadyReserved(car), heldUntil: held.heldUntil?.toISOString() ?? null });
      }
      return reply.code(201).send({ id: held.reservation.id, heldUntil: held.reservation.heldUntil.toISOString(), deposit: settings.deposit, paymentReference });
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
    return reply.send({ reservations });
  });

  // The shopper changes their mind: the number from their confirmation cancels the hold and
  // voids the deposit (spec: 'the deposit is 100% refundable').
  fastify.delete<{ Params: { id: string } }>('/reservations/:id', async (request, reply) => {
    const id = reservationId.safeParse(request.params.id);
    if (!id.success) return fieldError(reply, 'id', id.error.issues[0]?.message ?? 'invalid');
    if (!ports.reservationSettings(request)) return reply.code(404).send({ error: NO_SITE });
    const cancelled = await ports.reservations.cancel(request, id.data, ports.clock());
    if (!cancelled) return reply.code(404).send({ error: 'No reservation with this number is held on this site' });
    if (cancelled.paymentReference) await voidQuietly(request, ports.payments, authorisationKey(cancelled.id));
    return reply.send({ id: cancelled.id, status: cancelled.status });
  });
}

/**
 * Voids an authorisation, logging rather than failing when the processor cannot be reached: the
 * shopper's answer does not depend on it, and an authorisation nobody captures lapses by itself
 * (the log names it so the dealer can release it sooner).
 */
async function voidQuietly(request: FastifyRequest, payments: PaymentGateway, idempotencyKey: string): Promise<void> {
  try {
    await payments.voidAuthorisation(idempotencyKey);
  } catch (error) {
    request.log.error({ err: error, idempotencyKey }, 'mf-vehicle: a deposit authorisation could not be voided');
  }
}
