import fs from 'node:fs/promises';
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
    const root = path.join(options.dataDir, 'registry');
    // Created up front: the static file server serves from it before the first publish.
    await fs.mkdir(root, { recursive: true });
    fastify.decorate('registry', new Registry(root));
  },
  { name: 'registry', fastify: '5.x' },
);
