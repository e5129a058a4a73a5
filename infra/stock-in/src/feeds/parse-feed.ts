import { Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse';
import { SaxesParser } from 'saxes';
import type { StockImportFormat } from '@forecourt/data/schema';
import type { FeedRecord } from './meta-vehicle';

/**
 * A feed read as rows of flat columns, streaming: the bytes come a piece at a time and rows go
 * out as they are read, so memory holds a piece and its rows, never the feed. Anything that makes
 * the feed unreadable as a whole (bytes that are not UTF-8, malformed CSV or XML, a DTD) is a
 * FeedError: the import applies nothing.
 */

export class FeedError extends Error {}

/** What a fatal TextDecoder throws on bytes that are not UTF-8 (checked by code: a TypeError of another realm fails instanceof). */
export const isNotUtf8 = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === 'ERR_ENCODING_INVALID_ENCODED_DATA';

/** The feed's text, refusing bytes that are not UTF-8 (a byte-order mark is dropped). */
export async function* utf8(pieces: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const piece of pieces) yield decoder.decode(piece, { stream: true });
    yield decoder.decode();
  } catch (error) {
    if (isNotUtf8(error)) throw new FeedError('The feed is not UTF-8 text: save it as UTF-8 and send it again');
    throw error;
  }
}

/**
 * The text handed to a parser at once. Either parser reads every row of what it is given before
 * the first is taken, so a megabyte piece would put some 3,000 rows in memory together.
 */
const PARSE_CHARACTERS = 64 * 1024;

/** The feed's text in parts of at most PARSE_CHARACTERS. */
async function* parts(texts: AsyncIterable<string>): AsyncGenerator<string> {
  for await (const text of texts)
    for (let at = 0; at < text.length; at += PARSE_CHARACTERS) yield text.slice(at, at + PARSE_CHARACTERS);
}

export interface FeedRow {
  /** The row's number among the feed's rows, the first 1 (a CSV header is not a row). */
  row: number;
  record: FeedRecord;
}

/** A row far past any car's columns (Meta's description is at most 5,000 characters) is an unterminated quote: the feed is broken. */
const MAX_ROW_CHARACTERS = 1_000_000;

async function* csvRows(pieces: AsyncIterable<Buffer>, delimiter: string): AsyncGenerator<FeedRow> {
  const parser = parseCsv({
    columns: (header: string[]) => header.map((column) => column.trim()),
    delimiter,
    skip_empty_lines: true,
    relax_quotes: delimiter === '\t',
    trim: false,
    max_record_size: MAX_ROW_CHARACTERS,
  });
  // One part read ahead at most: the default would hold sixteen.
  const source = Readable.from(parts(utf8(pieces)), { objectMode: true, highWaterMark: 1 });
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  let row = 0;
  try {
    for await (const record of parser as AsyncIterable<FeedRecord>) yield { row: ++row, record };
  } catch (error) {
    if (error instanceof FeedError) throw error;
    throw new FeedError(
      `The feed is not readable ${delimiter === '\t' ? 'TSV' : 'CSV'}: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    source.destroy();
  }
}

/** Elements that repeat within a row and are numbered even when there is one: Meta's lists. */
const LISTS = new Set(['image', 'video']);

/**
 * Meta's XML: a root element (`<listings>`) whose children with elements of their own are the
 * rows (`<listing>`); a row's elements are its columns by path (`mileage.value`, `image[0].url`).
 * Any DTD is refused: no entity is ever declared, so none is ever expanded or fetched.
 */
async function* xmlRows(pieces: AsyncIterable<Buffer>): AsyncGenerator<FeedRow> {
  const parser = new SaxesParser({ position: false });
  const ready: FeedRow[] = [];
  let row = 0;
  let failure: Error | null = null;
  // The open elements below the root: the column path, the count of each child name, the text.
  type Open = { path: string; counts: Map<string, number>; text: string; children: number };
  const stack: Open[] = [];
  let record: FeedRecord | null = null;
  parser.on('doctype', () => {
    failure = new FeedError('The feed declares a DTD: feeds may not declare entities or a DTD');
    throw failure;
  });
  parser.on('error', (error) => {
    failure ??= new FeedError(`The feed is not well-formed XML: ${error.message}`);
    throw failure;
  });
  parser.on('opentag', (tag) => {
    const parent = stack[stack.length - 1];
    if (parent) parent.children++;
    const depth = stack.length;
    if (depth === 1) record = {};
    let path = '';
    if (depth >= 2 && parent) {
      const seen = parent.counts.get(tag.name) ?? 0;
      parent.counts.set(tag.name, seen + 1);
      const name = seen > 0 || LISTS.has(tag.name) ? `${tag.name}[${seen}]` : tag.name;
      path = parent.path ? `${parent.path}.${name}` : name;
    }
    stack.push({ path, counts: new Map(), text: '', children: 0 });
  });
  const text = (value: string) => {
    const open = stack[stack.length - 1];
    if (open && stack.length >= 3) open.text += value;
  };
  parser.on('text', text);
  parser.on('cdata', text);
  parser.on('closetag', () => {
    const open = stack.pop();
    if (!open || !record) return;
    if (stack.length >= 2 && open.children === 0) record[open.path] = open.text.trim();
    if (stack.length === 1) {
      if (open.children > 0) ready.push({ row: ++row, record });
      record = null;
    }
  });
  const write = (chunk: string | null) => {
    try {
      if (chunk === null) parser.close();
      else parser.write(chunk);
    } catch (error) {
      throw (
        failure ?? (error instanceof Error ? new FeedError(`The feed is not well-formed XML: ${error.message}`) : error)
      );
    }
  };
  for await (const chunk of parts(utf8(pieces))) {
    write(chunk);
    yield* ready.splice(0);
  }
  write(null);
  yield* ready.splice(0);
}

export function feedRows(pieces: AsyncIterable<Buffer>, format: StockImportFormat): AsyncGenerator<FeedRow> {
  if (format === 'xml') return xmlRows(pieces);
  return csvRows(pieces, format === 'tsv' ? '\t' : ',');
}
