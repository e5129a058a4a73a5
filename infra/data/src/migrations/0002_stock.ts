import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';

/**
 * Stock and site content: every entity of the specification. Scalars the platform filters,
 * sorts or joins on are columns; structures a page reads whole (images, hotspots, lenders,
 * variant details, opening hours) are jsonb. Column lists are frozen here, as migrations must be.
 */
type ColumnType =
  | 'text'
  | 'integer'
  | 'bigint'
  | 'boolean'
  | 'numeric'
  | 'double precision'
  | 'timestamptz'
  | 'date'
  | 'jsonb'
  | 'text[]';
type Column = readonly [name: string, type: ColumnType, options?: { notNull?: boolean; default?: unknown }];

const notNull = { notNull: true } as const;
const jsonArray = { notNull: true, default: sql`'[]'::jsonb` } as const;
const jsonObject = { notNull: true, default: sql`'{}'::jsonb` } as const;

const CAR_COLUMNS: readonly Column[] = [
  ['tenant', 'text', notNull],
  ['slug', 'text', notNull],
  ['path', 'text', notNull],
  ['name', 'text', notNull],
  ['item_type', 'text', notNull],
  ['year', 'integer', notNull],
  ['make', 'text', notNull],
  ['model', 'text', notNull],
  ['badge', 'text'],
  ['series', 'text'],
  ['colour', 'text', notNull],
  ['price', 'numeric', notNull],
  ['before_price', 'numeric'],
  ['offer_price', 'numeric'],
  ['subscription_price', 'numeric'],
  ['price_type', 'text', notNull],
  ['preorder', 'boolean', notNull],
  ['km', 'integer', notNull],
  ['stocknum', 'text', notNull],
  ['vin', 'text', notNull],
  ['nvic', 'text'],
  ['regplate', 'text'],
  ['rego_expiry', 'text'],
  ['build_date', 'text'],
  ['compliance_date', 'text'],
  ['status', 'text', notNull],
  ['sold_at', 'timestamptz'],
  ['car_type', 'text', notNull],
  ['tag', 'text'],
  ['reserved', 'boolean', notNull],
  ['certified', 'boolean', notNull],
  ['created_at', 'timestamptz', notNull],
  ['views', 'integer', notNull],
  ['fuel', 'text', notNull],
  ['simple_fuel', 'text', notNull],
  ['body', 'text', notNull],
  ['simple_body', 'text', notNull],
  ['transmission', 'text', notNull],
  ['simple_transmission', 'text', notNull],
  ['drive', 'text', notNull],
  ['seats', 'integer', notNull],
  ['engine_size', 'integer'],
  ['engine_size_litres', 'double precision'],
  ['dealercomments', 'text', notNull],
  ['dealership_id', 'text', notNull],
  ['dealership_slug', 'text', notNull],
  ['dealership_name', 'text', notNull],
  ['location_id', 'text', notNull],
  ['city', 'text', notNull],
  ['state', 'text', notNull],
  ['images', 'jsonb', jsonArray],
  ['primary_image_url', 'text'],
  ['video_url', 'text'],
  ['external_video_url', 'text'],
  ['spin_images', 'jsonb', jsonArray],
  ['spin_code', 'text'],
  ['spin_interior_image', 'text'],
  ['hotspots', 'jsonb', jsonObject],
  ['standard_equipment', 'jsonb', jsonArray],
  ['filtered_features', 'jsonb', jsonArray],
  ['categories', 'jsonb', jsonArray],
  ['variant', 'jsonb', jsonObject],
  ['location', 'jsonb', jsonObject],
  ['finance_lenders', 'jsonb', jsonObject],
  ['finance_quote_weekly', 'numeric'],
  ['payment_processors', 'jsonb', jsonArray],
  ['file', 'text'],
  ['show_on_dealer_website', 'boolean', notNull],
  ['custom_rank', 'integer', notNull],
];

