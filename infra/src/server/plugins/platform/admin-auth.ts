import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fromLoopback } from '../../client-address';
import { loadConfig, type Config } from '../../../config/load';
import { installSecret, matchesSecret, type RotatingSecret } from '../../secrets';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook for admin routes: loopback callers with the data dir's bearer token only. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export function adminTokenFile(dataDir: string): string {
  return path.join(dataDir, 'admin-token');
}

/**
 * The admin token and, while it is rotated, the previous one: FORECOURT_ADMIN_TOKEN (or its
 * _FILE), or outside production a secret of the data dir (see secrets.ts).
 */
export async function adminTokens(dataDir: string, config: Config = loadConfig()): Promise<RotatingSecret> {
  return installSecret(config, 'FORECOURT_ADMIN_TOKEN', dataDir, path.basename(adminTokenFile(dataDir)));
}

/** The admin token to hand out (the CLI's, the tests'): the current one. */
export async function readOrCreateAdminToken(dataDir: string, config: Config = loadConfig()): Promise<string> {
  return (await adminTokens(dataDir, config)).current;
}

export default fp<{ dataDir: string }>(
  async (fastify, options) => {
    const expected = await adminTokens(options.dataDir, fastify.config);
    fastify.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!fromLoopback(request)) {
        return reply.code(403).send({ error: 'The admin API answers only on this machine (loopback)' });
      }
      const header = request.headers.authorization ?? '';
      if (!matchesSecret(header.startsWith('Bearer ') ? header.slice(7).trim() : '', expected)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .send({ error: 'Missing or wrong admin token (Authorization: Bearer <token from {dataDir}/admin-token>)' });
      }
    });
  },
  { name: 'admin-auth', fastify: '5.x', dependencies: ['config'] },
);
