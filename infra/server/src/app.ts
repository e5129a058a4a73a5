import zlib from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import type { Database } from '@forecourt/data/database';
import { loadContent, type ContentLibrary } from '@forecourt/domain/content/content-library';
import { CONSOLE_BUILD_DIR, resolveContentDir, resolveDataDir } from '@forecourt/config/paths';
import { loadTenantFiles } from '@forecourt/config/tenants/load-tenants';
import contentParsers from './plugins/external/content-parsers';
import heldRefusals from './plugins/external/held-refusals';
import rateLimit from './plugins/external/rate-limit';
import routeCatalogue from './plugins/external/route-catalogue';
import errorHandler from './plugins/external/error-handler';
import { loadConfig, refuseIncompleteProduction, type Config } from '@forecourt/config/load';
import adminAuth from './plugins/platform/admin-auth';
import configPlugin from './plugins/platform/config';
import devPages from './plugins/platform/dev-pages';
import contentPlugin from './plugins/platform/content';
import databasePlugin from './plugins/platform/database';
import partnersPlugin, { type PartnersOptions } from './plugins/platform/partners';
import pinsPlugin from './plugins/platform/pins';
import canaryAlertsPlugin, { type CanaryAlertsOptions } from './plugins/platform/canary-alerts';
import registryPlugin from './plugins/platform/registry';
import reservationsPlugin, { type ReservationsOptions } from './plugins/platform/reservations';
import searchPlugin, { type RestoredSnapshot } from './plugins/platform/search';
import securityHeaders from './plugins/platform/security-headers';
import tenantsPlugin, { type TenantRowsMode } from './plugins/platform/tenants';
import wellFormedInput from './plugins/external/well-formed-input';
import { registerTeamServers } from './plugins/teams';
import {
  capConnectionsPerAddress,
  connectionLimitsFromConfig,
  serverTimeoutOptions,
  type ConnectionLimits,
} from './connection-limits';
import metricsPlugin from './plugins/platform/metrics';
import { echoRequestId, requestIdGenerator } from './request-ids';
import { openSharedStore, type SharedStore } from './redis-store';
import { peerIsTrustedProxy, type TrustedProxies } from '@forecourt/config/trusted-proxies';
import { responseSecurityHeaders } from '@forecourt/pages/security';
import adminRoutes from './routes/admin';
import eventsRoutes, { type EventsOptions } from './routes/events';
import faviconRoutes from './routes/favicon';
import seoRoutes from './routes/seo';
import mediaRoutes from '@forecourt/media/media-routes';
import photoRoutes from '@forecourt/media/photo-routes';
import healthRoutes from './routes/health';
import identityRoutes, { type IdentityOptions } from './routes/identity';
import leadDelivery, { type LeadDeliveryOptions } from './routes/lead-delivery';
import vehicleServicesRoutes from './routes/vehicle-services';
import watchlistRoutes from './routes/watchlist';
import miscellaneousRoutes from './routes/miscellaneous';
import financePartnerDevRoutes from './routes/finance-partner-dev';
import demoFeedRoutes from './routes/demo-feed';
import pagesRoutes from './routes/pages';
import overridesRoutes from './routes/overrides';
import registryFilesRoutes from './routes/registry-files';
import consoleSiteRoutes from './routes/console-site';
import stockApiRoutes, { type StockApiOptions } from './routes/stock-api';
import stockIndexPlugin, { type StockIndexOptions } from './plugins/platform/stock-index';
import stockImportsPlugin, { type StockImportsOptions } from './plugins/platform/stock-imports';
import carPhotosPlugin, { type CarPhotosOptions } from './plugins/platform/car-photos';
import photoSweepPlugin, { type PhotoSweepOptions } from './plugins/platform/photo-sweep';
import feedSchedulesPlugin, { type FeedSchedulesOptions } from './plugins/platform/feed-schedules';
import outboundPlugin, { type OutboundOptions } from './plugins/platform/outbound';
import { STOCK_API_PREFIX } from '@forecourt/stock-in/openapi';

