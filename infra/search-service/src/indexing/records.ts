import { carRepayment } from '@forecourt/shared-config/calculator';
import { carFinanceFacts, siteLender } from '@forecourt/shared-config/finance-eligibility';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import { askingPrice } from '@forecourt/shared-config/price';
import type { Car, Manufacturer, Model } from '@forecourt/data/stock-model';
import { slugify } from '@forecourt/shared-config/format';
import type { IndexSettings, SynonymHit } from 'algoliasearch';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What the stock index holds for one car: the spec's search filter attributes, the fields a
 * result card shows, and the platform's own fields for tenant and visibility filtering. One
 * index serves every tenant; a tenant's secured key restricts it to its own stock.
 */
export const CARS_INDEX = 'cars';
export const CAR_SORTS = {
  relevant: CARS_INDEX,
  latest: `${CARS_INDEX}_latest`,
  priceDesc: `${CARS_INDEX}_price_desc`,
  priceAsc: `${CARS_INDEX}_price_asc`,
} as const;

/** Far future, in unix seconds: a car in stock stays visible until it is sold. */
export const VISIBLE_FOREVER = 4_102_444_800;

const PRICE_BANDS = [0, 5_000, 10_000, 15_000, 20_000, 30_000, 40_000, 50_000, 75_000, 100_000, 150_000, Infinity];
const WEEKLY_BANDS = [0, 100, 150, 200, 300, 400, 600, Infinity];

function band(value: number | null, edges: readonly number[], format: (n: number) => string): string | null {
  if (value === null || value <= 0) return null;
  for (let i = 1; i < edges.length; i++) {
    const [lo, hi] = [edges[i - 1]!, edges[i]!];
    if (value < hi) return hi === Infinity ? `${format(lo)}+` : `${format(lo)} - ${format(hi)}`;
  }
  return null;
}

const dollars = (n: number) => `$${n.toLocaleString('en-AU')}`;
const seconds = (iso: string | null) => (iso === null ? null : Math.floor(Date.parse(iso) / 1000));

/**
 * Until when a car is listed, in unix seconds: in stock for ever, sold for the tenant's window
 * after its sale, anything else never. Filtering `visible_until > now` keeps the spec's default
 * in-stock filter a plain numeric filter, which Algolia can combine freely.
 */
export function visibleUntil(car: Car, soldVisibleDays: number): number {
  if (car.status === 'in_stock' || car.status === 'coming_soon') return VISIBLE_FOREVER;
  if (car.status === 'sold' && car.sold_at)
    return Math.floor((Date.parse(car.sold_at) + soldVisibleDays * DAY_MS) / 1000);
  return 0;
}

/**
 * The car's record. `held`: a reservation's hold on the car still counts (infra/data/src/reservations.ts), so
 * it shows reserved as its page does, the dealer's own flag or not.
 */
export function carToRecord(car: Car, tenant: TenantConfig, options: { held?: boolean } = {}): Record<string, unknown> {
  const effectivePrice = askingPrice(car);
  const lender = siteLender(car.finance_lenders, tenant.finance);
  // The car's one weekly figure (the site's calculator on its asking price), so the 'Weekly
  // repayments' filter puts it in the band its card reads; none where the card shows none.
  const advertisedWeekly = carRepayment(tenant, carFinanceFacts({ ...car, finance_lender: lender }))?.weekly ?? null;
  return {
    objectID: car.id,
    tenant: car.tenant,
    slug: car.slug,
    path: car.path,
    name: car.name,
    item_type: car.item_type,
    year: car.year,
    make: car.make,
    model: car.model,
    make_model: `${car.make} ${car.model}`,
    // The URL forms of make and model (/search/{make}/{model}), so a route filters without a lookup.
    make_slug: slugify(car.make),
    model_slug: slugify(car.model),
    // jscpd:ignore-start — the car's own fields copied by name into the record, as the Stock API's
    // answer copies them into its body (stock-in's api-car.ts): two shapes, no rule written twice.
    badge: car.badge,
    series: car.series,
    colour: car.colour,
    price: car.price,
    before_price: car.before_price,
    offer_price: car.offer_price,
    subscription_price: car.subscription_price,
    price_type: car.price_type,
    preorder: car.preorder,
    // jscpd:ignore-end
    price_range: band(effectivePrice, PRICE_BANDS, dollars),
    weekly_price_range: band(advertisedWeekly, WEEKLY_BANDS, (n) => `$${n}`),
    km: car.km,
    stocknum: car.stocknum,
    status: car.status,
    car_type: car.car_type,
    tag: car.tag,
    reserved: car.reserved || options.held === true,
    certified: car.certified,
    created_at: car.created_at,
    created_at_timestamp: seconds(car.created_at),
    sold_at_timestamp: seconds(car.sold_at),
    visible_until: visibleUntil(car, tenant.search.soldVisibleDays),
    show_on_dealer_website: car.show_on_dealer_website,
    views: car.views,
    fuel: car.simple_fuel,
    body: car.simple_body,
    transmission: car.simple_transmission,
    drive: car.drive,
    seats: car.seats,
    categories: car.categories,
    filtered_features: car.filtered_features,
    city: car.city,
    state: car.state,
    location_name: car.location.name,
    location_slug: car.location.slug,
    location_phone: car.location.phone,
    dealership_id: car.dealership_id,
    dealership_name: car.dealership_name,
    dealership_slug: car.dealership_slug,
    primary_image_url: car.primary_image_url,
    thumbnails: car.images.slice(0, 5).map((i) => i.image.thumb.url),
    image_count: car.images.length,
    has_video: Boolean(car.video_url || car.external_video_url),
    has_spin: car.spin_images.length > 0,
    // The lender's stored quote: the finance rule reads whether there is one (some providers need it).
    finance_quote_weekly: car.finance_quote_weekly,
    // The site's provider's lender figures: the card asks the same finance rule as the car's page.
    finance_lender: lender,
    custom_rank: car.custom_rank,
  };
}

