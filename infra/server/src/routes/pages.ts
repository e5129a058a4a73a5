import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { gateOf } from '@forecourt/shared-config/gated-routes';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import { paths } from '@forecourt/shared-config/paths';
import { canariesForTenant, effectivePins, pinsForTenant } from '@forecourt/data/pins';
import { earnedVersions } from '@forecourt/data/version-health';
import { withEarnedLastGood } from '@forecourt/releases/pins/last-good';
import {
  isShopperId,
  newShopperId,
  SHOPPER_COOKIE,
  SHOPPER_COOKIE_MAX_AGE_SECONDS,
} from '@forecourt/releases/pins/canary';
import { requestOrigin, type PageHead } from '@forecourt/shared-config/server';
import { composeFirstPaint, withinBudget } from '@forecourt/pages/first-paint';
import { overrideCspSources } from '@forecourt/pages/override';
import {
  composePage,
  failurePolicyFromConfig,
  pinsForShopper,
  renderPage,
  renderPlainPage,
  type ComposedPage,
} from '@forecourt/pages/page';
import { QueryPageGate, requestThreadLoad } from '@forecourt/pages/query-page-gate';
import { extendContentSecurityPolicy } from '@forecourt/pages/security';
import { OVERRIDE_PATHS } from './overrides';

/** Paths that belong to the platform, never to a page, even when nothing there matched. */
const RESERVED = /^\/(api|registry|_admin|media|1)(\/|$)/;

/**
 * The path as the page's routers read it, for deciding a gate: percent-escapes decoded (the
 * shell's route matching decodes each segment), '.' and '..' segments resolved, repeated slashes
 * folded (empty segments do not count) and letters in lower case (a remote's router matches
 * without regard to case). Deciding on the raw path let `/cars/x/%63heckout` through. An escape
 * that is not valid UTF-8 is left as it is, after its ASCII escapes are decoded.
 */
