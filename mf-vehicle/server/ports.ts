import type { PlatformPorts } from '@forecourt/shared-config/server';
import type { FastifyRequest } from 'fastify';
import type {
  ClaimAnswer,
  ClaimResult,
  NewClaim,
  NewHold,
  PaymentGateway,
  Reservation,
  ReservationClaim,
  ShopperReservation,
  VehicleSummary,
} from '../src/contract';

/**
 * The ports mf-vehicle's server half needs, which infra implements when it mounts the plugin. A
 * module of their own: the plugin (index.ts) and its parts (reservations.ts, first-paint.tsx)
 * all read them, and the plugin imports those parts.
 */

export interface VehiclePorts extends PlatformPorts {
  /**
   * The request's site's car at this address slug, or null when there is none or it is hidden
   * from the dealer's website (its page then answers 404).
   */
  carBySlug: (request: FastifyRequest, slug: string) => Promise<VehicleSummary | null>;
  /** The request's site's reserve-online switches, or null when the request names no site. */
  reservationSettings: (request: FastifyRequest) => ReservationSettings | null;
  /** The platform's reservation table (holds, and the car shown reserved while one counts). */
  reservations: ReservationStore;
  /** The card processor the deposit is authorised with. */
  payments: PaymentGateway;
  /** The request's signed-in shopper on its site (their phone confirmed by a one-time code), or null. */
  shopper: (request: FastifyRequest) => Promise<{ phone: string } | null>;
  /** Reservation attempts one address may make a minute (default RESERVATIONS_PER_ADDRESS_PER_MINUTE). */
  reservationsPerAddressPerMinute?: number;
}

/** The platform's reservation table for the request's site. */
export interface ReservationStore {
  /** The car's hold that still counts at `now` (held, its end still ahead), or null. */
  activeHold: (request: FastifyRequest, carId: string, now: Date) => Promise<Reservation | null>;
  /**
   * Claims the request's Idempotency-Key on the site before anything is authorised: 'claimed'
   * when this request wrote the row, 'exists' with the row another request wrote first, 'limited'
   * when the phone already has `limit` live holds and attempts in flight (decided under a lock
   * on site and phone, so concurrent requests cannot all pass the count).
   */
  claim: (request: FastifyRequest, claim: NewClaim) => Promise<ClaimResult>;
  /** The site's claim of `key`, or null (never made, or released for a retry). */
  claimOf: (request: FastifyRequest, key: string) => Promise<ReservationClaim | null>;
  /** Records the authorisation's reference on the claim as soon as the processor gives it. */
  authorised: (request: FastifyRequest, key: string, reservationId: string, reference: string) => Promise<void>;
  /**
   * Settles this request's pending claim without a hold: 'refused' keeps `answer` for retries,
   * 'failed' is released once its void is done. False when the claim is no longer this request's
   * (its lease passed and the platform reconciled it).
   */
  settle: (
    request: FastifyRequest,
    key: string,
    reservationId: string,
    settlement: { outcome: 'refused' | 'failed'; answer: ClaimAnswer | null; voidOwed: boolean },
  ) => Promise<boolean>;
  /** The claim's owed void was done: a refused claim keeps its answer, a failed one is released. */
  voided: (request: FastifyRequest, key: string, reservationId: string) => Promise<void>;
  /**
   * Holds the car, unless a hold that counts at `now` is there already ('taken', with that
   * hold's end): decided by the database, so of any number of shoppers at once exactly one gets
   * it. 'lapsed' when the claim the hold settles is no longer this request's. The car shows as
   * reserved (its page, the search index) from then until the hold ends.
   */
  hold: (
    request: FastifyRequest,
    hold: NewHold,
  ) => Promise<
    { status: 'held'; reservation: Reservation } | { status: 'taken'; heldUntil: Date | null } | { status: 'lapsed' }
  >;
  /** The site's reservation `id` in whatever state it is now (a retried reservation finds the first one); null when there is none. */
  byId: (request: FastifyRequest, id: string) => Promise<Reservation | null>;
  /** Ends the site's hold `id` made with `phoneDigits` as cancelled (the car is free again); null when there is no such hold that still counts. */
  cancel: (request: FastifyRequest, id: string, phoneDigits: string, now: Date) => Promise<Reservation | null>;
  /**
   * The signed-in shopper's reservations on the request's site (made with the phone they signed
   * in with), newest first, at most 20, each with its car's name and slug (null when the car has
   * left the site); null when nobody is signed in. A hold whose end has passed reads 'expired'.
   */
  shopperReservations: (request: FastifyRequest, now: Date) => Promise<ShopperReservation[] | null>;
}

/** The request's site's reserve-online switches. */
export interface ReservationSettings {
  /** `vehicle.onlineCheckout`: the site takes reservations online. */
  onlineCheckout: boolean;
  /** `vehicle.reserveDeposit` in dollars (0: no deposit, no card). */
  deposit: number;
  /** How long a hold lasts (spec: 48 hours). */
  holdSeconds: number;
  /** The site's gated routes (tenant `gatedRoutes`): the API applies the checkout page's gate. */
  gatedRoutes: readonly string[];
  /** `vehicle.liveHoldsPerShopper`: live holds one phone may have on the site at once. */
  holdsPerShopper: number;
  /**
   * How long a reservation attempt may run, from its claim to its hold, before the platform
   * takes it for crashed and voids its authorisation: longer than the processor's time limit.
   */
  leaseSeconds: number;
}
