import fp from 'fastify-plugin';
import {
  applyPhoto,
  claimPhotos,
  markDone,
  markFailed,
  markStored,
  type CarPhoto,
} from '@forecourt/stock-in/car-photos';
import { notePhotoObject } from '@forecourt/stock-in/photo-sweep';
import { normalisePhoto, originalKey, PhotoRefused, sha256, openPhotoStorage } from '@forecourt/media/photo-store';
import { isOutboundError } from '@forecourt/runtime/outbound-fetch';
import type { BuildStorage } from '@forecourt/releases/registry/storage/build-storage';
import { buildStorageSettings } from '@forecourt/releases/registry/storage/settings';

declare module 'fastify' {
  interface FastifyInstance {
    /** The dealers' photos, fetched by whichever instance claims them (docs/stock.md, Photos). */
    carPhotos: {
      /** Where stored photos and their sizes are kept. */
      storage: BuildStorage;
      /** Photos were queued: look for work now, not at the next tick. */
      queued: () => void;
      /** Fetches due photos until none is due now; the number handled. */
      run: () => Promise<number>;
    };
  }
}

export interface CarPhotosOptions {
  dataDir: string;
  /** Shared storage (tests: one folder for two instances). Default: the builds' bucket, or the data folder. */
  storage?: BuildStorage;
  /** Time between looks for due photos (default 5 s); 0 runs no timer and does not start on `queued`: tests call `run`. */
  intervalMs?: number;
  /** Photos fetched at once by this instance (default 4). */
  concurrency?: number;
  /** One photo's whole fetch (default 20 s). */
  timeoutMs?: number;
  /** A photo's size at most (default 15 MB). */
  maxBytes?: number;
  /** Tries before a photo is failed for good (default 4). */
  maxAttempts?: number;
  /** The wait after the first failed try, multiplied by 4 after each (default 1 minute). */
  retryMs?: number;
  /** How long a stored photo is trusted before its source is asked again (default 7 days). */
  revalidateMs?: number;
  /** How long a claim lasts before another instance may take the photo over (default 2 minutes). */
  leaseMs?: number;
  now?: () => Date;
}

/** What a fetch came to: new bytes stored under a hash, or the stored ones still good. */
type Fetched =
  | { kind: 'stored'; hash: string; etag: string | null; lastModified: string | null; bytes: Buffer }
  | { kind: 'unchanged' };

/**
 * Fetches the photos cars name, claimed in PostgreSQL as feed imports and lead delivery claim
 * their work: N instances fetch each photo once (`skip locked`), and a photo whose fetcher died
 * is taken over when its claim lapses. Every fetch goes through the platform's safe outbound
 * fetch (public addresses only in production, bounded in time and size).
 */
