import type { FastifyContextConfig } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app serves (method, URL pattern and the route's own config), for the fuzz and permission tests and diagnostics. */
    routeCatalogue: ReadonlyArray<{ method: string; url: string; config: FastifyContextConfig }>;
  }
}

/**
 * Records each route as it is added. Registered first so it sees every later route; Fastify's
 * `printRoutes` is a tree for people and drops wildcard routes such as `/registry/:team/:version/*`.
 */
export default fp(
  async (fastify) => {
    const routes: Array<{ method: string; url: string; config: FastifyContextConfig }> = [];
    fastify.decorate('routeCatalogue', routes);
    fastify.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url, config: route.config ?? {} });
    });
  },
  { name: 'route-catalogue', fastify: '5.x' },
);
