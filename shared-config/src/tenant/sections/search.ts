import { z } from 'zod';

/**
 * mf-search's switches in the tenant schema: results, cards and badges, promo slots, filters,
 * similar cars, favourites and compare. A new search switch goes here, with its default.
 */

export const CAR_TYPES = ['new', 'used', 'demo'] as const;

/** The card's tag badge (spec search-and-vehicle §4): what each site switches on or renames. */
const BadgeSettingsSchema = z
  .object({
    /** An Electric / Hybrid badge for those fuels, first in the order. */
    fuelBadge: z.boolean().default(false),
    /** The one make whose certified used cars carry the certified-used badge; null for none. */
    certifiedMake: z.string().min(1).nullable().default(null),
    /** Text of the just-arrived tag, and for how many days after listing it shows. */
    newText: z.string().min(1).max(20).default('New'),
    newDays: z.number().int().min(0).max(60).default(8),
    /** Text on sold cars. */
    soldText: z.string().min(1).max(20).default('just sold'),
    /** Custom tags shown in green (e.g. 'runout sale'); every other tag is red. */
    greenTags: z.array(z.string().min(1)).max(20).default([]),
  })
  .strict();

/**
 * Filters of the spec's list (search-and-vehicle §3) a site may add to the filter bar below the
 * standard ones, shown in the order the site lists them. Each is the index attribute it filters.
 */
export const OPTIONAL_FILTERS = [
  'fuel',
  'transmission',
  'drive',
  'colour',
  'seats',
  'year',
  'created_at_timestamp',
  'item_type',
  'status',
  'tag',
  'badge',
  'filtered_features',
  'make_model',
  'price_range',
  'weekly_price_range',
  'subscription_price',
  'location_name',
  'dealership_name',
  'city',
  'state',
] as const;

export const SearchSettingsSchema = z
  .object({
    /** Results page size on the main search page (spec: 'Search page size default 21'). */
    hitsPerPage: z.number().int().min(1).max(100).default(21),
    /** Conditions this site sells; a used-only site lists only 'used'. */
    carTypes: z.array(z.enum(CAR_TYPES)).min(1).default(['new', 'used', 'demo']),
    /** What the site calls one stock item in copy ('car', 'caravan', 'vehicle'). */
    itemNoun: z.string().min(1).default('car'),
    /**
     * The site's base stock filter in Algolia's filter syntax, ANDed into every search through the
     * tenant's secured search key (spec: some sites require a photo count, exclude makes or stock
     * numbers, or list used cars only). Checked against the filter grammar at start.
     */
    baseFilters: z.string().max(2000).default(''),
    /** Sold cars stay listed this many days (spec: 'sold within the last 3 days (configurable)'). */
    soldVisibleDays: z.number().int().min(0).max(30).default(3),
    /**
     * The lowest-price sort leaves out unpriced cars (spec: 'price > 0 on some sites'). On by
     * default: a shopper sorting by price would otherwise meet 'Enquire for price' cars first. A
     * site that wants them listed there turns it off.
     */
    priceAscRequiresPrice: z.boolean().default(true),
    /**
     * Where promo cards go in the results grid (spec: 'Search promo cards at slot 8 and 17 (9 for
     * another tenant)'; 'a single interval or a list'): card positions counted from 1 on each
     * page, or every Nth card. No slots, no promo cards.
     */
    promoSlots: z
      .union([
        z.object({ at: z.array(z.number().int().min(1).max(100)).max(10) }).strict(),
        z.object({ every: z.number().int().min(2).max(100) }).strict(),
      ])
      .default({ at: [] }),
    /** Where the 'We Want Your Car!' promo card leads (spec: 'linking to a configured target'). */
    wantYourCarHref: z.string().startsWith('/').default('/trade-in'),
    badges: BadgeSettingsSchema.prefault({}),
    /** The save control shows only on used cars priced above 0 with a photo (spec §4, 'for some tenants'). */
    saveUsedPricedWithImagesOnly: z.boolean().default(false),
    /** The site lists its own body types: up to 20 body tiles instead of 4 (finance spec §9). */
    customBodies: z.boolean().default(false),
    /** Consecutive sold cars in the results show as one card (all shown when every car is sold). */
    collapseSold: z.boolean().default(false),
    /** Promo nodes without a position are shuffled per page view (spec: 'optionally shuffled'). */
    shufflePromos: z.boolean().default(false),
    /** A certified-only site: the certified filter does not offer 'Not certified' (spec §5). */
    certifiedOnly: z.boolean().default(false),
    /** Result cards show how many times each car was viewed (spec §2: 'optional view count'). */
    showViews: z.boolean().default(false),
    /** How many cars the similar cars block shows (spec §9: 'Similar cars count is configurable'). */
    similarCount: z.number().int().min(1).max(24).default(8),
    /** Favourites kept in the shopper's browser (spec: 'favourite (if storage enabled)'): the card's Favourite switch and /favourites. */
    favourites: z.boolean().default(true),
    /** The card's Compare toggle and the /compare table. */
    compare: z.boolean().default(true),
    /** Filters the site adds below the standard ones (make, model, body, price, kilometres, certified). */
    filters: z.array(z.enum(OPTIONAL_FILTERS)).max(OPTIONAL_FILTERS.length).default(['fuel', 'transmission']),
    /**
     * How many makes the make lists show before 'Show all makes' (spec §9: 'Make lists show 7
     * initially (or a popular-makes count on one site)').
     */
    makesShown: z.number().int().min(1).max(50).default(7),
    /**
     * The site's make and model links go to `/used-car/{make}/{model}` instead of
     * `/search/{make}/{model}` (spec: 'some used-car sites use /used-car/... instead'). Those pages
     * list used stock only, so only a site that sells used cars only may switch it on.
     */
    usedCarPaths: z.boolean().default(false),
  })
  .strict()
  .superRefine((search, context) => {
    if (search.usedCarPaths && (search.carTypes.length !== 1 || search.carTypes[0] !== 'used')) {
      context.addIssue({
        code: 'custom',
        path: ['usedCarPaths'],
        message:
          'is only for a site that sells used cars only (carTypes ["used"]): /used-car/... pages list used stock',
      });
    }
  });
