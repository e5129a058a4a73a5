import type { Kysely } from 'kysely';
import type { PlatformTables, StockImportFormat } from '@forecourt/data/schema';
import { isNotUtf8 } from './parse-feed';
import { addChunk, beginImport, CHUNK_BYTES, dropImport, queueImport } from '../stock-imports';

/**
 * An uploaded feed stored as it arrives, a piece at a time, so an upload of any size holds a
 * piece in memory; queued for a runner only once all of it is stored and read as UTF-8. An
 * upload past the limit, or not UTF-8, leaves nothing behind. A pulled feed is stored the same way
 * (pull-feed.ts).
 */

export type Received =
  | { status: 'queued'; id: string; bytes: number }
  | { status: 'too-large' }
  | { status: 'not-utf8' }
  | { status: 'empty' };

export async function receiveFeed(
  db: Kysely<PlatformTables>,
  body: AsyncIterable<Buffer | string>,
  upload: { tenant: string; source: string; format: StockImportFormat; createdBy: string; maxBytes: number },
): Promise<Received> {
  const id = await beginImport(db, upload);
  let stored: Stored;
  try {
    stored = await storeFeed(db, id, body, upload.maxBytes);
  } catch (error) {
    await dropImport(db, id);
    throw error;
  }
  if (stored.status !== 'stored') {
    await dropImport(db, id);
    return stored;
  }
  await queueImport(db, id, stored.bytes);
  return { status: 'queued', id, bytes: stored.bytes };
}

export type Stored =
  { status: 'stored'; bytes: number } | { status: 'too-large' } | { status: 'not-utf8' } | { status: 'empty' };

/**
 * A feed's bytes stored as pieces of import `id`, read as UTF-8 on the way. Whoever calls it drops
 * the import (or what it stored) unless it answers 'stored'; errors of the body are thrown.
 */
export async function storeFeed(
  db: Kysely<PlatformTables>,
  id: string,
  body: AsyncIterable<Buffer | string>,
  maxBytes: number,
): Promise<Stored> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let bytes = 0;
  let seq = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    await addChunk(db, id, seq++, Buffer.concat(pending));
    pending = [];
    pendingBytes = 0;
  };
  try {
    for await (const piece of body) {
      const buffer = typeof piece === 'string' ? Buffer.from(piece) : piece;
      bytes += buffer.length;
      if (bytes > maxBytes) return { status: 'too-large' };
      decoder.decode(buffer, { stream: true });
      pending.push(buffer);
      pendingBytes += buffer.length;
      if (pendingBytes >= CHUNK_BYTES) await flush();
    }
    decoder.decode();
  } catch (error) {
    if (isNotUtf8(error)) return { status: 'not-utf8' };
    throw error;
  }
  if (bytes === 0) return { status: 'empty' };
  await flush();
  return { status: 'stored', bytes };
}
