import { sql, type Kysely } from 'kysely';
import type {
  Brand,
  Car,
  Catalogue,
  Dealership,
  Location,
  Manufacturer,
  Model,
  PromoNode,
  Review,
  Slide,
  TenantStock,
} from './stock-model';
import type { PlatformTables, StockRow } from './schema';

/**
 * The stock data layer: writes a tenant's generated stock and reads it back as the model types.
 * jsonb columns travel as JSON text (both drivers would turn a JS array into a SQL array), and
 * numeric/timestamp columns are normalised so both engines return the same values.
 */

type Db = Kysely<PlatformTables>;

const JSON_COLUMNS = new Set([
  'images',
  'spin_images',
  'hotspots',
  'standard_equipment',
  'filtered_features',
  'categories',
  'variant',
  'location',
  'finance_lenders',
  'payment_processors',
  'location_subtype',
  'manufacturers',
  'distribution_locations',
  'address',
  'contact_detail',
  'special_hours',
  'position',
  'display',
  'node',
  'photo_urls',
]);
const NUMERIC_COLUMNS = new Set(['price', 'before_price', 'offer_price', 'subscription_price', 'finance_quote_weekly']);
const TIME_COLUMNS = new Set([
  'sold_at',
  'created_at',
  'review_date',
  'reply_date',
  'start',
  'expiry',
  'withdrawn_at',
  'updated_at',
]);

const BATCH = 500;

export function toRow(entity: object): StockRow {
  const row: StockRow = {};
  for (const [key, value] of Object.entries(entity)) {
    row[key] = JSON_COLUMNS.has(key) && value !== null ? JSON.stringify(value) : value;
  }
  return row;
}

export function fromRow<T>(row: StockRow): T {
  const entity: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (value === null || value === undefined) entity[key] = null;
    else if (NUMERIC_COLUMNS.has(key)) entity[key] = Number(value);
    else if (TIME_COLUMNS.has(key))
      entity[key] = value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
    else if (JSON_COLUMNS.has(key) && typeof value === 'string') entity[key] = JSON.parse(value);
    else entity[key] = value;
  }
  return entity as T;
}

async function insertAll(db: Db, table: keyof PlatformTables & string, entities: readonly object[]): Promise<void> {
  for (let i = 0; i < entities.length; i += BATCH) {
    const rows = entities.slice(i, i + BATCH).map(toRow);
    if (rows.length)
      await db
        .insertInto(table as 'cars')
        .values(rows)
        .execute();
  }
}

const TENANT_TABLES = [
  'cars',
  'reviews',
  'locations',
  'dealerships',
  'brands',
  'slides',
  'promo_nodes',
  'blog_cards',
] as const;

export interface SeedRun {
  tenant: string;
  seed: number;
  cars: number;
  referenceTime: Date;
}

/** Replaces everything a tenant has with `stock`, atomically: readers see old or new, never half. */
export async function replaceTenantStock(db: Db, stock: TenantStock, run: Omit<SeedRun, 'tenant'>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const table of TENANT_TABLES) await trx.deleteFrom(table).where('tenant', '=', stock.tenant).execute();
    await insertAll(trx, 'dealerships', stock.dealerships);
    await insertAll(trx, 'locations', stock.locations);
    await insertAll(trx, 'reviews', stock.reviews);
    await insertAll(trx, 'cars', stock.cars);
    await insertAll(trx, 'brands', stock.brands);
    await insertAll(trx, 'slides', stock.slides);
    await insertAll(trx, 'promo_nodes', stock.promos);
    await insertAll(trx, 'blog_cards', stock.blog);
    await trx.deleteFrom('seed_runs').where('tenant', '=', stock.tenant).execute();
    await trx
      .insertInto('seed_runs')
      .values({ tenant: stock.tenant, seed: run.seed, cars: run.cars, reference_time: run.referenceTime })
      .execute();
  });
}

