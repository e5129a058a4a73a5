import path from 'node:path';
import fp from 'fastify-plugin';
import { Registry } from '../../../registry/registry';

declare module 'fastify' {
  interface FastifyInstance {
    registry: Registry;
  }
}

export default fp<{ dataDir: string }>(
  async (fastify, options) => {
    fastify.decorate('registry', new Registry(path.join(options.dataDir, 'registry')));
  },
  { name: 'registry', fastify: '5.x' },
);