function gatePathOf(pathname: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    decoded = pathname.replace(/%([0-7][0-9a-f])/gi, (_escape, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  // A decoded '?' or '#' stays part of the path, as the router reads it.
  // Tabs and line breaks go first, as the URL parser drops them: '/%0d%0a/x' would otherwise
  // become '//x' after the slashes collapse, which the parser reads as a host.
  const path = decoded
    .replace(/[\t\n\r]/g, '')
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/')
    .replace(/\?/g, '%3F')
    .replace(/#/g, '%23');
  let resolved: string;
  try {
    resolved = new URL(path, 'http://page.invalid').pathname;
  } catch {
    // Whatever else the parser refuses is no page's path: compared as it is, it matches no gate it should not.
    resolved = path;
  }
  return resolved.replace(/\/{2,}/g, '/').toLowerCase();
}

/** The path of a referring page on this same site, or null (another site, or none). */
function sameSitePath(referer: string | undefined, host: string): string | null {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return url.host === host ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

/**
 * Every other GET is a page of the tenant's site: the shell's HTML with the tenant's manifest.
 * Pins are read per request, so a pin change shows on the next page load without a restart.
 */
export default fp(
  async (fastify) => {
    const failurePolicy = failurePolicyFromConfig(fastify.config);
    /** Pages composed with a developer override, and the entries their policy must allow. */
    const overrideEntries = new WeakMap<object, string[]>();
    // A route hook runs after the site-wide one that sets the policy (security-headers), so the
    // override's dev-server origin is added to that page's policy only.
    const onSend = async (request: FastifyRequest, reply: FastifyReply) => {
      const entries = overrideEntries.get(request);
      const csp = reply.getHeader('content-security-policy');
      if (entries && typeof csp === 'string')
        reply.header('content-security-policy', extendContentSecurityPolicy(csp, overrideCspSources(entries)));
    };
    // A page with a query (a search page's filters, sort and page) is a new render every time: each
    // address gets them at a pace, and the instance renders a few at once (query-page-gate.ts). A
    // path alone names one of a site's finite pages, which the render caches hold.
    const load = requestThreadLoad();
    fastify.addHook('onClose', async () => load.stop());
    const queryPages = new QueryPageGate({
      perSecond: fastify.config.FORECOURT_QUERY_PAGES_PER_SECOND,
      burst: fastify.config.FORECOURT_QUERY_PAGES_BURST,
      atOnce: fastify.config.FORECOURT_QUERY_PAGES_AT_ONCE,
      maxWaitMs: fastify.config.FORECOURT_QUERY_PAGES_MAX_WAIT_MS,
      busy: () => load.current() > fastify.config.FORECOURT_QUERY_PAGES_MAX_LOAD,
    });
    fastify.get('/*', { onSend }, async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (RESERVED.test(pathname)) return reply.code(404).send({ error: `No route for GET ${pathname}` });
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');

      const tenant = request.tenant;
      if (!tenant) {
        return reply
          .code(404)
          .send(
            renderPlainPage(
              'No dealer site at this address',
              'This address does not belong to a dealer site on Forecourt. Check the address you were given; dealer sites are reached by their own host name.',
            ),
          );
      }
      if (!request.url.includes('?')) return sitePage(request, reply, tenant);
      const turn = await queryPages.enter(request.ip);
      if (!turn.admitted) {
        request.log.warn(
          { reason: turn.reason },
          'page with a query refused: %s',
          turn.reason === 'address' ? 'its address asked too often' : 'the instance is rendering all it can',
        );
        return reply
          .code(turn.reason === 'address' ? 429 : 503)
          .header('retry-after', String(turn.retryAfterSeconds))
          .send(
            turn.reason === 'address'
              ? renderPlainPage(
                  'Please slow down',
                  `Many search pages were asked from your connection in a short time. Try again in ${turn.retryAfterSeconds} ${turn.retryAfterSeconds === 1 ? 'second' : 'seconds'}.`,
                )
              : renderPlainPage(
                  'This site is very busy',
                  'Too many searches are being answered right now. Try again in a few seconds.',
                ),
          );
      }
      try {
        return await sitePage(request, reply, tenant);
      } finally {
        turn.release();
      }
    });

    /** The tenant's page at the request's path: the shell's HTML, composed as its pins say. */
    async function sitePage(request: FastifyRequest, reply: FastifyReply, tenant: TenantConfig) {
      const pathname = request.url.split('?')[0] ?? '/';

      // Spec: a signed-out visitor on a gated path is sent to sign in, and back here after.
      const gate = gateOf(gatePathOf(pathname), tenant.gatedRoutes);
      if (gate && !(await fastify.signedIn(request))) {
        const referrer = sameSitePath(request.headers.referer, request.host);
        return reply.redirect(paths.signIn(gate, request.url, referrer ?? paths.home()), 302);
      }

      let pins = effectivePins(await pinsForTenant(fastify.database.db, tenant.slug), tenant.slug);
      const canaries = await canariesForTenant(fastify.database.db, tenant.slug);
      if (canaries.size > 0) {
        // Decided here, not in the browser, so the page and its manifest name one version and a
        // returning shopper gets the same one. The id is handed out only while a canary runs:
        // a site without one sets no cookie. The page is never stored by a cache (no-store above),
        // so one shopper's version is never another's.
        let shopper = request.cookies[SHOPPER_COOKIE];
        if (!isShopperId(shopper)) {
          shopper = newShopperId();
          reply.setCookie(SHOPPER_COOKIE, shopper, {
            path: '/',
            httpOnly: true,
            sameSite: 'lax',
            secure: request.protocol === 'https',
            maxAge: SHOPPER_COOKIE_MAX_AGE_SECONDS,
          });
        }
        pins = pinsForShopper(pins, canaries, shopper);
      }
      // What the shell may fall back to is what shoppers' shells saw mount cleanly (earned), not
      // whatever was pinned before.
      pins = withEarnedLastGood(pins, await earnedVersions(fastify.database.db, tenant.slug));
      // A developer override (a cookie only the admin token's holder can have set): this browser
      // loads those teams from the developer's own server. Shoppers have none and get the page
      // exactly as without this feature.
      const override = fastify.overrides.read(request, tenant);
      if (override) reply.header('cache-control', 'private, no-store');
      let page: ComposedPage | null;
      try {
        page = await composePage(
          tenant,
          pins,
          fastify.registry,
          pathname,
          fastify.stockSearch.access(tenant),
          failurePolicy,
          override?.remotes,
        );
      } catch (error) {
        // A malformed path (bad percent-encoding) cannot match any route: not-found, not a 500.
        if (error instanceof URIError)
          page = await composePage(
            tenant,
            pins,
            fastify.registry,
            '/__invalid__',
            fastify.stockSearch.access(tenant),
            failurePolicy,
            override?.remotes,
          );
        else throw error;
      }
      if (!page) {
        request.log.error({ tenant: tenant.slug }, 'no shell version is pinned or published');
        return reply.code(503).send(renderPlainPage('This site is being set up', 'Please try again in a few minutes.'));
      }
      if (override && page.overridden) {
        overrideEntries.set(
          request,
          page.overridden.map((o) => o.entry),
        );
        const boot = {
          ...page.boot,
          override: {
            remotes: page.overridden,
            expiresAt: new Date(override.expiresAt * 1000).toISOString(),
            clearUrl: OVERRIDE_PATHS.clear,
          },
        };
        page = { ...page, boot };
      }
      // The page starts signed in or out as the server session says (no request from the page to ask).
      const user = await fastify.signedIn(request);
      page = { ...page, boot: { ...page.boot, session: user ? { phone: user.phone } : null } };
      // What the owning team says of the page: a 404 for a subject that does not exist (an unknown
      // car), and the head search engines and link previews read without JavaScript.
      let head: PageHead | null = null;
      // A path no remote owns may be one of the site's content pages (the shell renders it).
      const content = page.owner ? null : await fastify.content.resolve(tenant, pathname);
      if (content) {
        page = { ...page, status: 200, boot: { ...page.boot, content } };
        head = {
          title: `${content.title} | ${tenant.name}`,
          description: content.description,
          canonical: `${requestOrigin(request)}${content.path}`,
        };
      }
      const headOf = page.owner ? fastify.pageHeads?.get(page.owner.team) : undefined;
      const owner = page.owner;
      if (owner && headOf) {
        const input = {
          request,
          tenant: page.boot.tenant,
          url: request.url,
          version: owner.version,
          search: page.boot.search ?? null,
        };
        const answer = await withinBudget(headOf(input), fastify.config.FORECOURT_FIRST_PAINT_BUDGET_MS).catch(
          (error: unknown) => {
            request.log.error({ err: error, team: owner.team }, 'page head failed; page sent without it');
            return null;
          },
        );
        if (answer === 'late') request.log.warn({ team: owner.team }, 'page head over budget; page sent without it');
        else head = answer;
      }
      if (head?.status === 404) page = { ...page, status: 404 as const };
      // The first paint only ever helps: if it cannot be made, the browser builds the page as before.
      const firstPaint = await composeFirstPaint(fastify, request, page, request.url).catch((error: unknown) => {
        request.log.error({ err: error }, 'first paint of the chrome failed; page sent without it');
        return undefined;
      });
      return reply.code(page.status).send(renderPage(tenant, page, firstPaint, head ?? undefined));
    }
  },
  {
    name: 'routes-pages',
    fastify: '5.x',
    dependencies: ['config', 'database', 'registry', 'tenants', 'search', 'identity', 'overrides'],
  },
);
