import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SearchAccess } from '@forecourt/shared-config/manifest';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import { IndexStore } from '../../../search/engine';
import { readSnapshot, recordCounts, SnapshotError, SnapshotWriter } from '../../../search/engine/snapshot';
import { KeyStore, searchService, SEARCH_LIMITS } from '../../../search/http';
import { positiveFromEnv } from '../../env';
import type { SearchTarget, SnapshotHooks } from '../../../search/indexing/indexer';
import { CAR_SORTS, CARS_INDEX, MODELS_INDEX, tenantModelsFilter, tenantStockFilter } from '../../../search/indexing/records';

/**
 * Search for every tenant: the embedded Algolia-compatible service (mounted under /1/) by
 * default, or an Algolia application when SEARCH_APP_ID, SEARCH_ADMIN_KEY and SEARCH_SEARCH_KEY
 * are set (SEARCH_HOSTS optional). Pages get a search key secured to their tenant's stock.
 */
declare module 'fastify' {
  interface FastifyInstance {
    stockSearch: {
      /** What a page of `tenant` searches with: hosts, index names and a secured key. */
      access(tenant: TenantConfig, now?: Date): SearchAccess;
      /** Where the indexer writes; the embedded service's hosts are filled in once listening. */
      target(listening?: { host: string; port: number }): SearchTarget;
      store: IndexStore;
      keys: KeyStore;
      /**
       * Whether pages can search: the embedded index is filled after the server listens (or
       * restored from its snapshot before, and confirmed by the indexer once it listens).
       */
      state: { embedded: boolean; indexed: boolean; records: number; restoredFromSnapshot?: { records: Record<string, number> } };
    };
  }
}

interface SearchCredentials {
  appId: string;
  adminKey: string;
  searchKey: string;
}

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
  const credentials = { appId: 'FORECOURT', adminKey: randomBytes(24).toString('hex'), searchKey: randomBytes(24).toString('hex') };
  try {
    await fs.writeFile(file, JSON.stringify(credentials), { mode: 0o600, flag: 'wx' });
    return credentials;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return JSON.parse(await fs.readFile(file, 'utf8')) as SearchCredentials;
    throw error;
  }
}

export interface SearchPluginOptions {
  dataDir: string;
  env?: NodeJS.ProcessEnv;
  /** The snapshot, already being read and decoded (`prefetchSearchSnapshot`). */
  snapshot?: Promise<RestoredSnapshot>;
}

/** A snapshot read at start: null when there is none. */
export type RestoredSnapshot = Awaited<ReturnType<typeof readSnapshot>>;

/** The embedded index's snapshot, in the data folder beside the database. */
export const SEARCH_SNAPSHOT_FILE = 'search-index.snapshot';

const usesExternalSearch = (env: NodeJS.ProcessEnv) => Boolean(env.SEARCH_APP_ID && env.SEARCH_ADMIN_KEY && env.SEARCH_SEARCH_KEY);

/**
 * Starts reading the embedded index's snapshot now, so a server start overlaps it with opening
 * the database: the file is read on libuv's threads, and decoded while the request thread waits
 * for the database. Pass the promise to `buildApp`. Null for Algolia.
 */
