import { createReadStream } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

/**
 * Published builds at their versioned paths. A version never changes, so browsers and CDNs may
 * keep it for a year; any origin may load it (the federation runtime fetches mf-manifest.json).
 */
export default fp(
  async (fastify) => {
    fastify.get<{ Params: { team: string; version: string; '*': string } }>(
      '/registry/:team/:version/*',
      async (request, reply) => {
        const { team, version, '*': file } = request.params;
        const full = await fastify.registry.resolveFile(team, version, file);
        reply.header('access-control-allow-origin', '*');
        if (!full) return reply.code(404).header('cache-control', 'no-store').send({ error: 'Not found' });
        return reply
          .header('cache-control', 'public, max-age=31536000, immutable')
          .type(CONTENT_TYPES[path.extname(full).toLowerCase()] ?? 'application/octet-stream')
          .send(createReadStream(full));
      },
    );
  },
  { name: 'routes-registry-files', fastify: '5.x', dependencies: ['registry'] },
);
