import { z } from 'zod';
import {
  FeedFormat,
  FeedSource,
  FeedUrl,
  ImportCounts,
  ImportFormat,
  ImportRowError,
  ImportState,
} from '@forecourt/admin-contract';

/** The imports routes' contract (docs/stock.md, Feed imports). */

/** The content types a feed is sent as, and the format each is read as. */
export const FEED_TYPES = {
  'text/csv': 'csv',
  'text/tab-separated-values': 'tsv',
  'application/xml': 'xml',
  'text/xml': 'xml',
} as const;

export const ImportQuery = z
  .object({
    source: z
      .string()
      .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'lower-case letters, digits, dash or underscore, at most 40')
      .default('default')
      .describe("The feed's name: a feed is the whole stock of its source, and withdraws only that source's cars"),
  })
  .strict();

export const ImportParams = z.object({ id: z.string().regex(/^[1-9]\d{0,15}$/, 'an import id') }).strict();

export const ImportStatus = z.object({
  id: z.string(),
  source: z.string(),
  format: ImportFormat.nullable().describe('Null for an import by URL until its feed is fetched'),
  url: z.string().nullable().describe('The URL an import by URL fetches its feed from'),
  status: ImportState,
  message: z.string().nullable().describe('Why the import failed or was quarantined'),
  rows: z.number().int().nullable().describe("The feed's rows (a CSV header is not one)"),
  counts: ImportCounts,
  errors: z
    .array(ImportRowError)
    .describe('The rejected rows: row number (the first row 1), vehicle_id and the column at fault; the first 1,000'),
  created_at: z.iso.datetime({ offset: true }),
  finished_at: z.iso.datetime({ offset: true }).nullable(),
});
export type ImportStatus = z.output<typeof ImportStatus>;

/** `POST /imports` with a JSON body: the feed fetched from a URL (docs/stock.md, Pulled feeds). */
export const UrlImportBody = z.object({ url: FeedUrl, format: FeedFormat, source: FeedSource.optional() }).strict();

export const ScheduleParams = z.object({ source: FeedSource }).strict();

/** The feed schedule's body and answer are the admin API's too: one definition, in its contract. */
export { Schedule, ScheduleBody } from '@forecourt/admin-contract';
