import { apiRead, provideApiAnswer, takeFirstPaintData, useApiRead, type ApiRead } from '@forecourt/shared-config';
import { useRef, useState } from 'react';
import {
  LOCATIONS_PATH,
  locationsAnswerSchema,
  nearestAnswerSchema,
  nearestPath,
  reviewsPath,
  reviewSummarySchema,
  type DealerLocation,
  type NearestAnswer,
  type ReviewSummary,
} from '../../contract';
import { useLocationsFirstPaint, type LocationsFirstPaintData } from '../first-paint';

export type Loaded<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed' };

function loaded<A, T>(read: ApiRead<A>, pick: (answer: A) => T): Loaded<T> {
  if (read.status === 'ready') return { status: 'ready', value: pick(read.data) };
  return read.status === 'loading' ? read : { status: 'failed' };
}

/**
 * The site's locations are one answer per page however many blocks, cards and fragments show
 * them, and whichever team's (the page's answers are shared-config's). The locations a first
 * paint inlined are that answer: a fragment that mounts before the app on a first-painted page
 * (the footer's review summary) reads them rather than asking again.
 */
function takeInlinedLocations(): void {
  const inlined = takeFirstPaintData<LocationsFirstPaintData>('mf-locations')?.locations;
  if (inlined) rememberSiteLocations(inlined);
}

/** The site's locations the app started from (the server's first paint): every later read on the page shares them. */
export function rememberSiteLocations(locations: DealerLocation[]): void {
  provideApiAnswer(LOCATIONS_PATH, { locations });
}

/** The site's locations (`GET /api/locations/locations`); rejects when they cannot be read. */
export async function fetchSiteLocations(): Promise<DealerLocation[]> {
  takeInlinedLocations();
  const answer = await apiRead(LOCATIONS_PATH, locationsAnswerSchema, { team: 'mf-locations' });
  if (answer.status !== 'ready') throw new Error(`${LOCATIONS_PATH}: ${answer.status}`);
  return answer.data.locations;
}

export function useSiteLocations(): Loaded<DealerLocation[]> {
  const first = useLocationsFirstPaint();
  // Once, before the read below subscribes, for a component outside the first paint's render (a
  // fragment): locations the page was painted with are its answer, not asked for.
  useState(() => {
    if (!first) takeInlinedLocations();
  });
  const read = useApiRead(
    'mf-locations',
    LOCATIONS_PATH,
    locationsAnswerSchema,
    first ? { initial: { locations: first.locations } } : {},
  );
  return loaded(read, (answer) => answer.locations);
}

/** A dealership's review summary; null when the site shows no reviews for it (404). */
export function useReviews(dealershipSlug: string | null): Loaded<ReviewSummary | null> {
  const first = useLocationsFirstPaint()?.reviews;
  const known =
    dealershipSlug !== null && first && Object.hasOwn(first, dealershipSlug)
      ? (first[dealershipSlug] ?? null)
      : undefined;
  // The server's first paint found none for this dealership: that answer stands, as a found one does.
  const noneAtFirst = useRef(known === null ? dealershipSlug : null);
  if (noneAtFirst.current !== dealershipSlug) noneAtFirst.current = null;
  const none = noneAtFirst.current !== null;
  const read = useApiRead(
    'mf-locations',
    dealershipSlug === null || none ? null : reviewsPath(dealershipSlug),
    reviewSummarySchema,
    known ? { initial: known } : {},
  );
  if (none || read.status === 'missing') return { status: 'ready', value: null };
  return loaded(read, (summary) => summary);
}

/** The site's locations by distance from a postcode, or the server's text for a postcode it cannot place. */
export async function fetchNearest(
  postcode: string,
): Promise<{ ok: true; answer: NearestAnswer } | { ok: false; error: string }> {
  const answer = await apiRead(nearestPath(postcode), nearestAnswerSchema, { keep: false, team: 'mf-locations' });
  if (answer.status === 'ready') return { ok: true, answer: answer.data };
  // 400 names the field ('postcode: ...'); the shopper sees the message alone.
  const error =
    answer.status === 'failed' && answer.message ? answer.message.replace(/^postcode: /, '') : 'Invalid postcode';
  return { ok: false, error };
}
