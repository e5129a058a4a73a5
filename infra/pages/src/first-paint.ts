import os from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { FirstPaint } from '@forecourt/shared-config/server';
import type { RenderCache } from '@forecourt/shared-config/server/render';
import { renderShellFirstPaint, SHELL_SERVER_VERSION } from '@forecourt/shell/server';
import type { Config } from '@forecourt/config/load';
import type { ComposedPage, PageFirstPaint } from './page';

/**
 * The process's cache of first-paint renders (shared-config/server/render's RenderCache): 32 MB
 * of HTML, least recently used out first. Content-addressed, so every app a process builds (tests
 * build several) can share it.
 */
export const firstPaintRenderCache: RenderCache = newFirstPaintRenderCache();

/** A render cache as the process's (each first-paint render thread keeps one of its own). */
export function newFirstPaintRenderCache(): RenderCache {
  return new LRUCache<string, string>({
    maxSize: 32 * 1024 * 1024,
    // UTF-16 in memory: two bytes a character.
    sizeCalculation: (html, key) => (html.length + key.length) * 2,
  });
}

/**
 * The first-paint render threads (FORECOURT_FIRST_PAINT_THREADS; first-paint-pool.ts): unless
 * set, one fewer than the cores, at least one and at most four. On the request thread a search
 * page's render held every other request (twenty new searches at once took another shopper's car
 * page past 200 ms); one thread on a 2-core machine halved that. More threads than cores less one
 * fought the request thread for the CPU (two threads on 2 cores: 281 ms), and each thread holds
 * React and every team's pages. A new thread's first renders are slow (its code cold), so the
 * server warms them before it counts as started (first-paint-warm.ts).
 */
export function firstPaintThreads(config: Pick<Config, 'FORECOURT_FIRST_PAINT_THREADS'>): number {
  return config.FORECOURT_FIRST_PAINT_THREADS ?? Math.min(4, Math.max(1, os.availableParallelism() - 1));
}

export function withinBudget<T>(work: Promise<T>, ms: number): Promise<T | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * The first paint of a page (see shared-config's runtime/first-paint.ts): the shell's chrome, and
 * in the route's slot the owning team's own first paint when its server half renders that page.
 * Each part only when the tenant's pinned build was made from the sources the server half
 * renders like (otherwise the hand-over would change the layout): its version, or the version of
 * its sources where it was published under another (the demo's earlier pin of mf-search is the
 * same sources published as 1.0.0, so Redgum's pages are painted first too). The renderer is told
 * the version the page's build carries, which its version mark shows. A tenant pinned to a build
 * of other sources gets the page as the browser builds it. A renderer that fails or is late costs the page
 * its app part, never the page.
 *
 * The app's part waits FORECOURT_FIRST_PAINT_BUDGET_MS (300 ms) at most: longer, and the page
 * goes without it (the chrome still comes), since the first paint is there to make the page
 * faster, never slower. The search page's takes about 15 ms here. The e2e site sets a generous
 * budget, so that on a busy test machine each journey meets the page it was written for (the path
 * without a first paint has journeys of its own, on the tenant pinned to another mf-search build).
 */
/**
 * First paints rendering now, per app (a test may run several apps in one process), and per team
 * when they render on threads (each team's lane of the pool), else all teams together.
 */
const rendering = new WeakMap<FastifyInstance, Map<string, { count: number }>>();

export async function composeFirstPaint(
  fastify: FastifyInstance,
  request: FastifyRequest,
  page: ComposedPage,
  url: string,
): Promise<PageFirstPaint | undefined> {
  if (page.boot.shellVersion !== SHELL_SERVER_VERSION) return undefined;
  const owner = page.owner;
  const renderer = owner ? fastify.firstPaints?.get(owner.team) : undefined;
  let app: FirstPaint | null = null;
  // On the request thread a render's React work blocks every other request (a search page with
  // new filters is 60 to 70 ms), so an instance renders at most FORECOURT_FIRST_PAINT_CONCURRENCY
  // at once: twenty such pages at once stalled health and every other shopper's page for a
  // second. On render threads that many per team, rendering or waiting for a thread, so one
  // team's pages never take the places of another's. A page asked past them goes without its
  // app's first paint, which the browser builds.
  const counts = rendering.get(fastify) ?? new Map<string, { count: number }>();
  rendering.set(fastify, counts);
  const lane = firstPaintThreads(fastify.config) > 0 && owner ? owner.team : '';
  const inFlight = counts.get(lane) ?? { count: 0 };
  counts.set(lane, inFlight);
  const busy = inFlight.count >= fastify.config.FORECOURT_FIRST_PAINT_CONCURRENCY;
  if (busy && owner && renderer)
    request.log.debug(
      { team: owner.team, rendering: inFlight.count },
      'first paints at their limit; page sent without it',
    );
  if (!busy && owner && renderer && renderer.version === (page.ownerSourceVersion ?? owner.version)) {
    const budgetMs = fastify.config.FORECOURT_FIRST_PAINT_BUDGET_MS;
    const started = performance.now();
    inFlight.count += 1;
    try {
      const result = await withinBudget(
        renderer.render({
          request,
          tenant: page.boot.tenant,
          url,
          version: owner.version,
          search: page.boot.search ?? null,
          session: page.boot.session ? { status: 'signed-in', user: page.boot.session } : { status: 'signed-out' },
        }),
        budgetMs,
      );
      if (result === 'late')
        request.log.warn({ team: owner.team, budgetMs }, 'first paint over budget; page sent without it');
      else app = result;
    } catch (error) {
      request.log.error({ err: error, team: owner.team }, 'first paint failed; page sent without it');
    } finally {
      inFlight.count -= 1;
    }
    request.log.debug({ team: owner.team, ms: Math.round(performance.now() - started) }, 'first paint');
  }
  const rootHtml = renderShellFirstPaint({
    boot: page.boot,
    url,
    routeOwned: Boolean(owner),
    ...(owner && app ? { app: { team: owner.team, html: app.html } } : {}),
  });
  return { rootHtml, ...(owner && app ? { app: { team: owner.team, url, data: app.data } } : {}) };
}
