import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FirstPaint } from '@forecourt/shared-config/server';
import { renderShellFirstPaint, SHELL_SERVER_VERSION } from '../../../shell/server';
import type { ComposedPage, PageFirstPaint } from './page';

/**
 * How long a page waits for its app's first paint (the team's first queries and render). Longer,
 * and the page goes without the app's part (the chrome still comes): the first paint is there to
 * make the page faster, never slower. The search page's takes about 15 ms here.
 * `FORECOURT_FIRST_PAINT_BUDGET_MS` changes it: the e2e site sets a generous one, so that on a
 * busy test machine each journey meets the page it was written for (the path without a first
 * paint has journeys of its own, on the tenant pinned to another mf-search build).
 */
export const FIRST_PAINT_BUDGET_MS = budgetFromEnvironment(process.env['FORECOURT_FIRST_PAINT_BUDGET_MS']);

function budgetFromEnvironment(value: string | undefined): number {
  if (value === undefined || value === '') return 300;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms <= 0) throw new Error(`FORECOURT_FIRST_PAINT_BUDGET_MS must be a whole number of milliseconds above 0, got "${value}"`);
  return ms;
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
 * Each part only when the tenant's pinned build is the version the server half renders like
 * (otherwise the hand-over would change the layout), so a tenant pinned to another version gets
 * the page as the browser builds it, as before. A renderer that fails or is late costs the page
 * its app part, never the page.
 */
export async function composeFirstPaint(fastify: FastifyInstance, request: FastifyRequest, page: ComposedPage, url: string): Promise<PageFirstPaint | undefined> {
  if (page.boot.shellVersion !== SHELL_SERVER_VERSION) return undefined;
  const owner = page.owner;
  const renderer = owner ? fastify.firstPaints?.get(owner.team) : undefined;
  let app: FirstPaint | null = null;
  if (owner && renderer && renderer.version === owner.version) {
    const started = performance.now();
    try {
      const result = await withinBudget(renderer.render({ request, tenant: page.boot.tenant, url, search: page.boot.search ?? null, session: page.boot.session ? { status: 'signed-in', user: page.boot.session } : { status: 'signed-out' } }), FIRST_PAINT_BUDGET_MS);
      if (result === 'late') request.log.warn({ team: owner.team, budgetMs: FIRST_PAINT_BUDGET_MS }, 'first paint over budget; page sent without it');
      else app = result;
    } catch (error) {
      request.log.error({ err: error, team: owner.team }, 'first paint failed; page sent without it');
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
