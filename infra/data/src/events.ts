import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { EventPayload, PlatformTables } from './schema';

export interface AnalyticsEventInput {
  tenant: string;
  eventId: number;
  payload: EventPayload;
  path: string | null;
  /** A failure report's browser (family and major version), for the console's recent failures. */
  browser?: string | null;
}

export interface StoredAnalyticsEvent extends AnalyticsEventInput {
  id: number;
  receivedAt: Date;
}

export async function insertEvent(db: Kysely<PlatformTables>, event: AnalyticsEventInput): Promise<number> {
  const row = await db
    .insertInto('analytics_events')
    .values({
      tenant: event.tenant,
      event_id: event.eventId,
      payload: JSON.stringify(event.payload),
      path: event.path,
      browser: event.browser ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function recentEvents(
  db: Kysely<PlatformTables>,
  tenant: string,
  limit = 50,
): Promise<StoredAnalyticsEvent[]> {
  const rows = await db
    .selectFrom('analytics_events')
    .selectAll()
    .where('tenant', '=', tenant)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    tenant: row.tenant,
    eventId: row.event_id,
    payload: row.payload,
    path: row.path,
    receivedAt: new Date(row.received_at),
  }));
}

/** Deletes events received before `cutoff`; returns how many went. */
export async function pruneEvents(db: Kysely<PlatformTables>, cutoff: Date): Promise<number> {
  const result = await db.deleteFrom('analytics_events').where('received_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface FailureSummary {
  tenant: string;
  remote: string;
  version: string;
  kind: string;
  count: number;
  lastSeen: Date;
}

/**
 * Platform failure reports (event `failureEventId`) grouped by tenant, remote, version and kind,
 * most recent first: what `forecourt failures` prints.
 */
export async function failureSummary(
  db: Kysely<PlatformTables>,
  failureEventId: number,
  options: { tenant?: string; since?: Date } = {},
): Promise<FailureSummary[]> {
  let query = db
    .selectFrom('analytics_events')
    .select((eb) => [
      'tenant',
      sql<string>`coalesce(payload->>'remote', '?')`.as('remote'),
      sql<string>`coalesce(payload->>'version', '?')`.as('version'),
      sql<string>`coalesce(payload->>'kind', '?')`.as('kind'),
      eb.fn.countAll<string>().as('count'),
      eb.fn.max('received_at').as('last_seen'),
    ])
    .where('event_id', '=', failureEventId);
  if (options.tenant) query = query.where('tenant', '=', options.tenant);
  if (options.since) query = query.where('received_at', '>=', options.since);
  const rows = await query
    .groupBy(['tenant', sql`2`, sql`3`, sql`4`])
    .orderBy('last_seen', 'desc')
    .execute();
  return rows.map((row) => ({
    tenant: row.tenant,
    remote: row.remote,
    version: row.version,
    kind: row.kind,
    count: Number(row.count),
    lastSeen: new Date(row.last_seen as unknown as string),
  }));
}
