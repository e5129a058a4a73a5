import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SearchAccess } from '@forecourt/shared-config/manifest';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import type { algoliasearch } from 'algoliasearch';
import { IndexStore } from '@forecourt/search-engine/engine';
import { readSnapshot } from '@forecourt/search-engine/engine/snapshot';
import { KeyStore, searchService, SEARCH_LIMITS } from '@forecourt/search-engine/http';
import { loadConfig } from '@forecourt/config/load';
import { fromLoopback } from '@forecourt/runtime/client-address';
import type { SearchTarget } from '@forecourt/search-service/indexing/indexer';
import { searchConnectionFromEnv, type SearchConnection } from '@forecourt/search-service/service/config';
import {
  openPersistedStore,
  type PersistedStore,
  type RestoredSnapshot,
} from '@forecourt/search-service/service/persisted-store';
import { SearchStatsRecorder } from '@forecourt/search-service/service/search-stats';
import {
  CAR_SORTS,
  CARS_INDEX,
  MODELS_INDEX,
  tenantModelsFilter,
  tenantStockFilter,
} from '@forecourt/search-service/indexing/records';

/**
 * Search for every tenant: the embedded Algolia-compatible service (mounted under /1/) by
 * default, or an external one when SEARCH_APP_ID, SEARCH_ADMIN_KEY and SEARCH_SEARCH_KEY are set:
 * an Algolia application, or the platform's own search service run as a process of its own
 * (`forecourt search-service`, SEARCH_HOSTS=http://host:port on a private network). With an
 * external service nothing of search lives in this process: no index, no /1/ routes; every read
 * and write goes over HTTP, so every web instance sees the same index. Pages get a search key
 * secured to their tenant's stock.
 */
declare module 'fastify' {
  interface FastifyInstance {
    stockSearch: {
      /** What a page of `tenant` searches with: hosts, index names and a secured key. */
      access(tenant: TenantConfig, now?: Date): SearchAccess;
      /** Where the indexer writes; the embedded service's hosts are filled in once listening. */
      target(listening?: { host: string; port: number }): SearchTarget;
      /** The embedded index; empty (and unused) with an external service. */
      store: IndexStore;
      keys: KeyStore;
      /**
       * How a first paint reaches an external service on a private network (SEARCH_HOSTS
       * http://...): pages name the browser's hosts, which this server may not reach. Absent
       * otherwise (embedded: in-process; Algolia: the pages' own hosts).
       */
      firstPaintRequester?: Requester;
      /** Hosts pages' browsers search other than the page's own origin (the pages' CSP lets them connect). */
      browserHosts: readonly string[];
      /**
       * Whether pages can search: the embedded index is filled after the server listens (or
       * restored from its snapshot before, and confirmed by the indexer once it listens).
       */
      state: {
        embedded: boolean;
        indexed: boolean;
        records: number;
        restoredFromSnapshot?: { records: Record<string, number> };
      };
      /**
       * What the embedded service saw (searches, writes, snapshot saves), added to the database for
       * the operator console every few seconds; null with an external service, which counts its own.
       */
      stats: SearchStatsRecorder | null;
    };
  }
}

interface SearchCredentials {
  appId: string;
  adminKey: string;
  searchKey: string;
}

type Requester = NonNullable<NonNullable<Parameters<typeof algoliasearch>[2]>['requester']>;

/** A secured key is valid this long; pages are not cached, so each load gets a fresh one. */
export const SECURED_KEY_TTL_SECONDS = 3600;

async function embeddedCredentials(dataDir: string): Promise<SearchCredentials> {
  const file = path.join(dataDir, 'search-keys.json');
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as SearchCredentials;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await fs.mkdir(dataDir, { recursive: true });
  const credentials = {
    appId: 'FORECOURT',
    adminKey: randomBytes(24).toString('hex'),
    searchKey: randomBytes(24).toString('hex'),
  };
  try {
    await fs.writeFile(file, JSON.stringify(credentials), { mode: 0o600, flag: 'wx' });
    return credentials;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return JSON.parse(await fs.readFile(file, 'utf8')) as SearchCredentials;
    throw error;
  }
}

export interface SearchPluginOptions {
  dataDir: string;
  env?: NodeJS.ProcessEnv;
  /** The snapshot, already being read and decoded (`prefetchSearchSnapshot`). */
  snapshot?: Promise<RestoredSnapshot>;
}

