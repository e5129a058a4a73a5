import { z } from 'zod';
import type { CarPhotoStatus } from '@forecourt/data/schema';
import { CAR_STATUSES, CAR_TYPES, ITEM_TYPES } from '@forecourt/data/stock-model';

/**
 * The Stock API's contract (docs/stock.md): the car a dealer's system or an integrator writes,
 * as zod schemas. The routes validate with them and the OpenAPI document is generated from them,
 * so the document cannot say other than what the API takes.
 *
 * Only the fields a dealer owns: what the platform derives (id, slug, address, name, dealership,
 * city and state from the location, finance figures, views) is never written through the API.
 */

/** Spec-free limits of the API, named once: they bound what one request may cost. */
export const STOCK_LIMITS = {
  /** Operations in one batch. */
  batchOperations: 1000,
  /** Photos on one car. */
  photos: 100,
  /** Cars on one page of `GET /cars`. */
  pageSize: 200,
} as const;

/** A stock number as dealers' systems write them: letters, digits, dot, dash and underscore. */
export const StockNumber = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/,
    'letters, digits, dot, dash or underscore, starting with a letter or digit, at most 40',
  )
  .describe("The dealer's stock number: the car's key within the site, never changed");

const text = (max: number) => z.string().trim().min(1).max(max);
const money = z.number().min(0).max(100_000_000);
const dateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date, YYYY-MM-DD');
const yearMonth = z.string().regex(/^\d{4}-\d{2}(-\d{2})?$/, 'a month, YYYY-MM (or a date)');
const webUrl = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'an http or https URL');

/**
 * The statuses a dealer sets. `archived` is what a DELETE makes (the car withdrawn); writing the
 * car again with another status puts it back on sale.
 */
export const DEALER_STATUSES = CAR_STATUSES.filter((status) => status !== 'archived') as Exclude<
  (typeof CAR_STATUSES)[number],
  'archived'
>[];

export const TRANSMISSIONS = ['automatic', 'manual', 'none'] as const;

/** The car as the dealer writes it (PUT) and reads it back (GET, with the platform's fields added). */
export const CarInput = z
  .object({
    item_type: z.enum(ITEM_TYPES).describe('What is sold'),
    car_type: z.enum(CAR_TYPES),
    status: z.enum(DEALER_STATUSES as [string, ...string[]]).default('in_stock'),
    sold_at: z.iso
      .datetime({ offset: true })
      .nullable()
      .default(null)
      .describe('When it sold; defaults to the time the status became sold'),
    location: text(100).describe("The slug (or id) of one of the site's locations: where the car is"),
    year: z.number().int().min(1900).max(2100),
    make: text(60),
    model: text(60),
    badge: text(100).nullable().default(null),
    series: text(60).nullable().default(null),
    colour: text(40),
    price: money.describe('The asking price in dollars; 10 or less is no price (PREORDER for a preorder)'),
    before_price: money.nullable().default(null),
    offer_price: money.nullable().default(null),
    subscription_price: money.nullable().default(null),
    price_type: text(60).default('Drive Away'),
    preorder: z.boolean().default(false),
    km: z.number().int().min(0).max(10_000_000),
    vin: z.string().trim().max(17).default(''),
    nvic: text(20).nullable().default(null),
    regplate: text(20).nullable().default(null),
    rego_expiry: dateOnly.nullable().default(null),
    build_date: yearMonth.nullable().default(null),
    compliance_date: yearMonth.nullable().default(null),
    tag: text(40).nullable().default(null),
    reserved: z.boolean().default(false),
    certified: z.boolean().default(false),
    fuel: text(40).describe("e.g. 'petrol', 'diesel', 'hybrid', 'electric', 'none'"),
    body: text(40).describe("e.g. 'suv', 'hatch', 'sedan', 'ute'"),
    transmission: z.enum(TRANSMISSIONS),
    drive: text(20).default('FWD'),
    seats: z.number().int().min(0).max(100),
    engine_size_litres: z.number().min(0).max(20).nullable().default(null),
    dealercomments: z.string().max(10_000).default(''),
    features: z.array(text(100)).max(200).default([]),
    categories: z.array(text(60)).max(20).default([]),
    photos: z
      .array(webUrl)
      .max(STOCK_LIMITS.photos)
      .default([])
      .describe('Photo URLs in order; the first is the main photo'),
    video_url: webUrl.nullable().default(null),
    external_video_url: webUrl.nullable().default(null),
    show_on_dealer_website: z.boolean().default(true),
    custom_rank: z.number().int().min(0).max(1_000_000).default(0),
  })
  .strict();
export type CarInput = z.output<typeof CarInput>;

