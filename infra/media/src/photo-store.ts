import { createHash } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { LocalFolderStorage, type BuildStorage } from '@forecourt/releases/registry/storage/build-storage';
import { ObjectStorage } from '@forecourt/releases/registry/storage/object-storage';
import type { BuildStorageSettings } from '@forecourt/releases/registry/storage/settings';

/**
 * The dealers' photos in storage: the registry's storage abstraction (the bucket in production,
 * the data folder otherwise), under `photos/`:
 *
 *   photos/{hash}/original.jpg        the photo normalised once (EXIF rotation applied, metadata
 *                                     stripped, longest side at most MAX_SIDE)
 *   photos/{hash}/w{width}-q{q}.{ext} each size made from it, on its first request
 *
 * `hash` is the SHA-256 of the bytes fetched from the dealer, not of the normalised ones: it is
 * known before any decoding, so a photo already stored (another car's, another URL's, the same
 * file fetched again from a source that does not answer 304) costs no sharp work at all, and it
 * does not change when libvips' encoder does (a hash of the output would give one photo two
 * names across instances running different versions).
 */

export const PHOTO_LIMITS = {
  /** The longest side kept: more than any page shows at 2x. */
  maxSide: 2400,
  /** Pixels decoded at most: a 10 KB PNG can claim a billion pixels. */
  maxPixels: 50_000_000,
} as const;

/** The formats a photo may be, as sharp reads their magic bytes. */
const ACCEPTED = new Map([
  ['jpeg', 'JPEG'],
  ['png', 'PNG'],
  ['webp', 'WebP'],
]);

export type PhotoFormat = 'avif' | 'webp' | 'jpeg';
export const EXTENSIONS: Record<PhotoFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };
export const CONTENT_TYPES: Record<PhotoFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};

export const originalKey = (hash: string) => `${hash}/original.jpg`;
export const sizeKey = (hash: string, width: number, quality: number, format: PhotoFormat) =>
  `${hash}/w${width}-q${quality}.${EXTENSIONS[format]}`;

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A photo refused for what it is (not an image, too many pixels): fetching it again would not change that. */
export class PhotoRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PhotoRefused';
  }
}

/**
 * The photo normalised: JPEG, AVIF, PNG and WebP only, judged by their magic bytes (sharp's
 * metadata), never by the URL's extension or the Content-Type the source claims.
 */
export async function normalisePhoto(bytes: Buffer, source: string): Promise<Buffer> {
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    metadata = await sharp(bytes, { limitInputPixels: PHOTO_LIMITS.maxPixels }).metadata();
  } catch {
    throw new PhotoRefused(`${source} is not an image: only JPEG, PNG, WebP and AVIF photos are taken`);
  }
  const isAvif = metadata.format === 'heif' && metadata.compression === 'av1';
  const name = isAvif ? 'AVIF' : ACCEPTED.get(metadata.format ?? '');
  if (!name)
    throw new PhotoRefused(
      `${source} is ${metadata.format ? `a ${metadata.format.toUpperCase()} image` : 'not an image'}: only JPEG, PNG, WebP and AVIF photos are taken`,
    );
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > PHOTO_LIMITS.maxPixels)
    throw new PhotoRefused(`${source} has more than ${PHOTO_LIMITS.maxPixels} pixels`);
  try {
    return await sharp(bytes, { limitInputPixels: PHOTO_LIMITS.maxPixels })
      .rotate()
      .resize({ width: PHOTO_LIMITS.maxSide, height: PHOTO_LIMITS.maxSide, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 90, mozjpeg: false })
      .toBuffer();
  } catch (error) {
    throw new PhotoRefused(`${source} is a damaged ${name} image: ${(error as Error).message}`);
  }
}

/** One size of a stored photo: `width` wide at most (never enlarged), in `format`. */
export async function makeSize(original: Buffer, width: number, quality: number, format: PhotoFormat): Promise<Buffer> {
  const resized = sharp(original).resize({ width, withoutEnlargement: true });
  if (format === 'avif') return resized.avif({ quality: Math.max(30, quality - 25), effort: 2 }).toBuffer();
  if (format === 'webp') return resized.webp({ quality }).toBuffer();
  return resized.jpeg({ quality, mozjpeg: true }).toBuffer();
}

/** The format an Accept header takes best: AVIF, then WebP, then JPEG, which every browser shows. */
export function formatFor(accept: string | undefined): PhotoFormat {
  const types = (accept ?? '').toLowerCase();
  if (/\bimage\/avif\b/.test(types)) return 'avif';
  if (/\bimage\/webp\b/.test(types)) return 'webp';
  return 'jpeg';
}

/** Too much work is running and waiting: the media route answers 503 with Retry-After, as the demo's render pool does. */
export class WorkLimiterBusy extends Error {
  constructor() {
    super('The photo resizer is busy; retry shortly');
    this.name = 'WorkLimiterBusy';
  }
}

/** Runs at most `concurrency` pieces of work at once, with at most `maxQueue` waiting; past that, refuses. */
export class WorkLimiter {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxQueue: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency) {
      if (this.waiting.length >= this.maxQueue) throw new WorkLimiterBusy();
      // The slot is handed over by the work that ends, so `active` stays as it is.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.active++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

/** A storage whose keys all live under a prefix: the photos beside the published builds in one bucket. */
export class PrefixedStorage implements BuildStorage {
  readonly description: string;
  constructor(
    private readonly inner: BuildStorage,
    private readonly prefix: string,
  ) {
    this.description = `${inner.description} under ${prefix}`;
  }
  put(key: string, body: Buffer, options?: { contentType?: string; ifAbsent?: boolean }): Promise<boolean> {
    return this.inner.put(this.prefix + key, body, options);
  }
  get(key: string): Promise<Buffer | null> {
    return this.inner.get(this.prefix + key);
  }
  exists(key: string): Promise<boolean> {
    return this.inner.exists(this.prefix + key);
  }
  list(prefix: string): Promise<string[]> {
    return this.inner.list(this.prefix + prefix);
  }
  delete(key: string): Promise<void> {
    return this.inner.delete(this.prefix + key);
  }
}

/**
 * Where photos are kept: the builds' bucket under `photos/` when there is one (every instance
 * reads what any fetched), else `{dataDir}/photos`. The closer is for the bucket's client.
 */
export function openPhotoStorage(
  settings: BuildStorageSettings,
  dataDir: string,
): { storage: BuildStorage; close: () => void } {
  if (settings.objectStorage) {
    const bucket = new ObjectStorage(settings.objectStorage);
    return { storage: new PrefixedStorage(bucket, 'photos/'), close: () => bucket.close() };
  }
  return { storage: new LocalFolderStorage(path.join(dataDir, 'photos')), close: () => undefined };
}
