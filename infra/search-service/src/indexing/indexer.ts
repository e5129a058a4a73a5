import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { algoliasearch } from 'algoliasearch';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import { sql, type Kysely } from 'kysely';
import type { PlatformTables } from '@forecourt/data/schema';
import { heldCars } from '@forecourt/data/reservations';
import { countCars, listTenantCatalogue, streamCars } from '@forecourt/data/stock';
import type { Car } from '@forecourt/data/stock-model';
import {
  CAR_SYNONYMS,
  CARS_INDEX,
  CARS_INDEX_SETTINGS,
  carToRecord,
  MODELS_INDEX,
  MODELS_INDEX_SETTINGS,
  modelToRecord,
  REPLICA_RANKING,
} from './records';

/**
 * Database -> search index, through algoliasearch's write API: the same calls load the embedded
 * search service and an Algolia application. Indexes are replaced whole: clear, settings, then
 * the stock in batches, with progress.
 */
export interface SearchTarget {
  appId: string;
  adminKey: string;
  /** `host:port` entries; empty means Algolia's own hosts for `appId`. */
  hosts: string[];
  protocol: 'http' | 'https';
  /** The embedded service's snapshot (absent for Algolia): lets a restart skip the rebuild. */
  snapshot?: SnapshotHooks;
}

/**
 * How the indexer and the embedded service's snapshot agree on whether a rebuild is needed.
 * The snapshot carries the fingerprint of the stock it was built from (`stockFingerprint`).
 */
export interface SnapshotHooks {
  /** A restored snapshot's fingerprint and record counts, offered once (to the first indexing after a start). */
  takeRestored(): { fingerprint: string; records: Record<string, number> } | null;
  /** A full rebuild starts: no snapshot of the half-built index may be saved. */
  rebuilding(): void;
  /** A full rebuild of the stock with this fingerprint ended: save the snapshot now. */
  indexed(fingerprint: string): Promise<void>;
}

export interface IndexStockOptions {
  db: Kysely<PlatformTables>;
  tenants: readonly TenantConfig[];
  target: SearchTarget;
  batchSize?: number;
  log?: (line: string) => void;
}

export type SearchClient = ReturnType<typeof searchClient>;

/**
 * Indexing is a batch job, not a shopper's request: it waits for a slow answer rather than giving
 * up after the client's defaults (2 s to connect, 5 s to read), which a busy machine or a large
 * batch can pass, and a start would then fail with 'Unreachable hosts'.
 */
const BATCH_TIMEOUTS = { connect: 10_000, read: 30_000, write: 60_000 };

/**
 * The client's 'Unreachable hosts' names no answer: it says every attempt failed, not how. The
 * attempts it kept (status, timed out, the body's start) are what tells a service that answered
 * 5xx from one that never answered, so a failed indexing says them.
 */
export function withAttempts(error: unknown): unknown {
  const frames = (
    error as {
      stackTrace?: Array<{
        response?: { status?: number; isTimedOut?: boolean; content?: string };
        triesLeft?: number;
      }>;
    } | null
  )?.stackTrace;
  if (!Array.isArray(frames) || frames.length === 0) return error;
  const attempts = frames.map(
    (frame, i) =>
      `attempt ${i + 1}: ${frame.response?.isTimedOut ? 'timed out' : `status ${frame.response?.status ?? 'none'}`}${frame.response?.content ? ` (${frame.response.content.slice(0, 200)})` : ''}`,
  );
  return new Error(`${(error as Error).message} [${attempts.join('; ')}]`, { cause: error });
}

/** A client of the search service; `batch`: with the indexer's longer timeouts (requests of shoppers keep the defaults). */
export function searchClient(target: SearchTarget, key: string, options: { batch?: boolean } = {}) {
  return algoliasearch(target.appId, key, {
    ...(target.hosts.length
      ? { hosts: target.hosts.map((url) => ({ url, protocol: target.protocol, accept: 'readWrite' as const })) }
      : {}),
    ...(options.batch ? { timeouts: BATCH_TIMEOUTS } : {}),
  });
}

