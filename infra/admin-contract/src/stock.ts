import { z } from 'zod';
import { TenantSlug, Timestamp } from './common';

/**
 * A tenant's stock as it comes in: its Stock API keys, scheduled feeds, feed imports and photos
 * (docs/stock.md). The feed schedule's body and answer are the Stock API's too
 * (`PUT /api/stock/v1/feeds/:source`), so its OpenAPI document is made from these schemas.
 */

/** A tenant's Stock API key as the admin API lists it: never the key itself. */
export const StockKey = z.object({
  id: z.number().int(),
  tenant: z.string(),
  label: z.string(),
  createdAt: Timestamp,
  createdBy: z.string(),
  revokedAt: Timestamp.nullable(),
  lastUsedAt: Timestamp.nullable(),
});
export type StockKey = z.output<typeof StockKey>;

/** `GET /_admin/stock-keys`: the keys of the tenants the caller manages, newest first. */
export const StockKeys = z.object({ keys: z.array(StockKey) });
export type StockKeys = z.output<typeof StockKeys>;

/** `POST /_admin/stock-keys` (201): the new key, and its secret, answered only this once. */
export const CreatedStockKey = z.object({ key: StockKey, secret: z.string() });
export type CreatedStockKey = z.output<typeof CreatedStockKey>;

/** `POST /_admin/stock-keys/:id/revoke`: the key as it is now. */
export const RevokedStockKey = z.object({ key: StockKey });
export type RevokedStockKey = z.output<typeof RevokedStockKey>;

export const StockKeyBody = z
  .object({
    tenant: TenantSlug,
    /** What the key is for (the dealer's system, an integrator); default 'Stock API'. */
    label: z.string().trim().min(1).max(100).optional(),
  })
  .strict();
export type StockKeyBody = z.input<typeof StockKeyBody>;

export const StockKeysQuery = z.object({ tenant: TenantSlug.optional() }).strict();

/** The shortest interval between pulls: a dealer's stock changes over hours, and every pull costs its server a request. */
export const MIN_INTERVAL_MINUTES = 15;

export const FeedSource = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'lower-case letters, digits, dash or underscore, at most 40')
  .describe("The feed's name: a feed is the whole stock of its source, and withdraws only that source's cars");

/** A URL the platform may be asked to fetch: http or https, of a sane length. Where it leads is checked when it is fetched. */
export const FeedUrl = z
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
export const FeedFormat = z
  .enum(['meta-auto'])
  .describe(
    "Meta's automotive inventory feed; CSV, TSV or XML as the answer's content type (or the URL's extension) says",
  );

/** `PUT /_admin/feeds/:tenant/:source` (and the Stock API's `PUT /feeds/:source`): makes (201) or changes (200) the schedule of a source. */
export const ScheduleBody = z
  .object({
    url: FeedUrl,
    format: FeedFormat,
    interval_minutes: z
      .number()
      .int()
      .min(MIN_INTERVAL_MINUTES, `at least ${MIN_INTERVAL_MINUTES}`)
      .max(7 * 24 * 60, 'at most a week')
      .describe(`Minutes between pulls, at least ${MIN_INTERVAL_MINUTES}`),
  })
  .strict();
export type ScheduleBody = z.output<typeof ScheduleBody>;

/** A feed the platform pulls from the dealer's server on a schedule. */
export const Schedule = z.object({
  source: z.string(),
  url: z.string(),
  format: FeedFormat,
  interval_minutes: z.number().int(),
  updated_by: z.string(),
  updated_at: Timestamp,
  next_pull_at: Timestamp,
  last_pulled_at: Timestamp.nullable(),
  last_outcome: z
    .enum(['queued', 'unchanged', 'failed'])
    .nullable()
    .describe(
      'queued: a feed was fetched and queued as import last_import_id; unchanged: the server answered 304; failed: last_message says why',
    ),
  last_message: z.string().nullable(),
  last_import_id: z.string().nullable(),
});
export type Schedule = z.output<typeof Schedule>;

/** A schedule as the admin API answers it: with its tenant. */
export const FeedSchedule = Schedule.extend({ tenant: z.string() });
export type FeedSchedule = z.output<typeof FeedSchedule>;

/** `GET /_admin/feeds?tenant=` */
export const FeedSchedules = z.object({ feeds: z.array(FeedSchedule) });
export type FeedSchedules = z.output<typeof FeedSchedules>;

/** The answer of `PUT` and `DELETE /_admin/feeds/:tenant/:source`: the schedule as it is now (or was). */
export const FeedScheduleChange = z.object({ feed: FeedSchedule });
export type FeedScheduleChange = z.output<typeof FeedScheduleChange>;