export async function replaceCatalogue(db: Db, catalogue: Catalogue): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('models').execute();
    await trx.deleteFrom('manufacturers').execute();
    await insertAll(trx, 'manufacturers', catalogue.manufacturers);
    await insertAll(trx, 'models', catalogue.models);
  });
}

export async function seedRuns(db: Db): Promise<SeedRun[]> {
  const rows = await db.selectFrom('seed_runs').selectAll().orderBy('tenant').execute();
  return rows.map((r) => ({ tenant: r.tenant, seed: r.seed, cars: r.cars, referenceTime: new Date(r.reference_time) }));
}

export async function countCars(db: Db, tenant?: string): Promise<number> {
  let query = db.selectFrom('cars').select((eb) => eb.fn.countAll<number>().as('n'));
  if (tenant) query = query.where('tenant', '=', tenant);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Reads cars in id order, a page at a time (keyset pagination), so the indexer can stream
 * 100,000 cars without holding them all twice.
 */
export async function* streamCars(db: Db, options: { tenant?: string; pageSize?: number } = {}): AsyncGenerator<Car[]> {
  const pageSize = options.pageSize ?? 2000;
  let after = '';
  for (;;) {
    let query = db.selectFrom('cars').selectAll().where('id', '>', after).orderBy('id').limit(pageSize);
    if (options.tenant) query = query.where('tenant', '=', options.tenant);
    const rows = await query.execute();
    if (rows.length === 0) return;
    yield rows.map((row) => fromRow<Car>(row));
    after = String(rows[rows.length - 1]!['id']);
    if (rows.length < pageSize) return;
  }
}

export async function findCarById(db: Db, tenant: string, id: string): Promise<Car | null> {
  const row = await db
    .selectFrom('cars')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? fromRow<Car>(row) : null;
}

export async function findCarBySlug(db: Db, tenant: string, slug: string): Promise<Car | null> {
  const row = await db
    .selectFrom('cars')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('slug', '=', slug)
    .executeTakeFirst();
  return row ? fromRow<Car>(row) : null;
}

export async function listLocations(db: Db, tenant: string): Promise<Location[]> {
  const rows = await db.selectFrom('locations').selectAll().where('tenant', '=', tenant).orderBy('id').execute();
  return rows.map((row) => fromRow<Location>(row));
}

export async function listDealerships(db: Db, tenant: string): Promise<Dealership[]> {
  return (await db.selectFrom('dealerships').selectAll().where('tenant', '=', tenant).orderBy('id').execute()).map(
    (row) => fromRow<Dealership>(row),
  );
}

/** A dealership's newest reviews, at most `limit` (the reviews_dealership index answers it). */
export async function listReviews(db: Db, tenant: string, dealershipId: string, limit: number): Promise<Review[]> {
  const rows = await db
    .selectFrom('reviews')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('dealership_id', '=', dealershipId)
    .orderBy('review_date', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => fromRow<Review>(row));
}

/** Loads one tenant's whole stock back (tests, exports). */
/** The tenant's promo nodes, all of them: which show, and where, is the search page's rule. */
/** What the fallback fetch may filter on (mf-search's FallbackFilters, restated so infra imports no team's types into its data layer). */
export interface CarListFilters {
  make?: string[];
  model?: string[];
  /** The index's `body`, which is the car's simple body. */
  body?: string[];
  car_type?: string[];
  price?: { min?: number; max?: number };
}

/**
 * Cars a shopper may see, straight from the stock: in stock (in_stock, coming_soon), shown on the
 * dealer's website, of the conditions the site sells, matching `filters`; newest first. The
 * search index's fallback (mf-search's fallback fetch) when the index cannot answer.
 */
/** The cars a site's pages list (in stock or coming soon, shown on its website), with the list's filters. */
function visibleCars(db: Db, tenant: string, carTypes: readonly string[], filters: CarListFilters) {
  let query = db
    .selectFrom('cars')
    .where('tenant', '=', tenant)
    .where('status', 'in', ['in_stock', 'coming_soon'])
    .where('show_on_dealer_website', '=', true)
    .where('car_type', 'in', [...carTypes]);
  if (filters.make?.length) query = query.where('make', 'in', filters.make);
  if (filters.model?.length) query = query.where('model', 'in', filters.model);
  if (filters.body?.length) query = query.where('simple_body', 'in', filters.body);
  if (filters.car_type?.length) query = query.where('car_type', 'in', filters.car_type);
  if (filters.price?.min !== undefined) query = query.where('price', '>=', filters.price.min);
  if (filters.price?.max !== undefined) query = query.where('price', '<=', filters.price.max);
  return query.orderBy('created_at', 'desc').orderBy('id');
}

export async function listVisibleCars(
  db: Db,
  tenant: string,
  carTypes: readonly string[],
  filters: CarListFilters,
  limit: number,
): Promise<Car[]> {
  const rows = await visibleCars(db, tenant, carTypes, filters).selectAll().limit(limit).execute();
  return rows.map((row) => fromRow<Car>(row));
}

/**
 * The same cars as `listVisibleCars`, by slug and listing date only: what a sitemap needs, without
 * reading and decoding every car's photos and equipment (most of a sitemap's build time).
 */
export async function listVisibleCarSlugs(
  db: Db,
  tenant: string,
  carTypes: readonly string[],
  limit: number,
): Promise<Array<{ slug: string; created_at: string }>> {
  const rows = await visibleCars(db, tenant, carTypes, {}).select(['slug', 'created_at']).limit(limit).execute();
  return rows.map((row) => fromRow<{ slug: string; created_at: string }>(row as StockRow));
}

/**
 * Featured finance cars (spec: 'Featured finance cars: 6, used, in stock, more than 1 photo'),
 * shown on the dealer's website, newest first.
 */
export async function listFeaturedUsedCars(db: Db, tenant: string, limit: number): Promise<Car[]> {
  const rows = await db
    .selectFrom('cars')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('status', '=', 'in_stock')
    .where('car_type', '=', 'used')
    .where('show_on_dealer_website', '=', true)
    .where(sql<boolean>`jsonb_array_length(images) > 1`)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => fromRow<Car>(row));
}

