/**
 * The admin API's answers the console reads, as the contract of issue #33 and the existing admin
 * routes (docs/operators.md) define them. Written here rather than imported: the console is a
 * site of its own and imports nothing from infra; dates arrive as ISO strings.
 */

export type OperatorRole = 'operator' | 'tenant-manager' | 'viewer';

export interface Account {
  id: number;
  name: string;
  role: OperatorRole;
  /** The tenants it may touch; null: every tenant. */
  tenants: string[] | null;
  active: boolean;
  deactivatedAt: string | null;
  createdAt: string;
  createdBy: string;
}

/** `GET /_admin/session`, and the answer of a sign-in or an enrollment. */
export interface Session {
  account: Account;
  csrf: string;
}

/** `POST /_admin/operators/:id/enrollment`: a one-use link, shown once. */
export interface Enrollment {
  code: string;
  url: string;
  expiresAt: string;
}

export type HealthWindow = 'hour' | 'day';

export type VersionRole = 'pin' | 'canary' | 'last-good' | 'other';

/** Mount reports of one version in one 5-minute bucket. */
export interface HealthBucket {
  at: string;
  clean: number;
  failures: number;
}

export interface VersionHealth {
  version: string;
  role: VersionRole;
  clean: number;
  /** Failures by kind (entry, mount, render, fragment-timeout, fragment-error, ...). */
  failures: Record<string, number>;
  buckets: HealthBucket[];
}

export interface RemoteHealth {
  team: string;
  pin: string | null;
  canary: { version: string; share: number } | null;
  lastGood: string | null;
  /** The canary fails more often than the pin by more than the configured margin. */
  flagged: boolean;
  versions: VersionHealth[];
}

export interface TenantHealth {
  tenant: string;
  name: string;
  remotes: RemoteHealth[];
}

/** `GET /_admin/overview?window=` */
export interface Overview {
  window: HealthWindow;
  /** The API's clock: the window ends with the bucket it falls in. */
  generatedAt: string;
  /** The window's first bucket. */
  since: string;
  /** A bucket's span: 300 over the hour, 3600 over the day. */
  bucketSeconds: number;
  tenants: TenantHealth[];
}

export type PinChangeAction = 'pin' | 'rollback' | 'canary' | 'promote' | 'drop-canary';

export interface PinChange {
  id: number;
  at: string;
  tenant: string;
  team: string;
  fromVersion: string | null;
  toVersion: string;
  action: PinChangeAction;
  percent: number | null;
  actor: string;
}

export interface RecentFailure {
  at: string;
  version: string;
  kind: string;
  message: string | null;
  page: string | null;
  browser: string | null;
}

/** `GET /_admin/tenants/:tenant/remotes/:team?window=` */
export interface RemoteDetail extends RemoteHealth {
  tenant: string;
  /** The tenant's name. */
  name: string;
  window: HealthWindow;
  generatedAt: string;
  since: string;
  bucketSeconds: number;
  history: PinChange[];
  recentFailures: RecentFailure[];
}

/** One row of `GET /_admin/pins`' `effective`, the parts the console reads: whose pin it is and where a rollback goes. */
export interface EffectivePin {
  tenant: string;
  team: string;
  version: string | null;
  /** The version the pin replaced: where a rollback goes. */
  previousVersion: string | null;
  /** The tenant's own pin, the platform default's, or none. */
  source: 'tenant' | 'default' | 'none';
}

/** `GET /_admin/pins` (the parts the console reads). */
export interface PinsOverview {
  effective: EffectivePin[];
  published: Record<string, string[]>;
}

export interface PublishCheck {
  check: string;
  passed: boolean;
  reasons: string[];
  skipped?: string;
}

export interface Publish {
  id: number;
  at: string;
  team: string;
  version: string;
  actor: string;
  forced: boolean;
  checks: PublishCheck[];
  reason: string | null;
}

/** `GET /_admin/publishes` */
export interface Publishes {
  publishes: Publish[];
}

export interface LeadDeliveryTenant {
  tenant: string;
  received: number;
  delivered: number;
  waiting: number;
  failing: number;
  oldestWaitingSeconds: number | null;
  lastError: string | null;
}

/** `GET /_admin/lead-delivery` */
export interface LeadDelivery {
  tenants: LeadDeliveryTenant[];
}

/** `POST /_admin/lead-delivery/retry`: what the retry did. */
export interface LeadRetryResult {
  tenant: string;
  /** Leads made due now. */
  retried: number;
  /** Leads another delivery round was sending already (left to it). */
  inFlight: number;
  delivered: number;
  stillWaiting: number;
  /** Whether the delivery round ended before the answer (it goes on otherwise). */
  finished: boolean;
}

export interface SearchHealthTenant {
  tenant: string;
  /** Null where the search engine could not be asked. */
  records: number | null;
  lastWrite: string | null;
  snapshotAgeSeconds: number | null;
  p95Ms: number | null;
  /** Searches answered in the last hour (none counted when the engine is Algolia). */
  searchesLastHour?: number;
  topNoHits: { query: string; count: number }[];
}

