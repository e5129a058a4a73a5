import type { Router, UiState } from 'instantsearch.js';
import { fromQueryString, searchStateToUi, toQueryString, uiToSearchState } from './routing';

type IndexUiState = UiState[string];
type RouteState = Record<string, IndexUiState>;

/**
 * InstantSearch's router for the address bar, written here rather than taken from
 * `instantsearch.js/es/lib/routers/history` because of the shell: single-spa answers every
 * `pushState` with a synthetic `popstate` (marked `singleSpa`) so that other routers hear of it.
 * The stock router takes that event for a back/forward and then skips the shopper's next change,
 * so a second filter never reached the address bar. This one listens only to real history moves.
 *
 * The state of the one index is written as the spec's parameters (see routing.ts); the path
 * (which carries the route's scope, e.g. /search/used-cars) is kept as it is.
 */
export function addressRouter(indexName: string, win: Window = window): Router<RouteState> {
  let onPopState: ((event: PopStateEvent) => void) | undefined;
  let disposed = false;
  // The page this search belongs to. When the shopper follows a link away, InstantSearch tears
  // its widgets down and reports an emptied state; that must not be written over the new page's
  // address (it once turned /sign-in?type=watchlist&... into a bare /sign-in).
  const ownPath = win.location.pathname;
  const urlOf = (route: RouteState) => `${win.location.pathname}${toQueryString(uiToSearchState(route[indexName]))}`;
  const read = (): RouteState => ({ [indexName]: searchStateToUi(fromQueryString(win.location.search)) });
  return {
    $$type: 'forecourt.address',
    read,
    write(route) {
      if (disposed || win.location.pathname !== ownPath) return;
      const url = urlOf(route);
      if (url !== `${win.location.pathname}${win.location.search}`) win.history.pushState(null, '', url);
    },
    createURL: urlOf,
    onUpdate(callback) {
      onPopState = (event) => {
        if ((event as PopStateEvent & { singleSpa?: boolean }).singleSpa) return;
        callback(read());
      };
      win.addEventListener('popstate', onPopState);
    },
    dispose() {
      disposed = true;
      if (onPopState) win.removeEventListener('popstate', onPopState);
      onPopState = undefined;
    },
  };
}
