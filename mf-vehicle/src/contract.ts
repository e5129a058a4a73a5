/**
 * The vehicle team's contract: the types, and the schemas of its API's answers, that its page
 * (src), its server half (server/) and the platform (infra) share. Browser code never imports
 * server/, so what both halves read lives here; the server half and infra import it from here
 * too, and the page checks each answer with the schema the server's answer is typed by.
 */
import { lenderFactsSchema, zm } from '@forecourt/shared-config';

/**
 * The finance the page shows for a car, as pure functions: whether it shows finance, and what its
 * sticky header shows of the calculator's estimate. Here for the platform's test over every seeded
 * car (infra/server/src/repayment-figures.test.ts): only infra reaches the seed, and infra may read a
 * team's contract but never its UI.
 */
export { pageShowsFinance, stickyEstimate } from './lib/finance-facts';

const spinHotspotSchema = zm.object({
  id: zm.string(),
  description: zm.string(),
  positions: zm.array(zm.object({ activeAngle: zm.number(), posX: zm.number(), posY: zm.number() })),
});
export type SpinHotspot = zm.output<typeof spinHotspotSchema>;

const vehicleSpinSchema = zm.object({
  frames: zm.array(zm.string()),
  interior: zm.nullable(zm.string()),
  hotspots: zm.object({ exterior: zm.array(spinHotspotSchema), interior: zm.array(spinHotspotSchema) }),
});
export type VehicleSpin = zm.output<typeof vehicleSpinSchema>;

/** A car as the vehicle page's server half reads it from the platform (port `carBySlug`), and as `GET /api/vehicle/cars/{slug}` answers it. */
export const vehicleSummarySchema = zm.object({
  /** The stock id (the phone-reveal tracking's car_id). */
  id: zm.string(),
  slug: zm.string(),
  name: zm.string(),
  /** car, motorcycle, truck or caravan. */
  item_type: zm.string(),
  make: zm.string(),
  model: zm.string(),
  /** The model is one of the site's configured models (its catalogue): the breadcrumb names it only then. */
  catalogue_model: zm.boolean(),
  year: zm.number(),
  badge: zm.nullable(zm.string()),
  km: zm.number(),
  price: zm.number(),
  offer_price: zm.nullable(zm.number()),
  before_price: zm.nullable(zm.number()),
  subscription_price: zm.nullable(zm.number()),
  price_type: zm.string(),
  preorder: zm.boolean(),
  /** 'in_stock', 'coming_soon', 'sold' or another stock status. */
  status: zm.string(),
  /** 'new', 'used', 'demo' or another kind. */
  car_type: zm.string(),
  fuel: zm.string(),
  transmission: zm.string(),
  body: zm.string(),
  colour: zm.string(),
  vin: zm.string(),
  stocknum: zm.string(),
  dealership_id: zm.string(),
  dealership_name: zm.string(),
  city: zm.string(),
  state: zm.string(),
  /** The dealer's comments as written ('|' separates paragraphs; may be empty). */
  dealer_comments: zm.string(),
  /** Picture addresses on this site (`/media/cars/...`), the first the main one. */
  images: zm.array(zm.string()),
  /** The thumbnail of each picture, in the same order. */
  thumbnails: zm.array(zm.string()),
  /** A video of the car (shown as the gallery's second slide), or null. */
  video_url: zm.nullable(zm.string()),
  /** The 360 spin: exterior frames in turning order, the interior panorama, hotspots by view. */
  spin: zm.nullable(vehicleSpinSchema),
  regplate: zm.nullable(zm.string()),
  /** ISO date the registration runs to, or null. */
  rego_expiry: zm.nullable(zm.string()),
  build_date: zm.nullable(zm.string()),
  compliance_date: zm.nullable(zm.string()),
  drive: zm.string(),
  seats: zm.number(),
  engine_size_litres: zm.nullable(zm.number()),
  series: zm.nullable(zm.string()),
  tag: zm.nullable(zm.string()),
  reserved: zm.boolean(),
  certified: zm.boolean(),
  /** When the car was listed, in seconds (the 'New' badge). */
  created_at_timestamp: zm.nullable(zm.number()),
  views: zm.number(),
  /** The car's equipment list (standard and fitted). */
  features: zm.array(zm.string()),
  variant: zm.record(zm.string(), zm.nullable(zm.union([zm.number(), zm.string()]))),
  /** The car history report, or null when the car has none (its button is then hidden). */
  file: zm.nullable(zm.string()),
  dealership_slug: zm.string(),
  /** The yard the car is at: the dealer panel links to its location page. */
  location: zm.object({
    id: zm.string(),
    slug: zm.string(),
    name: zm.string(),
    phone: zm.string(),
    distribution_locations: zm.array(zm.string()),
  }),
  /** The site's own slides for the custom slider (empty unless the site has it). */
  custom_slides: zm.array(
    zm.object({ name: zm.string(), description: zm.string(), url: zm.string(), image: zm.string() }),
  ),
  /** A finance quote already made for the car (weekly), or null: read by the finance rule. */
  finance_quote_weekly: zm.nullable(zm.number()),
  /** The site's provider's lender figures for the car, or null: the finance rule (carShowsFinance) reads them. */
  finance_lender: zm.nullable(lenderFactsSchema),
  /** Average asking prices of comparable cars (the price guide), for the market indicator. */
  market: zm.object({ state_average: zm.nullable(zm.number()), national_average: zm.nullable(zm.number()) }),
});
export type VehicleSummary = zm.output<typeof vehicleSummarySchema>;

