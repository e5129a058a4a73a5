import fp from 'fastify-plugin';
import { INLINE_SCRIPT_CSP_SOURCES } from '@forecourt/pages/script-loader';
import { contentSecurityPolicy, htmlSecurityHeaders, responseSecurityHeaders } from '@forecourt/pages/security';

/**
 * nosniff and a resource policy on every response; the full browser policy on every HTML page.
 * (Responses Fastify answers before routing — a malformed URL — get theirs in `buildApp`.)
 */
/**
 * Where car videos are embedded from (the stock feed's `external_video_url`): the vehicle page's
 * gallery frames them, only when the shopper opens the video slide.
 */
const VIDEO_EMBED_ORIGINS = ['https://www.youtube.com', 'https://www.youtube-nocookie.com'];

/** The origin of a tile template ('https://tile.example.org/{z}/{x}/{y}.png' -> 'https://tile.example.org'). */
export function mapTileOrigin(template: string | undefined): string | null {
  return template ? (/^https:\/\/[a-z0-9.-]+(?::\d+)?/.exec(template)?.[0] ?? null) : null;
}

export default fp(
  async (fastify) => {
    // The only inline scripts a page may carry, by hash: a first-painted page's script loader and its input notes.
    // A site with a map tile source (locations.mapTiles) may load pictures from its origin too.
    // Pages' browsers search the external search service's public hosts (SEARCH_BROWSER_HOSTS), if not this origin.
    const searchHosts = fastify.hasDecorator('stockSearch') ? [...fastify.stockSearch.browserHosts] : [];
    const headersFor = (tileOrigin: string | null) =>
      htmlSecurityHeaders(
        contentSecurityPolicy({
          scriptSrc: INLINE_SCRIPT_CSP_SOURCES,
          frameSrc: VIDEO_EMBED_ORIGINS,
          imgSrc: tileOrigin ? [tileOrigin] : [],
          connectSrc: searchHosts,
        }),
      );
    const byOrigin = new Map<string | null, ReturnType<typeof htmlSecurityHeaders>>();
    fastify.addHook('onSend', async (request, reply, payload) => {
      reply.headers(responseSecurityHeaders(request.url));
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('text/html')) {
        const tileOrigin = mapTileOrigin(request.tenant?.locations.mapTiles?.url);
        let headers = byOrigin.get(tileOrigin);
        if (!headers) byOrigin.set(tileOrigin, (headers = headersFor(tileOrigin)));
        reply.headers(headers);
      }
      return payload;
    });
  },
  { name: 'security-headers', fastify: '5.x' },
);
