import fp from 'fastify-plugin';
import { ping } from '@forecourt/data/database';

declare module 'fastify' {
  interface FastifyInstance {
    /** What `/api/ready` answers from: set by the server's start (`listen`) and its shutdown. */
    readiness: { started: boolean; draining: boolean; warming: boolean };
  }
}

export default fp(
  async (fastify) => {
    const readiness = { started: false, draining: false, warming: false };
    let closed = false;
    fastify.decorate('readiness', readiness);
    // preClose runs before the listener closes and long before the database pool does.
    fastify.addHook('preClose', async () => {
      closed = true;
    });
    // From the signal on, each answer ends its connection: a client's kept-alive connection would
    // otherwise hold the listener's close open until its keep-alive timeout, and its next request
    // is better sent through the balancer to an instance that stays.
    fastify.addHook('onSend', async (request, reply) => {
      if (closed || readiness.draining) reply.header('connection', 'close');
    });

    // Liveness and the whole picture: the database's reachability and the search index.
    fastify.get('/api/health', async (request, reply) => {
      const reachable = await ping(fastify.database.db);
      const search = fastify.stockSearch.state;
      // Not ready until stock is searchable and the render threads are warm (main.ts): a load
      // balancer (or the e2e runner) waits for it.
      const ok = reachable && search.indexed && !readiness.warming;
      return reply.code(ok ? 200 : 503).send({
        status: ok ? 'ok' : reachable ? 'starting' : 'degraded',
        database: { engine: fastify.database.engine, reachable },
        search: { engine: search.embedded ? 'embedded' : 'algolia', indexed: search.indexed, records: search.records },
        tenants: fastify.tenants.all.length,
        uptime: Math.round(process.uptime()),
      });
    });

    // Whether a balancer should send this instance requests: only what is this instance's own
    // (its start done, its database pool open, not shutting down). Shared services (PostgreSQL's
    // reachability, a search service, Redis) are deliberately left out: when one of them has an
    // outage every instance would answer 503 at once and the balancer would have nowhere left to
    // send anyone, where each instance can still serve what does not need the failed service.
    fastify.get('/api/ready', async (request, reply) => {
      const state = closed || readiness.draining ? 'draining' : readiness.started ? 'ready' : 'starting';
      return reply
        .code(state === 'ready' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status: state });
    });
  },
  { name: 'routes-health', fastify: '5.x', dependencies: ['database', 'tenants', 'search'] },
);
