import type { InstantSearchServerState } from 'react-instantsearch-core';
import type { PromoCardData } from '../../../contract';

/**
 * Results fetched ahead of a click (spec §2: the 'Show Me N Cars' button "navigates to the results
 * URL built from the current filters and prefetches it"): the answers a results address renders
 * from, in InstantSearch's server-state shape, so the page shows them on its first render as it
 * does the server's first paint. Kept by address (path and query), taken once.
 *
 * Not in the spec: how long an answer fetched ahead stays good. A shopper who points at the button
 * and clicks within a minute sees it; later the page asks again, as stock changes.
 */
export const PREFETCH_FRESH_MS = 60_000;
/** Addresses kept at once (the shopper may point at the button after each of several choices). */
const KEPT = 5;

export interface PrefetchedResults {
  serverState: InstantSearchServerState;
  promos: PromoCardData[];
}

interface Entry {
  at: number;
  /** Whether the answers arrived. */
  ready: Promise<boolean>;
  value: PrefetchedResults | null;
}

const entries = new Map<string, Entry>();

/** Starts (once per fresh address) fetching `address`'s answers with `load`; tells whether they arrived. */
export function prefetchOnce(
  address: string,
  load: () => Promise<PrefetchedResults>,
  now = Date.now(),
): Promise<boolean> {
  const known = entries.get(address);
  if (known && now - known.at < PREFETCH_FRESH_MS) return known.ready;
  const entry: Entry = { at: now, value: null, ready: Promise.resolve(false) };
  entry.ready = load().then(
    (value) => {
      entry.value = value;
      return true;
    },
    (error: unknown) => {
      // The page asks for itself when it opens: a failed fetch ahead costs nothing but the wait.
      console.warn('[mf-search] results could not be fetched ahead', error);
      if (entries.get(address) === entry) entries.delete(address);
      return false;
    },
  );
  entries.delete(address);
  entries.set(address, entry);
  while (entries.size > KEPT) entries.delete(entries.keys().next().value as string);
  return entry.ready;
}

/** The answers fetched ahead for `address`, if they have arrived and are fresh; each is taken once. */
export function takePrefetched(address: string, now = Date.now()): PrefetchedResults | undefined {
  const entry = entries.get(address);
  if (!entry?.value || now - entry.at >= PREFETCH_FRESH_MS) return undefined;
  entries.delete(address);
  return entry.value;
}
