import { invalidateApi, useApiRead } from '@forecourt/shared-config';
import { reservationStateSchema } from '../../../contract';

/**
 * Whether the car can still be reserved, read by the checkout page before it loads the form
 * (`GET /api/vehicle/cars/{slug}/reservation`). The reservation's own calls are in reserve.ts,
 * which only the form's chunk carries.
 */

/** What the page knows about the car's reservation before it offers the form. */
export type ReservationState =
  | { status: 'loading' }
  | { status: 'free' }
  | { status: 'reserved'; heldUntil: string | null }
  | { status: 'missing' }
  | { status: 'failed' };

/** The car's reservation in the team's API: its state (GET), and a new one (POST, reserve.ts). */
export const reservationUrl = (slug: string) => `/api/vehicle/cars/${encodeURIComponent(slug)}/reservation`;

/** The car's reservation state, read when the page opens (and again on `retry`); not read while `enabled` is false. */
export function useReservationState(slug: string, enabled: boolean): { state: ReservationState; retry: () => void } {
  const url = enabled ? reservationUrl(slug) : null;
  const read = useApiRead('mf-vehicle', url, reservationStateSchema);
  const retry = () => {
    if (url) invalidateApi(url);
  };
  if (read.status === 'loading') return { state: { status: 'loading' }, retry };
  if (read.status === 'ready')
    return {
      state: read.data.reserved ? { status: 'reserved', heldUntil: read.data.heldUntil } : { status: 'free' },
      retry,
    };
  // 400: an address that cannot be a car's; 404: no such car on this site.
  if (read.status === 'missing' || (read.status === 'failed' && read.code === 400))
    return { state: { status: 'missing' }, retry };
  return { state: { status: 'failed' }, retry };
}