export type { RestoredSnapshot };

/** The embedded index's snapshot, in the data folder beside the database. */
export const SEARCH_SNAPSHOT_FILE = 'search-index.snapshot';

/**
 * The per-address limit of the routes a page's search key calls (FORECOURT_SEARCHES_PER_10_SECONDS,
 * default 80): a page sends a search on each refinement and a few on opening (results, the budget
 * finder, similar cars), well under 8 a second for one shopper, and an office of shoppers behind
 * one address stays under it too. Each request is bounded (`SHOPPER_QUERY_LIMITS`); this bounds
 * how many, as twenty clients looping on refused requests reached 1,500 a second. Requests from
 * this machine (the first paints' own searches, injected in-process) are not counted. The count
 * is shared across instances when Redis is configured (the rate-limit plugin's store).
 */
export function searchRateLimit(max: number): Record<string, unknown> {
  return {
    rateLimit: { max, timeWindow: 10_000, allowList: (request: FastifyRequest) => fromLoopback(request) },
    rateLimitMessage: (retry: number) =>
      `Too many searches from this address: at most ${max} in 10 seconds. Retry in ${retry} s.`,
  };
}

const usesExternalSearch = (env: NodeJS.ProcessEnv) => searchConnectionFromEnv(env) !== null;

/**
 * Sends a first paint's search to the external service's own hosts, whatever host the page's
 * client was given (the browser's): the path, query, headers and body as they are, each host in
 * turn when one cannot be reached.
 */
export function privateHostRequester(connection: Pick<SearchConnection, 'hosts' | 'protocol'>): Requester {
  return {
    async send(request) {
      const target = new URL(request.url);
      let lastError: unknown;
      for (const host of connection.hosts) {
        try {
          const response = await fetch(`${connection.protocol}://${host}${target.pathname}${target.search}`, {
            method: request.method,
            headers: request.headers,
            ...(request.data !== undefined
              ? { body: typeof request.data === 'string' ? request.data : Buffer.from(request.data) }
              : {}),
            signal: AbortSignal.timeout((request.connectTimeout ?? 2000) + (request.responseTimeout ?? 5000)),
          });
          return { status: response.status, content: await response.text(), isTimedOut: false };
        } catch (error) {
          lastError = error;
        }
      }
      const timedOut = (lastError as { name?: string } | undefined)?.name === 'TimeoutError';
      return {
        status: 0,
        content: lastError instanceof Error ? lastError.message : 'the search service could not be reached',
        isTimedOut: timedOut,
      };
    },
  };
}

/**
 * Starts reading the embedded index's snapshot now, so a server start overlaps it with opening
 * the database: the file is read on libuv's threads, and decoded while the request thread waits
 * for the database. Pass the promise to `buildApp`. Null for Algolia.
 */
