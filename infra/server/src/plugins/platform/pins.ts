import fp from 'fastify-plugin';
import { PinService } from '@forecourt/releases/pins/pin-service';

declare module 'fastify' {
  interface FastifyInstance {
    pins: PinService;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('pins', new PinService(fastify.database.db, fastify.registry, () => fastify.tenants.all));
  },
  { name: 'pins', fastify: '5.x', dependencies: ['database', 'registry', 'tenants'] },
);
