import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where published builds are kept, as keys like `mf-search/1.2.0/remoteEntry.js`. The registry
 * decides what the keys mean; a storage only keeps bytes. Two kinds: a folder on this machine
 * (the embedded default) and object storage shared by every instance (./object-storage.ts).
 */
export interface BuildStorage {
  /** Said in logs and errors: which folder or bucket this is. */
  readonly description: string;
  /**
   * Writes one object. With `ifAbsent`, writes only when the key does not exist yet and answers
   * false when it did: what makes two publishes of one version end with one winner.
   */
  put(key: string, body: Buffer, options?: { contentType?: string; ifAbsent?: boolean }): Promise<boolean>;
  /** The object's bytes, or null when there is no such key. Any other failure throws. */
  get(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** The names directly under a folder-like prefix (`mf-search/`): sub-folders and objects alike. */
  list(prefix: string): Promise<string[]>;
  /** Removes one object; a key that is not there is no error (two removers may meet). */
  delete(key: string): Promise<void>;
}

/**
 * The storage could not be read or written (unreachable, refused, timed out): not the same as a
 * build that is not there. Requests that need it answer 503 with Retry-After.
 */
export class BuildStorageUnavailableError extends Error {
  constructor(storage: string, cause: unknown) {
    super(`Published builds in ${storage} cannot be reached: ${(cause as Error).message ?? String(cause)}`, { cause });
    this.name = 'BuildStorageUnavailableError';
  }
}

const isMissing = (error: unknown): boolean =>
  ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/** The registry as a folder on disk: `{root}/{team}/{version}/...`, the layout `npm start` always had. */
export class LocalFolderStorage implements BuildStorage {
  readonly root: string;
  readonly description: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.description = `the folder ${this.root}`;
  }

  private pathOf(key: string): string {
    const full = path.resolve(this.root, ...key.split('/'));
    // Keys are made by the registry from checked names; this is the last line, not the check.
    if (full !== this.root && !full.startsWith(this.root + path.sep))
      throw new Error(`storage key '${key}' leaves ${this.root}`);
    return full;
  }

  async put(key: string, body: Buffer, options: { ifAbsent?: boolean } = {}): Promise<boolean> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Written beside the target and then moved (or linked) into place, so a reader sees the
    // whole file or none of it; a link fails when the target exists, which is the `ifAbsent`.
    const temp = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
    await fs.writeFile(temp, body);
    try {
      if (!options.ifAbsent) {
        await fs.rename(temp, target);
        return true;
      }
      try {
        await fs.link(temp, target);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw error;
      }
    } finally {
      await fs.rm(temp, { force: true });
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.pathOf(key));
    } catch (error) {
      if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return fs.stat(this.pathOf(key)).then(
      (s) => s.isFile(),
      () => false,
    );
  }

  async list(prefix: string): Promise<string[]> {
    try {
      return await fs.readdir(this.pathOf(prefix.replace(/\/$/, '')));
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.rm(target, { force: true });
    // A bucket has no folders: the folder its last object leaves behind goes too (another
    // object put there meanwhile keeps it).
    const folder = path.dirname(target);
    if (folder !== this.root) await fs.rmdir(folder).catch(() => undefined);
  }
}
