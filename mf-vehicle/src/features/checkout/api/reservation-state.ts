import { useEffect, useState } from 'react';

/**
 * Whether the car can still be reserved, read by the checkout page before it loads the form
 * (`GET /api/vehicle/cars/{slug}/reservation`). The reservation's own calls are in reserve.ts,
 * which only the form's chunk carries.
 */

/** What the page knows about the car's reservation before it offers the form. */
export type ReservationState = { status: 'loading' } | { status: 'free' } | { status: 'reserved'; heldUntil: string | null } | { status: 'missing' } | { status: 'failed' };

/** The car's reservation in the team's API: its state (GET), and a new one (POST, reserve.ts). */
export const reservationUrl = (slug: string) => `/api/vehicle/cars/${encodeURIComponent(slug)}/reservation`;

async function fetchReservationState(slug: string): Promise<Exclude<ReservationState, { status: 'loading' }>> {
  const response = await fetch(reservationUrl(slug), { headers: { accept: 'application/json' } });
  // 400: an address that cannot be a car's; 404: no such car on this site.
  if (response.status === 404 || response.status === 400) return { status: 'missing' };
  if (!response.ok) throw new Error(`the reservation answered ${response.status}`);
  const answer = (await response.json()) as { reserved: boolean; heldUntil: string | null };
  return answer.reserved ? { status: 'reserved', heldUntil: answer.heldUntil } : { status: 'free' };
}

/** The car's reservation state, read when the page opens (and again on `retry`); not read while `enabled` is false. */
export function useReservationState(slug: string, enabled: boolean): { state: ReservationState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<ReservationState>({ status: 'loading' });
  useEffect(() => {
    if (!enabled) return undefined;
    let cancelled = false;
    setState({ status: 'loading' });
    fetchReservationState(slug)
      .then((next) => {
        if (!cancelled) setState(next);
      })
      .catch((error: unknown) => {
        console.error('[mf-vehicle] the car’s reservation could not be read', error);
        if (!cancelled) setState({ status: 'failed' });
      });
    return () => {
      cancelled = true;
    };
  }, [slug, enabled, attempt]);
  return { state, retry: () => setAttempt((count) => count + 1) };
}
