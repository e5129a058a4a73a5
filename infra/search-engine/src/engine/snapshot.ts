/**
 * An `IndexStore` saved to one file and loaded back, so a restart serves searches without
 * rebuilding: the records, settings and synonyms, and every structure built over the records
 * (facet and text postings, numeric columns, customRanking orders), which take several times
 * longer to rebuild than to load.
 *
 * Layout: 8-byte magic, 4-byte header length, the header (JSON: format version, section lengths,
 * CRC-32 of both sections, the caller's `meta`), the payload (`v8.serialize` of the store's
 * plain-data form: typed arrays and Maps go through it as memory copies, several times faster
 * than JSON), then the record section: every record's JSON text, one after another (see
 * `RecordStoreSnapshot.docOffsets`). The record section is most of the file (about 1.8 KB a car)
 * and is not decoded at all: the restored store reads each record's text from it when the record
 * is first needed. Read into a SharedArrayBuffer (`readSnapshotFile`), the same bytes then serve
 * the search worker threads without a copy (`search-pool.ts`).
 * The header can be read without the payload. A file is written to a temporary name and renamed
 * over the old one, so a reader sees the old or the new snapshot, never half of one.
 *
 * `SNAPSHOT_FORMAT` must be bumped whenever a saved structure changes its shape: a file of another
 * format is refused (and the caller rebuilds) rather than loaded into the wrong shape.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import v8 from 'node:v8';
import { crc32 } from 'node:zlib';
import { RecordBlobWriter } from './record-store';
import { IndexStore, type IndexStoreSnapshot } from './search-index';

export const SNAPSHOT_FORMAT = 4;
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
  recordBytes: number;
  /** CRC-32 of the payload followed by the record section. */
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

/** The file's bytes (header, payload, record section) as consecutive buffers, and their total. */
export function encodeSnapshot(
  store: IndexStore,
  fingerprint: string | null,
): { bytes: Buffer[]; length: number; meta: SnapshotMeta } {
  const records = new RecordBlobWriter();
  const payload = v8.serialize(store.toSnapshot(records));
  let crc = crc32(payload);
  for (const part of records.parts) crc = crc32(part, crc);
  const meta: SnapshotMeta = { fingerprint, savedAt: new Date().toISOString(), records: recordCounts(store) };
  const header: Header = {
    format: SNAPSHOT_FORMAT,
    payloadBytes: payload.length,
    recordBytes: records.length,
    crc,
    meta,
  };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(headerBytes.length);
  const bytes = [MAGIC, length, headerBytes, payload, ...records.parts];
  return { bytes, length: bytes.reduce((n, b) => n + b.length, 0), meta };
}

/** The encoded snapshot copied into one SharedArrayBuffer (what worker threads load). */
export function encodeSnapshotShared(store: IndexStore): SharedArrayBuffer {
  const { bytes, length } = encodeSnapshot(store, null);
  const shared = new SharedArrayBuffer(length);
  const view = Buffer.from(shared);
  let at = 0;
  for (const b of bytes) at += b.copy(view, at);
  return shared;
}

function parseHeader(file: Buffer): { header: Header; payloadAt: number } {
  if (file.length < MAGIC.length + 4 || !file.subarray(0, MAGIC.length).equals(MAGIC))
    throw new SnapshotError('not a search snapshot');
  const headerBytes = file.readUInt32LE(MAGIC.length);
  const payloadAt = MAGIC.length + 4 + headerBytes;
  if (payloadAt > file.length) throw new SnapshotError('truncated header');
  let header: Header;
  try {
    header = JSON.parse(file.subarray(MAGIC.length + 4, payloadAt).toString('utf8')) as Header;
  } catch {
    throw new SnapshotError('unreadable header');
  }
  if (header.format !== SNAPSHOT_FORMAT)
    throw new SnapshotError(`format ${String(header.format)}, expected ${SNAPSHOT_FORMAT}`);
  const expected = header.payloadBytes + header.recordBytes;
  if (file.length - payloadAt !== expected)
    throw new SnapshotError(`payload and records are ${file.length - payloadAt} bytes, header says ${expected}`);
  return { header, payloadAt };
}

/**
 * The store a snapshot file holds. Its records stay in `file` (not copied): keep `file` unchanged
 * for as long as the store lives. `verify: false` skips the checksum, for bytes this process
 * already verified (a worker thread loading what the request thread read).
 */
export function decodeSnapshot(
  file: Buffer,
  options: { verify?: boolean } = {},
): { store: IndexStore; meta: SnapshotMeta } {
  const { header, payloadAt } = parseHeader(file);
  const payload = file.subarray(payloadAt, payloadAt + header.payloadBytes);
  const records = file.subarray(payloadAt + header.payloadBytes);
  if (options.verify !== false && crc32(records, crc32(payload)) !== header.crc)
    throw new SnapshotError('checksum mismatch');
  try {
    return {
      store: IndexStore.fromSnapshot(v8.deserialize(payload) as IndexStoreSnapshot, records),
      meta: header.meta,
    };
  } catch (error) {
    throw new SnapshotError(`unreadable payload: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Writes the snapshot atomically (temporary file, flushed, renamed over `file`). */
export async function writeSnapshot(
  file: string,
  store: IndexStore,
  fingerprint: string | null,
): Promise<SnapshotMeta> {
  const { bytes, meta } = encodeSnapshot(store, fingerprint);
  const temp = `${file}.${process.pid}.tmp`;
  // A service's first start on a new volume: its folder is made, not required to exist.
  await fs.mkdir(path.dirname(file), { recursive: true });
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

/**
 * The bytes of the snapshot file, in a SharedArrayBuffer (so worker threads can be handed them
 * without a copy); null when there is none. Reading can start before anything else of the server
 * (it runs on libuv's threads) and be decoded once the search service registers.
 */
async function readSnapshotFile(file: string): Promise<Buffer | null> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const { size } = await handle.stat();
    const bytes = Buffer.from(new SharedArrayBuffer(size));
    let at = 0;
    while (at < size) {
      const { bytesRead } = await handle.read(bytes, at, size - at, at);
      if (bytesRead === 0) break;
      at += bytesRead;
    }
    return at === size ? bytes : bytes.subarray(0, at);
  } finally {
    await handle.close();
  }
}

/**
 * The snapshot in `file`; null when there is none. Throws `SnapshotError` when it is unusable.
 * `bytes` (in a SharedArrayBuffer) is what the store's records are read from.
 */
export async function readSnapshot(
  file: string,
): Promise<{ store: IndexStore; meta: SnapshotMeta; bytes: Buffer } | null> {
  const bytes = await readSnapshotFile(file);
  return bytes ? { ...decodeSnapshot(bytes), bytes } : null;
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
    const delay = Math.min(
      this.options.delayMs ?? 2000,
      Math.max(0, this.firstChangeAt + (this.options.maxDelayMs ?? 15_000) - now),
    );
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
