import { sql, type Kysely } from 'kysely';
import type { PlatformTables } from '@forecourt/data/schema';

/**
 * Scheduled feeds as records (migration 0021): one per tenant and source, claimed when due by one
 * instance at a time as the imports are, and left with the outcome of the last pull and the
 * validators of the last one that brought a feed.
 */

type Db = Kysely<PlatformTables>;

export type PullOutcome = 'queued' | 'unchanged' | 'failed';

export interface FeedSchedule {
  tenant: string;
  source: string;
  url: string;
  format: 'meta-auto';
  intervalMinutes: number;
  updatedBy: string;
  updatedAt: Date;
  nextPullAt: Date;
  lastPulledAt: Date | null;
  lastOutcome: PullOutcome | null;
  lastMessage: string | null;
  lastImportId: string | null;
}

/** A claimed schedule: what its pull needs. */
export interface DueSchedule {
  tenant: string;
  source: string;
  url: string;
  etag: string | null;
  lastModified: string | null;
}

const COLUMNS = [
  'tenant',
  'source',
  'url',
  'format',
  'interval_minutes',
  'updated_by',
  'updated_at',
  'next_pull_at',
  'last_pulled_at',
  'last_outcome',
  'last_message',
  'last_import_id',
] as const;

type Row = Pick<PlatformTables['feed_schedules'], (typeof COLUMNS)[number]>;
const toSchedule = (row: { [K in keyof Row]: unknown }): FeedSchedule => ({
  tenant: row.tenant as string,
  source: row.source as string,
  url: row.url as string,
  format: row.format as 'meta-auto',
  intervalMinutes: Number(row.interval_minutes),
  updatedBy: row.updated_by as string,
  updatedAt: new Date(row.updated_at as Date),
  nextPullAt: new Date(row.next_pull_at as Date),
  lastPulledAt: row.last_pulled_at ? new Date(row.last_pulled_at as Date) : null,
  lastOutcome: (row.last_outcome as PullOutcome | null) ?? null,
  lastMessage: (row.last_message as string | null) ?? null,
  lastImportId:
    row.last_import_id === null || row.last_import_id === undefined ? null : String(row.last_import_id as string),
});

export async function listSchedules(db: Db, tenants: readonly string[]): Promise<FeedSchedule[]> {
  if (tenants.length === 0) return [];
  const rows = await db
    .selectFrom('feed_schedules')
    .select(COLUMNS)
    .where('tenant', 'in', tenants)
    .orderBy('tenant')
    .orderBy('source')
    .execute();
  return rows.map(toSchedule);
}

export async function findSchedule(db: Db, tenant: string, source: string): Promise<FeedSchedule | null> {
  const row = await db
    .selectFrom('feed_schedules')
    .select(COLUMNS)
    .where('tenant', '=', tenant)
    .where('source', '=', source)
    .executeTakeFirst();
  return row ? toSchedule(row) : null;
}

/**
 * Makes or changes a schedule; it is due at once. A new URL forgets the old one's validators
 * (another server's ETag means nothing here).
 */
export async function putSchedule(
  db: Db,
  values: {
    tenant: string;
    source: string;
    url: string;
    format: 'meta-auto';
    intervalMinutes: number;
    updatedBy: string;
  },
  now: Date,
  limits: { perTenant?: number } = {},
): Promise<{ before: FeedSchedule | null; after: FeedSchedule } | { refused: 'too-many'; limit: number }> {
  return db.transaction().execute(async (trx) => {
    // One tenant's schedule changes one at a time: two new sources made at once must not both
    // find room under the cap.
    if (limits.perTenant !== undefined)
      await sql`select pg_advisory_xact_lock(hashtextextended(${`feed-schedules\n${values.tenant}`}::text, 0))`.execute(
        trx,
      );
    const before = await trx
      .selectFrom('feed_schedules')
      .select(COLUMNS)
      .where('tenant', '=', values.tenant)
      .where('source', '=', values.source)
      .forUpdate()
      .executeTakeFirst();
    if (!before && limits.perTenant !== undefined) {
      const { n } = await trx
        .selectFrom('feed_schedules')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('tenant', '=', values.tenant)
        .executeTakeFirstOrThrow();
      if (Number(n) >= limits.perTenant) return { refused: 'too-many' as const, limit: limits.perTenant };
    }
    const fields = {
      url: values.url,
      format: values.format,
      interval_minutes: values.intervalMinutes,
      updated_by: values.updatedBy,
      updated_at: now,
      next_pull_at: now,
    };
    const row = before
      ? await trx
          .updateTable('feed_schedules')
          .set({ ...fields, ...(before.url === values.url ? {} : { etag: null, last_modified: null }) })
          .where('tenant', '=', values.tenant)
          .where('source', '=', values.source)
          .returning(COLUMNS)
          .executeTakeFirstOrThrow()
      : await trx
          .insertInto('feed_schedules')
          .values({ tenant: values.tenant, source: values.source, ...fields })
          .returning(COLUMNS)
          .executeTakeFirstOrThrow();
    return { before: before ? toSchedule(before) : null, after: toSchedule(row) };
  });
}

export async function removeSchedule(db: Db, tenant: string, source: string): Promise<FeedSchedule | null> {
  const row = await db
    .deleteFrom('feed_schedules')
    .where('tenant', '=', tenant)
    .where('source', '=', source)
    .returning(COLUMNS)
    .executeTakeFirst();
  return row ? toSchedule(row) : null;
}

/**
 * Claims the schedule due longest, if any: due, and not held by another instance's live claim.
 * Locked rows are skipped, so two instances asking at once each get another one, or none.
 */
export async function claimSchedule(db: Db, now: Date, leaseMs: number): Promise<DueSchedule | null> {
  const until = new Date(now.getTime() + leaseMs);
  const claimed = await sql<{
    tenant: string;
    source: string;
    url: string;
    etag: string | null;
    last_modified: string | null;
  }>`
    update feed_schedules set claimed_until = ${until}
    where (tenant, source) = (
      select s.tenant, s.source from feed_schedules s
      where s.next_pull_at <= ${now} and (s.claimed_until is null or s.claimed_until < ${now})
      order by s.next_pull_at
      limit 1
      for update skip locked
    )
    returning tenant, source, url, etag, last_modified`.execute(db);
  const row = claimed.rows[0];
  return row
    ? { tenant: row.tenant, source: row.source, url: row.url, etag: row.etag, lastModified: row.last_modified }
    : null;
}

/**
 * The pull is over: its outcome recorded, the next one due an interval from now. Validators are
 * replaced only by a pull that brought a feed. A schedule given another URL meanwhile keeps its
 * own state: its change made it due, and it is pulled once this claim lapses.
 */
export async function finishPull(
  db: Db,
  schedule: DueSchedule,
  outcome: {
    outcome: PullOutcome;
    message: string | null;
    importId: string | null;
    validators?: { etag: string | null; lastModified: string | null };
  },
  now: Date,
): Promise<void> {
  await db
    .updateTable('feed_schedules')
    .set((eb) => ({
      claimed_until: null,
      next_pull_at: sql<Date>`${now}::timestamptz + make_interval(mins => ${eb.ref('interval_minutes')})`,
      last_pulled_at: now,
      last_outcome: outcome.outcome,
      last_message: outcome.message,
      ...(outcome.importId !== null ? { last_import_id: outcome.importId } : {}),
      ...(outcome.validators ? { etag: outcome.validators.etag, last_modified: outcome.validators.lastModified } : {}),
    }))
    .where('tenant', '=', schedule.tenant)
    .where('source', '=', schedule.source)
    .where('url', '=', schedule.url)
    .execute();
}
