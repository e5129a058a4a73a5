import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { BuildStorage } from './build-storage';

export interface PublishedFile {
  body: Buffer;
  /** A strong validator made from the bytes, so every instance gives a file the same one. */
  etag: string;
}

/** A file a published build does not have (a `.br` copy of an image, say): remembered too. */
const ABSENT = Symbol('absent');
type Entry = PublishedFile | typeof ABSENT;

/** What an entry costs beyond its bytes (key, object, validator): so many tiny ones still count. */
const ENTRY_OVERHEAD_BYTES = 256;

/**
 * This instance's copy of published files, in front of the bucket, bounded in bytes. It is asked
 * only for files of versions whose manifest it has read, and a published version never changes
 * (its files were all written before its manifest), so a file once read, and the absence of one,
 * stay true forever: nothing here expires, the least recently used go when the bound is reached.
 * A file larger than the whole bound is served but not kept. Reads of one file at once share one
 * download (lru-cache's fetch).
 */
export class PublishedFileCache {
  private readonly cache: LRUCache<string, Entry>;

  constructor(
    private readonly storage: BuildStorage,
    readonly maxBytes: number,
  ) {
    this.cache = new LRUCache<string, Entry>({
      maxSize: maxBytes,
      sizeCalculation: (entry, key) => ENTRY_OVERHEAD_BYTES + key.length + (entry === ABSENT ? 0 : entry.body.length),
      fetchMethod: async (key) => {
        const body = await this.storage.get(key);
        if (!body) return ABSENT;
        return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` };
      },
    });
  }

  /** The file, or null when the build has no such file; a storage failure throws. */
  async read(key: string): Promise<PublishedFile | null> {
    const entry = await this.cache.fetch(key);
    return !entry || entry === ABSENT ? null : entry;
  }

  /** Bytes held now (never above `maxBytes`). */
  get heldBytes(): number {
    return this.cache.calculatedSize;
  }
}