/** PATCH: any of the car's fields (price, status, ...); those left out keep their value. */
type PatchShape = { [K in keyof typeof CarInput.shape]: z.ZodOptional<z.ZodType<CarInput[K]>> };
const patchShape = Object.fromEntries(
  // A field left out of a patch keeps its value: no default may fill it in.
  Object.entries(CarInput.shape).map(([key, schema]) => [
    key,
    (schema instanceof z.ZodDefault ? (schema.unwrap() as z.ZodType) : schema).optional(),
  ]),
) as PatchShape;
export const CarPatch = z
  .object(patchShape)
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, 'name at least one field to change');

/** The car as the API answers it: what the dealer wrote, and the platform's own fields. */
export const ApiCar = CarInput.extend({
  stocknum: StockNumber,
  id: z.string().describe("The platform's id of the car: kept for good"),
  slug: z.string().describe("The car's address on the site, /cars/{slug}: kept for good"),
  url: z.string().describe("The car's page"),
  status: z.enum(CAR_STATUSES),
  withdrawn: z.boolean().describe('Taken off sale with DELETE: gone from search and listings, its page the sold page'),
  source: z.string().describe("Who last wrote the car: 'api', 'seed', or a feed's name"),
  updated_at: z.iso.datetime({ offset: true }).nullable(),
});
export type ApiCar = z.output<typeof ApiCar>;

const PHOTO_STATUSES = ['pending', 'stored', 'failed'] as const satisfies readonly CarPhotoStatus[];

/** Where one of the car's photos is: fetched and stored by the platform, or why not yet (docs/stock.md, Photos). */
export const PhotoStatus = z.object({
  url: z.string().describe("The dealer's URL, as sent in `photos`"),
  status: z
    .enum(PHOTO_STATUSES)
    .describe(
      'pending: to be fetched (or tried again); stored: fetched and shown; failed: refused, or out of tries, and not tried again',
    ),
  served_url: z
    .string()
    .nullable()
    .describe("The stored photo at the site's own address (`?w=` for a width); null until stored"),
  attempts: z.number().int().describe('Tries since the last one that succeeded'),
  last_error: z.string().nullable().describe('Why the last try failed; null once one succeeds'),
  next_attempt_at: z.iso
    .datetime({ offset: true })
    .nullable()
    .describe(
      "When it is fetched again: a pending photo's next try, a stored one's check for new bytes; null for a failed one",
    ),
});
export type PhotoStatus = z.output<typeof PhotoStatus>;

/** The car as a read (GET) answers it: with where each of its photos is. */
export const ReadCar = ApiCar.extend({
  photo_statuses: z
    .array(PhotoStatus)
    .describe(
      "One per URL of `photos`, in its order (none for a car the demo seed made, whose photos are the platform's own)",
    ),
});
export type ReadCar = z.output<typeof ReadCar>;

export const CarAnswer = z.object({ car: ReadCar });

export const StocknumParams = z.object({ stocknum: StockNumber }).strict();

export const ListQuery = z
  .object({
    after: StockNumber.optional().describe('The last stock number of the previous page (its `next`)'),
    limit: z.coerce.number().int().min(1).max(STOCK_LIMITS.pageSize).default(50),
  })
  .strict();

export const CarPage = z.object({
  cars: z.array(ReadCar),
  next: StockNumber.nullable().describe('Pass as `after` for the next page; null on the last'),
});

/** One operation of a batch, as the single routes take it. */
export const BatchOperation = z.discriminatedUnion('method', [
  z.object({ method: z.literal('PUT'), stocknum: StockNumber, car: CarInput }).strict(),
  z.object({ method: z.literal('PATCH'), stocknum: StockNumber, changes: CarPatch }).strict(),
  z.object({ method: z.literal('DELETE'), stocknum: StockNumber }).strict(),
]);
export type BatchOperation = z.output<typeof BatchOperation>;

/** The batch's envelope: each operation is checked on its own, so one bad operation fails only itself. */
export const BatchBody = z
  .object({ operations: z.array(z.unknown()).min(1).max(STOCK_LIMITS.batchOperations) })
  .strict();
/** The batch as documented: each operation in the shape the API checks it with. */
export const BatchRequest = z
  .object({ operations: z.array(BatchOperation).min(1).max(STOCK_LIMITS.batchOperations) })
  .strict();

export const WriteResult = z.object({
  car: ApiCar,
  unchanged: z.literal(true).optional().describe('Nothing differed: nothing was written'),
});

export const Problem = z.object({ error: z.string(), field: z.string().optional() });

export const BatchResult = z.object({
  results: z.array(
    z.object({
      index: z.number().int(),
      stocknum: z.string().nullable(),
      status: z.number().int(),
      body: z.union([WriteResult, Problem]),
    }),
  ),
});