/**
 * A site's model catalogue, dealership-scoped: the models of every make the site sells new (a
 * make with new or demo cars in its stock), each with its manufacturer. A used-only site has none.
 */
export async function listTenantCatalogue(
  db: Db,
  tenant: string,
): Promise<Array<{ manufacturer: Manufacturer; model: Model }>> {
  const makes = (
    await db
      .selectFrom('cars')
      .select('make')
      .distinct()
      .where('tenant', '=', tenant)
      .where('car_type', 'in', ['new', 'demo'])
      .execute()
  ).map((row) => String(row['make']));
  if (makes.length === 0) return [];
  const manufacturers = (await db.selectFrom('manufacturers').selectAll().where('name', 'in', makes).execute()).map(
    (row) => fromRow<Manufacturer>(row),
  );
  if (manufacturers.length === 0) return [];
  const byId = new Map(manufacturers.map((m) => [m.id, m]));
  const models = (
    await db
      .selectFrom('models')
      .selectAll()
      .where('manufacturer_id', 'in', [...byId.keys()])
      .orderBy('id')
      .execute()
  ).map((row) => fromRow<Model>(row));
  return models.map((model) => ({ manufacturer: byId.get(model.manufacturer_id)!, model }));
}

/**
 * Whether a make and model is one of the site's configured models (its catalogue, as
 * listTenantCatalogue reads it: a model of a make the site sells new or demo), by name.
 */
export async function catalogueHasModel(db: Db, tenant: string, make: string, model: string): Promise<boolean> {
  const row = await db
    .selectFrom('models')
    .innerJoin('manufacturers', 'manufacturers.id', 'models.manufacturer_id')
    .select('models.id')
    .where('manufacturers.name', '=', make)
    .where('models.name', '=', model)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('cars')
          .select('cars.id')
          .where('cars.tenant', '=', tenant)
          .where('cars.make', '=', make)
          .where('cars.car_type', 'in', ['new', 'demo']),
      ),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The site's brand entries (title, slug, category, logo, banner, description, skip_page), in the tenant's order of titles. */
