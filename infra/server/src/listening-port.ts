import type { FastifyInstance } from 'fastify';

/** The port this server listens on, or `before` while it does not listen yet (an app that tests or the CLI inject into). */
export function listeningPort(fastify: FastifyInstance, before: number): number {
  const address = fastify.server.address();
  return typeof address === 'object' && address ? address.port : before;
}
