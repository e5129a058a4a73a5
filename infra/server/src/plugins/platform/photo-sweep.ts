import fp from 'fastify-plugin';
import {
  claimReleasedHashes,
  deletePhotosOf,
  deleteReleasedPhotos,
  finishHash,
  hashInUse,
  markReleased,
  queueUnqueued,
  type ClaimedHash,
} from '@forecourt/stock-in/photo-sweep';

declare module 'fastify' {
  interface FastifyInstance {
    /** Deletes stored photos no car names any more, past their grace (docs/stock.md, Photos). */
    photoSweep: {
      /** One sweep: what it deleted. */
      run: () => Promise<SweepCounts>;
    };
  }
}

export interface SweepCounts {
  /** Hashes deleted from storage with their original and every size. */
  photos: number;
  /** Objects deleted: originals and sizes. */
  objects: number;
  /** Photo rows (URLs) deleted. */
  rows: number;
}

export interface PhotoSweepOptions {
  /** Time between sweeps (default FORECOURT_PHOTO_SWEEP_MS); 0 runs no timer: tests call `run`. */
  intervalMs?: number;
  /** How long a photo no car names is kept (default FORECOURT_PHOTO_GRACE_DAYS). */
  graceMs?: number;
  /** How long a claim on a hash lasts before another sweep may take it over (default 10 minutes). */
  leaseMs?: number;
  /** Hashes claimed at a time (default 50). */
  batch?: number;
  now?: () => Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The sweep of stored photos, claimed in PostgreSQL as photos, imports and feed pulls are: every
 * instance sweeps, each hash is claimed by one sweep before its objects are touched, so N
 * instances delete it once, and a hash whose sweep stopped midway (its objects partly deleted)
 * is taken over once its claim lapses: its row stays until its objects are gone.
 */
export default fp<PhotoSweepOptions>(
  async (fastify, options) => {
    const db = fastify.database.db;
    const now = options.now ?? (() => new Date());
    const graceMs = options.graceMs ?? fastify.config.FORECOURT_PHOTO_GRACE_DAYS * DAY_MS;
    const leaseMs = options.leaseMs ?? 10 * 60_000;
    const batch = options.batch ?? 50;
    const metrics = fastify.metrics.photoSweep;

    /** The hash's objects deleted, then its row; the number of objects, or null when it is in use again. */
    const sweepHash = async (claim: ClaimedHash): Promise<number | null> => {
      if (await hashInUse(db, claim)) return null;
      await deletePhotosOf(db, claim.hash);
      const storage = fastify.carPhotos.storage;
      const keys = await storage.list(`${claim.hash}/`);
      for (const name of keys) await storage.delete(`${claim.hash}/${name}`);
      metrics.objects.inc(keys.length);
      if (!(await finishHash(db, claim, now()))) {
        // A photo was stored under it meanwhile: the fetcher stores its bytes again.
        fastify.carPhotos.queued();
        return null;
      }
      metrics.photos.inc();
      return keys.length;
    };

    let running: Promise<SweepCounts> | null = null;
    const run = (): Promise<SweepCounts> => {
      running ??= (async () => {
        const counts: SweepCounts = { photos: 0, objects: 0, rows: 0 };
        const at = now();
        const cutoff = new Date(at.getTime() - graceMs);
        await markReleased(db, at);
        counts.rows = await deleteReleasedPhotos(db, cutoff, at);
        for (;;) {
          const claimed = await claimReleasedHashes(db, cutoff, now(), leaseMs, batch);
          if (claimed.length === 0) break;
          for (const claim of claimed) {
            const objects = await sweepHash(claim);
            if (objects === null) continue;
            counts.photos++;
            counts.objects += objects;
          }
        }
        // Last, so a write that met this sweep's deletions has its photos fetched now.
        if ((await queueUnqueued(db)) > 0) fastify.carPhotos.queued();
        if (counts.photos + counts.rows > 0) fastify.log.info(counts, 'photo sweep: deleted photos no car names');
        return counts;
      })().finally(() => {
        running = null;
      });
      return running;
    };
    const runLogged = () =>
      void run().catch((error: unknown) =>
        fastify.log.error(
          { err: error },
          'photo sweep: a sweep stopped on an error; the next one takes over its claims once they lapse',
        ),
      );
    fastify.decorate('photoSweep', { run });

    const intervalMs = options.intervalMs ?? fastify.config.FORECOURT_PHOTO_SWEEP_MS;
    let timer: NodeJS.Timeout | undefined;
    fastify.addHook('onReady', async () => {
      if (intervalMs > 0) timer = setInterval(runLogged, intervalMs).unref();
    });
    fastify.addHook('preClose', async () => {
      clearInterval(timer);
      await running?.catch(() => undefined);
    });
  },
  { name: 'photo-sweep', fastify: '5.x', dependencies: ['database', 'config', 'car-photos', 'metrics'] },
);
