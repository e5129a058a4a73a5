import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { sendPublishedFile } from '@forecourt/releases/registry/send-published-file';

/**
 * Published builds at their versioned paths. From the local folder through @fastify/static: ETag,
 * Last-Modified, conditional GET, HEAD and Range, and the Brotli or gzip copy written at publish
 * time when the browser accepts it; from object storage through this instance's cache, with the
 * same copies and cache headers (see sendPublishedFile). A version never changes, so browsers and
 * CDNs may keep it for a year; any origin may load it (the federation runtime fetches
 * mf-manifest.json cross-origin).
 */
export default fp(
  async (fastify) => {
    const root = fastify.registry.localRoot;
    if (root) {
      await fastify.register(fastifyStatic, {
        root,
        // Only the route below serves files, after the registry has checked the path.
        serve: false,
        preCompressed: true,
        immutable: true,
        maxAge: '365d',
        dotfiles: 'deny',
        index: false,
      });
    }

    fastify.get<{ Params: { team: string; version: string; '*': string } }>(
      '/registry/:team/:version/*',
      async (request, reply) => {
        const { team, version, '*': file } = request.params;
        reply.header('access-control-allow-origin', '*');
        // Published versions only, no listings, no dot files, no way out of the folder (symlinks included).
        return sendPublishedFile(fastify.registry, request, reply, team, version, file);
      },
    );
  },
  { name: 'routes-registry-files', fastify: '5.x', dependencies: ['registry'] },
);
