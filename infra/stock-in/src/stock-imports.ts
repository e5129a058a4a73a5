import { sql, type Kysely } from 'kysely';
import type { PlatformTables, StockImportFormat, StockImportStatus } from '@forecourt/data/schema';

/**
 * Feed imports as records (migration 0020): created while the upload arrives, claimed by one
 * runner on any instance, one running import per tenant (the unique index decides when two
 * instances claim at once), applied in batches that each record the import's progress
 * (migration 0022), finished with their counts and row errors.
 */

type Db = Kysely<PlatformTables>;

export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
  withdrawn: number;
  rejected: number;
}

export interface ImportError {
  row: number | null;
  vehicle_id: string | null;
  field: string;
  message: string;
}

export interface StockImport {
  id: string;
  tenant: string;
  source: string;
  /** Null for an import by URL whose feed is not fetched yet. */
  format: StockImportFormat | null;
  status: StockImportStatus;
  rows: number | null;
  /** Where an earlier runner got to; null when nothing is applied yet. */
  progress: ImportProgress | null;
  /** The URL an import by URL fetches its feed from; null for an upload. */
  url: string | null;
  /** A quarantined import someone applied anyway: the snapshot rules are not asked again. */
  applied_anyway: boolean;
  /** Why the snapshot rules held it back, kept on an import applied anyway; null otherwise. */
  message: string | null;
}

/**
 * What an import has applied (migration 0022), written with each batch in its transaction: the
 * batches applied, the feed's rows read past (the rows of the second reading up to the last one
 * of the last batch), the counts so far, and the rows refused while writing (the first reading's
 * are found again by reading the feed again).
 */
export interface ImportProgress {
  batches: number;
  rows: number;
  counts: ImportCounts;
  errors: ImportError[];
}

/** Another runner applied a batch of the import since this one read its progress: this one stops, the other carries on. */
export class ClaimLost extends Error {
  constructor(id: string) {
    super(`import ${id} is run by another runner now`);
  }
}

/** The piece of an upload stored as one row: a runner reads the feed this much at a time. */
export const CHUNK_BYTES = 1024 * 1024;

