import fs from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import { isProduction } from '@forecourt/config/load';
import {
  DEMO_FEED_PHOTOS_DIR,
  DEMO_FEED_ROUTES,
  demoFeedBody,
  loopbackOrigin,
} from '@forecourt/demo-data/demo-feed/demo-feed';

/** A photo's file name as the photo script writes them: `WS-2041-1.jpg`. */
const PHOTO_NAME = /^[A-Za-z0-9][A-Za-z0-9-]{0,60}\.jpg$/;

/**
 * The demo yard's dealer feed and its photos (@forecourt/demo-data/demo-feed), served the way a dealer's own
 * server would serve them, for the platform's scheduled pull and photo fetcher to take them over
 * loopback. Outside production only, and, as every page under /_dev, to this machine only
 * (dev-pages.ts). Neither answer carries validators: each pull brings the whole feed, and the
 * import reports it unchanged.
 */
export default fp(
  async (fastify) => {
    if (isProduction(fastify.config)) return;

    fastify.get(DEMO_FEED_ROUTES.feed, async (_request, reply) => {
      const origin = loopbackOrigin(fastify.server.address());
      if (!origin)
        return reply
          .code(404)
          .type('text/plain; charset=utf-8')
          .send('The demo feed is served only by a server listening on loopback.');
      return reply
        .header('cache-control', 'no-store')
        .type('text/csv; charset=utf-8')
        .send(await demoFeedBody(origin));
    });

    fastify.get<{ Params: { name: string } }>(`${DEMO_FEED_ROUTES.photos}:name`, async (request, reply) => {
      const { name } = request.params;
      const photo = PHOTO_NAME.test(name)
        ? await fs.readFile(path.join(DEMO_FEED_PHOTOS_DIR, name)).catch(() => null)
        : null;
      if (!photo) return reply.code(404).type('text/plain; charset=utf-8').send('No such photo in the demo feed.');
      return reply.header('cache-control', 'no-store').type('image/jpeg').send(photo);
    });
  },
  { name: 'demo-feed', fastify: '5.x', dependencies: ['config'] },
);
