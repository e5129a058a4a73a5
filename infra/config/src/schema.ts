import {
  folder,
  httpOrigin,
  httpUrl,
  integerInRange,
  list,
  oneOf,
  optionalPositive,
  optionalText,
  port,
  positive,
  redisUrl,
  secret,
  sqlRole,
  text,
  trustedProxies,
  type Parsed,
} from './parsers';

/*
 * Every environment variable Forecourt reads, in one place.
 *
 * To add a variable: add an entry to CONFIG_SCHEMA below, in the group it belongs to, as
 *   NAME: variable({ ...parser(...), description: 'one line, plain English', readBy: ['server'] }),
 * with a parser from ./parsers (or your own { parse, default } pair), `secret: true` for a
 * credential (masked by `forecourt doctor`, and also read from the file NAME_FILE names), and
 * `requiredInProduction: true` when production must refuse to start without it. Read it as
 * `loadConfig(env).NAME` (./load.ts), never from process.env. Then run
 * `npm run docs:config -w @forecourt/infra` to regenerate the table in docs/deploy.md (a test
 * fails while the doc is out of date).
 */

/** Which part of Forecourt reads a variable. */
export type Reader = 'server' | 'cli' | 'search service';

export interface VariableSpec<T> extends Parsed<T> {
  description: string;
  readBy: readonly Reader[];
  /** A credential: masked when shown; NAME_FILE may name a file holding it. */
  secret?: boolean;
  /** With NODE_ENV=production the server refuses to start while this is unset. */
  requiredInProduction?: boolean;
}

function variable<T>(spec: VariableSpec<T>): VariableSpec<T> {
  return spec;
}

/** A partner is either its real service over http or the platform's simulator; see partnerMode in ./load.ts. */
const PARTNER_MODES = ['simulator', 'http'] as const;

