import { useEffect, useRef, useState } from 'react';
import type { VehicleSummary } from '../../../contract';

export type CarState = { status: 'loading' } | { status: 'found'; car: VehicleSummary } | { status: 'missing' } | { status: 'failed' };

/** The page's car, from the team's own API (`GET /api/vehicle/cars/{slug}`): found, missing (404) or failed. */
export function useCar(slug: string, initial?: CarState): CarState {
  const [state, setState] = useState<CarState>(initial ?? { status: 'loading' });
  // The server's answer for this address (first paint) stands: no second read at load.
  const given = useRef(initial ? slug : null);
  useEffect(() => {
    if (given.current === slug) return undefined;
    given.current = null;
    let cancelled = false;
    setState({ status: 'loading' });
    Promise.resolve()
      .then(() => fetch(`/api/vehicle/cars/${encodeURIComponent(slug)}`, { headers: { accept: 'application/json' } }))
      .then(async (response) => {
        if (response.status === 404 || response.status === 400) return { status: 'missing' } as const;
        if (!response.ok) throw new Error(`the car answered ${response.status}`);
        return { status: 'found', car: ((await response.json()) as { car: VehicleSummary }).car } as const;
      })
      .then((next) => {
        if (!cancelled) setState(next);
      })
      .catch((error: unknown) => {
        console.error('[mf-vehicle] the car could not be read', error);
        if (!cancelled) setState({ status: 'failed' });
      });
    return () => {
      cancelled = true;
    };
  }, [slug]);
  return state;
}
