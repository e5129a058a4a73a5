import type { ColumnType, Generated } from 'kysely';
import type { OperatorRole, PinChangeAction } from '@forecourt/admin-contract';

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
  action: PinChangeAction;
  /** The canary's share of shoppers the change set or ended; null for a change to every shopper. */
  percent: number | null;
  actor: string;
}

export type { PinChangeAction };

export interface CanariesTable {
  tenant: string;
  team: string;
  version: string;
  percent: number;
  started_at: ColumnType<Date, Date | string | undefined, Date | string>;
  actor: string;
}

/** One build published to the registry (migration 0011); `checks` is the contract gate's outcome. */
export interface PublishesTable {
  id: Generated<number>;
  at: ColumnType<Date, Date | string | undefined, never>;
  team: string;
  version: string;
  actor: string;
  forced: boolean;
  checks: ColumnType<PublishCheckRecord[], string, string>;
  reason: string | null;
}

export interface PublishCheckRecord {
  check: string;
  passed: boolean;
  reasons: string[];
  skipped?: string;
}

export interface VersionHealthTable {
  tenant: string;
  team: string;
  version: string;
  clean_mounts: Generated<number>;
  failures: Generated<number>;
  first_reported_at: ColumnType<Date, Date | string | undefined, Date | string>;
  earned_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export type EventPayload = Record<string, string | number | boolean | null>;

export interface AnalyticsEventsTable {
  id: Generated<number>;
  tenant: string;
  event_id: number;
  payload: ColumnType<EventPayload, string, string>;
  path: string | null;
  received_at: ColumnType<Date, Date | string | undefined, never>;
  /** A failure report's browser, family and major version (migration 0016); null for other events. */
  browser: ColumnType<string | null, string | null | undefined, never>;
}

/**
 * Stock and content rows are mapped to and from the model types in infra/data/src/stock.ts, which owns their
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

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface IdentityUsersTable {
  id: Generated<string>;
  tenant: string;
  phone: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  created_at: DefaultedTimestamp;
}

export interface OtpCodesTable {
  id: Generated<number>;
  tenant: string;
  phone: string;
  code_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  attempts: Generated<number>;
  used_at: Timestamp | null;
  client_address: string | null;
  /** The name and email typed with the request (JSON), applied to the contact once the phone is verified. */
  details: ColumnType<{ first_name?: string; last_name?: string; email?: string } | null, string | null, never>;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  tenant: string;
  to_phone: string;
  body: string;
  sent_at: DefaultedTimestamp;
}

export interface VerificationsTable {
  id: Generated<number>;
  website_slug: string;
  dealership_slug: string | null;
  verification_type: 'sms' | 'verify';
  user_id: string;
  created_at: DefaultedTimestamp;
}

