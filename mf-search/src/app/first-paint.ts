import { takeFirstPaintData } from '@forecourt/shared-config';
import { createContext, useContext, useState } from 'react';
import type { InstantSearchServerState } from 'react-instantsearch-core';
import type { PromoCardData, SlideData } from '../contract';

/** The quick finder's first answer: the count and the lists for no choice yet. */
export interface QuickFinderAnswer {
  count: number;
  makes: string[];
  bodies: string[];
}

/** What the server renders a page's first paint from, and inlines for the app to render the same. */
export type SearchFirstPaintData =
  | { page: 'results'; serverState: InstantSearchServerState; promos: PromoCardData[] }
  | { page: 'home'; quickFinder: QuickFinderAnswer; slides: SlideData[] };

/**
 * Set only while the server renders a first paint (mf-search/server/first-paint.tsx): the
 * search client, the address and the answers that the browser takes from `window`, from its own
 * requests, or from the inlined data.
 */
export interface SearchServerContextValue {
  searchClient: unknown;
  url: URL;
  /** Results pages: the answers to render with (absent while InstantSearch collects the queries). */
  data?: SearchFirstPaintData;
}

export const SearchServerContext = createContext<SearchServerContextValue | null>(null);

export function useSearchServer(): SearchServerContextValue | null {
  return useContext(SearchServerContext);
}

/**
 * The first-paint data of `page`: on the server, what it renders with; in the browser, what the
 * server inlined for this address (see takeFirstPaintData), read on the first render.
 */
export function useFirstPaintData<P extends SearchFirstPaintData['page']>(
  page: P,
): Extract<SearchFirstPaintData, { page: P }> | undefined {
  const server = useSearchServer();
  const [browser] = useState(() => (server ? undefined : takeFirstPaintData<SearchFirstPaintData>('mf-search')));
  const data = server ? server.data : browser;
  return data?.page === page ? (data as Extract<SearchFirstPaintData, { page: P }>) : undefined;
}