export interface AppOptions {
  /** The configuration (config/schema.ts); default: loaded from the environment. */
  config?: Config;
  /** Registry, PGlite files and admin token live here. Default: FORECOURT_DATA_DIR or infra/.data. */
  dataDir?: string;
  /** Tenant configs to serve; when omitted they are loaded (and validated) from `tenantsDir`. */
  tenants?: readonly TenantConfig[];
  /** Default: FORECOURT_TENANTS_DIR or infra/tenants. */
  tenantsDir?: string;
  /** The content pages to serve; when omitted they are loaded (and checked) from `contentDir`. */
  content?: ContentLibrary;
  /** Default: FORECOURT_CONTENT_DIR or infra/content. */
  contentDir?: string;
  /** An open database to use and leave open on close (tests share one per file). */
  database?: Database;
  /** PostgreSQL instead of the embedded PGlite. Default: DATABASE_URL. */
  databaseUrl?: string;
  /** Apply pending migrations at start (default true; production's serve leaves them to `forecourt migrate`). */
  migrate?: boolean;
  /** Mount the mf-* server plugins (default true). */
  teamServers?: boolean;
  clock?: () => Date;
  /** The embedded search index's snapshot, already being read (`prefetchSearchSnapshot`). */
  searchSnapshot?: Promise<RestoredSnapshot>;
  /** Rate limit and retention of `/api/events` (default: from the environment). */
  events?: EventsOptions;
  /** Lead delivery to the CRM (default: every second, to the CRM the environment names). */
  leadDelivery?: LeadDeliveryOptions;
  /** Sign-in settings (default: from the environment). */
  identity?: Omit<IdentityOptions, 'dataDir' | 'clock'>;
  logger?: FastifyServerOptions['logger'];
  /** Where X-Forecourt-Tenant is honoured (default: 'always' in development, 'loopback' in production). */
  tenantHeader?: 'always' | 'loopback';
  /**
   * How the tenants' rows are set from the files (or `tenants`) at start: 'seed' where the server
   * migrates (the default then), 'none' where it does not (production: `forecourt migrate`
   * seeds), 'replace' in tests that name their tenants.
   */
  tenantRows?: TenantRowsMode;
  /** Partner adapters to use instead of those the environment names (tests). */
  partners?: PartnersOptions;
  /** Reserve online's hold, card processor and sweep (default: from the environment). */
  reservations?: Omit<ReservationsOptions, 'clock'>;
  /** Timeouts and the per-address connection cap (default: from the environment). */
  connectionLimits?: ConnectionLimits;
  /** The balancers whose forwarding headers are believed; null: none (default: the configuration's FORECOURT_TRUSTED_PROXIES). */
  trustedProxies?: TrustedProxies | null;
  /** Count rate limits in this Redis, opened and closed with the app (the server passes REDIS_URL). Default: in this process. */
  redisUrl?: string;
  /** An open shared store to count rate limits in instead, left open on close (tests). */
  sharedStore?: SharedStore;
  /** Canary alerts: the rule, the webhook and how often canaries are judged (default: from the environment, every 30 s). */
  canaryAlerts?: CanaryAlertsOptions;
  /** The operator console's build, served on its host. Default: console/dist. */
  consoleDir?: string;
  /** The Stock API's per-key limits (default: 600 requests a minute per route, 60 batches). */
  stockApi?: StockApiOptions;
  /** How often stock_changes is read for other instances' writes (default every 2 s). */
  stockIndex?: StockIndexOptions;
  /** Feed imports: how often queued ones are looked for (default FORECOURT_FEED_IMPORT_MS), their claim. */
  stockImports?: StockImportsOptions;
  /** Scheduled feeds: how often due ones are looked for (default FORECOURT_FEED_SCHEDULE_MS), their claim. */
  feedSchedules?: FeedSchedulesOptions;
  /** The safe fetch's policy, over the configuration's (tests: production's rule, their own resolver). */
  outbound?: OutboundOptions;
  /** The dealers' photos: how often due ones are looked for (default 5 s), their limits, where they are kept. */
  carPhotos?: Omit<CarPhotosOptions, 'dataDir'>;
  /** Stored photos no car names: how often they are swept (default FORECOURT_PHOTO_SWEEP_MS), their grace. */
  photoSweep?: PhotoSweepOptions;
}

/**
 * The platform server. Plugins load in the order of their dependencies: external (parsers,
 * error mapping) -> platform (database, tenants, registry, pins, headers, admin auth) -> the
 * platform's routes -> the teams' server plugins.
 */
