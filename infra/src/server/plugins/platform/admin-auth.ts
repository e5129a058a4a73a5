import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fromLoopback } from '../../client-address';

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
 * The admin token lives beside the data it guards, readable by its owner only: whoever can read
 * the data dir can change pins anyway, and nobody else can.
 */
export async function readOrCreateAdminToken(dataDir: string): Promise<string> {
  const file = adminTokenFile(dataDir);
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await fs.mkdir(dataDir, { recursive: true });
  const token = randomBytes(32).toString('hex');
  try {
    // 'wx': when two processes start at once, the first one's token wins and both read it.
    await fs.writeFile(file, token + '\n', { mode: 0o600, flag: 'wx' });
    return token;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return (await fs.readFile(file, 'utf8')).trim();
    throw error;
  }
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
