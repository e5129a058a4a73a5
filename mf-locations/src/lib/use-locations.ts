import { useEffect, useState } from 'react';
import { LOCATIONS_PATH, nearestPath, reviewsPath, type DealerLocation, type NearestAnswer, type ReviewSummary } from '../contract';

export type Loaded<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed' };

/**
 * The site's locations, asked for once per page however many blocks, cards and fragments show
 * them (every fragment of this remote shares the module, so the answer is shared). A failed
 * answer is forgotten, so the next block to mount asks again.
 */
let siteLocations: Promise<DealerLocation[]> | null = null;

export function fetchSiteLocations(): Promise<DealerLocation[]> {
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

/** For tests: the next fetch asks the server again. */
export function forgetSiteLocations(): void {
  siteLocations = null;
}

function useLoaded<T>(load: (() => Promise<T>) | null, key: string): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  useEffect(() => {
    if (!load) return;
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
  return useLoaded(fetchSiteLocations, 'locations');
}

/** A dealership's review summary; null when the site shows no reviews for it (404). */
export function useReviews(dealershipSlug: string | null): Loaded<ReviewSummary | null> {
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
