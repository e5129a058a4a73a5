/**
 * The first paint of a search results page (see shared-config's runtime/first-paint.ts): the
 * server runs the page's first queries and renders the same components the app renders, so the
 * heading, filters and first cards are in the HTML and the first row's images start loading with
 * it. The app then renders from the same answers (InstantSearch's initial results) without
 * asking again, and replaces this HTML in one commit.
 */
import { AppFrame } from '@forecourt/shared-config';
import type { FirstPaint, FirstPaintRequest } from '@forecourt/shared-config/server';
import { staticRenderer } from '@forecourt/shared-config/server/render';
import { getServerState, type InstantSearchServerState } from 'react-instantsearch-core';
import packageJson from '../package.json';
import { Results } from '../src/features/results/components/results';
import { SearchServerContext, type SearchFirstPaintData } from '../src/features/results/lib/first-paint';
import { createSearchClient } from '../src/features/results/lib/search-client';
import { SearchPage } from '../src/features/search-page/components/search-page';
import type { SearchPorts } from './index';
import { promoCards } from './promos';

/** The app's routes.json: '/' is the home page, every other path it owns is a search page. */
const isSearchPage = (pathname: string) => pathname !== '/';

export async function renderSearchFirstPaint(input: FirstPaintRequest, ports: SearchPorts): Promise<FirstPaint | null> {
  const url = new URL(input.url, 'http://first-paint.invalid');
  // Without search access the page shows its own notice at once; nothing to run ahead of it.
  if (!isSearchPage(url.pathname) || !input.search) return null;
  const searchClient = createSearchClient(input.search, { host: input.request.host, protocol: `${input.request.protocol}:` }, ports.searchRequester);
  const promos = promoCards(await ports.promoNodes(input.request));
  const render = staticRenderer({ tenant: input.tenant, search: input.search, url: `${url.pathname}${url.search}` });
  const page = (serverState?: InstantSearchServerState) => (
    <SearchServerContext.Provider value={{ searchClient, url, promos, serverState }}>
      <AppFrame team="mf-search" version={packageJson.version}>
        <SearchPage Results={Results} />
      </AppFrame>
    </SearchServerContext.Provider>
  );
  // Renders once to learn the widgets' queries and runs them; then renders with the answers.
  const serverState = await getServerState(page(), { renderToString: render });
  const html = render(page(serverState));
  const data: SearchFirstPaintData = { serverState, promos };
  return { html, data };
}
