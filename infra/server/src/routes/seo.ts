import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import fp from 'fastify-plugin';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import { gateOf } from '@forecourt/shared-config/gated-routes';
import { requestOrigin } from '@forecourt/shared-config/server';
import { siteShowsLocation } from '@forecourt/shared-config/locations';
import { listLocations, listVisibleCarSlugs } from '@forecourt/data/stock';
import { escapeHtml } from '@forecourt/pages/page';

/** A sitemap holds at most 50,000 addresses (sitemaps.org); a dealer's stock is far below it. */
export const SITEMAP_LIMIT = 50_000;

/**
 * What search engines read about a dealer site: `/robots.txt` (what not to crawl, and where the
 * sitemap is) and `/sitemap.xml` (the site's main pages, each location page it shows, and every
 * car its website shows, in stock or coming soon, each with the day it was listed). Both per tenant, from its own host.
 */
/**
 * A tenant's sitemap is built at most once a minute on an instance and served from memory
 * meanwhile; requests that come while it is built wait for that one build. Twenty sitemap
 * requests at once used to run twenty builds (every visible car, each a database read),
 * filling the database pool that every page waits on. A minute is fresh enough for crawlers,
 * which read a sitemap every few hours.
 */
export const SITEMAP_TTL_MS = 60_000;

/**
 * A built sitemap with its compressed copies, made once per build: compressing it for each
 * request (30 KB for a demo site) kept the event loop and a core busy while twenty clients asked
 * for it, and every other shopper's page waited behind that.
 */
interface BuiltSitemap {
  xml: string;
  br: Buffer;
  gzip: Buffer;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const encodings = new Negotiator<'br' | 'gzip'>({ supportedValues: ['br', 'gzip'] });

/** Crawlers ask for these a few times a day; a client asking more is refused (429). */
const CRAWLER_LIMIT = { rateLimit: { max: 60, timeWindow: '1 minute' } };

export default fp(
  async (fastify) => {
    const sitemaps = new Map<string, { until: number; body: Promise<BuiltSitemap> }>();
    fastify.get('/robots.txt', { config: CRAWLER_LIMIT }, async (request, reply) => {
      if (!request.tenant)
        return reply.code(404).type('text/plain; charset=utf-8').send('No dealer site at this address\n');
      const lines = [
        'User-agent: *',
        'Disallow: /api/',
        'Disallow: /_admin/',
        'Disallow: /registry/',
        'Disallow: /sign-in',
        'Disallow: /print',
        `Sitemap: ${requestOrigin(request)}/sitemap.xml`,
      ];
      return reply
        .header('cache-control', 'public, max-age=3600')
        .type('text/plain; charset=utf-8')
        .send(`${lines.join('\n')}\n`);
    });

    fastify.get('/sitemap.xml', { config: CRAWLER_LIMIT }, async (request, reply) => {
      const tenant = request.tenant;
      if (!tenant) return reply.code(404).type('text/plain; charset=utf-8').send('No dealer site at this address\n');
      const origin = requestOrigin(request);
      const key = `${tenant.slug}\n${origin}`;
      let cached = sitemaps.get(key);
      if (!cached || cached.until <= Date.now()) {
        const building = { until: Date.now() + SITEMAP_TTL_MS, body: buildSitemap(tenant, origin).then(compressed) };
        sitemaps.set(key, building);
        // A build that failed is not kept: the next request builds again.
        building.body.catch(() => sitemaps.get(key) === building && sitemaps.delete(key));
        cached = building;
      }
      const sitemap = await cached.body;
      reply
        .header('cache-control', 'public, max-age=600')
        .header('vary', 'accept-encoding')
        .type('application/xml; charset=utf-8');
      const encoding = encodings.negotiate(String(request.headers['accept-encoding'] ?? ''));
      // Sent as it is: the compression plugin leaves an answer that names its encoding alone.
      return encoding ? reply.header('content-encoding', encoding).send(sitemap[encoding]) : reply.send(sitemap.xml);
    });

    async function compressed(xml: string): Promise<BuiltSitemap> {
      // Off the event loop (libuv's threads), at Brotli's and gzip's usual levels: once a minute.
      const [br, gz] = await Promise.all([
        brotli(xml, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
        gzip(xml, { level: 6 }),
      ]);
      return { xml, br, gzip: gz };
    }

    async function buildSitemap(tenant: TenantConfig, origin: string): Promise<string> {
      const cars = await listVisibleCarSlugs(fastify.database.db, tenant.slug, tenant.search.carTypes, SITEMAP_LIMIT);
      // The dealer's content pages too: the blog and its posts, the brand pages, the pages it wrote.
      const content = fastify.content.library;
      const blog = content.posts(tenant.slug).length > 0 ? ['/blog'] : [];
      const brands =
        tenant.brands.length > 0
          ? ['/brands', ...tenant.brands.filter((b) => !b.skipPage).map((b) => `/${b.slug}/overview`)]
          : [];
      const pages = [
        '/',
        '/search/new-used-and-demo-cars',
        '/special-offers',
        ...(tenant.features['mf-finance'] ? ['/finance'] : []),
        ...blog,
        ...brands,
        ...content.paths(tenant.slug).sort(),
      ].filter(
        // A page behind sign-in answers a crawler with a redirect: it is not a page to list.
        (path) => gateOf(path, tenant.gatedRoutes) === null,
      );
      // Each location the site shows has its page (a shopper searching for the dealer's yard lands there).
      const locations = tenant.features['mf-locations']
        ? (await listLocations(fastify.database.db, tenant.slug))
            .filter((location) => siteShowsLocation(tenant.locations, location))
            .map((location) => `/locations/${encodeURIComponent(location.slug)}`)
        : [];
      const entry = (path: string, lastmod?: string) =>
        `  <url><loc>${escapeHtml(`${origin}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>`;
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...pages.map((path) => entry(path)),
        ...locations.map((path) => entry(path)),
        ...cars.map((car) => entry(`/cars/${encodeURIComponent(car.slug)}`, car.created_at)),
        '</urlset>',
        '',
      ].join('\n');
    }
  },
  { name: 'routes-seo', fastify: '5.x', dependencies: ['database', 'tenants', 'content'] },
);