export function prefetchSearchSnapshot(
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<RestoredSnapshot> {
  if (usesExternalSearch(env)) return Promise.resolve(null);
  const restored = readSnapshot(path.join(dataDir, SEARCH_SNAPSHOT_FILE));
  // Handled where it is awaited (the search plugin); this keeps an early failure from counting as unhandled.
  restored.catch(() => undefined);
  return restored;
}

export default fp<SearchPluginOptions>(
  async (fastify, options) => {
    const env = options.env ?? process.env;
    const connection = searchConnectionFromEnv(env);
    const external = connection !== null;
    const credentials: SearchCredentials = connection ?? (await embeddedCredentials(options.dataDir));
    const externalHosts = connection?.hosts ?? [];

    const keys = new KeyStore({
      appId: credentials.appId,
      adminKey: credentials.adminKey,
      searchKeys: [credentials.searchKey],
    });
    const state: FastifyInstance['stockSearch']['state'] = {
      embedded: !external,
      indexed: Boolean(external),
      records: 0,
    };

    // The embedded index is saved to the data folder after indexing and after writes, and loaded
    // back here, so a restart serves searches at once. The indexer then compares the snapshot's
    // stock fingerprint with the database's and rebuilds when they differ (SnapshotHooks).
    let persisted: PersistedStore | null = null;
    // Without a database (the plugin mounted alone) nothing is counted.
    const stats =
      external || !fastify.hasDecorator('database')
        ? null
        : new SearchStatsRecorder(fastify.database.db, { log: fastify.log });
    if (stats) {
      fastify.addHook('onReady', async () => stats.start());
      // Before the database closes (onClose): what was counted since the last flush is kept.
      fastify.addHook('preClose', async () => stats.stop());
    }
    if (!external) {
      persisted = await openPersistedStore(
        path.join(options.dataDir, SEARCH_SNAPSHOT_FILE),
        fastify.log,
        options.snapshot,
        () => stats?.snapshotSaved(),
      );
      if (persisted.restoredRecords) state.restoredFromSnapshot = { records: persisted.restoredRecords };
      const writer = persisted.writer;
      fastify.addHook('onClose', async () => writer.flush());
    }
    const store = persisted?.store ?? new IndexStore();
    const hooks = persisted?.hooks;
    // Searches go to worker threads once the stock is large (searchService's workersFrom);
    // SEARCH_WORKERS=0 keeps them on the request thread.
    // The app's configuration (tests set their limits there); a plugin mounted alone reads `env`.
    const config = options.env || !fastify.hasDecorator('config') ? loadConfig(env) : fastify.config;
    const workers = config.SEARCH_WORKERS ?? (os.availableParallelism() >= 2 ? 2 : 0);
    // The searches of one request stop at SEARCH_LIMITS.searchMs (429 past it). The e2e site
    // sets a longer one: on a busy test machine a shopper's page search can pass 200 ms of wall
    // time without costing more, and the journeys are about what the page shows, not load shedding.
    const searchMs = config.FORECOURT_SEARCH_BUDGET_MS ?? SEARCH_LIMITS.searchMs;
    if (persisted) {
      const writer = persisted.writer;
      await fastify.register(searchService, {
        store,
        keys,
        workers,
        searchMs,
        ...(persisted.restoredFrom ? { restoredFrom: persisted.restoredFrom } : {}),
        onWrite: () => writer.changed(),
        ...(stats ? { observer: stats } : {}),
        // Without the server's configuration (the search plugin alone, in tests) the routes have no per-address limit.
        ...(fastify.hasDecorator('config')
          ? { publicRouteConfig: searchRateLimit(fastify.config.FORECOURT_SEARCHES_PER_10_SECONDS) }
          : {}),
      });
    }

    fastify.decorate('stockSearch', {
      store,
      keys,
      state,
      stats,
      ...(connection && connection.protocol === 'http'
        ? { firstPaintRequester: privateHostRequester(connection) }
        : {}),
      browserHosts: connection?.browserHosts ?? [],
      access(tenant: TenantConfig, now: Date = new Date()): SearchAccess {
        const nowSeconds = Math.floor(now.getTime() / 1000);
        return {
          appId: credentials.appId,
          apiKey: keys.generateSecuredApiKey(credentials.searchKey, {
            filters: tenantStockFilter(tenant, nowSeconds),
            restrictIndices: [CARS_INDEX, `${CARS_INDEX}_*`],
            validUntil: nowSeconds + SECURED_KEY_TTL_SECONDS,
          }),
          hosts: connection?.browserHosts ?? [],
          indexName: CARS_INDEX,
          sorts: { ...CAR_SORTS },
          sortFilters: tenant.search.priceAscRequiresPrice ? { [CAR_SORTS.priceAsc]: 'price > 0' } : {},
          // The catalogue has its own key: the stock's listing rules (in stock, on the website,
          // the site's base filters) are about cars, not models.
          models: {
            indexName: MODELS_INDEX,
            apiKey: keys.generateSecuredApiKey(credentials.searchKey, {
              filters: tenantModelsFilter(tenant),
              restrictIndices: [MODELS_INDEX],
              validUntil: nowSeconds + SECURED_KEY_TTL_SECONDS,
            }),
          },
        };
      },
      target(listening?: { host: string; port: number }): SearchTarget {
        if (connection)
          return {
            appId: credentials.appId,
            adminKey: credentials.adminKey,
            hosts: externalHosts,
            protocol: connection.protocol,
          };
        if (!listening) throw new Error('The embedded search service is reached through the running server');
        return {
          appId: credentials.appId,
          adminKey: credentials.adminKey,
          hosts: [`${listening.host}:${listening.port}`],
          protocol: 'http',
          ...(hooks ? { snapshot: hooks } : {}),
        };
      },
    });
  },
  { name: 'search', fastify: '5.x' },
);