/** An import being received: not queued (no runner sees it) until the whole feed is stored. */
export async function beginImport(
  db: Db,
  values: { tenant: string; source: string; format: StockImportFormat; createdBy: string },
): Promise<string> {
  const row = await db
    .insertInto('stock_imports')
    .values({
      tenant: values.tenant,
      source: values.source,
      format: values.format,
      created_by: values.createdBy,
      status: 'receiving',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/**
 * An import by URL: queued at once, with nothing stored; the runner that claims it fetches the
 * feed (so no request waits on a dealer's server) and learns its format from the answer.
 */
export async function queueUrlImport(
  db: Db,
  values: { tenant: string; source: string; url: string; createdBy: string },
): Promise<string> {
  const row = await db
    .insertInto('stock_imports')
    .values({
      tenant: values.tenant,
      source: values.source,
      format: null,
      url: values.url,
      created_by: values.createdBy,
      status: 'queued',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** An import by URL's feed is stored: it reads as `format` from now on. */
export async function setFetched(db: Db, id: string, format: StockImportFormat, bytes: number): Promise<void> {
  await db.updateTable('stock_imports').set({ format, bytes }).where('id', '=', id).execute();
}

/** What a fetch that died with its instance had stored: the next runner fetches it whole again. */
export async function dropChunks(db: Db, id: string): Promise<void> {
  await db.deleteFrom('stock_import_chunks').where('import_id', '=', id).execute();
}

export async function addChunk(db: Db, id: string, seq: number, data: Buffer): Promise<void> {
  await db.insertInto('stock_import_chunks').values({ import_id: id, seq, data }).execute();
}

/** The whole feed is stored: a runner may take it. */
export async function queueImport(db: Db, id: string, bytes: number): Promise<void> {
  await db.updateTable('stock_imports').set({ status: 'queued', bytes }).where('id', '=', id).execute();
}

/** An upload that will not be queued (too large, not UTF-8): nothing of it is kept. */
export async function dropImport(db: Db, id: string): Promise<void> {
  await db.deleteFrom('stock_imports').where('id', '=', id).execute();
}

/** Uploads that never finished (their instance died while receiving): dropped with their pieces. */
export async function dropStaleUploads(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('stock_imports').where('status', '=', 'receiving').where('created_at', '<', before).execute();
}

/** The feed's pieces in order, read one at a time. */
export async function* importChunks(db: Db, id: string): AsyncGenerator<Buffer> {
  for (let seq = 0; ; seq++) {
    const chunk = await db
      .selectFrom('stock_import_chunks')
      .select('data')
      .where('import_id', '=', id)
      .where('seq', '=', seq)
      .executeTakeFirst();
    if (!chunk) return;
    yield Buffer.from(chunk.data);
  }
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/**
 * Claims the oldest import that may run now: queued, or running with a lapsed claim (its runner
 * died), of a tenant with no other import running. Null when there is none, or when another
 * instance claimed one of that tenant at the same moment (the unique index refuses the second).
 */
export async function claimImport(db: Db, now: Date, leaseMs: number): Promise<StockImport | null> {
  const until = new Date(now.getTime() + leaseMs);
  try {
    const claimed = await sql<StockImport>`
      update stock_imports set status = 'running', claimed_until = ${until}, started_at = coalesce(started_at, ${now})
      where id = (
        select i.id from stock_imports i
        where (i.status = 'queued' or (i.status = 'running' and i.claimed_until < ${now}))
          and not exists (select 1 from stock_imports r where r.tenant = i.tenant and r.id <> i.id and r.status = 'running')
        order by i.id
        limit 1
        for update skip locked
      )
      returning id, tenant, source, format, status, rows, progress, url, applied_anyway_at is not null as applied_anyway, message`.execute(
      db,
    );
    const row = claimed.rows[0];
    return row ? { ...row, id: String(row.id), progress: row.progress ?? null } : null;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** The runner is still at it: its claim runs on. */
export async function extendClaim(db: Db, id: string, until: Date): Promise<void> {
  await db
    .updateTable('stock_imports')
    .set({ claimed_until: until })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

/**
 * Opens a batch in the caller's transaction: locks the import and checks that no other runner
 * applied a batch since `batches` were (a runner whose claim lapsed while it stalled, and that
 * another runner took over). Throws ClaimLost, rolling the batch back, when one did.
 */
export async function beginBatch(trx: Db, id: string, batches: number): Promise<void> {
  const row = await trx
    .selectFrom('stock_imports')
    .select('progress')
    .where('id', '=', id)
    .where('status', '=', 'running')
    .forUpdate()
    .executeTakeFirst();
  if (!row || ((row.progress as ImportProgress | null)?.batches ?? 0) !== batches) throw new ClaimLost(id);
}

/** Ends a batch in its transaction: the progress it makes, and the claim runs on. */
export async function saveProgress(trx: Db, id: string, progress: ImportProgress, until: Date): Promise<void> {
  await trx
    .updateTable('stock_imports')
    .set({ progress: JSON.stringify(progress), claimed_until: until })
    .where('id', '=', id)
    .execute();
}

/**
 * Ends an import. Its feed goes with it, but for a quarantined one's: that may still be applied
 * anyway (applyAnyway), until a later import of its source has applied or been quarantined in
 * turn, which drops it then.
 */
export async function finishImport(
  db: Db,
  id: string,
  outcome: {
    status: Exclude<StockImportStatus, 'receiving' | 'queued' | 'running'>;
    rows: number | null;
    counts: ImportCounts;
    errors: readonly ImportError[];
    message: string | null;
  },
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('stock_imports')
      .set({
        status: outcome.status,
        rows: outcome.rows,
        counts: JSON.stringify(outcome.counts),
        errors: JSON.stringify(outcome.errors),
        message: outcome.message,
        finished_at: now,
        claimed_until: null,
      })
      .where('id', '=', id)
      .execute();
    if (outcome.status !== 'quarantined')
      await trx.deleteFrom('stock_import_chunks').where('import_id', '=', id).execute();
    if (outcome.status === 'failed') return;
    await sql`
      delete from stock_import_chunks where import_id in (
        select earlier.id from stock_imports earlier join stock_imports finished on finished.id = ${id}
        where earlier.tenant = finished.tenant and earlier.source = finished.source and earlier.id < finished.id and earlier.status = 'quarantined'
      )`.execute(trx);
  });
}

/** The statuses of a later import of the same source that leave a quarantined one behind it: applying the older would undo it. */
const SUPERSEDING = ['queued', 'running', 'done', 'quarantined'] as const;

export type ApplyAnywayOutcome =
  | { applied: true; tenant: string; source: string; message: string | null }
  | { applied: false; reason: 'not-found' }
  | { applied: false; reason: 'status'; status: StockImportStatus }
  | { applied: false; reason: 'superseded'; by: string; status: StockImportStatus }
  | { applied: false; reason: 'no-feed' };

/**
 * Queues a quarantined import again, to apply without the snapshot rules, recording who asked
 * and why. One statement claims it: of two asking at once, one queues it and the other finds it
 * queued (or running, or done), so it is applied once. It must still be the latest feed of its
 * source that counts (a later one queued, running, applied or quarantined would be undone by it),
 * and its feed must still be stored.
 */
export async function applyAnyway(
  db: Db,
  id: string,
  by: { name: string; reason: string; at: Date },
): Promise<ApplyAnywayOutcome> {
  const queued = await sql<{ tenant: string; source: string; message: string | null }>`
    update stock_imports i
    set status = 'queued', applied_anyway_at = ${by.at}, applied_anyway_by = ${by.name}, applied_anyway_reason = ${by.reason},
        counts = null, errors = null, progress = null, started_at = null, finished_at = null, claimed_until = null
    where i.id = ${id} and i.status = 'quarantined'
      and exists (select 1 from stock_import_chunks c where c.import_id = i.id)
      and not exists (
        select 1 from stock_imports later
        where later.tenant = i.tenant and later.source = i.source and later.id > i.id and later.status in (${sql.join(SUPERSEDING.map((status) => sql.lit(status)))})
      )
    returning i.tenant, i.source, i.message`.execute(db);
  const row = queued.rows[0];
  if (row) return { applied: true, ...row };

  const found = await db
    .selectFrom('stock_imports')
    .select(['tenant', 'source', 'status'])
    .where('id', '=', id)
    .where('status', '<>', 'receiving')
    .executeTakeFirst();
  if (!found) return { applied: false, reason: 'not-found' };
  if (found.status !== 'quarantined') return { applied: false, reason: 'status', status: found.status };
  const later = await db
    .selectFrom('stock_imports')
    .select(['id', 'status'])
    .where('tenant', '=', found.tenant)
    .where('source', '=', found.source)
    .where('id', '>', id)
    .where('status', 'in', SUPERSEDING)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (later) return { applied: false, reason: 'superseded', by: String(later.id), status: later.status };
  return { applied: false, reason: 'no-feed' };
}

/** The rows of the source's last import that applied: a feed of less than half of them is suspect. */
export async function lastGoodRows(db: Db, tenant: string, source: string, before: string): Promise<number | null> {
  const row = await db
    .selectFrom('stock_imports')
    .select('rows')
    .where('tenant', '=', tenant)
    .where('source', '=', source)
    .where('status', '=', 'done')
    .where('id', '<', before)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.rows ?? null;
}

/** The site's imports not yet run: being received or queued. */
export async function waitingImports(db: Db, tenant: string): Promise<number> {
  const row = await db
    .selectFrom('stock_imports')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant', '=', tenant)
    .where('status', 'in', ['receiving', 'queued'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findImport(db: Db, tenant: string, id: string) {
  return db
    .selectFrom('stock_imports')
    .select([
      'id',
      'source',
      'format',
      'url',
      'status',
      'message',
      'rows',
      'counts',
      'errors',
      'created_at',
      'started_at',
      'finished_at',
    ])
    .where('tenant', '=', tenant)
    .where('id', '=', id)
    .where('status', '<>', 'receiving')
    .executeTakeFirst();
}

/** A site's latest imports, newest first, without their row errors (only how many were kept). */
export async function listImports(db: Db, tenant: string, limit: number) {
  return db
    .selectFrom('stock_imports')
    .select([
      'id',
      'tenant',
      'source',
      'format',
      'url',
      'status',
      'message',
      'rows',
      'counts',
      'created_at',
      'started_at',
      'finished_at',
      'applied_anyway_at',
      'applied_anyway_by',
      'applied_anyway_reason',
      sql<number>`coalesce(jsonb_array_length(errors), 0)`.as('error_count'),
    ])
    .where('tenant', '=', tenant)
    .where('status', '<>', 'receiving')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** One import of any site, with its row errors: the caller decides whether its site is the caller's. */
export async function findImportById(db: Db, id: string) {
  return db
    .selectFrom('stock_imports')
    .select([
      'id',
      'tenant',
      'source',
      'format',
      'url',
      'status',
      'message',
      'rows',
      'counts',
      'errors',
      'created_by',
      'created_at',
      'started_at',
      'finished_at',
      'applied_anyway_at',
      'applied_anyway_by',
      'applied_anyway_reason',
    ])
    .where('id', '=', id)
    .where('status', '<>', 'receiving')
    .executeTakeFirst();
}

/** What an import came to: its status and counts (null counts until it finishes). */
export async function importResult(
  db: Db,
  id: string,
): Promise<{ status: StockImportStatus; counts: Record<string, number> | null } | null> {
  const row = await db.selectFrom('stock_imports').select(['status', 'counts']).where('id', '=', id).executeTakeFirst();
  return row ?? null;
}
