import type { Kysely } from 'kysely';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import type { PlatformTables, StockImportFormat } from '@forecourt/data/schema';
import { listDealerships, listLocations } from '@forecourt/data/stock';
import {
  beginBatch,
  extendClaim,
  finishImport,
  importChunks,
  lastGoodRows,
  saveProgress,
  type ImportCounts,
  type ImportError,
  type ImportProgress,
  type StockImport,
} from '../stock-imports';
import { putFeedCars, sellMissingCars, type WriteOutcome } from '../stock-writes';
import type { CarInput } from '../car-schema';
import { mapMetaVehicle } from './meta-vehicle';
import { FeedError, feedRows } from './parse-feed';

/**
 * One import, run by the instance that claimed it (docs/stock.md, Feed imports). A feed is the
 * whole stock of its source, so it is read twice, streaming: first to check every row and decide
 * whether it may apply at all (the snapshot rules below), then to apply its rows through the
 * Stock API's write rules in batches of cars, each batch one transaction with its stock_changes
 * rows and the import's progress. A runner that takes over an import whose runner died carries on
 * after the last batch applied, with its counts, so the import ends as one run would have ended
 * it. Cars of other sources are never touched.
 */

type Db = Kysely<PlatformTables>;

export interface ImportRules {
  /** A feed that would withdraw more than this share of the source's cars on sale is quarantined (spec default 30%). */
  withdrawShare: number;
  /** How long a claim lasts unless extended. */
  leaseMs: number;
  now: () => Date;
  /** Cars written per transaction (default BATCH_CARS). */
  batchCars?: number;
}

/** The car source a feed's cars carry: never 'api' or 'seed', whatever the feed is called. */
export const feedSource = (source: string) => `feed:${source}`;

/** Row errors kept in the report; past them only the count grows (a broken export can reject every row). */
const REPORTED_ERRORS = 1000;
/** Rows between two extensions of the claim. */
const HEARTBEAT_ROWS = 500;
/**
 * Cars per transaction. One transaction per car cost 2.5 to 5 ms a car; a batch reads its cars in
 * one statement and writes them in a few, and past a few hundred cars a batch the time per car
 * hardly falls while a batch holds its cars' locks longer (figures in docs/stock.md).
 */
export const BATCH_CARS = 250;
/** The source's cars on sale read at once when comparing them with the feed. */
const ON_SALE_PAGE = 5000;

export const zeroCounts = (): ImportCounts => ({ created: 0, updated: 0, unchanged: 0, withdrawn: 0, rejected: 0 });

/** The column a write's refusal names, as the feed calls it. */
const COLUMN_OF_WRITE: Record<string, string> = { location: 'dealer_id', stocknum: 'vehicle_id' };