/** `GET /api/vehicle/cars/{slug}`. */
export const carAnswerSchema = zm.object({ car: vehicleSummarySchema });
export type CarAnswer = zm.output<typeof carAnswerSchema>;

/** Spec price-comparison response (`GET /api/cars/{slug}/autogauge`, the platform's price guide). */
export const priceComparisonSchema = zm.object({
  fill: zm.nullable(zm.number()),
  listing_price: zm.nullable(zm.number()),
  market_range_min: zm.nullable(zm.number()),
  market_range_max: zm.nullable(zm.number()),
  confidence: zm.nullable(zm.number()),
  description: zm.nullable(zm.string()),
});
export type PriceComparison = zm.output<typeof priceComparisonSchema>;

/** The answer of `POST /api/delivery-quote` (spec: 'name (region) and price'), the platform's quote route. */
export const deliveryQuoteSchema = zm.object({ name: zm.string(), price: zm.number(), distance_km: zm.number() });
export type DeliveryQuote = zm.output<typeof deliveryQuoteSchema>;

// Reserve online: the API's answers to the page.

/** `GET /api/vehicle/cars/{slug}/reservation`: whether the car is reserved, and until when when the platform knows. */
export const reservationStateSchema = zm.object({
  carId: zm.string(),
  reserved: zm.boolean(),
  heldUntil: zm.nullable(zm.string()),
});
export type ReservationStateAnswer = zm.output<typeof reservationStateSchema>;

/** `POST /api/vehicle/cars/{slug}/reservation`, 201: the reservation made; `deposit` in dollars (0: nothing held). */
export const reservationMadeSchema = zm.object({
  id: zm.string(),
  heldUntil: zm.string(),
  deposit: zm.number(),
  paymentReference: zm.nullable(zm.string()),
});
export type ReservationMadeAnswer = zm.output<typeof reservationMadeSchema>;

/** What a refused reservation carries besides its words: a 409 for a car held by someone else names when that hold ends, when the platform knows it. */
export const reservationRefusalSchema = zm.object({ heldUntil: zm.optional(zm.nullable(zm.string())) });

