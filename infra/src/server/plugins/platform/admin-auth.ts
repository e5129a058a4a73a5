import { timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fromLoopback } from '../../client-address';
import { readOrCreateSecret } from '../../secrets';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook for admin routes: loopback callers with the data dir's bearer token only. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export function adminTokenFile(dataDir: string): string {
  return path.join(dataDir, 'admin-token');
}

/** The admin token: a secret of the data dir (see secrets.ts). */
export async function readOrCreateAdminToken(dataDir: string): Promise<string> {
  return readOrCreateSecret(dataDir, path.basename(adminTokenFile(dataDir)));
}

export default fp<{ dataDir: string }>(
  async (fastify, options) => {
    const expected = Buffer.from(await readOrCreateAdminToken(options.dataDir));
    fastify.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!fromLoopback(request)) {
        return reply.code(403).send({ error: 'The admin API answers only on this machine (loopback)' });
      }
      const header = request.headers.authorization ?? '';
      const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7).trim() : '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .send({ error: 'Missing or wrong admin token (Authorization: Bearer <token from {dataDir}/admin-token>)' });
      }
    });
  },
  { name: 'admin-auth', fastify: '5.x' },
);
