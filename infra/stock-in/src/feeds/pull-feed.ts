import type { Kysely } from 'kysely';
import type { PlatformTables, StockImportFormat } from '@forecourt/data/schema';
import { isOutboundError, type OutboundFetch } from '@forecourt/runtime/outbound-fetch';
import { FEED_TYPES } from './import-schema';
import { storeFeed } from './receive-feed';

/**
 * A feed fetched from a dealer's URL through the safe fetch and stored as an upload is, so the
 * same runner applies it (docs/stock.md, Pulled feeds). Every way it can fail is answered as a
 * message naming the URL and the problem, for the import or the schedule to show.
 */

export interface PullLimits {
  maxBytes: number;
  timeoutMs: number;
}

/** The validators of a feed fetched before: an unchanged feed then answers 304. */
export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

export type Pulled =
  | { status: 'stored'; id: string; format: StockImportFormat; bytes: number; validators: Validators }
  | { status: 'not-modified' }
  | { status: 'failed'; message: string; id: string | null };

/** Servers often send a feed as plain text or bytes: then the URL's extension tells. */
const GENERIC_TYPES = new Set(['', 'text/plain', 'application/octet-stream', 'binary/octet-stream']);
const EXTENSIONS: Record<string, StockImportFormat> = { '.csv': 'csv', '.tsv': 'tsv', '.txt': 'csv', '.xml': 'xml' };

export function formatOf(contentType: string | undefined, url: string): StockImportFormat | null {
  const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const declared = FEED_TYPES[mediaType as keyof typeof FEED_TYPES];
  if (declared) return declared;
  if (!GENERIC_TYPES.has(mediaType)) return null;
  const path = new URL(url).pathname.toLowerCase();
  const extension = path.slice(path.lastIndexOf('.'));
  return EXTENSIONS[extension] ?? null;
}

/**
 * GETs `url` (with the validators, when given) and stores a 200's body into the import `into`
 * gives (made once the format is known). A stored feed is not yet queued: the caller does that.
 * On failure what was stored stays for the caller to drop with its import.
 */
export async function pullFeed(
  db: Kysely<PlatformTables>,
  outbound: OutboundFetch,
  url: string,
  into: (format: StockImportFormat) => Promise<string>,
  limits: PullLimits & { validators?: Validators },
): Promise<Pulled> {
  const headers: Record<string, string> = {
    accept: 'text/csv, text/tab-separated-values, application/xml, text/xml;q=0.9, */*;q=0.1',
  };
  if (limits.validators?.etag) headers['if-none-match'] = limits.validators.etag;
  if (limits.validators?.lastModified) headers['if-modified-since'] = limits.validators.lastModified;
  let id: string | null = null;
  try {
    const response = await outbound.get(url, { timeoutMs: limits.timeoutMs, maxBytes: limits.maxBytes, headers });
    if (response.status === 304 && limits.validators) {
      response.discard();
      return { status: 'not-modified' };
    }
    if (response.status < 200 || response.status > 299) {
      response.discard();
      return { status: 'failed', message: `${response.url} answered HTTP ${response.status}`, id };
    }
    const format = formatOf(response.headers['content-type'], response.url);
    if (!format) {
      response.discard();
      return {
        status: 'failed',
        message: `${response.url} is served as ${response.headers['content-type'] ?? 'no content type'}: a feed is CSV, TSV or XML (${Object.keys(FEED_TYPES).join(', ')})`,
        id,
      };
    }
    id = await into(format);
    const stored = await storeFeed(db, id, response.body, limits.maxBytes);
    if (stored.status === 'too-large')
      return {
        status: 'failed',
        message: `${response.url} is more than the ${limits.maxBytes} bytes a feed may be`,
        id,
      };
    if (stored.status === 'not-utf8') return { status: 'failed', message: `${response.url} is not UTF-8 text`, id };
    if (stored.status === 'empty') return { status: 'failed', message: `${response.url} answered an empty feed`, id };
    return {
      status: 'stored',
      id,
      format,
      bytes: stored.bytes,
      validators: { etag: response.headers.etag ?? null, lastModified: response.headers['last-modified'] ?? null },
    };
  } catch (error) {
    if (isOutboundError(error)) return { status: 'failed', message: error.message, id };
    throw error;
  }
}