/**
 * What the index was built from, in parts a restart can compare one by one: `shared` covers what
 * every record or the whole index depends on (index settings, synonyms and record builders of
 * `records.ts`, the set of tenants, the manufacturer and model tables, each site's catalogue makes),
 * and `tenants` each site's own stock: its configuration, its cars' row count and an
 * order-independent sum of row hashes, and its cars held now. The cars table has no updated-at or
 * version column to compare; hashing rows in the database reads them once without shipping them.
 */
export interface StockFingerprints {
  shared: string;
  tenants: Record<string, string>;
}

const sha = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64url');

export async function stockFingerprints(
  db: Kysely<PlatformTables>,
  tenants: readonly TenantConfig[],
  now = new Date(),
): Promise<StockFingerprints> {
  // hash_record (PostgreSQL 14+) hashes the columns as stored, twice as fast as hashing the row's text.
  const hashed = async <R>(query: (expression: ReturnType<typeof sql>) => Promise<R>): Promise<R> =>
    query(sql`hash_record(t)`).catch(() => query(sql`hashtext(t::text)`));
  const catalogueTables: Record<string, unknown> = {};
  for (const table of ['manufacturers', 'models'] as const) {
    catalogueTables[table] = await hashed(
      async (h) =>
        (
          await sql<{
            n: string;
            h: string;
          }>`select count(*)::text as n, coalesce(sum(${h}), 0)::text as h from ${sql.table(table)} t`.execute(db)
        ).rows[0],
    );
  }
  const carRows = await hashed(
    async (h) =>
      (
        await sql<{
          tenant: string;
          n: string;
          h: string;
        }>`select tenant, count(*)::text as n, coalesce(sum(${h}), 0)::text as h from cars t group by tenant`.execute(
          db,
        )
      ).rows,
  );
  const makes = (
    await sql<{
      tenant: string;
      make: string;
    }>`select distinct tenant, make from cars where car_type in ('new', 'demo') order by tenant, make`.execute(db)
  ).rows;
  const held = (await heldCars(db, now)).map((car) => `${car.tenant}/${car.carId}`).sort();
  const code = [
    CARS_INDEX_SETTINGS,
    MODELS_INDEX_SETTINGS,
    CAR_SYNONYMS,
    REPLICA_RANKING,
    carToRecord.toString(),
    modelToRecord.toString(),
  ];
  const slugs = tenants.map((t) => t.slug).sort();
  const byTenant: Record<string, string> = {};
  for (const tenant of tenants) {
    const cars = carRows.find((row) => row.tenant === tenant.slug) ?? { n: '0', h: '0' };
    byTenant[tenant.slug] = sha({
      tenant,
      cars: [cars.n, cars.h],
      held: held.filter((key) => key.startsWith(`${tenant.slug}/`)),
    });
  }
  return {
    shared: sha({ code, slugs, catalogueTables, makes: makes.filter((row) => slugs.includes(row.tenant)) }),
    tenants: byTenant,
  };
}

/** The fingerprints as the snapshot carries them (one string). */
export async function stockFingerprint(
  db: Kysely<PlatformTables>,
  tenants: readonly TenantConfig[],
  now = new Date(),
): Promise<string> {
  return JSON.stringify(await stockFingerprints(db, tenants, now));
}

function parseFingerprints(text: string): StockFingerprints | null {
  try {
    const parsed = JSON.parse(text) as Partial<StockFingerprints>;
    return typeof parsed.shared === 'string' && parsed.tenants && typeof parsed.tenants === 'object'
      ? (parsed as StockFingerprints)
      : null;
  } catch {
    // A snapshot of an older format carried one opaque hash: rebuilt.
    return null;
  }
}