/** A reservation in the shopper's garage, as `GET /api/vehicle/reservations/mine` answers it. */
const myReservationSchema = zm.object({
  id: zm.string(),
  status: zm.enum(['held', 'expired', 'cancelled', 'completed']),
  /** ISO instant. */
  heldUntil: zm.string(),
  /** In dollars (0: none was taken). */
  deposit: zm.number(),
  /** Null when the car has left the site. */
  car: zm.nullable(zm.object({ name: zm.string(), slug: zm.string() })),
  /** ISO instant. */
  createdAt: zm.string(),
});
export type MyReservation = zm.output<typeof myReservationSchema>;
export const MY_RESERVATIONS_PATH = '/api/vehicle/reservations/mine';
export const myReservationsSchema = zm.object({ reservations: zm.array(myReservationSchema) });
export type MyReservations = zm.output<typeof myReservationsSchema>;

/** `DELETE /api/vehicle/reservations/{id}`: the reservation as it stands after. */
export const reservationCancelledSchema = zm.object({ id: zm.string(), status: zm.string() });
export type ReservationCancelledAnswer = zm.output<typeof reservationCancelledSchema>;

// Reserve online: the records the platform keeps for the server half, and the card processor it passes in.

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
  /** The claim's reservation id: the authorisation's idempotency key is made from it. */
  id: string;
  carId: string;
  shopper: { name: string; email: string; phone: string };
  depositCents: number;
  paymentReference: string | null;
  cardLast4: string | null;
  heldUntil: Date;
  now: Date;
  /**
   * The claim (its Idempotency-Key) this hold settles: the hold is made only while that claim is
   * still this request's (pending, its reservation id), and marks it held in the same transaction.
   */
  claimKey?: string;
}

/** An answer kept for a retry of the same request: status code and body. */
export interface ClaimAnswer {
  code: number;
  body: Record<string, unknown>;
}

/**
 * A reservation attempt as the platform keeps it from before the card processor is asked:
 * 'pending' while its request runs (until `leaseUntil`), then 'held' (the reservation was made),
 * 'refused' (its answer is kept), or 'failed' (the processor did not answer; the row is gone once
 * its authorisation is voided, so a retry may try again).
 */
export interface ReservationClaim {
  key: string;
  requestHash: string;
  carId: string;
  reservationId: string;
  outcome: 'pending' | 'held' | 'refused' | 'failed';
  answer: ClaimAnswer | null;
  leaseUntil: Date;
}

export interface NewClaim {
  key: string;
  requestHash: string;
  carId: string;
  /** The confirmed phone, digits only: the per-shopper limit counts by it. */
  phoneDigits: string;
  reservationId: string;
  /** Null when no deposit is taken. */
  authorisationKey: string | null;
  leaseUntil: Date;
  now: Date;
  /** Live holds and attempts in flight the phone may have on the site, this one included. */
  limit: number;
}

export type ClaimResult = { status: 'claimed' } | { status: 'exists'; claim: ReservationClaim } | { status: 'limited' };

/** A reservation in the shopper's garage. */
export interface ShopperReservation extends Reservation {
  car: { name: string; slug: string } | null;
  createdAt: Date;
}

export type AuthorisationResult =
  | { status: 'authorised'; reference: string }
  | { status: 'declined'; message: string }
  | { status: 'unavailable'; message: string };

/** The card processor (its local simulator in development: infra's partners/payments). */
export interface PaymentGateway {
  /**
   * Authorises `amountCents` on the card behind `token`. The same `idempotencyKey` is the same
   * authorisation, however often it is asked for. 'declined' carries the processor's words for
   * the shopper; 'unavailable' means no answer (down, timed out): it may or may not have been made.
   */
  authorise: (input: {
    amountCents: number;
    currency: 'AUD';
    token: string;
    idempotencyKey: string;
    description: string;
  }) => Promise<AuthorisationResult>;
  /** Voids the authorisation made with `idempotencyKey` (nothing to do when there is none). */
  voidAuthorisation: (idempotencyKey: string) => Promise<void>;
}
