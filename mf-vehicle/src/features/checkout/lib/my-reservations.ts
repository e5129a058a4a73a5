import { holdEndText } from './reservation';

/** A reservation in the shopper's garage, as `GET /api/vehicle/reservations/mine` answers it. */
export interface MyReservation {
  id: string;
  status: 'held' | 'expired' | 'cancelled' | 'completed';
  /** ISO instant. */
  heldUntil: string;
  /** In dollars (0: none was taken). */
  deposit: number;
  /** Null when the car has left the site. */
  car: { name: string; slug: string } | null;
  /** ISO instant. */
  createdAt: string;
}

/** Not in the spec: the answer to a visitor who is not signed in. */
export const SIGN_IN_FOR_RESERVATIONS = 'Sign in to see your reservations.';

const STATUS_TEXT: Record<Exclude<MyReservation['status'], 'held'>, string> = {
  expired: 'Expired',
  cancelled: 'Cancelled',
  completed: 'Completed',
};

/** Where a reservation stands: a hold names its end on the dealer's clock, the others one word. */
export function reservationStatusText(reservation: Pick<MyReservation, 'status' | 'heldUntil'>, timeZone: string): string {
  if (reservation.status === 'held') return `Held until ${holdEndText(new Date(reservation.heldUntil), timeZone)}`;
  return STATUS_TEXT[reservation.status];
}
