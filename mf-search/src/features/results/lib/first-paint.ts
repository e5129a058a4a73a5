import { takeFirstPaintData } from '@forecourt/shared-config';
import { createContext, useContext, useState } from 'react';
import type { InstantSearchServerState } from 'react-instantsearch-core';
import type { PromoCardData } from '../../../../server';

/** What the server renders the results' first paint from, and what it inlines for this app. */
export interface SearchFirstPaintData {
  serverState: InstantSearchServerState;
  promos: PromoCardData[];
}

/**
 * Set only while the server renders a first paint (mf-search/server/first-paint.tsx): the
 * search client, the address and the promo nodes that the browser takes from `window` and from
 * its own requests.
 */
export interface SearchServerContextValue {
  searchClient: unknown;
  url: URL;
  promos: PromoCardData[];
  /** The answers to render with (the second pass); absent while InstantSearch collects the queries. */
  serverState?: InstantSearchServerState;
}

export const SearchServerContext = createContext<SearchServerContextValue | null>(null);

export function useSearchServer(): SearchServerContextValue | null {
  return useContext(SearchServerContext);
}

/** In the browser: the server's first-paint data for this page, taken once, on the first render. */
export function useFirstPaintData(): SearchFirstPaintData | undefined {
  const server = useSearchServer();
  const [data] = useState(() => (server ? undefined : takeFirstPaintData<SearchFirstPaintData>('mf-search')));
  return data;
}
