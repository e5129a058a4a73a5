import type { FastifyInstance } from 'fastify';
import { queryPageThreads, RENDERS_PER_THREAD } from './first-paint-pool';
/** Pages of one site at most: one of each kind of page its sitemap lists, and a search with filters. */
const MOST_PAGES = 16;

/**
 * Warms the first-paint render threads before the instance counts as started: a new thread's
 * first render of a team's page compiles that team's code and fills its caches, about a second
 * for a search page on a 2-core machine, past the 300 ms a page waits for its first paint. So the
 * first shoppers after every start or deploy got pages without it. Each thread renders each kind
 * of page once here instead: the first site's pages, as its sitemap lists them (one address of
 * each first path segment: a car, a location, the finance page, content pages, ...) and a search
 * page with a filter (it renders on the threads for pages with a query), each asked once per
 * render place at the same time, so every thread gets one. The pages are real requests from this machine, answered and thrown away.
 */
export async function warmFirstPaints(
  app: FastifyInstance,
  threads: number,
): Promise<{ pages: string[]; statuses: number[]; ms: number }> {
  const started = performance.now();
  const tenant = app.tenants.all[0];
  if (!tenant || threads === 0) return { pages: [], statuses: [], ms: 0 };
  const headers = { 'x-forecourt-tenant': tenant.slug };
  const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml', headers });
  const bySegment = new Map<string, string>();
  for (const [, loc] of sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const path = new URL(loc!.replace(/&amp;/g, '&')).pathname;
    const segment = path.split('/')[1] ?? '';
    if (!bySegment.has(segment)) bySegment.set(segment, path);
  }
  const search = [...bySegment.values()].find((path) => path.startsWith('/search/'));
  const pages = [...bySegment.values(), ...(search ? [`${search}?price=:1000000`] : [])].slice(0, MOST_PAGES);
  const statuses: number[] = [];
  for (const url of pages) {
    const places = (url.includes('?') ? queryPageThreads(threads) : threads) * RENDERS_PER_THREAD;
    const answers = await Promise.all(
      Array.from({ length: places }, () => app.inject({ method: 'GET', url, headers })),
    );
    statuses.push(...answers.map((answer) => answer.statusCode));
  }
  return { pages, statuses, ms: performance.now() - started };
}
