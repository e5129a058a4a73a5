import fp from 'fastify-plugin';
import { ping } from '../../db/database';

export default fp(
  async (fastify) => {
    fastify.get('/api/health', async (request, reply) => {
      const reachable = await ping(fastify.database.db);
      return reply.code(reachable ? 200 : 503).send({
        status: reachable ? 'ok' : 'degraded',
        database: { engine: fastify.database.engine, reachable },
        tenants: fastify.tenants.all.length,
        uptime: Math.round(process.uptime()),
      });
    });
  },
  { name: 'routes-health', fastify: '5.x', dependencies: ['database', 'tenants'] },
);
