import type { Kysely } from 'kysely';
import { isDeepStrictEqual } from 'node:util';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import { carOf, findLocation, inputOf, newIdentity, type CarIdentity, type StoredCar } from './api-car';
import type { CarInput } from './car-schema';
import type { Dealership, Location } from '@forecourt/data/stock-model';
import { queuePhotos, storedHashes } from './car-photos';
import type { PlatformTables, StockChangeKind } from '@forecourt/data/schema';
import { fromRow, listDealerships, listLocations, toRow } from '@forecourt/data/stock';

/**
 * Writes of cars by their dealer (the Stock API, feed imports), keyed by (tenant, stock number).
 * A car's row and its stock_changes rows are written in one transaction (one car's, or a feed's
 * batch with the import's progress), so every reader of the changes (re-indexing now; cache
 * purges, alerts and the sitemap later) sees each applied change exactly when the car has it.
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
  return JSON.parse(
    JSON.stringify({ ...inputOf(car), status: car.status, withdrawn: car.withdrawn_at !== null }),
  ) as Record<string, unknown>;
}

/** One row per kind of change (price, status, photos, the rest as 'updated'), each with only its changed fields. */
type ChangeRow = { kind: StockChangeKind; before: Record<string, unknown> | null; after: Record<string, unknown> };

function changeRows(before: Record<string, unknown>, after: Record<string, unknown>): ChangeRow[] {
  const changed = Object.keys(after).filter((key) => !isDeepStrictEqual(before[key], after[key]));
  const rows: ChangeRow[] = [];
  const pick = (keys: readonly string[], from: Record<string, unknown>) =>
    Object.fromEntries(keys.map((key) => [key, from[key] ?? null]));
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
  const row = await trx
    .selectFrom('cars')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('stocknum', '=', stocknum)
    .forUpdate()
    .executeTakeFirst();
  return row ? fromRow<StoredCar>(row) : null;
}

async function recordChanges(
  trx: Db,
  source: string,
  cars: ReadonlyArray<{ car: StoredCar; rows: readonly ChangeRow[] }>,
  now: Date,
): Promise<void> {
  const values = cars.flatMap(({ car, rows }) =>
    rows.map((row) => ({
      at: now,
      tenant: car.tenant,
      car_id: car.id,
      stocknum: car.stocknum,
      kind: row.kind,
      source,
      before: row.before === null ? null : JSON.stringify(row.before),
      after: JSON.stringify(row.after),
    })),
  );
  for (const piece of inPieces(values, 8)) await trx.insertInto('stock_changes').values(piece).execute();
}

/** How many other slugs a new car may try before its write is refused: two cars' names and stock numbers rarely make one slug. */
const SLUG_TRIES = 3;

type Places = NonNullable<WriteContext['places']>;
type Wanted = { input: CarInput; withdrawn: boolean };

/** What a write makes of the car: the row to insert or update with its change rows, or nothing to write. */
type Decision =
  | Invalid
  | { status: 'unchanged'; car: StoredCar }
  | { status: 'created' | 'updated'; car: StoredCar; rows: ChangeRow[] };

const placesOf = async (trx: Db, context: WriteContext): Promise<Places> =>
  context.places ?? {
    locations: await listLocations(trx, context.tenant.slug),
    dealerships: await listDealerships(trx, context.tenant.slug),
  };

/**
 * The rules of every write, one car or a batch: the car `wanted` makes of the car found
 * (`current`, null for none yet), and whether anything is to be written. `attempt` numbers a new
 * car's tries at an address of its own.
 */
