import { z } from 'zod';
import { MIN_INTERVAL_MINUTES } from '../../db/feed-schedules';

/** The imports routes' contract (docs/stock.md, Feed imports). */

/** The content types a feed is sent as, and the format each is read as. */
export const FEED_TYPES = { 'text/csv': 'csv', 'text/tab-separated-values': 'tsv', 'application/xml': 'xml', 'text/xml': 'xml' } as const;

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

/** `POST /_admin/imports/:id/apply`: why a quarantined import is applied past the snapshot rules, kept on it and in the audit. */
export const ApplyAnywayBody = z
  .object({ reason: z.string({ error: 'is required: say why the feed is right' }).trim().min(1, { error: 'is required: say why the feed is right' }).max(500, { error: 'at most 500 characters' }) })
  .strict();

const Counts = z.object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int(), withdrawn: z.number().int(), rejected: z.number().int() });

export const ImportStatus = z.object({
  id: z.string(),
  source: z.string(),
  format: z.enum(['csv', 'tsv', 'xml']).nullable().describe('Null for an import by URL until its feed is fetched'),
  url: z.string().nullable().describe('The URL an import by URL fetches its feed from'),
  status: z.enum(['queued', 'running', 'done', 'failed', 'quarantined']),
  message: z.string().nullable().describe('Why the import failed or was quarantined'),
  rows: z.number().int().nullable().describe("The feed's rows (a CSV header is not one)"),
  counts: Counts,
  errors: z
    .array(z.object({ row: z.number().int().nullable(), vehicle_id: z.string().nullable(), field: z.string(), message: z.string() }))
    .describe('The rejected rows: row number (the first row 1), vehicle_id and the column at fault; the first 1,000'),
  created_at: z.iso.datetime({ offset: true }),
  finished_at: z.iso.datetime({ offset: true }).nullable(),
});
export type ImportStatus = z.output<typeof ImportStatus>;

const Source = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'lower-case letters, digits, dash or underscore, at most 40')
  .describe("The feed's name: a feed is the whole stock of its source, and withdraws only that source's cars");

/** A URL the platform may be asked to fetch: http or https, of a sane length. Where it leads is checked when it is fetched. */
const FeedUrl = z
  .string()
  .max(2048, 'at most 2048 characters')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'an http or https URL')
  .describe("The feed's address: fetched from a public address only");

/** The feeds a pull reads: Meta's automotive inventory feed, as CSV, TSV or XML (the answer's content type tells which). */
const FeedFormat = z.enum(['meta-auto']).describe("Meta's automotive inventory feed; CSV, TSV or XML as the answer's content type (or the URL's extension) says");

/** `POST /imports` with a JSON body: the feed fetched from a URL (docs/stock.md, Pulled feeds). */
export const UrlImportBody = z.object({ url: FeedUrl, format: FeedFormat, source: Source.optional() }).strict();

export const ScheduleParams = z.object({ source: Source }).strict();

export const ScheduleBody = z
  .object({
    url: FeedUrl,
    format: FeedFormat,
    interval_minutes: z.number().int().min(MIN_INTERVAL_MINUTES, `at least ${MIN_INTERVAL_MINUTES}`).max(7 * 24 * 60, 'at most a week').describe(`Minutes between pulls, at least ${MIN_INTERVAL_MINUTES}`),
  })
  .strict();
export type ScheduleBody = z.output<typeof ScheduleBody>;

export const Schedule = z.object({
  source: z.string(),
  url: z.string(),
  format: FeedFormat,
  interval_minutes: z.number().int(),
  updated_by: z.string(),
  updated_at: z.iso.datetime({ offset: true }),
  next_pull_at: z.iso.datetime({ offset: true }),
  last_pulled_at: z.iso.datetime({ offset: true }).nullable(),
  last_outcome: z.enum(['queued', 'unchanged', 'failed']).nullable().describe('queued: a feed was fetched and queued as import last_import_id; unchanged: the server answered 304; failed: last_message says why'),
  last_message: z.string().nullable(),
  last_import_id: z.string().nullable(),
});
export type Schedule = z.output<typeof Schedule>;