/** Settings of the stock index and its sort replicas. */
export const CARS_INDEX_SETTINGS: IndexSettings = {
  // drive, transmission and fuel last: shoppers type `4wd`, `auto` or `diesel` with a make or model.
  searchableAttributes: [
    'make',
    'model',
    'name',
    'badge',
    'stocknum',
    'body',
    'colour',
    'location_name',
    'dealership_name',
    'city',
    'drive,transmission,fuel',
  ],
  attributesForFaceting: [
    'searchable(make)',
    'searchable(model)',
    'make_model',
    'badge',
    'status',
    'car_type',
    'categories',
    'city',
    'colour',
    'dealership_name',
    'filtered_features',
    'item_type',
    'km',
    'location_name',
    'price',
    'subscription_price',
    'price_range',
    'seats',
    'body',
    'drive',
    'fuel',
    'transmission',
    'state',
    'tag',
    'weekly_price_range',
    'year',
    'certified',
    'reserved',
    'created_at_timestamp',
    'filterOnly(tenant)',
    'filterOnly(show_on_dealer_website)',
    'filterOnly(dealership_slug)',
    'filterOnly(location_slug)',
    'filterOnly(stocknum)',
    'filterOnly(make_slug)',
    'filterOnly(model_slug)',
    // One car by its address (mf-search's SimilarCars fragment starts from the car's slug).
    'filterOnly(slug)',
  ],
  customRanking: ['desc(custom_rank)'],
  replicas: [CAR_SORTS.latest, CAR_SORTS.priceDesc, CAR_SORTS.priceAsc],
  attributesToHighlight: ['name', 'make', 'model', 'badge'],
  hitsPerPage: 21,
};

/**
 * The car-domain synonyms every stock index gets (saved by objectID with the index's settings,
 * forwarded to the sort replicas). A tenant adds its own through the synonyms API, e.g.
 * `client.saveSynonyms({ indexName: 'cars', synonymHit: [...], forwardToReplicas: true })`; a
 * rebuild saves these again without replacing the others. Regular synonyms work both ways;
 * one-way ones let the short form find the long one only.
 */
