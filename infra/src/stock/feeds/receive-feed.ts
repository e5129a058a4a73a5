import type { Kysely } from 'kysely';
import type { PlatformTables, StockImportFormat } from '../../db/schema';
import { isNotUtf8 } from './parse-feed';
import { addChunk, beginImport, CHUNK_BYTES, dropImport, queueImport } from '../../db/stock-imports';

/**
 * An uploaded feed stored as it arrives, a piece at a time, so an upload of any size holds a
 * piece in memory; queued for a runner only once all of it is stored and read as UTF-8. An
 * upload past the limit, or not UTF-8, leaves nothing behind.
 */

export type Received = { status: 'queued'; id: string; bytes: number } | { status: 'too-large' } | { status: 'not-utf8' } | { status: 'empty' };

export async function receiveFeed(
  db: Kysely<PlatformTables>,
  body: AsyncIterable<Buffer | string>,
  upload: { tenant: string; source: string; format: StockImportFormat; createdBy: string; maxBytes: number },
): Promise<Received> {
  const id = await beginImport(db, upload);
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
      if (bytes > upload.maxBytes) {
        await dropImport(db, id);
        return { status: 'too-large' };
      }
      decoder.decode(buffer, { stream: true });
      pending.push(buffer);
      pendingBytes += buffer.length;
      if (pendingBytes >= CHUNK_BYTES) await flush();
    }
    decoder.decode();
  } catch (error) {
    await dropImport(db, id);
    if (isNotUtf8(error)) return { status: 'not-utf8' };
    throw error;
  }
  if (bytes === 0) {
    await dropImport(db, id);
    return { status: 'empty' };
  }
  await flush();
  await queueImport(db, id, bytes);
  return { status: 'queued', id, bytes };
}
