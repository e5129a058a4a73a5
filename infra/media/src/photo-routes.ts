import fp from 'fastify-plugin';
import { parseInput } from '@forecourt/shared-config/server/validation';
import { photoKnown } from '@forecourt/stock-in/car-photos';
import { SizeQuery } from './media-routes';
import {
  CONTENT_TYPES,
  formatFor,
  makeSize,
  originalKey,
  sizeKey,
  WorkLimiter,
  WorkLimiterBusy,
  type PhotoFormat,
} from './photo-store';

/** A photo's width only: its height follows its own shape, never cropped. */
const PhotoQuery = SizeQuery.omit({ h: true });

export interface PhotoRoutesOptions {
  /** Sizes made at once by this instance (default 2: sharp's own threads do the work). */
  concurrency?: number;
  /** Sizes that may wait for one of them before requests are answered 503 (default 32). */
  maxQueue?: number;
}

/**
 * The dealers' photos at the site's own address, `/media/photos/{hash}?w=&q=`, with the demo
 * media's fixed widths and qualities. Each size is made once, on its first request, in the
 * format the browser takes best (AVIF, WebP, else JPEG; `Vary: Accept`), and kept in storage, so
 * every instance serves what any made. The address names the content, so the answer never changes.
 */
export default fp<PhotoRoutesOptions>(
  async (fastify, options) => {
    const concurrency = options.concurrency ?? 2;
    const maxQueue = options.maxQueue ?? 32;
    // sharp works on libuv's threads, off the event loop; this bounds how many sizes are made at
    // once (and how much memory their decoded originals take), and refuses what would queue too long.
    const limiter = new WorkLimiter(concurrency, maxQueue);
    // Concurrent first requests for one size make it once.
    const making = new Map<string, Promise<Buffer | null>>();

    const sizeOf = (hash: string, width: number, quality: number, format: PhotoFormat): Promise<Buffer | null> => {
      const key = sizeKey(hash, width, quality, format);
      let pending = making.get(key);
      if (!pending) {
        pending = (async () => {
          const storage = fastify.carPhotos.storage;
          const kept = await storage.get(key);
          if (kept) return kept;
          return limiter.run(async () => {
            const original = await storage.get(originalKey(hash));
            if (!original) return null;
            const body = await makeSize(original, width, quality, format);
            await storage.put(key, body, { contentType: CONTENT_TYPES[format], ifAbsent: true });
            return body;
          });
        })().finally(() => making.delete(key));
        making.set(key, pending);
      }
      return pending;
    };

    fastify.get<{ Params: { hash: string } }>('/media/photos/:hash', async (request, reply) => {
      const size = parseInput(PhotoQuery, request.query, 'query');
      const { hash } = request.params;
      const notFound = () => reply.code(404).header('cache-control', 'no-store').send({ error: 'No such photo' });
      if (!/^[0-9a-f]{64}$/.test(hash) || !request.tenant) return notFound();
      if (!(await photoKnown(fastify.database.db, request.tenant.slug, hash))) return notFound();
      const format = formatFor(request.headers.accept);
      const etag = `"${hash.slice(0, 32)}-${size.w}-${size.q}-${format}"`;
      reply.header('vary', 'accept');
      const immutable = 'public, max-age=31536000, immutable';
      if (request.headers['if-none-match'] === etag)
        return reply.code(304).header('etag', etag).header('cache-control', immutable).send();
      let body: Buffer | null;
      try {
        body = await sizeOf(hash, size.w, size.q, format);
      } catch (error) {
        if (!(error instanceof WorkLimiterBusy)) throw error;
        return reply
          .code(503)
          .header('retry-after', '1')
          .header('cache-control', 'no-store')
          .send({ error: 'The photo resizer is busy; retry shortly' });
      }
      if (!body) return notFound();
      return reply.header('cache-control', immutable).header('etag', etag).type(CONTENT_TYPES[format]).send(body);
    });
  },
  { name: 'routes-photos', fastify: '5.x', dependencies: ['database', 'tenants', 'car-photos'] },
);
