import fp from 'fastify-plugin';
import { SCRIPT_LOADER_CSP_SOURCE } from '../../script-loader';
import { contentSecurityPolicy, htmlSecurityHeaders, responseSecurityHeaders } from '../../security';

/**
 * nosniff and a resource policy on every response; the full browser policy on every HTML page.
 * (Responses Fastify answers before routing — a malformed URL — get theirs in `buildApp`.)
 */
/**
 * Where car videos are embedded from (the stock feed's `external_video_url`): the vehicle page's
 * gallery frames them, only when the shopper opens the video slide.
 */
const VIDEO_EMBED_ORIGINS = ['https://www.youtube.com', 'https://www.youtube-nocookie.com'];

export default fp(
  async (fastify) => {
    // The one inline script a page may carry: the script loader of first-painted pages, by hash.
    const htmlHeaders = htmlSecurityHeaders(contentSecurityPolicy({ scriptSrc: [SCRIPT_LOADER_CSP_SOURCE], frameSrc: VIDEO_EMBED_ORIGINS }));
    fastify.addHook('onSend', async (request, reply, payload) => {
      reply.headers(responseSecurityHeaders(request.url));
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('text/html')) reply.headers(htmlHeaders);
      return payload;
    });
  },
  { name: 'security-headers', fastify: '5.x' },
);
