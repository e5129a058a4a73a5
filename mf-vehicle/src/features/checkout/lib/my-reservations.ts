import type { MyReservation } from '../../../contract';
import { holdEndText } from './reservation';

/** Not in the spec: the answer to a visitor who is not signed in. */
export const SIGN_IN_FOR_RESERVATIONS = 'Sign in to see your reservations.';

const STATUS_TEXT: Record<Exclude<MyReservation['status'], 'held'>, string> = {
  expired: 'Expired',
  cancelled: 'Cancelled',
  completed: 'Completed',
};

/** Where a reservation stands: a hold names its end on the dealer's clock, the others one word. */
export function reservationStatusText(
  reservation: Pick<MyReservation, 'status' | 'heldUntil'>,
  timeZone: string,
): string {
  if (reservation.status === 'held') return `Held until ${holdEndText(new Date(reservation.heldUntil), timeZone)}`;
  return STATUS_TEXT[reservation.status];
}