export const FeedsQuery = z.object({ tenant: TenantSlug.optional() }).strict();

export const ImportState = z.enum(['queued', 'running', 'done', 'failed', 'quarantined']);
export type ImportState = z.output<typeof ImportState>;

export const ImportFormat = z.enum(['csv', 'tsv', 'xml']);

/** What an import did to its source's cars. */
export const ImportCounts = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  withdrawn: z.number().int(),
  rejected: z.number().int(),
});
export type ImportCounts = z.output<typeof ImportCounts>;

/** A rejected row of a feed: `row` 1 is the first after a CSV header. */
export const ImportRowError = z.object({
  row: z.number().int().nullable(),
  vehicle_id: z.string().nullable(),
  field: z.string(),
  message: z.string(),
});
export type ImportRowError = z.output<typeof ImportRowError>;

/** One feed import as `GET /_admin/imports?tenant=` lists it (docs/stock.md, Feeds and imports for operators). */
export const StockImport = z.object({
  id: z.string(),
  tenant: z.string(),
  source: z.string(),
  /** Null for an import by URL until its feed is fetched. */
  format: ImportFormat.nullable(),
  url: z.string().nullable(),
  status: ImportState,
  /** Why it failed or was quarantined (kept on one applied anyway). */
  message: z.string().nullable(),
  rows: z.number().int().nullable(),
  counts: ImportCounts,
  /** How many rejected rows `GET /_admin/imports/:id` lists. */
  error_count: z.number().int(),
  created_at: Timestamp,
  started_at: Timestamp.nullable(),
  finished_at: Timestamp.nullable(),
  duration_seconds: z.number().nullable(),
  /** A quarantined import someone applied anyway: when, who, why. */
  applied_anyway: z.object({ at: Timestamp, by: z.string(), reason: z.string() }).nullable(),
});
export type StockImport = z.output<typeof StockImport>;

/** `GET /_admin/imports?tenant=`: newest first. */
export const StockImports = z.object({ imports: z.array(StockImport) });
export type StockImports = z.output<typeof StockImports>;

/** One import with its rejected rows and who sent it. */
export const StockImportWithErrors = StockImport.extend({ errors: z.array(ImportRowError), created_by: z.string() });
export type StockImportWithErrors = z.output<typeof StockImportWithErrors>;

/** `GET /_admin/imports/:id`, and the answer of `POST /_admin/imports/:id/apply` (202). */
export const StockImportDetail = z.object({ import: StockImportWithErrors });
export type StockImportDetail = z.output<typeof StockImportDetail>;

/** A tenant's newest imports, or its newest photos not stored: at most 200. */
export const TenantListQuery = z
  .object({ tenant: TenantSlug, limit: z.coerce.number().int().min(1).max(200).default(20) })
  .strict();

const REASON_REQUIRED = 'is required: say why the feed is right';

/** `POST /_admin/imports/:id/apply`: why a quarantined import is applied past the snapshot rules, kept on it and in the audit. */
export const ApplyAnywayBody = z
  .object({
    reason: z
      .string({ error: REASON_REQUIRED })
      .trim()
      .min(1, { error: REASON_REQUIRED })
      .max(500, { error: 'at most 500 characters' }),
  })
  .strict();
export type ApplyAnywayBody = z.input<typeof ApplyAnywayBody>;

export const PhotoStatus = z.enum(['stored', 'pending', 'failed']);
export type PhotoStatus = z.output<typeof PhotoStatus>;

/** A photo not stored (yet), as `GET /_admin/photos?tenant=` lists it (docs/stock.md, Photos). */
export const UnstoredPhoto = z.object({
  url: z.string(),
  status: PhotoStatus.exclude(['stored']),
  /** Tries since the last that succeeded. */
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  /** A pending photo's next try; null for a failed one, never tried again. */
  next_attempt_at: Timestamp.nullable(),
  queued_at: Timestamp,
  /** The first few cars naming it; `car_count` is all of them. */
  stocknums: z.array(z.string()),
  car_count: z.number().int(),
});
export type UnstoredPhoto = z.output<typeof UnstoredPhoto>;

/** `GET /_admin/photos?tenant=&limit=`: the site's photos by status, and the newest not stored. */
export const TenantPhotos = z.object({
  counts: z.object({ stored: z.number().int(), pending: z.number().int(), failed: z.number().int() }),
  photos: z.array(UnstoredPhoto),
});
export type TenantPhotos = z.output<typeof TenantPhotos>;
