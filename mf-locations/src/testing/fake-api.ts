import { forgetApiReads } from '@forecourt/shared-config';
import { act } from '@testing-library/react';
import type { DealerLocation, ReviewSummary } from '../contract';
import { fetchSiteLocations } from '../lib/api/locations';

const realFetch = globalThis.fetch;

/**
 * For component tests: the API's answers, given here (a component test has no server). jsdom
 * has no Response, so the answer's shape as the components read it: ok, status, json().
 */
export function answerApi({
  locations = [],
  reviews = null,
}: {
  locations?: DealerLocation[];
  reviews?: ReviewSummary | null;
}): void {
  // A new page: nothing an earlier answer gave is kept.
  forgetApiReads();
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.startsWith('/api/locations/locations')) return { ok: true, status: 200, json: async () => ({ locations }) };
    if (url.startsWith('/api/locations/reviews/') && reviews)
      return { ok: true, status: 200, json: async () => reviews };
    return { ok: false, status: 404, json: async () => ({ error: 'not here' }) };
  }) as unknown as typeof fetch;
}

/**
 * Until the site's locations are in, a block may show the same as after (nothing, or the site's
 * own details): wait for the blocks' shared load to settle, and for the page to draw its answer.
 */
export async function locationsLoaded(): Promise<void> {
  await act(async () => {
    await fetchSiteLocations().catch(() => undefined);
  });
}

export function restoreFetch(): void {
  globalThis.fetch = realFetch;
  forgetApiReads();
}
