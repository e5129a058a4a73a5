import { z } from 'zod';

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

const Counts = z.object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int(), withdrawn: z.number().int(), rejected: z.number().int() });

export const ImportStatus = z.object({
  id: z.string(),
  source: z.string(),
  format: z.enum(['csv', 'tsv', 'xml']),
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