export async function indexStock(
  options: IndexStockOptions,
): Promise<{ records: number; models: number; ms: number; reused?: boolean; replayed?: number }> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const batchSize = options.batchSize ?? 1000;
  const client = searchClient(options.target, options.target.adminKey, { batch: true });
  const byTenant = new Map(options.tenants.map((t) => [t.slug, t]));

  // The search service restored at start from a snapshot of this very stock: nothing to rebuild.
  const snapshot = options.target.snapshot;
  const fingerprints = snapshot ? await stockFingerprints(options.db, options.tenants) : null;
  const fingerprint = fingerprints ? JSON.stringify(fingerprints) : null;
  const restored = snapshot?.takeRestored() ?? null;
  if (fingerprint !== null && restored?.fingerprint === fingerprint) {
    const records = await countCars(options.db);
    log(`  search snapshot matches the database: ${records.toLocaleString('en-AU')} cars not re-indexed`);
    return { records, models: restored.records[MODELS_INDEX] ?? 0, ms: Date.now() - started, reused: true };
  }
  // Only some sites' stock changed since the snapshot (a reservation, a car updated, writes the
  // service took after its last save and lost in a crash): their cars are replayed in place,
  // while the restored index keeps answering, instead of clearing and rebuilding everything.
  const before = restored ? parseFingerprints(restored.fingerprint) : null;
  if (snapshot && fingerprints && fingerprint !== null && before && before.shared === fingerprints.shared) {
    const changed = options.tenants.filter((t) => before.tenants[t.slug] !== fingerprints.tenants[t.slug]);
    const replayed = await replayTenants(client, options.db, changed, batchSize);
    if (replayed !== null) {
      await snapshot.indexed(fingerprint);
      const records = await countCars(options.db);
      log(
        `  search snapshot out of date for ${changed.map((t) => t.slug).join(', ')}: ${replayed.toLocaleString('en-AU')} cars re-indexed in place`,
      );
      return {
        records,
        models: restored?.records[MODELS_INDEX] ?? 0,
        ms: Date.now() - started,
        reused: true,
        replayed,
      };
    }
    log('  search snapshot holds cars no longer in the database: rebuilding');
  } else if (restored) log('  search snapshot is out of date with the database: rebuilding');
  snapshot?.rebuilding();

  const cleared = await client.clearObjects({ indexName: CARS_INDEX }).catch((error: unknown) => {
    // A fresh application has no index yet; writing the settings creates it.
    if ((error as { status?: number }).status === 404) return null;
    throw error;
  });
  if (cleared) await client.waitForTask({ indexName: CARS_INDEX, taskID: cleared.taskID });
  const settings = await client.setSettings({
    indexName: CARS_INDEX,
    indexSettings: CARS_INDEX_SETTINGS,
    forwardToReplicas: true,
  });
  await client.waitForTask({ indexName: CARS_INDEX, taskID: settings.taskID });
  // The demo's car-domain synonyms, by objectID: a tenant's own synonyms (saved through the API) stay.
  const synonyms = await client.saveSynonyms({
    indexName: CARS_INDEX,
    synonymHit: CAR_SYNONYMS,
    forwardToReplicas: true,
  });
  await client.waitForTask({ indexName: CARS_INDEX, taskID: synonyms.taskID });
  for (const [replica, customRanking] of Object.entries(REPLICA_RANKING)) {
    const replicaSettings = await client.setSettings({ indexName: replica, indexSettings: { customRanking } });
    await client.waitForTask({ indexName: replica, taskID: replicaSettings.taskID });
  }

  // A reserved car stays reserved across a rebuild of the index (a restart, `forecourt index`).
  const held = new Set((await heldCars(options.db, new Date())).map((car) => `${car.tenant}/${car.carId}`));
  const total = await countCars(options.db);
  let done = 0;
  let lastReport = 0;
  for await (const page of streamCars(options.db, { pageSize: batchSize })) {
    const objects = page.flatMap((car) => {
      const tenant = byTenant.get(car.tenant);
      // Stock of a tenant no longer configured is not served by any site: keep it out.
      return tenant ? [carToRecord(car, tenant, { held: held.has(`${car.tenant}/${car.id}`) })] : [];
    });
    if (objects.length) {
      try {
        const responses = await client.saveObjects({ indexName: CARS_INDEX, objects, batchSize });
        for (const response of responses) await client.waitForTask({ indexName: CARS_INDEX, taskID: response.taskID });
      } catch (error) {
        throw withAttempts(error);
      }
    }
    done += page.length;
    if (done - lastReport >= Math.max(batchSize, total / 10) || done === total) {
      log(`  indexed ${done.toLocaleString('en-AU')} / ${total.toLocaleString('en-AU')} cars`);
      lastReport = done;
    }
  }
  const models = await indexCatalogue(client, options);
  log(`  indexed ${models.toLocaleString('en-AU')} catalogue models`);
  if (snapshot && fingerprint !== null) await snapshot.indexed(fingerprint);
  return { records: done, models, ms: Date.now() - started };
}