export async function listBrands(db: Db, tenant: string): Promise<Brand[]> {
  return (await db.selectFrom('brands').selectAll().where('tenant', '=', tenant).orderBy('title').execute()).map(
    (row) => fromRow<Brand>(row),
  );
}

export async function listSlides(db: Db, tenant: string): Promise<Slide[]> {
  return (await db.selectFrom('slides').selectAll().where('tenant', '=', tenant).orderBy('id').execute()).map((row) =>
    fromRow<Slide>(row),
  );
}

export async function listPromoNodes(db: Db, tenant: string): Promise<PromoNode[]> {
  return (await db.selectFrom('promo_nodes').selectAll().where('tenant', '=', tenant).orderBy('id').execute()).map(
    (row) => fromRow<PromoNode>(row),
  );
}

export async function loadTenantStock(db: Db, tenant: string): Promise<TenantStock> {
  const read = async <T>(table: (typeof TENANT_TABLES)[number]) =>
    (await db.selectFrom(table).selectAll().where('tenant', '=', tenant).execute()).map((row) => fromRow<T>(row));
  const cars: Car[] = [];
  for await (const page of streamCars(db, { tenant })) cars.push(...page);
  return {
    tenant,
    dealerships: await read('dealerships'),
    locations: await read('locations'),
    reviews: await read('reviews'),
    cars,
    brands: await read('brands'),
    slides: await read('slides'),
    promos: await read('promo_nodes'),
    blog: await read('blog_cards'),
  };
}

export type MediaKind = 'locations' | 'slides' | 'brands' | 'blog' | 'makes' | 'models';

/** Where each kind of generated picture is named: the table, its image columns, and whether it is per tenant. */
const MEDIA_OWNERS: Record<
  MediaKind,
  {
    table: 'locations' | 'slides' | 'brands' | 'blog_cards' | 'manufacturers' | 'models';
    columns: readonly string[];
    perTenant: boolean;
  }
> = {
  locations: { table: 'locations', columns: ['image_url'], perTenant: true },
  slides: { table: 'slides', columns: ['image_url'], perTenant: true },
  brands: { table: 'brands', columns: ['logo', 'banner'], perTenant: true },
  blog: { table: 'blog_cards', columns: ['image'], perTenant: true },
  makes: { table: 'manufacturers', columns: ['logo_url'], perTenant: false },
  models: { table: 'models', columns: ['image_url'], perTenant: false },
};

/**
 * Whether the tenant's stock (or the shared catalogue, for makes and models) names the picture at
 * `path` (`/media/blog/x-1.jpg`), with or without size parameters after it.
 */
/** The catalogue model whose picture is at `path` (its body type draws the picture). */
export async function findModelByImage(db: Db, path: string): Promise<Model | null> {
  const row = await db
    .selectFrom('models')
    .selectAll()
    .where((eb) => eb.or([eb('image_url', '=', path), eb('image_url', 'like', `${path}?%`)]))
    .limit(1)
    .executeTakeFirst();
  return row ? fromRow<Model>(row) : null;
}

export async function mediaImageExists(db: Db, tenant: string, kind: MediaKind, path: string): Promise<boolean> {
  const owner = MEDIA_OWNERS[kind];
  const row = await db
    .selectFrom(owner.table)
    .select((eb) => eb.lit(1).as('found'))
    .where((eb) =>
      eb.and([
        ...(owner.perTenant ? [eb('tenant', '=', tenant)] : []),
        eb.or(
          owner.columns.flatMap((column) => [eb(eb.ref(column), '=', path), eb(eb.ref(column), 'like', `${path}?%`)]),
        ),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
