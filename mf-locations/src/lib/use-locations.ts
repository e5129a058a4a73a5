import { takeFirstPaintData } from '@forecourt/shared-config';
import { useEffect, useRef, useState } from 'react';
import { LOCATIONS_PATH, nearestPath, reviewsPath, type DealerLocation, type NearestAnswer, type ReviewSummary } from '../contract';
import { useLocationsFirstPaint, type LocationsFirstPaintData } from './first-paint';

export type Loaded<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed' };

/**
 * The site's locations, asked for once per page however many blocks, cards and fragments show
 * them (every fragment of this remote shares the module, so the answer is shared). A failed
 * answer is forgotten, so the next block to mount asks again.
 */
let siteLocations: Promise<DealerLocation[]> | null = null;

export function fetchSiteLocations(): Promise<DealerLocation[]> {
  // A fragment that mounts before the app on a first-painted page (the footer's review summary)
  // reads the locations the server inlined rather than asking again.
  const inlined = takeFirstPaintData<LocationsFirstPaintData>('mf-locations')?.locations;
  if (inlined) siteLocations ??= Promise.resolve(inlined);
  siteLocations ??= fetch(LOCATIONS_PATH, { headers: { accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`${LOCATIONS_PATH}: ${response.status}`);
      return ((await response.json()) as { locations: DealerLocation[] }).locations;
    })
    .catch((error: unknown) => {
      siteLocations = null;
      throw error;
    });
  return siteLocations;
}

/** The site's locations the app started from (the server's first paint): every later load on the page shares them. */
export function rememberSiteLocations(locations: DealerLocation[]): void {
  siteLocations ??= Promise.resolve(locations);
}

/** For tests: the next fetch asks the server again. */
export function forgetSiteLocations(): void {
  siteLocations = null;
}

/** `first`: the answer for `key` the page starts from (the server's first paint), not asked for again. */
function useLoaded<T>(load: (() => Promise<T>) | null, key: string, first?: { value: T }): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>(first ? { status: 'ready', value: first.value } : { status: 'loading' });
  const startedWith = useRef(first ? key : null);
  useEffect(() => {
    if (!load || startedWith.current === key) return;
    startedWith.current = null;
    let cancelled = false;
    setState({ status: 'loading' });
    load().then(
      (value) => {
        if (!cancelled) setState({ status: 'ready', value });
      },
      (error: unknown) => {
        console.warn('[mf-locations] could not load', key, error);
        if (!cancelled) setState({ status: 'failed' });
      },
    );
    return () => {
      cancelled = true;
    };
    // `key` names what is loaded: a new key is a new load (`load` is a new function every render).
  }, [key]);
  return state;
}

export function useSiteLocations(): Loaded<DealerLocation[]> {
  const first = useLocationsFirstPaint();
  return useLoaded(fetchSiteLocations, 'locations', first ? { value: first.locations } : undefined);
}

/** A dealership's review summary; null when the site shows no reviews for it (404). */
export function useReviews(dealershipSlug: string | null): Loaded<ReviewSummary | null> {
  const first = useLocationsFirstPaint()?.reviews;
  const known = dealershipSlug !== null && first && Object.hasOwn(first, dealershipSlug) ? { value: first[dealershipSlug] ?? null } : undefined;
  return useLoaded(
    dealershipSlug
      ? async () => {
          const response = await fetch(reviewsPath(dealershipSlug), { headers: { accept: 'application/json' } });
          if (response.status === 404) return null;
          if (!response.ok) throw new Error(`reviews: ${response.status}`);
          return (await response.json()) as ReviewSummary;
        }
      : null,
    `reviews:${dealershipSlug ?? ''}`,
    known,
  );
}

/** The site's locations by distance from a postcode, or the server's text for a postcode it cannot place. */
export async function fetchNearest(postcode: string): Promise<{ ok: true; answer: NearestAnswer } | { ok: false; error: string }> {
  const response = await fetch(nearestPath(postcode), { headers: { accept: 'application/json' } });
  const body = (await response.json().catch(() => null)) as (NearestAnswer & { error?: string }) | null;
  if (response.ok && body) return { ok: true, answer: body };
  // 400 names the field ('postcode: ...'); the shopper sees the message alone.
  const error = typeof body?.error === 'string' ? body.error.replace(/^postcode: /, '') : 'Invalid postcode';
  return { ok: false, error };
}
