import type { Kysely } from 'kysely';
import { isDeepStrictEqual } from 'node:util';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import { carOf, findLocation, inputOf, newIdentity, type CarIdentity, type StoredCar } from '../stock/api/api-car';
import type { CarInput } from '../stock/api/car-schema';
import type { Dealership, Location } from '../stock/model';
import type { PlatformTables, StockChangeKind } from './schema';
import { fromRow, listDealerships, listLocations, toRow } from './stock';

/**
 * Writes of one car by its dealer (the Stock API; feed imports later), keyed by (tenant, stock
 * number). Each write is one transaction holding the car's row and its stock_changes rows, so
 * every reader of the changes (re-indexing now; cache purges, alerts and the sitemap later)
 * sees each applied change exactly when the car has it.
 *
 * Replays cost nothing: a write by the car's own writer that changes none of the dealer's fields
 * writes no row at all.
 * Concurrent retries of one write agree: the insert of a new car does nothing when another
 * transaction inserted it first (the unique index on tenant and stock number decides, waiting
 * for that transaction), and the write then compares with that car like any other update.
 */

type Db = Kysely<PlatformTables>;

export type WriteOutcome =
  | { status: 'created' | 'updated' | 'unchanged'; car: StoredCar }
  | { status: 'not-found' }
  | { status: 'invalid'; field: string; message: string };

/** What a write makes of the car it finds (null: none yet). */
type Invalid = Extract<WriteOutcome, { status: 'invalid' }>;

type NextCar = (current: StoredCar | null) => { input: CarInput; withdrawn: boolean } | { status: 'not-found' };

export interface WriteContext {
  tenant: TenantConfig;
  stocknum: string;
  /** Who writes: 'api', or a feed's name. */
  source: string;
  now: Date;
  /** The site's locations and dealerships, read once by a writer of many cars (a feed import); read per write otherwise. */
  places?: { locations: readonly Location[]; dealerships: readonly Dealership[] };
}

/** The fields of a change row's kinds; a change of any other dealer field is 'updated'. */
const CHANGE_GROUPS: ReadonlyArray<[StockChangeKind, readonly string[]]> = [
  ['price', ['price', 'before_price', 'offer_price', 'subscription_price', 'price_type', 'preorder']],
  ['status', ['status', 'sold_at', 'withdrawn']],
  ['photos', ['photos']],
];

/** The car as its changes are recorded: the dealer's fields, its actual status and whether it is withdrawn. */
function recorded(car: StoredCar): Record<string, unknown> {
  return JSON.parse(JSON.stringify({ ...inputOf(car), status: car.status, withdrawn: car.withdrawn_at !== null })) as Record<string, unknown>;
}

/** One row per kind of change (price, status, photos, the rest as 'updated'), each with only its changed fields. */
type ChangeRow = { kind: StockChangeKind; before: Record<string, unknown> | null; after: Record<string, unknown> };

function changeRows(before: Record<string, unknown>, after: Record<string, unknown>): ChangeRow[] {
  const changed = Object.keys(after).filter((key) => !isDeepStrictEqual(before[key], after[key]));
  const rows: ChangeRow[] = [];
  const pick = (keys: readonly string[], from: Record<string, unknown>) => Object.fromEntries(keys.map((key) => [key, from[key] ?? null]));
  const grouped = new Set<string>();
  for (const [kind, fields] of CHANGE_GROUPS) {
    const keys = changed.filter((key) => fields.includes(key));
    keys.forEach((key) => grouped.add(key));
    if (keys.length) rows.push({ kind, before: pick(keys, before), after: pick(keys, after) });
  }
  const rest = changed.filter((key) => !grouped.has(key));
  if (rest.length) rows.push({ kind: 'updated', before: pick(rest, before), after: pick(rest, after) });
  return rows;
}

async function lockedCar(trx: Db, tenant: string, stocknum: string): Promise<StoredCar | null> {
  const row = await trx.selectFrom('cars').selectAll().where('tenant', '=', tenant).where('stocknum', '=', stocknum).forUpdate().executeTakeFirst();
  return row ? fromRow<StoredCar>(row) : null;
}