function decide(
  context: WriteContext,
  places: Places,
  current: StoredCar | null,
  wanted: Wanted,
  photoHashes: ReadonlyMap<string, string>,
  attempt = 0,
): Decision {
  const { tenant, stocknum, source, now } = context;
  const location = findLocation(places.locations, wanted.input.location);
  if (!location)
    return {
      status: 'invalid',
      field: 'location',
      message: `location: '${wanted.input.location}' is none of this site's locations`,
    };
  const dealership = places.dealerships.find((d) => d.id === location.dealership_id);
  if (!dealership)
    return {
      status: 'invalid',
      field: 'location',
      message: `location: '${wanted.input.location}' belongs to no dealership of this site`,
    };
  if (current === null) {
    const identity = newIdentity(
      tenant.slug,
      stocknum,
      wanted.input,
      now,
      attempt === 0 ? undefined : String(attempt + 1),
    );
    const car = carOf(wanted.input, {
      tenant,
      stocknum,
      identity,
      location,
      dealership,
      previous: null,
      now,
      source,
      photoHashes,
    });
    return { status: 'created', car, rows: [{ kind: 'created', before: null, after: recorded(car) }] };
  }
  const identity: CarIdentity = {
    id: current.id,
    slug: current.slug,
    created_at: current.created_at,
    views: current.views,
  };
  const built = carOf(wanted.input, {
    tenant,
    stocknum,
    identity,
    location,
    dealership,
    previous: current,
    now,
    source,
    photoHashes,
  });
  const car: StoredCar = wanted.withdrawn
    ? { ...built, status: 'archived', withdrawn_at: current.withdrawn_at ?? now.toISOString() }
    : built;
  const rows = changeRows(recorded(current), recorded(car));
  if (rows.length === 0 && current.source === source) return { status: 'unchanged', car: current };
  // The same car from another writer is now that writer's: a feed that lists an API car as it
  // is takes it over (and will withdraw it when it stops listing it).
  if (rows.length === 0) rows.push({ kind: 'updated', before: { source: current.source }, after: { source } });
  return { status: 'updated', car, rows };
}

const outcomeOf = (decision: Decision): WriteOutcome =>
  decision.status === 'invalid' ? decision : { status: decision.status, car: decision.car };

/** One car's write inside the caller's transaction. */
async function writeIn(trx: Db, context: WriteContext, next: NextCar): Promise<WriteOutcome> {
  const { tenant, stocknum, source, now } = context;
  let current = await lockedCar(trx, tenant.slug, stocknum);
  for (let attempt = 0; current === null; attempt++) {
    const wanted = next(null);
    if ('status' in wanted) return wanted;
    const decision = decide(
      context,
      await placesOf(trx, context),
      null,
      wanted,
      await storedHashes(trx, tenant.slug, wanted.input.photos),
      attempt,
    );
    if (decision.status !== 'created') return outcomeOf(decision);
    const inserted = await trx
      .insertInto('cars')
      .values(toRow(decision.car))
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) {
      await recordChanges(trx, source, [{ car: decision.car, rows: decision.rows }], now);
      await queuePhotos(trx, tenant.slug, wanted.input.photos);
      return outcomeOf(decision);
    }
    // Another write made this car first (its transaction has committed): compare with it below.
    current = await lockedCar(trx, tenant.slug, stocknum);
    if (current === null && attempt + 1 >= SLUG_TRIES)
      return {
        status: 'invalid',
        field: 'stocknum',
        message: `stocknum: '${stocknum}' makes the address of another car of this site; use another stock number`,
      };
  }

  const wanted = next(current);
  if ('status' in wanted) return wanted;
  const decision = decide(
    context,
    await placesOf(trx, context),
    current,
    wanted,
    await storedHashes(trx, tenant.slug, wanted.input.photos),
  );
  if (decision.status === 'updated') {
    const { id: _id, ...row } = toRow(decision.car);
    await trx.updateTable('cars').set(row).where('tenant', '=', tenant.slug).where('id', '=', current.id).execute();
    await recordChanges(trx, source, [{ car: decision.car, rows: decision.rows }], now);
    await queuePhotos(trx, tenant.slug, wanted.input.photos);
  }
  return outcomeOf(decision);
}

function write(db: Db, context: WriteContext, next: NextCar): Promise<WriteOutcome> {
  return db.transaction().execute((trx) => writeIn(trx, context, next));
}

/** Bind parameters one statement may carry (PostgreSQL's limit is 65,535). */
const STATEMENT_PARAMETERS = 30_000;

function inPieces<T>(items: readonly T[], perItem: number): T[][] {
  const size = Math.max(1, Math.floor(STATEMENT_PARAMETERS / Math.max(1, perItem)));
  const pieces: T[][] = [];
  for (let i = 0; i < items.length; i += size) pieces.push(items.slice(i, i + size));
  return pieces;
}