const TABLES: Record<string, readonly Column[]> = {
  dealerships: [
    ['tenant', 'text', notNull],
    ['slug', 'text', notNull],
    ['name', 'text', notNull],
    ['average_rating', 'double precision', notNull],
    ['review_count', 'integer', notNull],
  ],
  locations: [
    ['tenant', 'text', notNull],
    ['name', 'text', notNull],
    ['slug', 'text', notNull],
    ['location_type', 'text', notNull],
    ['location_subtype', 'jsonb', jsonArray],
    ['manufacturers', 'jsonb', jsonArray],
    ['primary', 'boolean', notNull],
    ['visible', 'boolean', notNull],
    ['dealership_id', 'text', notNull],
    ['dealership_slug', 'text', notNull],
    ['dealer_license_number', 'text'],
    ['motor_vehicle_repairer', 'text'],
    ['image_url', 'text', notNull],
    ['distribution_locations', 'jsonb', jsonArray],
    ['average_rating', 'double precision', notNull],
    ['review_count', 'integer', notNull],
    ['address', 'jsonb', jsonObject],
    ['contact_detail', 'jsonb', jsonObject],
    ['special_hours', 'jsonb', jsonArray],
  ],
  reviews: [
    ['tenant', 'text', notNull],
    ['dealership_id', 'text', notNull],
    ['customer_name', 'text', notNull],
    ['text', 'text', notNull],
    ['rating', 'integer', notNull],
    ['review_date', 'timestamptz', notNull],
    ['reply_text', 'text'],
    ['reply_date', 'timestamptz'],
    ['image', 'text'],
  ],
  cars: CAR_COLUMNS,
  manufacturers: [
    ['name', 'text', notNull],
    ['slug', 'text', notNull],
    ['logo_url', 'text', notNull],
  ],
  models: [
    ['manufacturer_id', 'text', notNull],
    ['name', 'text', notNull],
    ['slug', 'text', notNull],
    ['body', 'text', notNull],
    ['image_url', 'text', notNull],
    ['accessories_count', 'integer', notNull],
    ['override_url', 'text'],
  ],
  brands: [
    ['tenant', 'text', notNull],
    ['title', 'text', notNull],
    ['slug', 'text', notNull],
    ['category', 'text', notNull],
    ['logo', 'text', notNull],
    ['banner', 'text', notNull],
    ['description', 'text', notNull],
    ['skip_page', 'boolean', notNull],
  ],
  slides: [
    ['tenant', 'text', notNull],
    ['name', 'text', notNull],
    ['description', 'text', notNull],
    ['url', 'text', notNull],
    ['image_url', 'text', notNull],
    ['hide_overlay', 'boolean', notNull],
  ],
  promo_nodes: [
    ['tenant', 'text', notNull],
    ['start', 'timestamptz'],
    ['expiry', 'timestamptz'],
    ['position', 'jsonb'],
    ['display', 'jsonb', jsonArray],
    ['strict_display', 'boolean', notNull],
    ['node', 'jsonb', jsonObject],
  ],
  blog_cards: [
    ['tenant', 'text', notNull],
    ['heading', 'text', notNull],
    ['description', 'text', notNull],
    ['href', 'text', notNull],
    ['image', 'text', notNull],
    ['date', 'text', notNull],
  ],
};

function apply(column: ColumnDefinitionBuilder, options: Column[2]): ColumnDefinitionBuilder {
  let c = column;
  if (options?.notNull) c = c.notNull();
  if (options?.default !== undefined) c = c.defaultTo(options.default);
  return c;
}

export const stock0002: Migration = {
  async up(db: Kysely<unknown>) {
    for (const [table, columns] of Object.entries(TABLES)) {
      // Brands are keyed by tenant and slug (the spec's brand entry has no id of its own).
      let builder = db.schema.createTable(table);
      if (table !== 'brands') builder = builder.addColumn('id', 'text', (c) => c.primaryKey());
      for (const [name, type, options] of columns) {
        builder = builder.addColumn(name, sql.raw(type), (c) => apply(c, options));
      }
      if (table === 'brands') builder = builder.addPrimaryKeyConstraint('brands_pkey', ['tenant', 'slug'] as never);
      await builder.execute();
    }
    await db.schema.createIndex('cars_tenant_slug').on('cars').columns(['tenant', 'slug']).unique().execute();
    await db.schema.createIndex('cars_tenant_stocknum').on('cars').columns(['tenant', 'stocknum']).unique().execute();
    await db.schema.createIndex('cars_tenant_status').on('cars').columns(['tenant', 'status']).execute();
    await db.schema.createIndex('locations_tenant_slug').on('locations').columns(['tenant', 'slug']).unique().execute();
    await db.schema
      .createIndex('dealerships_tenant_slug')
      .on('dealerships')
      .columns(['tenant', 'slug'])
      .unique()
      .execute();
    await db.schema.createIndex('reviews_dealership').on('reviews').columns(['dealership_id', 'review_date']).execute();
    await db.schema.createIndex('models_manufacturer').on('models').columns(['manufacturer_id']).execute();

    // What was seeded, so start-up seeds once and `seed` can say what it replaced.
    await db.schema
      .createTable('seed_runs')
      .addColumn('tenant', 'text', (c) => c.primaryKey())
      .addColumn('seed', 'integer', (c) => c.notNull())
      .addColumn('cars', 'integer', (c) => c.notNull())
      .addColumn('reference_time', 'timestamptz', (c) => c.notNull())
      .addColumn('seeded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('seed_runs').execute();
    for (const table of Object.keys(TABLES).reverse()) await db.schema.dropTable(table).execute();
  },
};