export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const config = options.config ?? loadConfig();
  // Production stops here, listing all it lacks, before anything is opened or generated.
  refuseIncompleteProduction(config);
  const dataDir = options.dataDir ?? config.FORECOURT_DATA_DIR ?? resolveDataDir();
  // Loaded before Fastify exists so an invalid tenant stops the start with its own message.
  const tenantFiles = options.tenants
    ? options.tenants.map((tenant) => ({ slug: tenant.slug, raw: tenant, config: tenant }))
    : await loadTenantFiles(options.tenantsDir ?? config.FORECOURT_TENANTS_DIR);
  const tenants = tenantFiles.map((file) => file.config);
  const content =
    options.content ??
    (await loadContent(options.contentDir ?? config.FORECOURT_CONTENT_DIR ?? resolveContentDir(), tenants));

  const connectionLimits = options.connectionLimits ?? connectionLimitsFromConfig(config);
  const trustedProxies =
    options.trustedProxies !== undefined ? options.trustedProxies : config.FORECOURT_TRUSTED_PROXIES;
  const app = Fastify({
    logger: options.logger ?? false,
    // The embedded database compiles its WebAssembly and migrates while its plugin starts: 2-3 s
    // on an idle machine, more on a busy one (a new data folder's first start passed 60 s on a
    // 2-core machine running the whole test suite beside the e2e journeys). Fastify's default 10 s
    // would stop a start that is merely slow; a start that truly hangs is still stopped.
    pluginTimeout: 120_000,
    // request.ip, .protocol and .host believe X-Forwarded-For/-Proto/-Host only from a trusted balancer.
    trustProxy: trustedProxies ? trustedProxies.trusts : false,
    genReqId: requestIdGenerator(trustedProxies),
    requestIdHeader: false,
    ...serverTimeoutOptions(connectionLimits),
    // Page paths can be long (search filters); 2 KiB of URL is still far below abuse size.
    routerOptions: { maxParamLength: 2048, ignoreTrailingSlash: false },
    bodyLimit: 256 * 1024,
    // A URL that cannot be decoded is answered before routing, so no hook runs: the security
    // headers are set here, and the URL is not echoed back (Fastify's default message does).
    frameworkErrors: (error, request, reply: FastifyReply) => {
      const message =
        error.code === 'FST_ERR_BAD_URL' ? 'The address is not valid: it holds a broken %-escape' : 'Bad request';
      return reply.code(400).headers(responseSecurityHeaders(request.url)).send({ error: message, field: 'url' });
    },
  });

  // The balancer's own addresses carry every shopper's connections: the cap is the balancer's job there.
  capConnectionsPerAddress(app.server, connectionLimits.connectionsPerAddress, (address) =>
    peerIsTrustedProxy(trustedProxies, address),
  );

  let sharedStore = options.sharedStore ?? null;
  if (!sharedStore && options.redisUrl) {
    const opened = openSharedStore(options.redisUrl, { log: (level, line) => app.log[level](line) });
    app.addHook('onClose', async () => opened.close());
    sharedStore = opened;
  }

  await app.register(configPlugin, { config });
  await app.register(echoRequestId, { instance: config.FORECOURT_INSTANCE_NAME });
  await app.register(routeCatalogue);
  await app.register(contentParsers);
  await app.register(errorHandler);
  await app.register(heldRefusals);
  await app.register(wellFormedInput);
  await app.register(rateLimit, { shared: sharedStore });
  // Pages and API answers compressed on the fly (Brotli at a fast level, or gzip), from 1 KB up;
  // registry files carry the copies written at publish, which this leaves alone. Request bodies
  // are not decompressed: a few kilobytes of gzip could otherwise expand past every body limit.
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });

  await app.register(databasePlugin, {
    dataDir,
    database: options.database,
    databaseUrl: options.databaseUrl ?? config.DATABASE_URL,
    migrate: options.migrate,
  });
  await app.register(tenantsPlugin, {
    files: tenantFiles,
    rows: options.tenantRows ?? (options.migrate === false ? 'none' : 'seed'),
    tenantHeader: options.tenantHeader,
  });
  await app.register(contentPlugin, { library: content, builtFor: tenants });
  await app.register(registryPlugin, { dataDir });
  await app.register(pinsPlugin);
  await app.register(canaryAlertsPlugin, options.canaryAlerts ?? {});
  await app.register(searchPlugin, {
    dataDir,
    ...(options.searchSnapshot ? { snapshot: options.searchSnapshot } : {}),
  });
  await app.register(partnersPlugin, options.partners ?? {});
  await app.register(securityHeaders);
  await app.register(devPages);
  await app.register(adminAuth, { dataDir });
  await app.register(metricsPlugin, { trustedProxies, sharedStore });

  await app.register(healthRoutes);
  await app.register(eventsRoutes, options.events ?? {});
  await app.register(identityRoutes, { ...options.identity, dataDir, clock: options.clock });
  await app.register(watchlistRoutes);
  await app.register(miscellaneousRoutes);
  await app.register(vehicleServicesRoutes);
  await app.register(leadDelivery, { clock: options.clock, ...options.leadDelivery });
  await app.register(reservationsPlugin, { clock: options.clock, ...options.reservations });
  await app.register(stockIndexPlugin, options.stockIndex ?? {});
  await app.register(outboundPlugin, options.outbound ?? {});
  await app.register(stockImportsPlugin, options.stockImports ?? {});
  await app.register(carPhotosPlugin, { dataDir, ...options.carPhotos });
  await app.register(photoSweepPlugin, options.photoSweep ?? {});
  await app.register(feedSchedulesPlugin, options.feedSchedules ?? {});
  await app.register(stockApiRoutes, { prefix: STOCK_API_PREFIX, ...options.stockApi });
  await app.register(financePartnerDevRoutes);
  await app.register(demoFeedRoutes);
  await app.register(registryFilesRoutes);
  await app.register(overridesRoutes, { dataDir, clock: options.clock });
  await app.register(adminRoutes, { prefix: '/_admin' });
  await app.register(consoleSiteRoutes, { dir: options.consoleDir ?? CONSOLE_BUILD_DIR });
  await app.register(faviconRoutes);
  await app.register(seoRoutes);
  await app.register(mediaRoutes);
  await app.register(photoRoutes);
  await app.register(pagesRoutes);

  if (options.teamServers !== false) await registerTeamServers(app, { clock: options.clock ?? (() => new Date()) });

  return app;
}