/**
 * Many cars' writes inside the caller's transaction, each with the outcome its own write would
 * have, by the same rules (`decide`): the cars read in one statement, the new ones inserted in one,
 * the changed ones written in one, their change rows in one. A new car whose insert meets a car
 * already there (another writer made it meanwhile, or it would take another car's address) is
 * then written on its own, as a single write is. Each stock number at most once.
 */
async function writeMany(
  trx: Db,
  context: Omit<WriteContext, 'stocknum'>,
  items: ReadonlyArray<{ stocknum: string; next: NextCar }>,
): Promise<WriteOutcome[]> {
  const { tenant, source, now } = context;
  if (items.length === 0) return [];
  if (new Set(items.map((item) => item.stocknum)).size !== items.length)
    throw new Error('a batch of writes names a stock number twice');
  const places = await placesOf(trx, { ...context, stocknum: '' });
  const found = new Map<string, StoredCar>();
  for (const piece of inPieces(items, 1)) {
    const rows = await trx
      .selectFrom('cars')
      .selectAll()
      .where('tenant', '=', tenant.slug)
      .where(
        'stocknum',
        'in',
        piece.map((item) => item.stocknum),
      )
      .orderBy('stocknum')
      .forUpdate()
      .execute();
    for (const row of rows) found.set(String(row.stocknum), fromRow<StoredCar>(row));
  }

  const outcomes: WriteOutcome[] = new Array<WriteOutcome>(items.length);
  const inserts: Array<{ index: number; car: StoredCar; rows: ChangeRow[] }> = [];
  const updates: Array<{ index: number; car: StoredCar; rows: ChangeRow[] }> = [];
  const wanteds = items.map((item) => item.next(found.get(item.stocknum) ?? null));
  const photoHashes = await storedHashes(
    trx,
    tenant.slug,
    wanteds.flatMap((wanted) => ('status' in wanted ? [] : wanted.input.photos)),
  );
  items.forEach((item, index) => {
    const current = found.get(item.stocknum) ?? null;
    const wanted = wanteds[index]!;
    if ('status' in wanted) {
      outcomes[index] = wanted;
      return;
    }
    const decision = decide({ ...context, stocknum: item.stocknum }, places, current, wanted, photoHashes);
    outcomes[index] = outcomeOf(decision);
    if (decision.status === 'created') inserts.push({ index, car: decision.car, rows: decision.rows });
    else if (decision.status === 'updated') updates.push({ index, car: decision.car, rows: decision.rows });
  });

  const inserted = new Set<string>();
  for (const piece of inPieces(inserts, Object.keys(toRow(inserts[0]?.car ?? {})).length)) {
    const rows = await trx
      .insertInto('cars')
      .values(piece.map((insert) => toRow(insert.car)))
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .execute();
    for (const row of rows) inserted.add(String(row.id));
  }
  const late = inserts.filter((insert) => !inserted.has(insert.car.id));

  // Every car here exists and is locked: an insert that meets its id is the update of all its columns.
  for (const piece of inPieces(updates, Object.keys(toRow(updates[0]?.car ?? {})).length)) {
    const rows = piece.map((update) => toRow(update.car));
    const columns = Object.keys(rows[0]!).filter((column) => column !== 'id');
    await trx
      .insertInto('cars')
      .values(rows)
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet((eb) =>
            Object.fromEntries(columns.map((column) => [column, eb.ref(`excluded.${column}` as 'excluded.id')])),
          ),
      )
      .execute();
  }
  const written = [...inserts.filter((insert) => inserted.has(insert.car.id)), ...updates];
  await recordChanges(trx, source, written, now);
  await queuePhotos(
    trx,
    tenant.slug,
    written.flatMap((write) => write.car.photo_urls ?? []),
  );

  for (const { index } of late)
    outcomes[index] = await writeIn(trx, { ...context, stocknum: items[index]!.stocknum, places }, items[index]!.next);
  return outcomes;
}

/** PUT: the car as the dealer has it now; created, updated or unchanged. A withdrawn car written again is back on sale. */
export function putCar(db: Db, context: WriteContext, input: CarInput): Promise<WriteOutcome> {
  return write(db, context, () => ({ input, withdrawn: false }));
}