export function prefetchSearchSnapshot(dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<RestoredSnapshot> {
  if (usesExternalSearch(env)) return Promise.resolve(null);
  const restored = readSnapshot(path.join(dataDir, SEARCH_SNAPSHOT_FILE));
  // Handled where it is awaited (the search plugin); this keeps an early failure from counting as unhandled.
  restored.catch(() => undefined);
  return restored;
}

export default fp<SearchPluginOptions>(
  async (fastify, options) => {
    const env = options.env ?? process.env;
    const external = usesExternalSearch(env);
    const credentials: SearchCredentials = external
      ? { appId: env.SEARCH_APP_ID!, adminKey: env.SEARCH_ADMIN_KEY!, searchKey: env.SEARCH_SEARCH_KEY! }
      : await embeddedCredentials(options.dataDir);
    const externalHosts = (env.SEARCH_HOSTS ?? '').split(',').map((h) => h.trim()).filter(Boolean);

    const store = new IndexStore();
    const keys = new KeyStore({ appId: credentials.appId, adminKey: credentials.adminKey, searchKeys: [credentials.searchKey] });
    const state: FastifyInstance['stockSearch']['state'] = { embedded: !external, indexed: Boolean(external), records: 0 };

    // The embedded index is saved to the data folder after indexing and after writes, and loaded
    // back here, so a restart serves searches at once. The indexer then compares the snapshot's
    // stock fingerprint with the database's and rebuilds when they differ (SnapshotHooks).
    let snapshot: { writer: SnapshotWriter; restored: { fingerprint: string; records: Record<string, number> } | null } | null = null;
    let restoredFrom: Buffer | undefined;
    if (!external) {
      const file = path.join(options.dataDir, SEARCH_SNAPSHOT_FILE);
      const writer = new SnapshotWriter(file, store, {
        onSaved: (meta, ms) => fastify.log.info({ records: meta.records, ms }, 'search: snapshot saved'),
        onError: (error) => fastify.log.warn({ err: error }, 'search: the snapshot could not be saved; the index is rebuilt from the database on the next start'),
      });
      snapshot = { writer, restored: null };
      try {
        const loaded = await (options.snapshot ?? readSnapshot(file));
        if (loaded) {
          restoredFrom = loaded.bytes;
          store.replaceWith(loaded.store);
          writer.markSaved(loaded.meta.fingerprint);
          if (loaded.meta.fingerprint !== null) snapshot.restored = { fingerprint: loaded.meta.fingerprint, records: recordCounts(store) };
          state.restoredFromSnapshot = { records: recordCounts(store) };
        }
      } catch (error) {
        if (!(error instanceof SnapshotError)) throw error;
        fastify.log.warn(`search: ignoring the snapshot ${file} (${error.message}); the index is rebuilt from the database`);
      }
      fastify.addHook('onClose', async () => writer.flush());
    }
    const hooks: SnapshotHooks | undefined = snapshot
      ? {
          takeRestored: () => {
            const restored = snapshot.restored;
            snapshot.restored = null;
            return restored;
          },
          rebuilding: () => snapshot.writer.pause(),
          indexed: (fingerprint) => snapshot.writer.saveNow(fingerprint),
        }
      : undefined;
    // Searches go to worker threads once the stock is large (searchService's workersFrom);
    // SEARCH_WORKERS=0 keeps them on the request thread.
    const workers = Number(env.SEARCH_WORKERS ?? (os.availableParallelism() >= 2 ? 2 : 0));
    if (!Number.isInteger(workers) || workers < 0 || workers > 16) throw new Error(`SEARCH_WORKERS must be a whole number from 0 to 16, not '${env.SEARCH_WORKERS}'`);
    // The searches of one request stop at SEARCH_LIMITS.searchMs (429 past it). The e2e site
    // sets a longer one: on a busy test machine a shopper's page search can pass 200 ms of wall
    // time without costing more, and the journeys are about what the page shows, not load shedding.
    const searchMs = positiveFromEnv(env, 'FORECOURT_SEARCH_BUDGET_MS', SEARCH_LIMITS.searchMs, { integer: true });
    await fastify.register(searchService, { store, keys, workers: external ? 0 : workers, restoredFrom, searchMs, ...(snapshot ? { onWrite: () => snapshot.writer.changed() } : {}) });

    fastify.decorate('stockSearch', {
      store,
      keys,
      state,
      access(tenant: TenantConfig, now: Date = new Date()): SearchAccess {
        const nowSeconds = Math.floor(now.getTime() / 1000);
        return {
          appId: credentials.appId,
          apiKey: keys.generateSecuredApiKey(credentials.searchKey, {
            filters: tenantStockFilter(tenant, nowSeconds),
            restrictIndices: [CARS_INDEX, `${CARS_INDEX}_*`],
            validUntil: nowSeconds + SECURED_KEY_TTL_SECONDS,
          }),
          hosts: external ? externalHosts : [],
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
        if (external) return { appId: credentials.appId, adminKey: credentials.adminKey, hosts: externalHosts, protocol: 'https' };
        if (!listening) throw new Error('The embedded search service is reached through the running server');
        return { appId: credentials.appId, adminKey: credentials.adminKey, hosts: [`${listening.host}:${listening.port}`], protocol: 'http', ...(hooks ? { snapshot: hooks } : {}) };
      },
    });
  },
  { name: 'search', fastify: '5.x' },
);
