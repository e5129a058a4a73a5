import fp from 'fastify-plugin';
import { isProduction } from '@forecourt/config/load';
import { fromLoopback } from '@forecourt/runtime/client-address';
import { OVERRIDE_PATHS } from '../../routes/overrides';

/** The development pages' addresses: the SMS outbox, the CRM's inbox, the finance partner's pages, the override form. */
const DEV_PREFIX = '/_dev/';

/**
 * Two addresses under /_dev are for any browser, in production too: a signed override link sets
 * that browser's override, and the banner's Clear drops it (routes/overrides.ts).
 */
const OPEN_TO_ANY_BROWSER = new Set<string>([OVERRIDE_PATHS.apply, OVERRIDE_PATHS.clear]);

/**
 * The development pages answer only on this machine (loopback), as the admin API does, and
 * never in production. They show one-time sign-in codes and leads' personal data, and the
 * override form takes personal tokens: a demo started with HOST=0.0.0.0 must not hand them to
 * the network, whether the request comes from another machine or from this machine's own
 * non-loopback address. One rule for every page under /_dev, before any of them runs.
 */
export default fp(
  async (fastify) => {
    const production = isProduction(fastify.config);
    fastify.addHook('onRequest', async (request, reply) => {
      // The route matched, not the URL as sent: an encoded path (/%5Fdev/...) reaches the same route.
      const path = request.routeOptions.url ?? '';
      if (!path.startsWith(DEV_PREFIX) || OPEN_TO_ANY_BROWSER.has(path)) return;
      if (production) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      if (!fromLoopback(request)) {
        request.log.warn({ path }, 'development page asked from another machine; refused');
        return reply
          .code(403)
          .type('text/plain; charset=utf-8')
          .send('Development pages answer only on this machine (loopback).');
      }
    });
  },
  { name: 'dev-pages', dependencies: ['config'], fastify: '5.x' },
);