export interface SessionsTable {
  token_hash: string;
  tenant: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface WatchlistTable {
  tenant: string;
  user_id: string;
  car_id: string;
  saved_at: DefaultedTimestamp;
}

export interface LeadsTable {
  id: Generated<string>;
  tenant: string;
  form: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  idempotency_key: string | null;
  body_hash: string | null;
  /** The sender's mobile, digits only with +61 as 0 (the per-phone limit). */
  phone_digits: string | null;
  /** A test drive's slot: its location and the dealer's time ('YYYY-MM-DDTHH:mm'), one lead each (migration 0013). */
  booking_location: string | null;
  booking_time: string | null;
  created_at: DefaultedTimestamp;
}

export interface LeadOutboxTable {
  id: Generated<number>;
  lead_id: string;
  tenant: string;
  attempts: Generated<number>;
  next_attempt_at: DefaultedTimestamp;
  delivered_at: Timestamp | null;
  last_error: string | null;
  /** Until when a delivery round holds the row (migration 0017): a retry leaves it alone meanwhile. */
  claimed_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface DevCrmLeadsTable {
  lead_id: string;
  tenant: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  received_at: DefaultedTimestamp;
}

/** Spec §7 POST /api/miscellaneous: a value a form saves beside its lead (the trade-in valuation, column_name 'valuation'). */
export interface MiscellaneousTable {
  id: Generated<string>;
  tenant: string;
  column_name: string;
  lead_id: string;
  data: ColumnType<Record<string, unknown>, string, string>;
  created_at: DefaultedTimestamp;
}

/** Reserve online (migrations/0007_reservations.ts): at most one 'held' row per car. */
export interface ReservationsTable {
  id: string;
  tenant: string;
  car_id: string;
  status: 'held' | 'expired' | 'cancelled' | 'completed';
  held_until: Timestamp;
  created_at: DefaultedTimestamp;
  deposit_cents: number;
  payment_reference: string | null;
  card_last4: string | null;
  shopper_name: string;
  shopper_email: string;
  shopper_phone: string;
  /** The shopper's mobile, digits only with +61 as 0 (the garage finds their reservations by it). */
  phone_digits: string;
}

export interface ReservationClaimsTable {
  tenant: string;
  key: string;
  request_hash: string;
  car_id: string;
  phone_digits: string;
  reservation_id: string;
  authorisation_key: string | null;
  authorisation_reference: string | null;
  outcome: 'pending' | 'held' | 'refused' | 'failed';
  answer_code: number | null;
  answer_body: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  void_owed: Generated<boolean>;
  lease_until: Timestamp;
  created_at: DefaultedTimestamp;
}

/** One person who runs the platform (migration 0014). `tenants` null: every tenant. */
export interface OperatorAccountsTable {
  id: Generated<number>;
  name: string;
  role: OperatorRole;
  tenants: ColumnType<string[] | null, string | null, string | null>;
  active: Generated<boolean>;
  deactivated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  created_by: string;
}

export type { OperatorRole };

/** A personal token: only the sha-256 of its secret is kept. */
export interface OperatorTokensTable {
  id: Generated<number>;
  account_id: number;
  secret_hash: string;
  label: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  created_by: string;
  expires_at: ColumnType<Date, Date | string, never>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** The operator audit: rows are inserted, never updated or deleted (a trigger refuses both). */
export interface OperatorAuditTable {
  id: Generated<number>;
  at: ColumnType<Date, Date | string | undefined, never>;
  account_id: number | null;
  account_name: string | null;
  token_id: number | null;
  action: string;
  tenant: string | null;
  team: string | null;
  outcome: 'allowed' | 'refused';
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  reason: string | null;
  /** The console session the change was made through (migration 0015), as token_id names a token. */
  session_id: ColumnType<string | null, string | null | undefined, never>;
}

/** A passkey an account registered for the console (migration 0015); credential id and COSE key base64url. */
export interface OperatorPasskeysTable {
  id: Generated<number>;
  account_id: number;
  credential_id: string;
  public_key: string;
  counter: ColumnType<number, number | undefined, number>;
  transports: ColumnType<string[], string | undefined, string>;
  label: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A one-time code that lets its holder register a passkey for the account: only its sha-256 is kept. */
export interface OperatorEnrollmentsTable {
  id: Generated<number>;
  account_id: number;
  code_hash: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  created_by: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A WebAuthn challenge handed out and not yet answered; any instance may check the answer. */
export interface OperatorChallengesTable {
  challenge: string;
  purpose: 'enroll' | 'sign-in';
  enrollment_id: number | null;
  expires_at: ColumnType<Date, Date | string, never>;
}

/** A console session: `id` is the sha-256 of the cookie's secret. */
export interface OperatorSessionsTable {
  id: string;
  account_id: number;
  passkey_id: number | null;
  csrf_token: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  last_seen_at: ColumnType<Date, Date | string | undefined, Date | string>;
  expires_at: ColumnType<Date, Date | string, never>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** Mount reports per five-minute bucket (migration 0016): `kind` is 'clean' or the failure's kind. */
export interface VersionHealthBucketsTable {
  tenant: string;
  team: string;
  version: string;
  bucket_start: ColumnType<Date, Date | string, Date | string>;
  kind: MountReportKind;
  count: number;
}

export type MountReportKind = 'clean' | 'entry' | 'mount' | 'render' | 'fragment-timeout' | 'fragment-error' | 'other';

/** A canary flagged for failing more than its pin (migration 0016); the row is the webhook's claim. */
export interface CanaryAlertsTable {
  id: Generated<number>;
  tenant: string;
  team: string;
  version: string;
  canary_started_at: ColumnType<Date, Date | string, never>;
  flagged_at: ColumnType<Date, Date | string | undefined, never>;
  details: ColumnType<Record<string, unknown>, string, never>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  claimed_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_error: string | null;
}

/** Answered search requests per tenant, five-minute bucket and latency class (migration 0017). */
export interface SearchLatencyTable {
  tenant: string;
  bucket_start: ColumnType<Date, Date | string, Date | string>;
  /** The class's upper bound in milliseconds; -1: longer than the largest bound. */
  le_ms: number;
  count: number;
}

/** Searches that found nothing, per tenant, hour and query (migration 0017). */
export interface SearchNoHitsTable {
  tenant: string;
  bucket_start: ColumnType<Date, Date | string, Date | string>;
  query: string;
  count: number;
}

/** When a tenant's records were last written to the search index; scope '*': the snapshot (migration 0017). */
export interface SearchIndexStateTable {
  scope: string;
  last_write_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  snapshot_saved_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A tenant's Stock API key: only its SHA-256 is kept (migration 0019). */
export interface StockKeysTable {
  id: Generated<string>;
  tenant: string;
  label: string;
  key_hash: string;
  created_at: DefaultedTimestamp;
  created_by: string;
  revoked_at: Timestamp | null;
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export type StockChangeKind = 'created' | 'updated' | 'price' | 'status' | 'photos';

/** One applied change to a car, written in the change's own transaction (migration 0019). */
export interface StockChangesTable {
  id: Generated<string>;
  at: DefaultedTimestamp;
  tenant: string;
  car_id: string;
  stocknum: string;
  kind: StockChangeKind;
  source: string;
  before: ColumnType<Record<string, unknown> | null, string | null, never>;
  after: ColumnType<Record<string, unknown> | null, string | null, never>;
}

/** How far each reader of stock_changes has read (migration 0019). */
export interface StockChangeCursorsTable {
  consumer: string;
  last_id: ColumnType<string, string | number, string | number>;
  updated_at: DefaultedTimestamp;
}

export type StockImportStatus = 'receiving' | 'queued' | 'running' | 'done' | 'failed' | 'quarantined';
export type StockImportFormat = 'csv' | 'tsv' | 'xml';

/** A feed import and its outcome (migration 0020). */
export interface StockImportsTable {
  id: Generated<string>;
  tenant: string;
  source: string;
  /** Null for an import by URL until its feed is fetched (migration 0021). */
  format: StockImportFormat | null;
  url: ColumnType<string | null, string | null | undefined, string | null>;
  status: ColumnType<StockImportStatus, StockImportStatus | undefined, StockImportStatus>;
  bytes: ColumnType<string, string | number | undefined, string | number>;
  rows: number | null;
  counts: ColumnType<Record<string, number> | null, string | null | undefined, string | null>;
  errors: ColumnType<unknown[] | null, string | null | undefined, string | null>;
  message: string | null;
  created_by: string;
  created_at: DefaultedTimestamp;
  started_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  finished_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  claimed_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Where a running import has got to (migration 0022): stock-imports.ts's ImportProgress. */
  progress: ColumnType<unknown, string | null | undefined, string | null>;
  /** A quarantined import applied anyway (migration 0024): when, by whom and why; null otherwise. */
  applied_anyway_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  applied_anyway_by: ColumnType<string | null, string | null | undefined, string | null>;
  applied_anyway_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An uploaded feed, in pieces (migration 0020). */
export interface StockImportChunksTable {
  import_id: ColumnType<string, string | number, never>;
  seq: number;
  data: ColumnType<Buffer, Buffer, never>;
}

/** A feed pulled from a dealer's URL every so often (migration 0021). */
export interface FeedSchedulesTable {
  tenant: string;
  source: string;
  url: string;
  format: 'meta-auto';
  interval_minutes: number;
  updated_by: string;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  next_pull_at: ColumnType<Date, Date | undefined, Date>;
  claimed_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  etag: ColumnType<string | null, string | null | undefined, string | null>;
  last_modified: ColumnType<string | null, string | null | undefined, string | null>;
  last_pulled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  last_outcome: ColumnType<
    'queued' | 'unchanged' | 'failed' | null,
    'queued' | 'unchanged' | 'failed' | null | undefined,
    'queued' | 'unchanged' | 'failed' | null
  >;
  last_message: ColumnType<string | null, string | null | undefined, string | null>;
  last_import_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export type CarPhotoStatus = 'pending' | 'stored' | 'failed';

/** A photo URL of a tenant's cars, fetched into object storage (migration 0023). */
export interface CarPhotosTable {
  id: Generated<string>;
  tenant: string;
  url: string;
  hash: ColumnType<string | null, string | null | undefined, string | null>;
  status: ColumnType<CarPhotoStatus, CarPhotoStatus | undefined, CarPhotoStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  etag: ColumnType<string | null, string | null | undefined, string | null>;
  last_modified: ColumnType<string | null, string | null | undefined, string | null>;
  next_attempt_at: ColumnType<Date, Date | undefined, Date>;
  claimed_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  fetched_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: DefaultedTimestamp;
  /** When the sweep first found no car naming the URL (migration 0025); null while one does. */
  released_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A hash kept in object storage (migration 0025): its original and sizes, until the sweep deletes them. */
export interface PhotoObjectsTable {
  hash: string;
  released_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  claimed_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: DefaultedTimestamp;
}

/** A tenant's configuration (migration 0026): its file's JSON, as written, validated before every write. */
export interface TenantsTable {
  slug: string;
  config: ColumnType<unknown, string, string>;
  revision: ColumnType<number, undefined, number>;
  created_at: DefaultedTimestamp;
  created_by: string;
  updated_at: DefaultedTimestamp;
  updated_by: string;
}

/** Which tenant a production domain answers for (migration 0026): one owner per domain. */
export interface TenantDomainsTable {
  domain: string;
  tenant: string;
}

export interface PlatformTables {
  pins: PinsTable;
  pin_changes: PinChangesTable;
  canaries: CanariesTable;
  version_health: VersionHealthTable;
  publishes: PublishesTable;
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
  identity_users: IdentityUsersTable;
  otp_codes: OtpCodesTable;
  sms_outbox: SmsOutboxTable;
  verifications: VerificationsTable;
  sessions: SessionsTable;
  watchlist: WatchlistTable;
  leads: LeadsTable;
  lead_outbox: LeadOutboxTable;
  dev_crm_leads: DevCrmLeadsTable;
  miscellaneous: MiscellaneousTable;
  reservations: ReservationsTable;
  reservation_claims: ReservationClaimsTable;
  operator_accounts: OperatorAccountsTable;
  operator_tokens: OperatorTokensTable;
  operator_audit: OperatorAuditTable;
  operator_passkeys: OperatorPasskeysTable;
  operator_enrollments: OperatorEnrollmentsTable;
  operator_challenges: OperatorChallengesTable;
  operator_sessions: OperatorSessionsTable;
  version_health_buckets: VersionHealthBucketsTable;
  canary_alerts: CanaryAlertsTable;
  search_latency: SearchLatencyTable;
  search_no_hits: SearchNoHitsTable;
  search_index_state: SearchIndexStateTable;
  stock_keys: StockKeysTable;
  stock_changes: StockChangesTable;
  stock_change_cursors: StockChangeCursorsTable;
  stock_imports: StockImportsTable;
  stock_import_chunks: StockImportChunksTable;
  feed_schedules: FeedSchedulesTable;
  car_photos: CarPhotosTable;
  photo_objects: PhotoObjectsTable;
  tenants: TenantsTable;
  tenant_domains: TenantDomainsTable;
}
