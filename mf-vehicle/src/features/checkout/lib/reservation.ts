import { formatDollars } from '@forecourt/shared-config';

/** Spec: "Reserve online: default deposit '$200' when none configured". */
const DEFAULT_RESERVE_DEPOSIT = 200;
/** Spec: "vehicle held 48 hours" (stated in copy; the hold itself is server behaviour). */
export const RESERVE_HOLD_HOURS = 48;

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
  return [`Pay a ${formatDollars(deposit)} deposit to reserve this ${itemNoun}.`, hold, 'Your deposit is 100% refundable.'];
}
