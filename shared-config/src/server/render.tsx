/**
 * Server rendering for the first paint (see runtime/first-paint.ts): a team's server half renders
 * the same components its app renders, with the page's tenant and search access in the store,
 * the request's address in the router, and its own emotion cache, so the styles come inline with
 * the HTML. Node only; no page downloads this.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { SearchAccess } from '../runtime/manifest';
import { ForecourtProvider } from '../runtime/react';
import { forecourtStore, searchAccessAtom, sessionAtom, tenantAtom, type Session } from '../runtime/store';
import type { PublicTenantConfig } from '../tenant/schema';

export interface StaticRenderContext {
  tenant: PublicTenantConfig;
  search: SearchAccess | null;
  /** The page's path and query, e.g. '/search/used-cars?make=Toyota'. */
  url: string;
  /** Who is signed in (default: nobody). */
  session?: Session;
}

/**
 * A `renderToString` for one page: every call renders `element` inside the page's providers.
 *
 * The store is the page's one jotai store (components read it directly, as in the browser). On
 * the server it is shared by every request, so the tenant and search access are set right before
 * each synchronous render: no other request can run in between, and none sees another's tenant.
 */
export function staticRenderer(context: StaticRenderContext): (element: ReactElement) => string {
  return (element) => {
    forecourtStore.set(tenantAtom, context.tenant);
    forecourtStore.set(searchAccessAtom, context.search);
    forecourtStore.set(sessionAtom, context.session ?? { status: 'signed-out' });
    // A cache per render: emotion then writes each rule's <style> next to the HTML that uses it,
    // and the browser's cache adopts those styles (same class names) when it starts.
    const cache = createCache({ key: 'css' });
    return renderToString(
      <CacheProvider value={cache}>
        <ForecourtProvider>
          <StaticRouter location={context.url}>{element}</StaticRouter>
        </ForecourtProvider>
      </CacheProvider>,
    );
  };
}