/** PATCH: the named fields changed, the rest kept. A withdrawn car stays withdrawn unless the patch sets its status. */
export function patchCar(db: Db, context: WriteContext, changes: Partial<CarInput>): Promise<WriteOutcome> {
  return write(db, context, (current) => {
    if (!current) return { status: 'not-found' };
    return {
      input: { ...inputOf(current), ...changes },
      withdrawn: current.withdrawn_at !== null && changes.status === undefined,
    };
  });
}

/** DELETE: the car withdrawn, kept (leads and reservations point at it). */
export function withdrawCar(db: Db, context: WriteContext): Promise<WriteOutcome> {
  return write(db, context, (current) =>
    current ? { input: inputOf(current), withdrawn: true } : { status: 'not-found' },
  );
}

/**
 * A feed's row: the fields the feed owns written whole, the others kept (an existing car) or as
 * `newCar` has them (a car the feed brings first). Back on sale if it was withdrawn.
 */
const feedRow =
  (fields: Partial<CarInput>, newCar: CarInput): NextCar =>
  (current) => ({ input: current ? { ...inputOf(current), ...fields } : newCar, withdrawn: false });

/**
 * A car its feed no longer lists: sold now (the product's sold rules apply). Only a car the
 * source still owns and has on sale; one another writer took over meanwhile is left alone.
 */
const missingFromFeed =
  (source: string): NextCar =>
  (current) =>
    current &&
    current.source === source &&
    current.withdrawn_at === null &&
    current.status !== 'sold' &&
    current.status !== 'archived'
      ? { input: { ...inputOf(current), status: 'sold', sold_at: null }, withdrawn: false }
      : { status: 'not-found' };

export function putFeedCar(
  db: Db,
  context: WriteContext,
  fields: Partial<CarInput>,
  newCar: CarInput,
): Promise<WriteOutcome> {
  return write(db, context, feedRow(fields, newCar));
}

export function sellMissingCar(db: Db, context: WriteContext): Promise<WriteOutcome> {
  return write(db, context, missingFromFeed(context.source));
}

/** A batch of a feed's rows in the caller's transaction (an import writes its progress in the same one): each outcome as `putFeedCar`'s. */
export function putFeedCars(
  trx: Db,
  context: Omit<WriteContext, 'stocknum'>,
  rows: ReadonlyArray<{ stocknum: string; fields: Partial<CarInput>; car: CarInput }>,
): Promise<WriteOutcome[]> {
  return writeMany(
    trx,
    context,
    rows.map((row) => ({ stocknum: row.stocknum, next: feedRow(row.fields, row.car) })),
  );
}

/** A batch of cars a feed no longer lists, in the caller's transaction: each outcome as `sellMissingCar`'s. */
export function sellMissingCars(
  trx: Db,
  context: Omit<WriteContext, 'stocknum'>,
  stocknums: readonly string[],
): Promise<WriteOutcome[]> {
  return writeMany(
    trx,
    context,
    stocknums.map((stocknum) => ({ stocknum, next: missingFromFeed(context.source) })),
  );
}

export async function findStockCar(db: Db, tenant: string, stocknum: string): Promise<StoredCar | null> {
  const row = await db
    .selectFrom('cars')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('stocknum', '=', stocknum)
    .executeTakeFirst();
  return row ? fromRow<StoredCar>(row) : null;
}

/** A page of the site's cars in stock-number order, withdrawn ones included. */
export async function listStockCars(
  db: Db,
  tenant: string,
  options: { after?: string; limit: number },
): Promise<{ cars: StoredCar[]; next: string | null }> {
  let query = db
    .selectFrom('cars')
    .selectAll()
    .where('tenant', '=', tenant)
    .orderBy('stocknum')
    .limit(options.limit + 1);
  if (options.after !== undefined) query = query.where('stocknum', '>', options.after);
  const rows = (await query.execute()).map((row) => fromRow<StoredCar>(row));
  const more = rows.length > options.limit;
  const cars = more ? rows.slice(0, options.limit) : rows;
  return { cars, next: more ? (cars[cars.length - 1]?.stocknum ?? null) : null };
}
