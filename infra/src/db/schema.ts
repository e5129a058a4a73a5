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

/**
 * Stock and content rows are mapped to and from the model types in db/stock.ts, which owns their
 * shape (jsonb columns go in as JSON text, numerics come back as strings on both engines).
 */
export type StockRow = Record<string, unknown>;

export interface SeedRunsTable {
  tenant: string;
  seed: number;
  cars: number;
  reference_time: ColumnType<Date, Date | string, Date | string>;
  seeded_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface PlatformTables {
  pins: PinsTable;
  pin_changes: PinChangesTable;
  analytics_events: AnalyticsEventsTable;
  dealerships: StockRow;
  locations: StockRow;
  reviews: StockRow;
  cars: StockRow;
  manufacturers: StockRow;
  models: StockRow;
  brands: StockRow;
  slides: StockRow;
  promo_nodes: StockRow;
  blog_cards: StockRow;
  seed_runs: SeedRunsTable;
}