/**
 * Writes a few cars' records again with the same write call as indexStock: a reservation made or
 * ended changes a car's `reserved` between rebuilds. Not waited for: the car's page (from the
 * database) is the truth, and the embedded service applies writes before it answers.
 */
export async function indexCars(
  client: SearchClient,
  cars: ReadonlyArray<{ car: Car; tenant: TenantConfig; held: boolean }>,
): Promise<void> {
  if (cars.length === 0) return;
  await client.saveObjects({
    indexName: CARS_INDEX,
    objects: cars.map(({ car, tenant, held }) => carToRecord(car, tenant, { held })),
  });
}

/**
 * Brings the given sites' car records in step with the database, in place: each car's record is
 * read back (getObjects, 1,000 at a time) and written again only when it differs from what the
 * database makes of it now. Returns the cars written, or null when the index holds more cars of a
 * site than the database (a car deleted while the service was down, which only a rebuild removes:
 * there is no way to list an index's records through the API).
 */
async function replayTenants(
  client: SearchClient,
  db: Kysely<PlatformTables>,
  tenants: readonly TenantConfig[],
  batchSize: number,
): Promise<number | null> {
  let written = 0;
  for (const tenant of tenants) {
    const held = new Set(
      (await heldCars(db, new Date())).filter((car) => car.tenant === tenant.slug).map((car) => car.carId),
    );
    let cars = 0;
    for await (const page of streamCars(db, { tenant: tenant.slug, pageSize: batchSize })) {
      cars += page.length;
      // As the record travels: JSON drops undefined fields.
      const expected = page.map(
        (car) =>
          JSON.parse(JSON.stringify(carToRecord(car, tenant, { held: held.has(car.id) }))) as Record<string, unknown>,
      );
      const { results } = await client.getObjects<Record<string, unknown>>({
        requests: expected.map((record) => ({ indexName: CARS_INDEX, objectID: String(record.objectID) })),
      });
      const stale = expected.filter((record, i) => !isDeepStrictEqual(results[i] ?? null, record));
      if (stale.length) {
        const responses = await client.saveObjects({ indexName: CARS_INDEX, objects: stale, batchSize });
        for (const response of responses) await client.waitForTask({ indexName: CARS_INDEX, taskID: response.taskID });
        written += stale.length;
      }
    }
    const indexed = await client.searchSingleIndex({
      indexName: CARS_INDEX,
      searchParams: { query: '', filters: `tenant:"${tenant.slug}"`, hitsPerPage: 0 },
    });
    if ((indexed.nbHits ?? 0) > cars) return null;
  }
  return written;
}

/** Each site's model catalogue (db listTenantCatalogue) into the models index, replaced whole. */
async function indexCatalogue(client: ReturnType<typeof searchClient>, options: IndexStockOptions): Promise<number> {
  const cleared = await client.clearObjects({ indexName: MODELS_INDEX }).catch((error: unknown) => {
    if ((error as { status?: number }).status === 404) return null;
    throw error;
  });
  if (cleared) await client.waitForTask({ indexName: MODELS_INDEX, taskID: cleared.taskID });
  const settings = await client.setSettings({ indexName: MODELS_INDEX, indexSettings: MODELS_INDEX_SETTINGS });
  await client.waitForTask({ indexName: MODELS_INDEX, taskID: settings.taskID });
  let count = 0;
  for (const tenant of options.tenants) {
    const objects = (await listTenantCatalogue(options.db, tenant.slug)).map(({ manufacturer, model }) =>
      modelToRecord(tenant.slug, manufacturer, model),
    );
    if (objects.length === 0) continue;
    const responses = await client.saveObjects({ indexName: MODELS_INDEX, objects });
    for (const response of responses) await client.waitForTask({ indexName: MODELS_INDEX, taskID: response.taskID });
    count += objects.length;
  }
  return count;
}
