import type { Kysely } from 'kysely';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import type { PlatformTables } from '../../db/schema';
import { listDealerships, listLocations } from '../../db/stock';
import { extendClaim, finishImport, importChunks, lastGoodRows, type ImportCounts, type ImportError, type StockImport } from '../../db/stock-imports';
import { putFeedCar, sellMissingCar } from '../../db/stock-writes';
import { mapMetaVehicle } from './meta-vehicle';
import { FeedError, feedRows } from './parse-feed';

/**
 * One import, run by the instance that claimed it (docs/stock.md, Feed imports). A feed is the
 * whole stock of its source, so it is read twice, streaming: first to check every row and decide
 * whether it may apply at all (the snapshot rules below), then to apply its rows one car at a
 * time through the Stock API's write path, each in its own transaction with its stock_changes
 * rows. Cars of other sources are never touched.
 */

type Db = Kysely<PlatformTables>;

export interface ImportRules {
  /** A feed that would withdraw more than this share of the source's cars on sale is quarantined (spec default 30%). */
  withdrawShare: number;
  /** How long a claim lasts unless extended. */
  leaseMs: number;
  now: () => Date;
}

/** The car source a feed's cars carry: never 'api' or 'seed', whatever the feed is called. */
export const feedSource = (source: string) => `feed:${source}`;

/** Row errors kept in the report; past them only the count grows (a broken export can reject every row). */
const REPORTED_ERRORS = 1000;
/** Rows between two extensions of the claim. */
const HEARTBEAT_ROWS = 500;

export const zeroCounts = (): ImportCounts => ({ created: 0, updated: 0, unchanged: 0, withdrawn: 0, rejected: 0 });

/** The column a write's refusal names, as the feed calls it. */
const COLUMN_OF_WRITE: Record<string, string> = { location: 'dealer_id', stocknum: 'vehicle_id' };

export async function runImport(db: Db, tenant: TenantConfig, job: StockImport, rules: ImportRules): Promise<{ applied: boolean }> {
  const counts = zeroCounts();
  const errors: ImportError[] = [];
  const report = (error: ImportError) => {
    if (errors.length < REPORTED_ERRORS) errors.push(error);
  };
  const heartbeat = () => extendClaim(db, job.id, new Date(rules.now().getTime() + rules.leaseMs));
  const finish = (status: 'done' | 'failed' | 'quarantined', rows: number | null, message: string | null) => finishImport(db, job.id, { status, rows, counts, errors, message }, rules.now());
  const locations = await listLocations(db, tenant.slug);
  const defaultLocation = locations.length === 1 ? locations[0]!.slug : null;
  const source = feedSource(job.source);

  // First reading: every row checked, every vehicle_id the feed lists, the duplicates.
  const listed = new Map<string, number[]>();
  const bad = new Set<number>();
  let rows = 0;
  try {
    for await (const { row, record } of feedRows(importChunks(db, job.id), job.format)) {
      rows = row;
      const mapped = mapMetaVehicle(record, defaultLocation);
      if (mapped.vehicleId) listed.set(mapped.vehicleId, [...(listed.get(mapped.vehicleId) ?? []), row]);
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
  for (const [vehicleId, at] of listed) {
    if (at.length < 2) continue;
    // A vehicle_id on thousands of rows is named with its first rows, not all of them.
    const where = at.length > 10 ? `${at.slice(0, 10).join(', ')} and ${at.length - 10} more` : at.join(', ');
    for (const row of at) {
      duplicated.add(row);
      report({ row, vehicle_id: vehicleId, field: 'vehicle_id', message: `vehicle_id: '${vehicleId}' is on rows ${where}; every row of it is rejected` });
    }
  }
  counts.rejected = new Set([...bad, ...duplicated]).size;

  // The snapshot rules: a truncated or wrong feed never empties a site.
  const onSale = await db
    .selectFrom('cars')
    .select('stocknum')
    .where('tenant', '=', tenant.slug)
    .where('source', '=', source)
    .where('withdrawn_at', 'is', null)
    .where('status', 'not in', ['sold', 'archived'])
    .execute();
  const missing = onSale.map((car) => String(car.stocknum)).filter((stocknum) => !listed.has(stocknum));
  if (onSale.length > 0 && missing.length > rules.withdrawShare * onSale.length) {
    await finish('quarantined', rows, `The feed would withdraw ${missing.length} of the ${onSale.length} cars of source '${job.source}' on sale (more than ${Math.round(rules.withdrawShare * 100)}%): nothing was applied`);
    return { applied: false };
  }
  const previous = await lastGoodRows(db, tenant.slug, job.source, job.id);
  if (previous !== null && rows < previous / 2) {
    await finish('quarantined', rows, `The feed has ${rows} rows, fewer than half of the ${previous} of the last import that applied: nothing was applied`);
    return { applied: false };
  }

  // Second reading: the good rows applied, one car at a time.
  const places = { locations, dealerships: await listDealerships(db, tenant.slug) };
  const context = (stocknum: string) => ({ tenant, stocknum, source, now: rules.now(), places });
  try {
    for await (const { row, record } of feedRows(importChunks(db, job.id), job.format)) {
      if (row % HEARTBEAT_ROWS === 0) await heartbeat();
      if (bad.has(row) || duplicated.has(row)) continue;
      const mapped = mapMetaVehicle(record, defaultLocation);
      if ('errors' in mapped) continue;
      const outcome = await putFeedCar(db, context(mapped.vehicleId), mapped.fields, mapped.car);
      if (outcome.status === 'invalid') {
        counts.rejected++;
        const field = COLUMN_OF_WRITE[outcome.field] ?? outcome.field;
        report({ row, vehicle_id: mapped.vehicleId, field, message: outcome.message.replace(/^\w+:/, `${field}:`) });
      } else if (outcome.status !== 'not-found') counts[outcome.status]++;
    }
  } catch (error) {
    // The feed read well once; a failure now is the platform's, and the import runs again.
    throw error instanceof FeedError ? new Error(`the feed read differently the second time: ${error.message}`) : error;
  }
  for (const stocknum of missing) {
    const outcome = await sellMissingCar(db, context(stocknum));
    if (outcome.status === 'updated') counts.withdrawn++;
  }
  await finish('done', rows, null);
  return { applied: true };
}
