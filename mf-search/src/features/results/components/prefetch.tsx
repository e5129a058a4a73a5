import { renderToString } from 'react-dom/server';
import { getServerState } from 'react-instantsearch-core';
import { SearchServerContext } from '../../../app/first-paint';
import { fetchPromos } from '../api/promos';
import type { createSearchClient } from '../lib/search-client';
import { prefetchOnce } from '../lib/prefetched';
import { Results } from './results';

/**
 * Fetches a results address's answers ahead (lib/prefetched.ts): the page's own widgets, rendered
 * once off screen by InstantSearch's getServerState (as the server does for a first paint), ask
 * their queries with the page's client, and the answers and the site's promo nodes are kept for
 * the page. Loaded when the shopper points at or focuses the 'Show Me N Cars' link, with the
 * results page's code, so neither is on the home page's first load.
 */
export function prefetchResults(href: string, client: ReturnType<typeof createSearchClient>): Promise<boolean> {
  const url = new URL(href, window.location.origin);
  return prefetchOnce(`${url.pathname}${url.search}`, async () => {
    const [serverState, promos] = await Promise.all([
      getServerState(
        <SearchServerContext.Provider value={{ searchClient: client, url }}>
          <Results pathname={url.pathname} heading="" />
        </SearchServerContext.Provider>,
        { renderToString },
      ),
      fetchPromos(),
    ]);
    return { serverState, promos };
  });
}
