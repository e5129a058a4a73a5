import fp from 'fastify-plugin';
import type { Config } from '@forecourt/config/load';

declare module 'fastify' {
  interface FastifyInstance {
    /** The configuration the server started with (config/schema.ts): plugins read it here, never process.env. */
    config: Config;
  }
}

export default fp<{ config: Config }>(
  async (fastify, options) => {
    fastify.decorate('config', options.config);
  },
  { name: 'config', fastify: '5.x' },
);