export async function runImport(
  db: Db,
  tenant: TenantConfig,
  job: StockImport & { format: StockImportFormat },
  rules: ImportRules,
): Promise<{ applied: boolean }> {
  const resumed: ImportProgress | null = job.progress;
  const counts = zeroCounts();
  const errors: ImportError[] = [];
  const report = (error: ImportError) => {
    if (errors.length < REPORTED_ERRORS) errors.push(error);
  };
  const heartbeat = () => extendClaim(db, job.id, new Date(rules.now().getTime() + rules.leaseMs));
  const finish = (status: 'done' | 'failed' | 'quarantined', rows: number | null, message: string | null) =>
    finishImport(db, job.id, { status, rows, counts, errors, message }, rules.now());
  const locations = await listLocations(db, tenant.slug);
  const defaultLocation = locations.length === 1 ? locations[0]!.slug : null;
  const source = feedSource(job.source);

  // First reading: every row checked, every vehicle_id the feed lists, the duplicates. Held all
  // through the import, so each vehicle_id keeps its first row as a number: an array for each
  // (some 180 bytes with its spare room) held 18 MB at 100,000 rows. Only the vehicle_ids that
  // repeat keep a list of their rows.
  const listed = new Map<string, number>();
  const repeated = new Map<string, number[]>();
  const bad = new Set<number>();
  let rows = 0;
  try {
    for await (const { row, record } of feedRows(importChunks(db, job.id), job.format)) {
      rows = row;
      const mapped = mapMetaVehicle(record, defaultLocation);
      const first = mapped.vehicleId ? listed.get(mapped.vehicleId) : undefined;
      if (first === undefined) {
        if (mapped.vehicleId) listed.set(mapped.vehicleId, row);
      } else {
        const at = repeated.get(mapped.vehicleId);
        if (at) at.push(row);
        else repeated.set(mapped.vehicleId, [first, row]);
      }
      if ('errors' in mapped) {
        bad.add(row);
        for (const error of mapped.errors) report({ row, vehicle_id: mapped.vehicleId || null, ...error });
      }
      if (row % HEARTBEAT_ROWS === 0) await heartbeat();
    }
  } catch (error) {
    if (!(error instanceof FeedError)) throw error;
    errors.length = 0;
    await finish('failed', null, error.message);
    return { applied: false };
  }
  const duplicated = new Set<number>();
  for (const [vehicleId, at] of repeated) {
    // A vehicle_id on thousands of rows is named with its first rows, not all of them.
    const where = at.length > 10 ? `${at.slice(0, 10).join(', ')} and ${at.length - 10} more` : at.join(', ');
    for (const row of at) {
      duplicated.add(row);
      report({
        row,
        vehicle_id: vehicleId,
        field: 'vehicle_id',
        message: `vehicle_id: '${vehicleId}' is on rows ${where}; every row of it is rejected`,
      });
    }
  }
  counts.rejected = new Set([...bad, ...duplicated]).size;

  /**
   * The source's cars on sale, a page at a time in stock-number order: a source may have as many
   * cars as its feed has rows, and only those the feed no longer lists are kept.
   */
  async function* onSale(): AsyncGenerator<string[]> {
    for (let after: string | null = null; ;) {
      let query = db
        .selectFrom('cars')
        .select('stocknum')
        .where('tenant', '=', tenant.slug)
        .where('source', '=', source)
        .where('withdrawn_at', 'is', null)
        .where('status', 'not in', ['sold', 'archived']);
      if (after !== null) query = query.where('stocknum', '>', after);
      const page = (await query.orderBy('stocknum').limit(ON_SALE_PAGE).execute()).map((car) => String(car.stocknum));
      if (page.length > 0) yield page;
      if (page.length < ON_SALE_PAGE) return;
      after = page[page.length - 1]!;
    }
  }
  const notListed = (stocknums: readonly string[]) => stocknums.filter((stocknum) => !listed.has(stocknum));

  if (resumed) {
    // The rules let it apply, and part of it is: the rest applies, counted on from where it was.
    Object.assign(counts, resumed.counts);
    for (const error of resumed.errors) report(error);
  } else if (!job.applied_anyway) {
    // The snapshot rules: a truncated or wrong feed never empties a site. An import someone
    // applied anyway after they held it back is not asked them again.
    let cars = 0;
    let missing = 0;
    for await (const page of onSale()) {
      cars += page.length;
      missing += notListed(page).length;
    }
    if (cars > 0 && missing > rules.withdrawShare * cars) {
      await finish(
        'quarantined',
        rows,
        `The feed would withdraw ${missing} of the ${cars} cars of source '${job.source}' on sale (more than ${Math.round(rules.withdrawShare * 100)}%): nothing was applied`,
      );
      return { applied: false };
    }
    const previous = await lastGoodRows(db, tenant.slug, job.source, job.id);
    if (previous !== null && rows < previous / 2) {
      await finish(
        'quarantined',
        rows,
        `The feed has ${rows} rows, fewer than half of the ${previous} of the last import that applied: nothing was applied`,
      );
      return { applied: false };
    }
  }

  // Second reading: the good rows applied, a batch of cars per transaction.
  const batchCars = rules.batchCars ?? BATCH_CARS;
  const context = {
    tenant,
    source,
    now: rules.now(),
    places: { locations, dealerships: await listDealerships(db, tenant.slug) },
  };
  // Rows refused while writing, kept in the progress: a runner taking over cannot find them again by reading.
  const writeErrors: ImportError[] = [...(resumed?.errors ?? [])];
  let progress: ImportProgress = resumed ?? { batches: 0, rows: 0, counts: { ...counts }, errors: [] };
  const tally = (outcomes: readonly WriteOutcome[], items: ReadonlyArray<{ row: number | null; stocknum: string }>) => {
    outcomes.forEach((outcome, i) => {
      const item = items[i]!;
      if (item.row === null) {
        // A car the feed no longer lists: withdrawn when it was still the source's and on sale.
        if (outcome.status === 'updated') counts.withdrawn++;
      } else if (outcome.status === 'invalid') {
        counts.rejected++;
        const field = COLUMN_OF_WRITE[outcome.field] ?? outcome.field;
        const error = {
          row: item.row,
          vehicle_id: item.stocknum,
          field,
          message: outcome.message.replace(/^\w+:/, `${field}:`),
        };
        report(error);
        if (writeErrors.length < REPORTED_ERRORS) writeErrors.push(error);
      } else if (outcome.status !== 'not-found') counts[outcome.status]++;
    });
  };
  /** One transaction: the batch's cars, their change rows, and the progress that includes them. */
  const applyBatch = async (
    write: (trx: Db) => Promise<WriteOutcome[]>,
    readPast: number,
    items: ReadonlyArray<{ row: number | null; stocknum: string }>,
  ) => {
    const before = { ...counts };
    const reported = errors.length;
    const saved = writeErrors.length;
    try {
      await db.transaction().execute(async (trx) => {
        await beginBatch(trx, job.id, progress.batches);
        tally(await write(trx), items);
        const next = { batches: progress.batches + 1, rows: readPast, counts: { ...counts }, errors: [...writeErrors] };
        await saveProgress(trx, job.id, next, new Date(rules.now().getTime() + rules.leaseMs));
        progress = next;
      });
    } catch (error) {
      // Nothing of the batch applied: nor is it counted.
      Object.assign(counts, before);
      errors.length = reported;
      writeErrors.length = saved;
      throw error;
    }
  };

  let batch: Array<{ row: number; stocknum: string; fields: Partial<CarInput>; car: CarInput }> = [];
  const flush = async (readPast: number) => {
    if (batch.length === 0) return;
    const items = batch;
    batch = [];
    await applyBatch((trx) => putFeedCars(trx, context, items), readPast, items);
  };
  try {
    let last = 0;
    for await (const { row, record } of feedRows(importChunks(db, job.id), job.format)) {
      last = row;
      if (row <= progress.rows) {
        if (row % HEARTBEAT_ROWS === 0) await heartbeat();
        continue;
      }
      if (bad.has(row) || duplicated.has(row)) continue;
      const mapped = mapMetaVehicle(record, defaultLocation);
      if ('errors' in mapped) continue;
      batch.push({ row, stocknum: mapped.vehicleId, fields: mapped.fields, car: mapped.car });
      if (batch.length >= batchCars) await flush(row);
    }
    await flush(last);
  } catch (error) {
    // The feed read well once; a failure now is the platform's, and the import runs again.
    throw error instanceof FeedError ? new Error(`the feed read differently the second time: ${error.message}`) : error;
  }
  // Found after the rows applied, so a runner taking over finds the cars still to withdraw the same
  // way. A page is read before its cars are withdrawn, and the next starts after its last stock
  // number, so withdrawing them does not move the pages still to read.
  let missing: string[] = [];
  const withdraw = async (stocknums: string[]) =>
    applyBatch(
      (trx) => sellMissingCars(trx, context, stocknums),
      progress.rows,
      stocknums.map((stocknum) => ({ row: null, stocknum })),
    );
  for await (const page of onSale()) {
    missing.push(...notListed(page));
    for (; missing.length >= batchCars; missing = missing.slice(batchCars)) await withdraw(missing.slice(0, batchCars));
  }
  if (missing.length > 0) await withdraw(missing);
  // Why it was held back stays on an import applied anyway.
  await finish('done', rows, job.applied_anyway ? job.message : null);
  return { applied: true };
}