async function recordChanges(trx: Db, car: StoredCar, source: string, rows: readonly ChangeRow[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('stock_changes')
    .values(rows.map((row) => ({ at: now, tenant: car.tenant, car_id: car.id, stocknum: car.stocknum, kind: row.kind, source, before: row.before === null ? null : JSON.stringify(row.before), after: JSON.stringify(row.after) })))
    .execute();
}

/** How many other slugs a new car may try before its write is refused: two cars' names and stock numbers rarely make one slug. */
const SLUG_TRIES = 3;

async function write(db: Db, context: WriteContext, next: NextCar): Promise<WriteOutcome> {
  return db.transaction().execute(async (trx) => {
    const { tenant, stocknum, source, now } = context;
    const build = async (input: CarInput, identity: CarIdentity, previous: StoredCar | null, withdrawn: boolean): Promise<StoredCar | Invalid> => {
      const location = findLocation(context.places?.locations ?? (await listLocations(trx, tenant.slug)), input.location);
      if (!location) return { status: 'invalid', field: 'location', message: `location: '${input.location}' is none of this site's locations` };
      const dealership = (context.places?.dealerships ?? (await listDealerships(trx, tenant.slug))).find((d) => d.id === location.dealership_id);
      if (!dealership) return { status: 'invalid', field: 'location', message: `location: '${input.location}' belongs to no dealership of this site` };
      const car = carOf(input, { tenant, stocknum, identity, location, dealership, previous, now, source });
      return withdrawn ? { ...car, status: 'archived', withdrawn_at: previous?.withdrawn_at ?? now.toISOString() } : car;
    };

    let current = await lockedCar(trx, tenant.slug, stocknum);
    for (let attempt = 0; current === null; attempt++) {
      const wanted = next(null);
      if ('status' in wanted) return wanted;
      const built = await build(wanted.input, newIdentity(tenant.slug, stocknum, wanted.input, now, attempt === 0 ? undefined : String(attempt + 1)), null, false);
      if ('field' in built) return built;
      const car = built;
      const inserted = await trx.insertInto('cars').values(toRow(car)).onConflict((oc) => oc.doNothing()).returning('id').executeTakeFirst();
      if (inserted) {
        await recordChanges(trx, car, source, [{ kind: 'created', before: null, after: recorded(car) }], now);
        return { status: 'created', car };
      }
      // Another write made this car first (its transaction has committed): compare with it below.
      current = await lockedCar(trx, tenant.slug, stocknum);
      if (current === null && attempt + 1 >= SLUG_TRIES) return { status: 'invalid', field: 'stocknum', message: `stocknum: '${stocknum}' makes the address of another car of this site; use another stock number` };
    }

    const wanted = next(current);
    if ('status' in wanted) return wanted;
    const identity: CarIdentity = { id: current.id, slug: current.slug, created_at: current.created_at, views: current.views };
    const built = await build(wanted.input, identity, current, wanted.withdrawn);
    if ('field' in built) return built;
    const car = built;
    const rows = changeRows(recorded(current), recorded(car));
    if (rows.length === 0 && current.source === source) return { status: 'unchanged', car: current };
    // The same car from another writer is now that writer's: a feed that lists an API car as it
    // is takes it over (and will withdraw it when it stops listing it).
    if (rows.length === 0) rows.push({ kind: 'updated', before: { source: current.source }, after: { source } });
    const { id: _id, ...row } = toRow(car);
    await trx.updateTable('cars').set(row).where('tenant', '=', tenant.slug).where('id', '=', current.id).execute();
    await recordChanges(trx, car, source, rows, now);
    return { status: 'updated', car };
  });
}

/** PUT: the car as the dealer has it now; created, updated or unchanged. A withdrawn car written again is back on sale. */
export function putCar(db: Db, context: WriteContext, input: CarInput): Promise<WriteOutcome> {
  return write(db, context, () => ({ input, withdrawn: false }));
}

/** PATCH: the named fields changed, the rest kept. A withdrawn car stays withdrawn unless the patch sets its status. */
export function patchCar(db: Db, context: WriteContext, changes: Partial<CarInput>): Promise<WriteOutcome> {
  return write(db, context, (current) => {
    if (!current) return { status: 'not-found' };
    return { input: { ...inputOf(current), ...changes }, withdrawn: current.withdrawn_at !== null && changes.status === undefined };
  });
}

/** DELETE: the car withdrawn, kept (leads and reservations point at it). */
export function withdrawCar(db: Db, context: WriteContext): Promise<WriteOutcome> {
  return write(db, context, (current) => (current ? { input: inputOf(current), withdrawn: true } : { status: 'not-found' }));
}

/**
 * A feed's row: the fields the feed owns written whole, the others kept (an existing car) or as
 * `newCar` has them (a car the feed brings first). Back on sale if it was withdrawn.
 */
export function putFeedCar(db: Db, context: WriteContext, fields: Partial<CarInput>, newCar: CarInput): Promise<WriteOutcome> {
  return write(db, context, (current) => ({ input: current ? { ...inputOf(current), ...fields } : newCar, withdrawn: false }));
}

/**
 * A car its feed no longer lists: sold now (the product's sold rules apply). Only a car the
 * source still owns and has on sale; one another writer took over meanwhile is left alone.
 */
export function sellMissingCar(db: Db, context: WriteContext): Promise<WriteOutcome> {
  return write(db, context, (current) =>
    current && current.source === context.source && current.withdrawn_at === null && current.status !== 'sold' && current.status !== 'archived'
      ? { input: { ...inputOf(current), status: 'sold', sold_at: null }, withdrawn: false }
      : { status: 'not-found' },
  );
}

export async function findStockCar(db: Db, tenant: string, stocknum: string): Promise<StoredCar | null> {
  const row = await db.selectFrom('cars').selectAll().where('tenant', '=', tenant).where('stocknum', '=', stocknum).executeTakeFirst();
  return row ? fromRow<StoredCar>(row) : null;
}

/** A page of the site's cars in stock-number order, withdrawn ones included. */
export async function listStockCars(db: Db, tenant: string, options: { after?: string; limit: number }): Promise<{ cars: StoredCar[]; next: string | null }> {
  let query = db.selectFrom('cars').selectAll().where('tenant', '=', tenant).orderBy('stocknum').limit(options.limit + 1);
  if (options.after !== undefined) query = query.where('stocknum', '>', options.after);
  const rows = (await query.execute()).map((row) => fromRow<StoredCar>(row));
  const more = rows.length > options.limit;
  const cars = more ? rows.slice(0, options.limit) : rows;
  return { cars, next: more ? (cars[cars.length - 1]?.stocknum ?? null) : null };
}
