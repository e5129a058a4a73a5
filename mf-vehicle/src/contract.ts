/**
 * The vehicle team's contract: the types its page (src), its server half (server/) and the
 * platform (infra) share. Browser code never imports server/, so what both halves read lives here;
 * the server half and infra import it from here too.
 */
import type { LenderFacts } from '@forecourt/shared-config/finance-eligibility';

/**
 * The finance the page shows for a car, as pure functions: whether it shows finance, and what its
 * sticky header shows of the calculator's estimate. Here for the platform's test over every seeded
 * car (infra/src/server/repayment-figures.test.ts): only infra reaches the seed, and infra may read a
 * team's contract but never its UI.
 */
export { pageShowsFinance, stickyEstimate } from './lib/finance-facts';

/** A car as the vehicle page's server half reads it from the platform (port `carBySlug`). */
export interface VehicleSummary {
  /** The stock id (the phone-reveal tracking's car_id). */
  id: string;
  slug: string;
  name: string;
  /** car, motorcycle, truck or caravan. */
  item_type: string;
  make: string;
  model: string;
  /** The model is one of the site's configured models (its catalogue): the breadcrumb names it only then. */
  catalogue_model: boolean;
  year: number;
  badge: string | null;
  km: number;
  price: number;
  offer_price: number | null;
  before_price: number | null;
  subscription_price: number | null;
  price_type: string;
  preorder: boolean;
  status: 'in_stock' | 'coming_soon' | 'sold' | string;
  car_type: 'new' | 'used' | 'demo' | string;
  fuel: string;
  transmission: string;
  body: string;
  colour: string;
  vin: string;
  stocknum: string;
  dealership_id: string;
  dealership_name: string;
  city: string;
  state: string;
  /** The dealer's comments as written ('|' separates paragraphs; may be empty). */
  dealer_comments: string;
  /** Picture addresses on this site (`/media/cars/...`), the first the main one. */
  images: string[];
  /** The thumbnail of each picture, in the same order. */
  thumbnails: string[];
  /** A video of the car (shown as the gallery's second slide), or null. */
  video_url: string | null;
  /** The 360 spin: exterior frames in turning order, the interior panorama, hotspots by view. */
  spin: VehicleSpin | null;
  regplate: string | null;
  /** ISO date the registration runs to, or null. */
  rego_expiry: string | null;
  build_date: string | null;
  compliance_date: string | null;
  drive: string;
  seats: number;
  engine_size_litres: number | null;
  series: string | null;
  tag: string | null;
  reserved: boolean;
  certified: boolean;
  /** When the car was listed, in seconds (the 'New' badge). */
  created_at_timestamp: number | null;
  views: number;
  /** The car's equipment list (standard and fitted). */
  features: string[];
  variant: Record<string, number | string | null>;
  /** The car history report, or null when the car has none (its button is then hidden). */
  file: string | null;
  dealership_slug: string;
  /** The yard the car is at: the dealer panel links to its location page. */
  location: { id: string; slug: string; name: string; phone: string; distribution_locations: string[] };
  /** The site's own slides for the custom slider (empty unless the site has it). */
  custom_slides: Array<{ name: string; description: string; url: string; image: string }>;
  /** A finance quote already made for the car (weekly), or null: read by the finance rule. */
  finance_quote_weekly: number | null;
  /** The site's provider's lender figures for the car, or null: the finance rule (carShowsFinance) reads them. */
  finance_lender: LenderFacts | null;
  /** Average asking prices of comparable cars (the price guide), for the market indicator. */
  market: { state_average: number | null; national_average: number | null };
}

export interface SpinHotspot {
  id: string;
  description: string;
  positions: Array<{ activeAngle: number; posX: number; posY: number }>;
}

export interface VehicleSpin {
  frames: string[];
  interior: string | null;
  hotspots: { exterior: SpinHotspot[]; interior: SpinHotspot[] };
}

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
