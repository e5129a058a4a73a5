/**
 * The first paint of mf-search's pages (see shared-config's runtime/first-paint.ts): the server
 * asks the search service what the page's first render needs and renders the same components the
 * app renders, so the page is in the HTML and the first row's images start loading with it. The
 * app then renders from the same answers (inlined as data) without asking again, and replaces
 * this HTML in one commit.
 * - Results pages: InstantSearch's own server rendering (getServerState runs the widgets'
 *   queries), plus the site's promo nodes.
 * - The home page: the site's slides (the first slide's picture is the page's largest paint: in
 *   the HTML, the browser fetches it at once instead of after the app asked for the slides) and
 *   the quick finder's first count and lists. The other teams' fragments on it load in the
 *   browser, as they do after a navigation.
 * - The garage (`/my-garage` and the site's branded one), always signed in: its frame, words and
 *   section headings for the session's shopper (the page's largest paint is its heading and
 *   words). The saved cars are painted loading, as the app's first render shows them, and load
 *   in the browser; so do the other teams' fragments. No data: nothing to inline.
 */
import { AppFrame } from '@forecourt/shared-config';
import type { FirstPaint, FirstPaintRequest } from '@forecourt/shared-config/server';
import { accessShape, staticRenderer } from '@forecourt/shared-config/server/render';
import type { ReactNode } from 'react';
import { getServerState } from 'react-instantsearch-core';
import { SearchServerContext, type SearchFirstPaintData } from '../src/app/first-paint';
import { HomePage } from '../src/features/home/components/home-page';
import { quickFinderAnswer } from '../src/features/home/lib/quick-finder-answer';
import { Results } from '../src/features/results/components/results';
import { createSearchClient } from '../src/features/results/lib/search-client';
import { GaragePage } from '../src/features/saved-cars/components/saved-pages';
import { SearchPage } from '../src/features/search-page/components/search-page';
import type { SearchPorts } from './ports';
import { promoCards } from './promos';
import { contextKey, serverStateFor } from './server-state';

/** routes.json's results pages: every search address and the special offers. */
function isResultsPath(pathname: string): boolean {
  return (
    pathname === '/search' ||
    pathname.startsWith('/search/') ||
    pathname.startsWith('/used-car/') ||
    pathname === '/special-offers'
  );
}

export async function renderSearchFirstPaint(input: FirstPaintRequest, ports: SearchPorts): Promise<FirstPaint | null> {
  // Without search access the pages show their own notice at once; nothing to run ahead of it.
  if (!input.search) return null;
  const access = input.search;
  const url = new URL(input.url, 'http://first-paint.invalid');
  const searchClient = createSearchClient(
    access,
    { host: input.request.host, protocol: `${input.request.protocol}:` },
    ports.searchRequester,
  );
  const render = staticRenderer({
    tenant: input.tenant,
    search: access,
    url: `${url.pathname}${url.search}`,
    session: input.session,
  });
  const inApp = (content: ReactNode, data?: SearchFirstPaintData, client = searchClient) => (
    <SearchServerContext.Provider value={{ searchClient: client, url, ...(data ? { data } : {}) }}>
      <AppFrame team="mf-search" version={input.version}>
        {content}
      </AppFrame>
    </SearchServerContext.Provider>
  );

  // routes.json: '/' is the home page.
  if (url.pathname === '/') {
    const [quickFinder, slides] = await Promise.all([
      quickFinderAnswer(searchClient, access.indexName, {}),
      ports.slides(input.request),
    ]);
    const data: SearchFirstPaintData = { page: 'home', quickFinder, slides: slides ?? [] };
    return {
      html: render(inApp(<HomePage />, data), {
        version: input.version,
        host: input.request.host,
        protocol: input.request.protocol,
        data,
      }),
      data,
    };
  }
  // routes.json's '/my-garage' and the site's branded garage (search-app.tsx). The app loads the
  // page's code when it is opened (lazy), which a server render cannot wait for: the page itself.
  if (url.pathname === '/my-garage' || url.pathname === input.tenant.garage) {
    const data = {};
    return { html: render(inApp(<GaragePage />), { version: input.version, data }), data };
  }
  // Results pages only: the model search is built in the browser for now, and favourites and the
  // comparison live in the shopper's browser (the chrome still comes first-painted).
  if (!isResultsPath(url.pathname)) return null;
  const promos = promoCards(await ports.promoNodes(input.request));
  const page = (data?: SearchFirstPaintData, client = searchClient) =>
    inApp(<SearchPage Results={Results} />, data, client);
  // The widgets' queries: learnt by rendering once (getServerState) the first time this page
  // context is asked for, then sent straight away (server-state.ts); then one render with the answers.
  const context = contextKey([
    input.version,
    input.tenant,
    accessShape(access),
    url.pathname,
    url.search,
    input.session ?? null,
  ]);
  const serverState = await serverStateFor(ports.serverStateTemplates, context, searchClient, (client) =>
    getServerState(page(undefined, client), { renderToString: render }),
  );
  const data: SearchFirstPaintData = { page: 'results', serverState, promos };
  // The second render is cached by its answers (the first must run: it is what asks).
  return {
    html: render(page(data), {
      version: input.version,
      host: input.request.host,
      protocol: input.request.protocol,
      data,
    }),
    data,
  };
}