export const CONFIG_SCHEMA = {
  // The process
  NODE_ENV: variable({
    ...optionalText('unset (development)'),
    description: "'production' turns on the production rules: required settings, no seeding, no /_dev pages",
    readBy: ['server', 'cli'],
  }),
  PORT: variable({ ...port(8080), description: 'The port the server listens on', readBy: ['server', 'cli'] }),
  HOST: variable({
    ...text('127.0.0.1'),
    description: 'The address the server listens on (0.0.0.0 for every interface)',
    readBy: ['server', 'cli'],
  }),
  LOG_LEVEL: variable({
    ...text('warn'),
    description: 'How much the server logs (fatal, error, warn, info, debug, trace)',
    readBy: ['server', 'search service'],
  }),

  // Storage
  DATABASE_URL: variable({
    ...optionalText('unset (the embedded database in the data folder)'),
    description: 'The PostgreSQL database to use',
    readBy: ['server', 'cli', 'search service'],
    secret: true,
    requiredInProduction: true,
  }),
  DATABASE_APP_ROLE: variable({
    ...sqlRole('unset (nothing is granted)'),
    description:
      "The role the server and the search service log in as (DATABASE_URL's user where they run): `forecourt migrate`, run as the tables' owner, grants it reading and writing the tables and nothing that could change the audit",
    readBy: ['cli'],
  }),
  FORECOURT_DATA_DIR: variable({
    ...folder('infra/.data'),
    description: 'The folder for what the platform writes at run time (registry, embedded database, demo secrets)',
    readBy: ['server', 'cli', 'search service'],
  }),
  FORECOURT_TENANTS_DIR: variable({
    ...folder('infra/tenants'),
    description:
      "The folder of the dealers' tenant files: the rows' seed at `forecourt migrate` (a slug with a row keeps its row)",
    readBy: ['server', 'cli', 'search service'],
  }),
  FORECOURT_CONTENT_DIR: variable({
    ...folder('infra/content'),
    description: "The folder of the dealers' content pages",
    readBy: ['server'],
  }),

  // Published builds: object storage (unset bucket: the registry folder in the data folder)
  FORECOURT_BUILDS_BUCKET: variable({
    ...optionalText('unset (the registry folder in the data folder)'),
    description: 'The S3-compatible bucket published builds are kept in, shared by every instance',
    readBy: ['server', 'cli'],
  }),
  FORECOURT_BUILDS_ENDPOINT: variable({
    ...httpUrl("the storage provider's own address for the region"),
    description: 'The address of the S3-compatible service holding the bucket',
    readBy: ['server', 'cli'],
  }),
  FORECOURT_BUILDS_REGION: variable({
    ...text('us-east-1'),
    description: "The bucket's region (most self-hosted services accept any)",
    readBy: ['server', 'cli'],
  }),
  FORECOURT_BUILDS_ACCESS_KEY_ID: variable({
    ...secret("unset (the machine's own credentials)"),
    description: 'The access key id for the bucket; set with the secret key, or neither',
    readBy: ['server', 'cli'],
    secret: true,
  }),
  FORECOURT_BUILDS_SECRET_ACCESS_KEY: variable({
    ...secret("unset (the machine's own credentials)"),
    description: 'The secret access key for the bucket',
    readBy: ['server', 'cli'],
    secret: true,
  }),
  FORECOURT_BUILDS_FORCE_PATH_STYLE: variable({
    ...oneOf(['true', 'false'] as const, 'false'),
    description: "'true' addresses the bucket as a path ({endpoint}/{bucket}), as most self-hosted services need",
    readBy: ['server', 'cli'],
  }),
  FORECOURT_BUILDS_CACHE_MB: variable({
    ...positive(256),
    description: 'Megabytes of published files each instance keeps in memory in front of the bucket',
    readBy: ['server'],
  }),

  // Secrets of this install (the demo generates them into the data folder; production reads them here)
  FORECOURT_IDENTITY_SECRET: variable({
    ...secret('generated in the data folder (not in production)'),
    description: 'Signs sign-in codes and sessions',
    readBy: ['server'],
    secret: true,
    requiredInProduction: true,
  }),
  FORECOURT_IDENTITY_SECRET_PREVIOUS: variable({
    ...secret(),
    description: 'The identity secret being rotated out: still accepted for checking, never used to sign',
    readBy: ['server'],
    secret: true,
  }),
  FORECOURT_OVERRIDE_SECRET: variable({
    ...secret('generated in the data folder (not in production)'),
    description: 'Signs developer override links',
    readBy: ['server'],
    secret: true,
    requiredInProduction: true,
  }),
  FORECOURT_OVERRIDE_SECRET_PREVIOUS: variable({
    ...secret(),
    description: 'The override secret being rotated out: still accepted for checking, never used to sign',
    readBy: ['server'],
    secret: true,
  }),
  FORECOURT_ADMIN_TOKEN: variable({
    ...secret('generated in the data folder (not in production)'),
    description:
      'The shared token that creates the first operator account (POST /_admin/operators/first) and opens nothing once one exists',
    readBy: ['server'],
    secret: true,
    requiredInProduction: true,
  }),
  FORECOURT_ADMIN_TOKEN_PREVIOUS: variable({
    ...secret(),
    description: 'The admin token being rotated out: still accepted, never handed out',
    readBy: ['server'],
    secret: true,
  }),

  // Search
  SEARCH_APP_ID: variable({
    ...optionalText('unset (the embedded search)'),
    description: 'The search application; with both keys it replaces the embedded search',
    readBy: ['server', 'cli', 'search service'],
    requiredInProduction: true,
  }),
  SEARCH_ADMIN_KEY: variable({
    ...secret('generated in the data folder (not in production)'),
    description: 'The search key that writes the index',
    readBy: ['server', 'cli', 'search service'],
    secret: true,
    requiredInProduction: true,
  }),
  SEARCH_SEARCH_KEY: variable({
    ...secret('generated in the data folder (not in production)'),
    description: "The search key pages' secured keys are made from",
    readBy: ['server', 'search service'],
    secret: true,
    requiredInProduction: true,
  }),
  SEARCH_HOSTS: variable({
    ...list("the search application's own hosts"),
    description:
      'The search hosts the platform writes to and reads from, comma-separated: host[:port] (https) or http://host:port (the search service on a private network)',
    readBy: ['server', 'cli'],
  }),
  SEARCH_BROWSER_HOSTS: variable({
    ...list("SEARCH_HOSTS when https, else the page's own origin"),
    description: "The search hosts pages' browsers search, comma-separated",
    readBy: ['server'],
  }),
  SEARCH_SERVICE_PORT: variable({
    ...port(8300),
    description: 'The port `forecourt search-service` listens on',
    readBy: ['search service'],
  }),
  SEARCH_SERVICE_HOST: variable({
    ...text('127.0.0.1'),
    description: 'The address `forecourt search-service` listens on (0.0.0.0 for every interface)',
    readBy: ['search service'],
  }),
  SEARCH_SERVICE_DATA_DIR: variable({
    ...folder('<FORECOURT_DATA_DIR>/search-service'),
    description: "The search service's own folder, for its index snapshot",
    readBy: ['search service'],
  }),
  SEARCH_WORKERS: variable({
    ...integerInRange(0, 16, '2 (0 on one core)'),
    description: 'Worker threads of the embedded search (0 searches on the request thread)',
    readBy: ['server', 'search service'],
  }),
  FORECOURT_SEARCH_BUDGET_MS: variable({
    ...optionalPositive('200', { integer: true }),
    description: "The time one request's searches may take before answering 429",
    readBy: ['server', 'search service'],
  }),

  // Connections
  FORECOURT_HEADERS_TIMEOUT_MS: variable({
    ...optionalPositive('15000', { integer: true }),
    description: "How long a client may take to send a request's headers",
    readBy: ['server'],
  }),
  FORECOURT_REQUEST_TIMEOUT_MS: variable({
    ...optionalPositive('60000', { integer: true }),
    description: 'How long a client may take to send a whole request',
    readBy: ['server'],
  }),
  FORECOURT_IDLE_TIMEOUT_MS: variable({
    ...optionalPositive('60000', { integer: true }),
    description: 'How long a connection may stay silent',
    readBy: ['server'],
  }),
  FORECOURT_KEEP_ALIVE_TIMEOUT_MS: variable({
    ...optionalPositive('72000', { integer: true }),
    description: 'How long a kept-alive connection waits for its next request',
    readBy: ['server'],
  }),
  FORECOURT_CONNECTIONS_PER_ADDRESS: variable({
    ...optionalPositive('128', { integer: true, allowZero: true }),
    description: 'Open connections allowed per client address (0: no cap)',
    readBy: ['server'],
  }),
  FORECOURT_SHUTDOWN_DRAIN_MS: variable({
    ...positive(0, { integer: true, allowZero: true }),
    description:
      'From SIGTERM to closing the listener: /api/ready answers 503 meanwhile, so a balancer stops sending requests first',
    readBy: ['server'],
  }),
  FORECOURT_SHUTDOWN_TIMEOUT_MS: variable({
    ...positive(10_000, { integer: true }),
    description: 'The most a graceful shutdown may take before the process exits non-zero',
    readBy: ['server'],
  }),

  // Behind a load balancer, and the state instances share (docs/deploy.md)
  FORECOURT_TRUSTED_PROXIES: variable({
    ...trustedProxies(),
    description:
      'The balancers whose X-Forwarded-For/-Proto/-Host and X-Request-Id are believed: their addresses or CIDR ranges (or loopback, linklocal, uniquelocal), comma-separated, or a hop count',
    readBy: ['server'],
  }),
  FORECOURT_INSTANCE_NAME: variable({
    ...optionalText('unset (answers name no instance)'),
    description:
      'A name for this instance, sent back in every answer as X-Forecourt-Instance, so an operator (and the cluster drills) can tell which instance behind the balancer answered',
    readBy: ['server'],
  }),
  REDIS_URL: variable({
    ...redisUrl('unset (each instance counts its own rate limits)'),
    description: 'The Redis every instance counts rate limits in, so that several instances allow what one would',
    readBy: ['server'],
    secret: true,
  }),

  // Stock feeds (docs/stock.md)
  FORECOURT_FEED_MAX_BYTES: variable({
    ...positive(100 * 1024 * 1024, { integer: true }),
    description: 'The largest feed an import takes, in bytes; a larger upload is refused (413) and nothing is kept',
    readBy: ['server'],
  }),
  FORECOURT_FEED_WITHDRAW_SHARE: variable({
    ...positive(0.3),
    description:
      "A feed that would withdraw more than this share of its source's cars on sale is quarantined: nothing applied",
    readBy: ['server'],
  }),
  FORECOURT_FEED_IMPORT_MS: variable({
    ...positive(2000, { integer: true, allowZero: true }),
    description: 'How often an instance looks for queued feed imports (0: only when one is uploaded to it)',
    readBy: ['server'],
  }),
  FORECOURT_FEED_FETCH_TIMEOUT_MS: variable({
    ...positive(60_000, { integer: true }),
    description: "The longest a feed pulled from a dealer's URL may take to arrive, redirects and body included",
    readBy: ['server'],
  }),
  FORECOURT_FEED_SCHEDULE_MS: variable({
    ...positive(60_000, { integer: true, allowZero: true }),
    description: 'How often an instance looks for scheduled feeds due a pull (0: never)',
    readBy: ['server'],
  }),
  FORECOURT_FEEDS_PER_SITE: variable({
    ...positive(10, { integer: true }),
    description:
      'The most scheduled feeds a site may have; a new one past it is refused (409), changing one it has is not',
    readBy: ['server'],
  }),
  FORECOURT_PHOTO_SWEEP_MS: variable({
    ...positive(3_600_000, { integer: true, allowZero: true }),
    description:
      'How often an instance looks for stored photos no car names any more, to delete them once past their grace (0: never)',
    readBy: ['server'],
  }),
  FORECOURT_PHOTO_GRACE_DAYS: variable({
    ...positive(7),
    description:
      "Days a stored photo is kept after the last car naming it stopped, so a dealer's undo or a feed that drops and sends a car again fetches nothing again",
    readBy: ['server'],
  }),
  FORECOURT_FETCH_ALLOW_HOSTS: variable({
    ...list('none'),
    description:
      "Host names the platform fetches dealers' URLs from whatever address they resolve to, comma-separated; every other URL must reach a public address (loopback too outside production)",
    readBy: ['server'],
  }),

  // Pages
  FORECOURT_ENTRY_TIMEOUT_MS: variable({
    ...optionalPositive("the shell's own", { integer: true }),
    description: "How long the shell waits for a remote's entry before its failure policy",
    readBy: ['server'],
  }),
  FORECOURT_FRAGMENT_TIMEOUT_MS: variable({
    ...optionalPositive("the shell's own", { integer: true }),
    description: 'How long the shell waits for a fragment before its failure policy',
    readBy: ['server'],
  }),
  FORECOURT_FIRST_PAINT_THREADS: variable({
    ...optionalPositive('one fewer than the cores, 1 to 4', { integer: true, allowZero: true }),
    description:
      "Threads that render the apps' first paints of pages without a query, off the thread that answers requests (0: render on that thread); pages with a query get half as many of their own, at least one; each is warmed with one of each kind of page before the server counts as started",
    readBy: ['server'],
  }),
  FORECOURT_FIRST_PAINT_CONCURRENCY: variable({
    ...positive(4, { integer: true }),
    description:
      "First paints an instance has in hand at once (per app when they render on threads, waiting ones included); a page asked past them is sent without its app's first paint",
    readBy: ['server'],
  }),
  FORECOURT_QUERY_PAGES_PER_SECOND: variable({
    ...positive(1),
    description: 'Pages with a query (search filters) one address gets each second, steadily; more wait their turn',
    readBy: ['server'],
  }),
  FORECOURT_QUERY_PAGES_BURST: variable({
    ...positive(5, { integer: true }),
    description: 'Pages with a query one address gets at once before its pace applies',
    readBy: ['server'],
  }),
  FORECOURT_QUERY_PAGES_AT_ONCE: variable({
    ...positive(2, { integer: true }),
    description: 'Pages with a query an instance renders at once; more wait their turn',
    readBy: ['server'],
  }),
  FORECOURT_QUERY_PAGES_MAX_LOAD: variable({
    ...positive(0.5),
    description:
      "The request thread's busy share (event loop utilisation, 0 to 1) past which an instance starts no second page with a query; 1 turns this off",
    readBy: ['server'],
  }),
  FORECOURT_QUERY_PAGES_MAX_WAIT_MS: variable({
    ...positive(3000, { integer: true }),
    description:
      'The longest a page with a query waits for its turn before it is refused (429 for its address, 503 for a full instance)',
    readBy: ['server'],
  }),
  FORECOURT_REFUSAL_HOLD_MS: variable({
    ...positive(1000, { integer: true, allowZero: true }),
    description:
      'How long a refusal that says when to try again (429, or 503 with Retry-After) is held before it is sent, at most that Retry-After: a client that asks again at once is slowed to the pace it was given',
    readBy: ['server'],
  }),
  FORECOURT_FIRST_PAINT_BUDGET_MS: variable({
    ...positive(300, { integer: true }),
    description: "How long a page waits for its app's first paint",
    readBy: ['server'],
  }),
  FORECOURT_OVERRIDE_HOSTS: variable({
    ...list('localhost, 127.0.0.1, *.localhost'),
    description: 'In production, the hosts override links may load code from (comma-separated)',
    readBy: ['server'],
  }),

  // The operator console (docs/operators.md)
  FORECOURT_CONSOLE_ORIGIN: variable({
    ...httpOrigin('http://console.localhost:<PORT>'),
    description:
      "The operator console's origin (https in production): on its host the console is served and operators sign in with passkeys, which belong to this host",
    readBy: ['server', 'cli'],
  }),

  // Rate limits and retention
  FORECOURT_SEARCHES_PER_10_SECONDS: variable({
    ...positive(80, { integer: true }),
    description: "Search requests (a page's own search key) answered per address per 10 seconds",
    readBy: ['server'],
  }),
  FORECOURT_EVENTS_PER_MINUTE: variable({
    ...positive(240),
    description: 'Analytics events accepted per address per minute',
    readBy: ['server'],
  }),
  FORECOURT_EVENT_RETENTION_DAYS: variable({
    ...positive(30),
    description: 'Days analytics events are kept',
    readBy: ['server'],
  }),
  FORECOURT_LAST_GOOD_MOUNTS: variable({
    ...optionalPositive('20', { integer: true }),
    description: 'Mounts a version needs before it can become last good',
    readBy: ['server'],
  }),
  FORECOURT_LAST_GOOD_MAX_FAILURE_PERCENT: variable({
    ...optionalPositive('5', { allowZero: true }),
    description: 'The failure rate above which a version cannot become last good',
    readBy: ['server'],
  }),
  FORECOURT_MOUNT_REPORTS_PER_SHOPPER_PER_MINUTE: variable({
    ...positive(30, { integer: true }),
    description: 'Mount reports (clean mounts and failures) counted per shopper cookie per minute',
    readBy: ['server'],
  }),
  FORECOURT_MOUNT_REPORTS_PER_ADDRESS_PER_MINUTE: variable({
    ...positive(120, { integer: true }),
    description: 'Mount reports (clean mounts and failures) counted per address per minute',
    readBy: ['server'],
  }),
  FORECOURT_CANARY_ALERT_MARGIN_PERCENT: variable({
    ...positive(5, { allowZero: true }),
    description: "How many points a canary's failure rate may exceed its pin's before it is flagged",
    readBy: ['server'],
  }),
  FORECOURT_CANARY_ALERT_MIN_MOUNTS: variable({
    ...positive(20, { integer: true }),
    description: 'Mount reports a canary needs before it can be flagged',
    readBy: ['server'],
  }),
  FORECOURT_CANARY_WEBHOOK_URL: variable({
    ...httpUrl('unset (flagged canaries are shown, not sent)'),
    description: 'Where a flagged canary is POSTed, once per canary',
    readBy: ['server'],
  }),
  FORECOURT_CODES_PER_PHONE_PER_HOUR: variable({
    ...positive(5, { integer: true }),
    description: 'Sign-in codes sent to one phone per site per hour',
    readBy: ['server'],
  }),
  FORECOURT_CODES_PER_ADDRESS_PER_HOUR: variable({
    ...positive(20, { integer: true }),
    description: 'Sign-in codes sent per address per hour',
    readBy: ['server'],
  }),
  FORECOURT_LEADS_PER_MINUTE: variable({
    ...optionalPositive('20', { integer: true }),
    description: 'Leads accepted per address per minute',
    readBy: ['server'],
  }),
  FORECOURT_LEADS_PER_PHONE_PER_HOUR: variable({
    ...optionalPositive('10', { integer: true }),
    description: 'Leads accepted per phone number per hour',
    readBy: ['server'],
  }),
  FORECOURT_LEAD_DELIVERY_MS: variable({
    ...positive(1000, { integer: true, allowZero: true }),
    description: 'How often leads are sent to the CRM (0: never)',
    readBy: ['server'],
  }),
  FORECOURT_RESERVATIONS_PER_MINUTE: variable({
    ...optionalPositive('10', { integer: true }),
    description: 'Reservations started per address per minute',
    readBy: ['server'],
  }),
  FORECOURT_RESERVE_HOLD_SECONDS: variable({
    ...optionalPositive('172800 (48 hours)', { integer: true }),
    description: 'How long a reservation holds a car',
    readBy: ['server'],
  }),
  FORECOURT_RESERVATION_LEASE_SECONDS: variable({
    ...optionalPositive('120', { integer: true }),
    description: 'How long one server owns a payment in progress before another may take it over',
    readBy: ['server'],
  }),
  FORECOURT_FAULT_POINT: variable({
    ...optionalText(),
    description: 'Tests only: where reserve online stops to prove crash recovery; refused in production',
    readBy: ['server'],
  }),

  // Partners: each is FORECOURT_<PARTNER>=http (with its address and credential) or =simulator
  FORECOURT_PAYMENTS: variable({
    ...oneOf(PARTNER_MODES, 'http when the address is set, else simulator (production: required)'),
    description: "The card processor: 'http' or 'simulator'",
    readBy: ['server'],
  }),
  FORECOURT_PAYMENTS_URL: variable({ ...httpUrl(), description: "The card processor's address", readBy: ['server'] }),
  FORECOURT_PAYMENTS_TOKEN: variable({
    ...secret(),
    description: "The card processor's credential",
    readBy: ['server'],
    secret: true,
  }),
  FORECOURT_PAYMENTS_TIMEOUT_MS: variable({
    ...optionalPositive('15000', { integer: true }),
    description: 'How long a call to the card processor may take',
    readBy: ['server'],
  }),
  FORECOURT_PAYMENTS_SIMULATOR_DELAY_MS: variable({
    ...optionalPositive('250', { integer: true, allowZero: true }),
    description: "The card processor simulator's delay",
    readBy: ['server'],
  }),
  FORECOURT_CRM: variable({
    ...oneOf(PARTNER_MODES, 'http when the address is set, else simulator (production: required)'),
    description: "The CRM leads go to: 'http' or 'simulator'",
    readBy: ['server'],
  }),
  FORECOURT_CRM_WEBHOOK_URL: variable({ ...httpUrl(), description: "The CRM's webhook address", readBy: ['server'] }),
  FORECOURT_CRM_WEBHOOK_SECRET: variable({
    ...secret(),
    description: "The CRM webhook's signing secret",
    readBy: ['server'],
    secret: true,
  }),
  FORECOURT_SMS: variable({
    ...oneOf(PARTNER_MODES, 'http when the address is set, else simulator (production: required)'),
    description: "The SMS gateway for sign-in codes: 'http' or 'simulator'",
    readBy: ['server'],
  }),
  FORECOURT_SMS_URL: variable({ ...httpUrl(), description: "The SMS gateway's address", readBy: ['server'] }),
  FORECOURT_SMS_TOKEN: variable({
    ...secret(),
    description: "The SMS gateway's credential",
    readBy: ['server'],
    secret: true,
  }),
  FORECOURT_SMS_SENDER: variable({
    ...text('Forecourt'),
    description: 'The sender name on sign-in texts',
    readBy: ['server'],
  }),
  FORECOURT_FINANCE_PARTNER: variable({
    ...oneOf(PARTNER_MODES, 'http when the address is set, else simulator (production: required)'),
    description: "The finance partner: 'http' or 'simulator'",
    readBy: ['server'],
  }),
  FORECOURT_FINANCE_PARTNER_URL: variable({
    ...httpUrl(),
    description: "The finance partner's address",
    readBy: ['server'],
  }),
  FORECOURT_FINANCE_PARTNER_KEY: variable({
    ...secret(),
    description: "The finance partner's credential",
    readBy: ['server'],
    secret: true,
  }),
  FORECOURT_FINANCE_PARTNER_TIMEOUT_MS: variable({
    ...optionalPositive('10000', { integer: true }),
    description: 'How long a call to the finance partner may take',
    readBy: ['server'],
  }),
  FORECOURT_FINANCE_SIMULATOR_DELAY_MS: variable({
    ...optionalPositive('250', { integer: true, allowZero: true }),
    description: "The finance simulator's delay",
    readBy: ['server'],
  }),
  FORECOURT_GEOCODING: variable({
    ...oneOf(PARTNER_MODES, 'http when the address is set, else simulator (production: required)'),
    description: "The geocoder for postcodes: 'http' or 'simulator'",
    readBy: ['server'],
  }),
  FORECOURT_GEOCODING_URL: variable({ ...httpUrl(), description: "The geocoder's address", readBy: ['server'] }),
  FORECOURT_GEOCODING_KEY: variable({
    ...secret(),
    description: "The geocoder's credential",
    readBy: ['server'],
    secret: true,
  }),

  // The command line
  FORECOURT_TOKEN: variable({
    ...secret("the data folder's operator-token (written by npm start)"),
    description: "The CLI's personal operator token (docs/operators.md)",
    readBy: ['cli'],
    secret: true,
  }),
  INIT_CWD: variable({
    ...optionalText('the working directory'),
    description: 'Where `publish --from` resolves a relative folder (set by npm)',
    readBy: ['cli'],
  }),
  CHROMIUM_PATH: variable({
    ...optionalText('/usr/bin/chromium-headless-shell when installed, else /usr/bin/chromium'),
    description: 'The headless browser the publish gate mounts remotes in (and the e2e journeys and benchmarks drive)',
    readBy: ['cli'],
  }),
} as const;

export type ConfigName = keyof typeof CONFIG_SCHEMA;
