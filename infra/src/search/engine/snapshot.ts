/**
 * An `IndexStore` saved to one file and loaded back, so a restart serves searches without
 * rebuilding: the records, settings and synonyms, and every structure built over the records
 * (facet and text postings, numeric columns, customRanking orders), which take several times
 * longer to rebuild than to load.
 *
 * Layout: 8-byte magic, 4-byte header length, the header (JSON: format version, payload length
 * and CRC-32, the caller's `meta`), then the payload (`v8.serialize` of the store's plain-data
 * form: typed arrays and Maps go through it as memory copies, several times faster than JSON).
 * The header can be read without the payload. A file is written to a temporary name and renamed
 * over the old one, so a reader sees the old or the new snapshot, never half of one.
 *
 * `SNAPSHOT_FORMAT` must be bumped whenever a saved structure changes its shape: a file of another
 * format is refused (and the caller rebuilds) rather than loaded into the wrong shape.
 */
import fs from 'node:fs/promises';
import v8 from 'node:v8';
import { crc32 } from 'node:zlib';
import { IndexStore, type IndexStoreSnapshot } from './search-index';

export const SNAPSHOT_FORMAT = 3;
const MAGIC = Buffer.from('FCSIDX\r\n', 'latin1');

export interface SnapshotMeta {
  /** What the snapshot was built from (the indexer's stock fingerprint); null: unknown, never reused. */
  fingerprint: string | null;
  savedAt: string;
  /** Live records per index, for logs and health. */
  records: Record<string, number>;
}

interface Header {
  format: number;
  payloadBytes: number;
  crc: number;
  meta: SnapshotMeta;
}

/** A snapshot file that exists but cannot be used (truncated, corrupt, another format). */
export class SnapshotError extends Error {}

export function recordCounts(store: IndexStore): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name of store.names()) {
    const index = store.require(name);
    if (!index.isReplica) out[name] = index.store.size;
  }
  return out;
}

/** The file's bytes (header and payload). Synchronous: it reads the live structures. */
export function encodeSnapshot(store: IndexStore, fingerprint: string | null): { bytes: Buffer[]; meta: SnapshotMeta } {
  const payload = v8.serialize(store.toSnapshot());
  const meta: SnapshotMeta = { fingerprint, savedAt: new Date().toISOString(), records: recordCounts(store) };
  const header: Header = { format: SNAPSHOT_FORMAT, payloadBytes: payload.length, crc: crc32(payload), meta };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(headerBytes.length);
  return { bytes: [MAGIC, length, headerBytes, payload], meta };
}

function parseHeader(file: Buffer): { header: Header; payloadAt: number } {
  if (file.length < MAGIC.length + 4 || !file.subarray(0, MAGIC.length).equals(MAGIC)) throw new SnapshotError('not a search snapshot');
  const headerBytes = file.readUInt32LE(MAGIC.length);
  const payloadAt = MAGIC.length + 4 + headerBytes;
  if (payloadAt > file.length) throw new SnapshotError('truncated header');
  let header: Header;
  try {
    header = JSON.parse(file.subarray(MAGIC.length + 4, payloadAt).toString('utf8')) as Header;
  } catch {
    throw new SnapshotError('unreadable header');
  }
  if (header.format !== SNAPSHOT_FORMAT) throw new SnapshotError(`format ${String(header.format)}, expected ${SNAPSHOT_FORMAT}`);
  if (file.length - payloadAt !== header.payloadBytes) throw new SnapshotError(`payload is ${file.length - payloadAt} bytes, header says ${header.payloadBytes}`);
  return { header, payloadAt };
}

export function decodeSnapshot(file: Buffer): { store: IndexStore; meta: SnapshotMeta } {
  const { header, payloadAt } = parseHeader(file);
  const payload = file.subarray(payloadAt);
  if (crc32(payload) !== header.crc) throw new SnapshotError('checksum mismatch');
  try {
    return { store: IndexStore.fromSnapshot(v8.deserialize(payload) as IndexStoreSnapshot), meta: header.meta };
  } catch (error) {
    throw new SnapshotError(`unreadable payload: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Writes the snapshot atomically (temporary file, flushed, renamed over `file`). */
export async function writeSnapshot(file: string, store: IndexStore, fingerprint: string | null): Promise<SnapshotMeta> {
  const { bytes, meta } = encodeSnapshot(store, fingerprint);
  const temp = `${file}.${process.pid}.tmp`;
  const handle = await fs.open(temp, 'w', 0o600);
  try {
    await handle.writev(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
  return meta;
}

/** The snapshot in `file`; null when there is none. Throws `SnapshotError` when it is unusable. */
export async function readSnapshot(file: string): Promise<{ store: IndexStore; meta: SnapshotMeta } | null> {
  let bytes: Buffer;
  try {
    bytes = await fs.readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return decodeSnapshot(bytes);
}

export interface SnapshotWriterOptions {
  /** Quiet time after the last change before saving. Default 2 s. */
  delayMs?: number;
  /** Longest a change waits while writes keep coming. Default 15 s. */
  maxDelayMs?: number;
  onSaved?: (meta: SnapshotMeta, ms: number) => void;
  onError?: (error: unknown) => void;
}

/**
 * Keeps the snapshot file in step with a live store: `changed()` after writes saves once writes
 * pause (debounced, so a batch import is saved once, not per batch), `pause()` stops saving while
 * the store is rebuilt whole (a half-built store must not be saved under a fingerprint), `saveNow`
 * saves at once (after a rebuild, with its fingerprint). Saves run one at a time.
 */
export class SnapshotWriter {
  /** The stock the live store was built from; carried by every save. */
  fingerprint: string | null = null;
  private paused = false;
  private savedStamp: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  private firstChangeAt = 0;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly store: IndexStore,
    private readonly options: SnapshotWriterOptions = {},
  ) {}

  /** The store now matches what is on disk (just restored from it). */
  markSaved(fingerprint: string | null): void {
    this.fingerprint = fingerprint;
    this.savedStamp = this.store.stamp();
  }

  changed(): void {
    if (this.paused || this.store.stamp() === this.savedStamp) return;
    const now = Date.now();
    if (this.timer === null) this.firstChangeAt = now;
    else clearTimeout(this.timer);
    const delay = Math.min(this.options.delayMs ?? 2000, Math.max(0, this.firstChangeAt + (this.options.maxDelayMs ?? 15_000) - now));
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.save();
    }, delay);
    this.timer.unref();
  }

  pause(): void {
    this.paused = true;
    this.fingerprint = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  saveNow(fingerprint: string | null): Promise<void> {
    this.paused = false;
    this.fingerprint = fingerprint;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    return this.save();
  }

  /** Saves what is pending (server shutdown). */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
      await this.save();
    }
    await this.chain;
  }

  private save(): Promise<void> {
    this.chain = this.chain.then(async () => {
      if (this.paused) return;
      const stamp = this.store.stamp();
      if (stamp === this.savedStamp) return;
      const started = Date.now();
      try {
        const meta = await writeSnapshot(this.file, this.store, this.fingerprint);
        this.savedStamp = stamp;
        this.options.onSaved?.(meta, Date.now() - started);
      } catch (error) {
        this.options.onError?.(error);
      }
      // Writes that landed while the file was written are saved by the next round.
      if (this.store.stamp() !== this.savedStamp) this.changed();
    });
    return this.chain;
  }
}
