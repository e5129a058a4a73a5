import type { Kysely } from 'kysely';
import type { EventPayload, PlatformTables } from './schema';

export interface AnalyticsEventInput {
  tenant: string;
  eventId: number;
  payload: EventPayload;
  path: string | null;
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
