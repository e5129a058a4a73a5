import { formatDollars } from '@forecourt/shared-config';

/** Spec: "Reserve online: default deposit '$200' when none configured". */
const DEFAULT_RESERVE_DEPOSIT = 200;
/** Spec: "the vehicle is held 48 hours". */
export const RESERVE_HOLD_HOURS = 48;
/** The same hold in seconds, as the server keeps it (an install's own journeys may shorten it). */
export const RESERVE_HOLD_SECONDS = RESERVE_HOLD_HOURS * 60 * 60;

/** The deposit to show: the configured one, or the default when none (or nonsense) is set. */
export function reserveDeposit(configured?: number | null): number {
  return configured === undefined || configured === null || !Number.isFinite(configured) || configured < 0
    ? DEFAULT_RESERVE_DEPOSIT
    : configured;
}

/**
 * The reserve-online promises, one line each. Spec: the amount is hidden if $0, so a free
 * reservation names neither a deposit nor its refund.
 */
export function reservationTerms(deposit: number, itemNoun: string): string[] {
  const hold = `We hold the ${itemNoun} for you for ${RESERVE_HOLD_HOURS} hours.`;
  if (deposit <= 0) return [hold];
  return [
    `Pay a ${formatDollars(deposit)} deposit to reserve this ${itemNoun}.`,
    hold,
    'Your deposit is 100% refundable.',
  ];
}

/** When a hold made at `now` ends: 48 hours on (spec), unless the install gives a shorter hold. */
export function holdEndsAt(now: Date, holdSeconds: number = RESERVE_HOLD_SECONDS): Date {
  return new Date(now.getTime() + holdSeconds * 1000);
}

/**
 * Not in the spec: why a car cannot be reserved. The API answers with these and the checkout page
 * says the same before the form, so the shopper reads one text whichever noticed first.
 */
export const alreadyReserved = (car: { name: string }) => `Sorry, the ${car.name} is already reserved.`;
export const soldText = (car: { name: string }) =>
  `Sorry, the ${car.name} has been sold, so it can no longer be reserved.`;
export const notReservable = (car: { name: string }) => `Sorry, the ${car.name} is not available to reserve.`;

/** The deposit in cents: card processors take amounts in the currency's smallest unit. */
export function depositCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/**
 * The end of a hold on the dealer's clock, with the zone named ('Friday 27 November at 9:00 am
 * AEDT'): the shopper may be in another state, and the dealer keeps the car by its own time.
 */
export function holdEndText(heldUntil: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-AU', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(heldUntil);
}