export default fp<CarPhotosOptions>(
  async (fastify, options) => {
    const db = fastify.database.db;
    const now = options.now ?? (() => new Date());
    const concurrency = options.concurrency ?? 4;
    const limits = { timeoutMs: options.timeoutMs ?? 20_000, maxBytes: options.maxBytes ?? 15 * 1024 * 1024 };
    const maxAttempts = options.maxAttempts ?? 4;
    const retryMs = options.retryMs ?? 60_000;
    const revalidateMs = options.revalidateMs ?? 7 * 24 * 60 * 60 * 1000;
    const leaseMs = options.leaseMs ?? 120_000;
    let storage = options.storage;
    if (!storage) {
      const opened = openPhotoStorage(buildStorageSettings(fastify.config), options.dataDir);
      fastify.addHook('onClose', async () => opened.close());
      storage = opened.storage;
    }
    const store = storage;
    const later = (ms: number) => new Date(now().getTime() + ms);

    const fetchOne = async (photo: CarPhoto): Promise<Fetched> => {
      // Validators only for bytes already stored: a photo never fetched whole must be fetched whole.
      const headers: Record<string, string> = { accept: 'image/avif,image/webp,image/png,image/jpeg;q=0.9,*/*;q=0.1' };
      if (photo.hash && photo.etag) headers['if-none-match'] = photo.etag;
      if (photo.hash && photo.last_modified) headers['if-modified-since'] = photo.last_modified;
      const response = await fastify.outbound.get(photo.url, { ...limits, headers });
      if (response.status === 304 && photo.hash) {
        response.discard();
        return { kind: 'unchanged' };
      }
      if (response.status !== 200) {
        response.discard();
        throw new Error(`${photo.url} answered ${response.status}`);
      }
      const pieces: Buffer[] = [];
      for await (const piece of response.body) pieces.push(piece);
      const bytes = Buffer.concat(pieces);
      const hash = sha256(bytes);
      // Known to the sweep before it is in storage, and kept from it (photo-sweep.ts).
      await notePhotoObject(db, hash);
      await keep(hash, bytes, photo.url);
      return {
        kind: 'stored',
        hash,
        etag: response.headers.etag ?? null,
        lastModified: response.headers['last-modified'] ?? null,
        bytes,
      };
    };

    /** The photo's original in storage: made from the bytes unless it is there already. */
    const keep = async (hash: string, bytes: Buffer, url: string) => {
      if (await store.exists(originalKey(hash))) return;
      const normalised = await normalisePhoto(bytes, url);
      // Two instances fetching one photo from two URLs write one object; either copy is the same.
      await store.put(originalKey(hash), normalised, { contentType: 'image/jpeg', ifAbsent: true });
    };

    const handle = async (photo: CarPhoto): Promise<void> => {
      let fetched: Fetched;
      try {
        fetched = await fetchOne(photo);
      } catch (error) {
        // What the photo is (not an image, too large, a refused address) does not change by
        // asking again; a source that did not answer may answer later.
        const final =
          error instanceof PhotoRefused ||
          (isOutboundError(error) &&
            (error.problem === 'too-large' || error.problem === 'refused' || error.problem === 'scheme'));
        // The safe fetch's words for a size are a feed's; a photo's owner reads a photo's limit.
        const tooLarge = isOutboundError(error) && error.problem === 'too-large';
        const message = tooLarge
          ? `${photo.url} is larger than the ${limits.maxBytes} bytes a photo may be`
          : error instanceof Error
            ? error.message
            : String(error);
        const retryAt = final || photo.attempts >= maxAttempts ? null : later(retryMs * 4 ** (photo.attempts - 1));
        await markFailed(db, photo, message, retryAt, later(revalidateMs));
        fastify.metrics.photoSweep.fetches.inc({ result: retryAt ? 'retry' : 'failed' });
        if (!retryAt)
          fastify.log.warn({ tenant: photo.tenant, url: photo.url, error: message }, 'car photos: a photo failed');
        return;
      }
      fastify.metrics.photoSweep.fetches.inc({ result: fetched.kind });
      if (fetched.kind === 'stored') {
        await markStored(db, photo.id, {
          hash: fetched.hash,
          etag: fetched.etag,
          lastModified: fetched.lastModified,
          now: now(),
        });
        // A sweep that deleted these bytes' objects while this fetch found them there finds this
        // photo stored once it is done, or its deletion is seen here and the original made again.
        await keep(fetched.hash, fetched.bytes, photo.url);
      }
      // Also after a 304: a fetcher that stored the photo may have stopped before changing its
      // cars. Changing none costs one read.
      if ((await applyPhoto(db, photo.tenant, photo.url, now())) > 0) fastify.stockIndex.changed();
      await markDone(db, photo.id, later(revalidateMs));
    };

    let running: Promise<number> | null = null;
    const run = (): Promise<number> => {
      running ??= (async () => {
        let count = 0;
        for (;;) {
          const claimed = await claimPhotos(db, now(), leaseMs, concurrency);
          if (claimed.length === 0) return count;
          // One failure of the platform (the database, the storage) leaves that photo to its lapsed claim.
          const settled = await Promise.allSettled(claimed.map(handle));
          for (const outcome of settled)
            if (outcome.status === 'rejected')
              fastify.log.error(
                { err: outcome.reason as unknown },
                'car photos: a photo stopped on an error; it is tried again once its claim lapses',
              );
          count += claimed.length;
        }
      })().finally(() => {
        running = null;
      });
      return running;
    };
    const runLogged = () =>
      void run().catch((error: unknown) => fastify.log.error({ err: error }, 'car photos: looking for photos failed'));

    const intervalMs = options.intervalMs ?? 5_000;
    fastify.decorate('carPhotos', { storage: store, queued: () => (intervalMs > 0 ? runLogged() : undefined), run });

    let timer: NodeJS.Timeout | undefined;
    fastify.addHook('onReady', async () => {
      if (intervalMs > 0) timer = setInterval(runLogged, intervalMs).unref();
    });
    fastify.addHook('preClose', async () => {
      clearInterval(timer);
      await running?.catch(() => undefined);
    });
  },
  { name: 'car-photos', fastify: '5.x', dependencies: ['database', 'config', 'stock-index', 'outbound', 'metrics'] },
);
