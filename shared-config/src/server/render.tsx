/**
 * Server rendering for the first paint (see runtime/first-paint.ts): a team's server half renders
 * the same components its app renders, with the page's tenant and search access in the store,
 * the request's address in the router, and its own emotion cache, so the styles come inline with
 * the HTML. Node only; no page downloads this.
 */
import { createHash } from 'node:crypto';
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

/** Where rendered HTML is kept between requests: the platform gives one (bounded in bytes). */
export interface RenderCache {
  get(key: string): string | undefined;
  set(key: string, html: string): void;
}

/**
 * Rendered HTML by a digest of everything it was rendered from (see `staticRenderer`'s `inputs`).
 * A page's server render is most of what a page request costs (a third of a web instance's CPU
 * under the cluster's load), and most requests render what an earlier one already rendered: the
 * same car, the same search answers. Keyed by content, not by address, an entry is never stale:
 * a changed car or answer is a different key, and old keys age out. The platform sets the cache
 * (infra: an lru-cache bounded in bytes, one per process, as it is only ever a shortcut to what
 * the process can render itself); without one every call renders.
 */
let rendered: RenderCache | null = null;

export function setRenderCache(cache: RenderCache | null): void {
  rendered = cache;
}

/** How many renders `staticRenderer` took from its cache and how many it made (for /metrics and tests). */
export const renderCacheStats = { hits: 0, renders: 0 };

/**
 * Search access less its keys: what pages can differ by. The secured keys change every second
 * (each carries its expiry) and no component writes them into HTML (the page's boot data carries
 * them, outside any render; render.test.tsx checks a results page), so keying on them would only
 * make every second's pages new ones.
 */
export function accessShape(access: SearchAccess | null): unknown {
  if (!access) return null;
  const { apiKey: _key, models, ...shape } = access;
  return { ...shape, models: models ? models.indexName : null };
}

function digest(context: StaticRenderContext, inputs: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([context.tenant, accessShape(context.search), context.url, context.session ?? null, inputs]))
    .digest('base64url');
}

export type StaticRender = (element: ReactElement, inputs?: unknown) => string;

/**
 * A `renderToString` for one page: every call renders `element` inside the page's providers.
 *
 * `inputs`, when given, is every value besides the context (tenant, search access, address,
 * session) that the element's HTML depends on, as JSON: the team's version, the data the page was
 * rendered from. The HTML is then reused for any later call with the same context and inputs.
 * Leave it out for an element that reads anything else (a clock, a random id, a request).
 *
 * The store is the page's one jotai store (components read it directly, as in the browser). On
 * the server it is shared by every request, so the tenant and search access are set right before
 * each synchronous render: no other request can run in between, and none sees another's tenant.
 */
export function staticRenderer(context: StaticRenderContext): StaticRender {
  return (element, inputs) => {
    const key = inputs === undefined || rendered === null ? null : digest(context, inputs);
    const cached = key === null ? undefined : rendered?.get(key);
    if (cached !== undefined) {
      renderCacheStats.hits += 1;
      return cached;
    }
    renderCacheStats.renders += 1;
    const html = renderOnce(context, element);
    if (key !== null) rendered?.set(key, html);
    return html;
  };
}

function renderOnce(context: StaticRenderContext, element: ReactElement): string {
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
}
