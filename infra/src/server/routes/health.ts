import fp from 'fastify-plugin';
import { ping } from '../../db/database';

export default fp(
  async (fastify) => {
    fastify.get('/api/health', async (request, reply) => {
      const reachable = await ping(fastify.database.db);
      const search = fastify.stockSearch.state;
      // Not ready until stock is searchable: a load balancer (or the e2e runner) waits for it.
      const ok = reachable && search.indexed;
      return reply.code(ok ? 200 : 503).send({
        status: ok ? 'ok' : reachable ? 'starting' : 'degraded',
        database: { engine: fastify.database.engine, reachable },
        search: { engine: search.embedded ? 'embedded' : 'algolia', indexed: search.indexed, records: search.records },
        tenants: fastify.tenants.all.length,
        uptime: Math.round(process.uptime()),
      });
    });
  },
  { name: 'routes-health', fastify: '5.x', dependencies: ['database', 'tenants', 'search'] },
);
