import { formatDollars } from '@forecourt/shared-config';
import { RESERVE_HOLD_HOURS } from '../features/checkout/lib/reservation';

// Spec (§9): 'default deposit $200 when none configured (the tenant schema's default); vehicle
// held 48 hours; deposit 100% refundable; the amount is hidden if $0'.

/** The deposit as the reserve copy shows it, or null when it is $0 (then no amount is named). */
export function depositText(deposit: number): string | null {
  return deposit > 0 ? formatDollars(deposit) : null;
}

/**
 * The reserve button: 'Reserve Car Now' with the deposit when there is one, naming the kind of
 * item it reserves (its `item_type`): 'Reserve Caravan Now' for a caravan, where 'Car' read as
 * another dealer's button, and the spec's 'Reserve Car Now' for every car, on a dealer group too.
 */
export function reserveButtonText(deposit: number, itemType = 'car'): string {
  const amount = depositText(deposit);
  const button = `Reserve ${itemType.charAt(0).toUpperCase()}${itemType.slice(1)} Now`;
  return amount ? `${button} for ${amount}` : button;
}

/** The reserve copy. */
export function reserveCopy(deposit: number, noun: string): string {
  const amount = depositText(deposit);
  return `${amount ? `Pay a ${amount} deposit` : 'Reserve online'} and we hold this ${noun} for you for ${RESERVE_HOLD_HOURS} hours. The deposit is 100% refundable.`;
}

/** Spec (§9): 'Warranty claims in copy: 3, 5 or 7 years depending on tenant and car type'. */
export function warrantyText(years: 3 | 5 | 7): string {
  return `${years} year warranty`;
}