export const CAR_SYNONYMS: SynonymHit[] = [
  { objectID: 'body-ute', type: 'synonym', synonyms: ['ute', 'pickup', 'pick-up', 'utility', 'pickup truck'] },
  { objectID: 'body-hatch', type: 'synonym', synonyms: ['hatch', 'hatchback'] },
  { objectID: 'body-suv', type: 'synonym', synonyms: ['suv', '4x4 wagon', 'sports utility'] },
  { objectID: 'body-wagon', type: 'synonym', synonyms: ['wagon', 'estate', 'station wagon'] },
  { objectID: 'body-sedan', type: 'synonym', synonyms: ['sedan', 'saloon'] },
  { objectID: 'body-van', type: 'synonym', synonyms: ['van', 'people mover', 'minivan'] },
  { objectID: 'body-convertible', type: 'synonym', synonyms: ['convertible', 'cabriolet', 'cabrio', 'roadster'] },
  { objectID: 'drive-4x4', type: 'synonym', synonyms: ['4x4', '4wd', 'awd', 'four wheel drive', 'all wheel drive'] },
  { objectID: 'drive-2wd', type: 'synonym', synonyms: ['2wd', '4x2'] },
  { objectID: 'transmission-auto', type: 'synonym', synonyms: ['auto', 'automatic'] },
  { objectID: 'transmission-manual', type: 'synonym', synonyms: ['manual', 'stick shift'] },
  { objectID: 'fuel-ev', type: 'synonym', synonyms: ['ev', 'electric'] },
  { objectID: 'fuel-petrol', type: 'synonym', synonyms: ['petrol', 'gasoline', 'unleaded'] },
  { objectID: 'fuel-phev', type: 'synonym', synonyms: ['phev', 'plug-in hybrid'] },
  { objectID: 'make-vw', type: 'synonym', synonyms: ['vw', 'volkswagen', 'volkswagon'] },
  { objectID: 'make-merc', type: 'synonym', synonyms: ['merc', 'mercedes', 'mercedes-benz', 'benz'] },
  { objectID: 'make-chevy', type: 'synonym', synonyms: ['chevy', 'chevrolet'] },
  { objectID: 'make-landrover', type: 'synonym', synonyms: ['land rover', 'landrover'] },
  { objectID: 'make-bmw', type: 'synonym', synonyms: ['bmw', 'beemer'] },
  { objectID: 'make-hsv', type: 'onewaysynonym', input: 'hsv', synonyms: ['holden special vehicles'] },
  { objectID: 'model-landcruiser', type: 'synonym', synonyms: ['landcruiser', 'land cruiser', 'cruiser'] },
  {
    objectID: 'condition-used',
    type: 'synonym',
    synonyms: ['used', 'second hand', 'secondhand', 'pre-owned', 'preowned'],
  },
];

export const REPLICA_RANKING: Record<string, string[]> = {
  [CAR_SORTS.latest]: ['desc(created_at_timestamp)'],
  [CAR_SORTS.priceDesc]: ['desc(price)'],
  [CAR_SORTS.priceAsc]: ['asc(price)'],
};

/**
 * The filter a tenant's secured key carries: its own stock, listed now (the spec's default
 * in-stock filter, sold window included), shown on the dealer website, and the site's base
 * filters.
 */
export function tenantStockFilter(tenant: TenantConfig, nowSeconds: number): string {
  const parts = [`tenant:"${tenant.slug}"`, `visible_until > ${nowSeconds}`, 'show_on_dealer_website:true'];
  if (tenant.search.baseFilters.trim()) parts.push(`(${tenant.search.baseFilters})`);
  return parts.join(' AND ');
}

/**
 * The manufacturer and model catalogue (spec: "a manufacturer or model search with a
 * dealership-scoped catalogue"): one record per model a site sells new, nested as the spec
 * names its filters (manufacturer.name, model.name, model.body).
 */
export const MODELS_INDEX = 'models';

export const MODELS_INDEX_SETTINGS: IndexSettings = {
  searchableAttributes: ['model.name', 'manufacturer.name', 'model.body'],
  attributesForFaceting: ['manufacturer.name', 'model.name', 'model.body', 'filterOnly(tenant)'],
  customRanking: ['asc(manufacturer.name)', 'asc(model.name)'],
  hitsPerPage: 21,
};

export function modelToRecord(tenant: string, manufacturer: Manufacturer, model: Model): Record<string, unknown> {
  return {
    objectID: `${tenant}-${model.id}`,
    tenant,
    manufacturer: { name: manufacturer.name, slug: manufacturer.slug, logo: { url: manufacturer.logo_url } },
    model: {
      name: model.name,
      slug: model.slug,
      body: model.body,
      image: { url: model.image_url },
      accessories_count: model.accessories_count,
      override_url: model.override_url,
    },
  };
}

/**
 * The tenant a secured key's filters name: both filters above start with it, and the key is
 * signed, so a search cannot claim another tenant's name. Null for any other key.
 */
export function tenantOfKeyFilters(filters: string | null): string | null {
  const match = filters ? /^tenant:"([^"]+)"/.exec(filters) : null;
  return match?.[1] ?? null;
}

/** The filter of a tenant's key for the catalogue: its own models (none of the stock's listing rules apply). */
export function tenantModelsFilter(tenant: TenantConfig): string {
  return `tenant:"${tenant.slug}"`;
}
