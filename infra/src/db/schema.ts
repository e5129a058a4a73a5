import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of the platform tables; migrations/ is the source of truth for their shape. */
export interface PinsTable {
  tenant: string;
  team: string;
  version: string;
  last_good_version: string | null;
  updated_at: ColumnType<Date, Date | string, Date | string>;
}

export interface PinChangesTable {
  id: Generated<number>;
  at: ColumnType<Date, Date | string | undefined, never>;
  tenant: string;
  team: string;
  from_version: string | null;
  to_version: string;
  action: 'pin' | 'rollback';
  actor: string;
}

export type EventPayload = Record<string, string | number | boolean | null>;

export interface AnalyticsEventsTable {
  id: Generated<number>;
  tenant: string;
  event_id: number;
  payload: ColumnType<EventPayload, string, string>;
  path: string | null;
  received_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface PlatformTables {
  pins: PinsTable;
  pin_changes: PinChangesTable;
  analytics_events: AnalyticsEventsTable;
}