/** `GET /_admin/search-health` */
export interface SearchHealth {
  tenants: SearchHealthTenant[];
  engine: 'embedded' | 'algolia';
  note: string;
}

export interface AuditEntry {
  id: number;
  at: string;
  accountId: number | null;
  accountName: string | null;
  tokenId: number | null;
  action: string;
  tenant: string | null;
  team: string | null;
  outcome: 'allowed' | 'refused';
  before: unknown;
  after: unknown;
  reason: string | null;
}

/** `GET /_admin/audit` */
export interface Audit {
  entries: AuditEntry[];
}

/** `GET /_admin/operators` */
export interface Accounts {
  accounts: Account[];
}

/** A tenant's Stock API key as `GET /_admin/stock-keys` lists it: never the key itself. */
export interface StockKey {
  id: number;
  tenant: string;
  label: string;
  createdAt: string;
  createdBy: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
}

/** `GET /_admin/stock-keys`: the keys of the tenants the caller manages, newest first. */
export interface StockKeys {
  keys: StockKey[];
}

/** `POST /_admin/stock-keys` (201): the new key, and its secret, answered only this once. */
export interface CreatedStockKey {
  key: StockKey;
  secret: string;
}

export type ImportStatus = 'queued' | 'running' | 'done' | 'failed' | 'quarantined';

/** What an import did to its source's cars. */
export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
  withdrawn: number;
  rejected: number;
}

/** One feed import as `GET /_admin/imports?tenant=` lists it (docs/stock.md, Feeds and imports for operators). */
export interface StockImport {
  id: string;
  tenant: string;
  source: string;
  /** Null for an import by URL until its feed is fetched. */
  format: 'csv' | 'tsv' | 'xml' | null;
  url: string | null;
  status: ImportStatus;
  /** Why it failed or was quarantined (kept on one applied anyway). */
  message: string | null;
  rows: number | null;
  counts: ImportCounts;
  /** How many rejected rows `GET /_admin/imports/:id` lists. */
  error_count: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  duration_seconds: number | null;
  /** A quarantined import someone applied anyway: when, who, why. */
  applied_anyway: { at: string; by: string; reason: string } | null;
}

/** `GET /_admin/imports?tenant=`: newest first. */
export interface StockImports {
  imports: StockImport[];
}

/** A rejected row of a feed: `row` 1 is the first after a CSV header. */
export interface ImportRowError {
  row: number | null;
  vehicle_id: string | null;
  field: string;
  message: string;
}

/** `GET /_admin/imports/:id`, and the answer of `POST /_admin/imports/:id/apply` (202). */
export interface StockImportDetail {
  import: StockImport & { errors: ImportRowError[]; created_by: string };
}

/** A feed the platform pulls from the dealer's server on a schedule. */
export interface FeedSchedule {
  tenant: string;
  source: string;
  url: string;
  format: 'meta-auto';
  interval_minutes: number;
  updated_by: string;
  updated_at: string;
  next_pull_at: string;
  last_pulled_at: string | null;
  /** queued: a feed was fetched and queued as import `last_import_id`; unchanged: the server said 304; failed: `last_message` says why. */
  last_outcome: 'queued' | 'unchanged' | 'failed' | null;
  last_message: string | null;
  last_import_id: string | null;
}

/** `GET /_admin/feeds?tenant=` */
export interface FeedSchedules {
  feeds: FeedSchedule[];
}

/** `PUT /_admin/feeds/:tenant/:source`: makes (201) or changes (200) the schedule of a source. */
export interface FeedScheduleBody {
  url: string;
  format: FeedSchedule['format'];
  /** Minutes between pulls: at least 15, at most a week. */
  interval_minutes: number;
}

/** The answer of `PUT` and `DELETE /_admin/feeds/:tenant/:source`: the schedule as it is now (or was). */
export interface FeedScheduleChange {
  feed: FeedSchedule;
}

export type PhotoStatus = 'stored' | 'pending' | 'failed';

/** A photo not stored (yet), as `GET /_admin/photos?tenant=` lists it (docs/stock.md, Photos). */
export interface UnstoredPhoto {
  url: string;
  status: Exclude<PhotoStatus, 'stored'>;
  /** Tries since the last that succeeded. */
  attempts: number;
  last_error: string | null;
  /** A pending photo's next try; null for a failed one, never tried again. */
  next_attempt_at: string | null;
  queued_at: string;
  /** The first few cars naming it; `car_count` is all of them. */
  stocknums: string[];
  car_count: number;
}

/** `GET /_admin/photos?tenant=&limit=`: the site's photos by status, and the newest not stored. */
export interface TenantPhotos {
  counts: Record<PhotoStatus, number>;
  photos: UnstoredPhoto[];
}
