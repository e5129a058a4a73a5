import { z } from 'zod';
import { SITE_GATES } from '../gated-routes';
import { searchLinkProblem } from '../search-routes';

/**
 * Tenant configuration: data, validated at server start. Every per-dealer variation in the
 * specification becomes a named, typed switch here with a default, so a tenant file only states
 * where it differs. Later features add their switches to the matching section.
 */

const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case letters, digits and single hyphens');

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #1a2b3c');

/** Which remotes a site switches on; a switched-off remote is not in the tenant's manifest. */
const FeaturesSchema = z
  .object({
    'mf-search': z.boolean().default(true),
    'mf-vehicle': z.boolean().default(true),
    'mf-finance': z.boolean().default(true),
    'mf-leads': z.boolean().default(true),
    'mf-locations': z.boolean().default(true),
  })
  .strict();

export const SITE_KINDS = ['multi-franchise', 'used-only', 'dealer-group', 'caravan'] as const;
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

const SearchSettingsSchema = z
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
    /** The lowest-price sort leaves out unpriced cars (spec: 'price > 0 on some sites'). */
    priceAscRequiresPrice: z.boolean().default(false),
    /**
     * Where promo cards go in the results grid (spec: 'Search promo cards at slot 8 and 17 (9 for
     * another tenant)'; 'a single interval or a list'): card positions counted from 1 on each
     * page, or every Nth card. No slots, no promo cards.
     */
    promoSlots: z.union([z.object({ at: z.array(z.number().int().min(1).max(100)).max(10) }).strict(), z.object({ every: z.number().int().min(2).max(100) }).strict()]).default({ at: [] }),
    /** Where the 'We Want Your Car!' promo card leads (spec: 'linking to a configured target'). */
    wantYourCarHref: z.string().startsWith('/').default('/trade-in'),
    badges: BadgeSettingsSchema.default({ fuelBadge: false, certifiedMake: null, newText: 'New', newDays: 8, soldText: 'just sold', greenTags: [] }),
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
  })
  .strict();

const warrantyYears = z.union([z.literal(3), z.literal(5), z.literal(7)]);

const VehicleSettingsSchema = z
  .object({
    /** The dealer's phone shown in full from the start (spec: 'Some tenants show it revealed by default'); masked until clicked otherwise. */
    phoneRevealed: z.boolean().default(false),
    /** The photo gallery, not the 360 spin, is the first view of a car with a spin (spec: 'unless a tenant flag makes the gallery the default'). */
    galleryFirst: z.boolean().default(false),
    /** The spin viewer turns by itself (one frame every 100 ms) until the shopper takes it. */
    autoRotate: z.boolean().default(false),
    /** A rego expiry in the past reads 'Unregistered' (spec: 'for some dealers'); otherwise the row is hidden. */
    showUnregistered: z.boolean().default(false),
    /** The reserve deposit in dollars (spec default '$200'; 0 hides the amount). */
    reserveDeposit: z.number().int().min(0).max(10_000).default(200),
    /** Live holds one shopper (one confirmed phone) may have on the site at once: a shopper weighs a car or two, not the yard. */
    liveHoldsPerShopper: z.number().int().min(1).max(20).default(2),
    /** Online checkout: the Reserve Car Now button and the Reserve Online tab (spec: 'only when online checkout is enabled'). */
    onlineCheckout: z.boolean().default(true),
    /** Where the Reserve buttons go: /cars/{slug}/checkout, or /cars/{slug}/buy-online (spec: 'some sites use /cars/{slug}/buy-online'); both addresses work on every site. */
    checkoutPath: z.enum(['checkout', 'buy-online']).default('checkout'),
    /** The used-car promise: the 14-day return, or the '48 hour money back guarantee and 12 months roadside assist' (spec: 'for one tenant'). */
    usedCarPromise: z.enum(['return', 'money-back']).default('return'),
    /** The warranty the copy claims, by car type (spec: '3, 5 or 7 years depending on tenant and car type'). */
    warrantyYears: z.object({ new: warrantyYears, demo: warrantyYears, used: warrantyYears }).strict().default({ new: 5, demo: 5, used: 3 }),
    /** Delivery prices by distance from the car's yard; without them the page has no delivery calculator. */
    delivery: z
      .object({
        tiers: z
          .array(z.object({ upToKm: z.number().positive().max(5000), price: z.number().int().min(0).max(20_000) }).strict())
          .min(1)
          .max(12),
      })
      .strict()
      .optional(),
    /** Plugin switches (spec: an AutoGauge report for used cars, a car analysis download, a PPSR report download). */
    plugins: z
      .object({ autogaugeReport: z.boolean().default(false), carAnalysis: z.boolean().default(false), ppsrReport: z.boolean().default(false) })
      .strict()
      .prefault({}),
    /** The optional custom slider (spec §2): the site's own slides (its offers and services) as a slider under the car's gallery. */
    customSlider: z.boolean().default(false),
    /** Collapsible sections and FAQs remember, per heading, whether the shopper left them open (spec: 'optionally persisted per header'). */
    rememberOpenSections: z.boolean().default(false),
  })
  .strict();

const LeadSettingsSchema = z
  .object({
    /** Comments are required on enquiry forms (spec: 'Comments required unless a site flag says otherwise'). */
    commentsRequired: z.boolean().default(true),
    /** The terms checkbox must be ticked (spec: 'Terms checkbox required on sites that use it'). */
    termsRequired: z.boolean().default(false),
    /** The postcode field is shown, and then required (spec: 'required where shown'). */
    postcodeShown: z.boolean().default(true),
    /** The trade-in valuation is also saved with POST /api/miscellaneous (spec §7: 'some dealers'). */
    saveValuation: z.boolean().default(false),
  })
  .strict();

/** Finance providers the product rules name; each has its own display eligibility (mf-finance). */
export const FINANCE_PROVIDERS = ['Taurus', 'Angle', 'Manual', 'Powertorque', 'Nissan Finance', '360 Finance', 'AusLoans'] as const;
export type FinanceProvider = (typeof FINANCE_PROVIDERS)[number];

const moneyAmount = z.number().min(0).max(1_000_000);

/**
 * The site's finance switches (finance rules: the calculator's ranges and defaults "per tenant or
 * provider", the fees in the comparison rate, where finance is hidden, the instant quote, the Get
 * Finance Now page). Every "one tenant / some tenants" rule of the finance side is one of these.
 */
const FinanceSettingsSchema = z
  .object({
    /** The finance provider whose lender record and display rule the site uses (spec: eligibility per provider). */
    provider: z.enum(FINANCE_PROVIDERS).default('Angle'),
    /** The flagged dealer: finance hidden on the whole site (spec: 'hidden ... for a flagged dealer'). */
    hidden: z.boolean().default(false),
    /** Named dealerships whose cars show no finance (spec: 'hidden ... for some named dealerships'), by dealership slug. */
    hiddenDealerships: z.array(slug).max(100).default([]),
    calculator: z
      .object({
        /** Purchase price minimum: 1,000, or 5,000 for one provider or tenant. */
        priceMin: z.union([z.literal(1000), z.literal(5000)]).default(1000),
        /** Purchase price maximum: 250,000 on the vehicle page, 100,000 in another variant. */
        priceMax: z.union([z.literal(250_000), z.literal(100_000)]).default(250_000),
        /** Some tenants: above 100,000 the maximum is 105 % of the car's price. */
        priceMaxFollowsPrice: z.boolean().default(false),
        /** Term in years: 1 to 7 (5 on some tenants), step 0.5, or the site's own increments. */
        termMax: z.union([z.literal(7), z.literal(5)]).default(7),
        termIncrements: z.array(z.number().positive().max(10)).min(2).max(20).optional(),
        defaultTerm: z.union([z.literal(6), z.literal(5)]).default(6),
        /** Interest range in percent: 0.5–15 by default; 9.95–19.95, 4–20, 1–15, 5.99–15.99 on some tenants. */
        interestMin: z.number().min(0).max(30).default(0.5),
        interestMax: z.number().min(0).max(30).default(15),
        /** The interest slider is fixed at the default rate on some tenants. */
        interestLocked: z.boolean().default(false),
        /** The default rate from configuration; absent means the variant's fallback (8.5, or 10 with `fallbackInterest`). */
        defaultInterest: z.number().min(0).max(30).optional(),
        fallbackInterest: z.union([z.literal(8.5), z.literal(10)]).default(8.5),
        /** One tenant rounds the repayment up to the next whole dollar. */
        roundUp: z.boolean().default(false),
        /** The disclaimer variant that quotes 6.29% p.a. with an 8.19% comparison rate. */
        disclaimerWithSampleRate: z.boolean().default(false),
      })
      .strict()
      .refine((c) => c.interestMin < c.interestMax, { message: 'interestMin must be below interestMax', path: ['interestMin'] })
      .refine((c) => c.defaultTerm <= c.termMax, { message: 'defaultTerm cannot be above termMax', path: ['defaultTerm'] })
      .prefault({}),
    /** Fees in the comparison rate: an establishment fee (1300 on one tenant) and the site's other fees (395 / 6 / 8 a month / 912.25 on another). */
    fees: z
      .object({
        establishment: moneyAmount.default(0),
        other: z
          .array(z.object({ label: z.string().min(1).max(60), amount: moneyAmount, monthly: z.boolean().default(false) }).strict())
          .max(10)
          .default([]),
      })
      .strict()
      .prefault({}),
    /** The partner's instant quote on the finance page and vehicle page (spec: instant quote), and the partner hand-over after the code. */
    instantQuote: z.boolean().default(false),
    /** Without a car, /finance is the Get Finance Now page with six featured used cars (spec: 'the get-finance call-to-action flag'). */
    getFinanceCta: z.boolean().default(false),
    /** The dealer-configured finance link: one more path that shows the finance enquiry (e.g. '/car-loans'). */
    link: z.string().regex(/^\/[a-z0-9-]+(\/[a-z0-9-]+)*$/, 'must be a path such as /car-loans').optional(),
  })
  .strict();

export type FinanceSettings = z.infer<typeof FinanceSettingsSchema>;

/**
 * The site's locations switches (locations rules: which locations a site shows, the consent flag
 * for licence numbers, reviews, the map, the one service location that books elsewhere). Every
 * "some sites / one site" rule of the locations side is one of these.
 */
const LocationSettingsSchema = z
  .object({
    /** Dealerships whose locations the site does not show (spec: 'hidden-dealerships list'), by dealership slug. */
    hiddenDealerships: z.array(slug).max(100).default([]),
    /** When set, the only dealerships whose locations the site shows (spec: 'shown-dealerships list'). */
    shownDealerships: z.array(slug).min(1).max(100).optional(),
    /** The consent flag: dealer licence (DL) and repairer (MRB) numbers shown on cards and pages. */
    showLicenceNumbers: z.boolean().default(false),
    reviews: z
      .object({
        /** No review badge, summary or list anywhere on the site. */
        hidden: z.boolean().default(false),
        /** The badge shows only for an average above this (spec: 'Reviews minimum rating 4'; the badge when the rating 'exceeds' it). */
        minimumRating: z.number().min(0).max(5).default(4),
      })
      .strict()
      .prefault({}),
    /**
     * The map's tile source: an https XYZ template ('https://tiles.example/{z}/{x}/{y}.png') and
     * the attribution its licence asks for. Without it, or when tiles cannot load, the map is the
     * platform's static one. The server adds the template's origin to the page's img-src.
     */
    mapTiles: z
      .object({
        url: z.string().regex(/^https:\/\/[a-z0-9.-]+(:\d+)?\/\S*\{z\}\S*\{x\}\S*\{y\}/, 'must be an https tile template with {z}, {x} and {y}'),
        attribution: z.string().min(1).max(200),
      })
      .strict()
      .optional(),
    /**
     * The one service location whose closed days read 'Enquire Now', linking to its external
     * service booking page (spec: 'on one site for one specific service location').
     */
    serviceBooking: z
      .object({ location: slug, url: z.string().regex(/^https:\/\/\S+$/, 'must be an https address') })
      .strict()
      .optional(),
  })
  .strict();

export type LocationSettings = z.infer<typeof LocationSettingsSchema>;

const LinkSchema = z.object({ label: z.string().min(1), href: z.string().startsWith('/') }).strict();

/**
 * The chrome's switches: the footer's link columns and the strips and promotions around the
 * page. The header's links are the site's `nav`; its brand menu is the site's `brands`.
 */
const ChromeSettingsSchema = z
  .object({
    /** The footer's columns of links (the site's pages, legal, the dealer's own content pages). */
    footer: z
      .array(z.object({ heading: z.string().min(1).max(40), links: z.array(LinkSchema).min(1).max(12) }).strict())
      .max(5)
      .default([]),
    /** Spec: 'Payment-accepted strip: Mastercard, Visa, Maestro, Google Pay, Apple Pay' (sites that take deposits online). */
    paymentStrip: z.boolean().default(false),
    /** Spec: 'Feature banner: See our latest offers; Book your service online; Sell your car (instant offer in 2 minutes)'. */
    featureBanner: z.boolean().default(false),
    /** Spec: the monthly sales counter (192 a day, Brisbane time), in the header's top bar. */
    salesCounter: z.boolean().default(false),
    /** Spec: the stocktake promotion's banner, shown only inside its window (1 to 24 July 2025, +10:00). */
    stocktakeBanner: z.boolean().default(false),
  })
  .strict();

export type ChromeSettings = z.infer<typeof ChromeSettingsSchema>;

const BrandSchema = z
  .object({
    title: z.string().min(1),
    slug,
    category: z.enum(['car', 'motorcycle', 'truck']),
    skipPage: z.boolean().default(false),
  })
  .strict();

export const TenantConfigSchema = z
  .object({
    slug,
    name: z.string().min(1).max(80),
    kind: z.enum(SITE_KINDS),
    /** Production host names; `{slug}.localhost` always resolves in development. */
    domains: z.array(z.string().regex(/^[a-z0-9.-]+$/, 'must be a bare host name')).default([]),
    logo: z.object({ text: z.string().min(1).max(4), alt: z.string().min(1) }).strict(),
    theme: z.object({ primary: hexColour, accent: hexColour }).strict(),
    contact: z
      .object({
        phone: z.string().regex(/^[0-9 +()]{8,20}$/, 'must be a phone number'),
        city: z.string().min(1),
        state: z.enum(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA']),
        /** The dealer's clock (an IANA zone) when it is not its state's capital's: opening hours and bookings are read in it. */
        timeZone: z
          .string()
          .refine((zone) => {
            try {
              new Intl.DateTimeFormat('en-AU', { timeZone: zone });
              return true;
            } catch {
              return false;
            }
          }, 'must be an IANA time zone, e.g. Australia/Brisbane')
          .optional(),
      })
      .strict(),
    features: FeaturesSchema.default({
      'mf-search': true,
      'mf-vehicle': true,
      'mf-finance': true,
      'mf-leads': true,
      'mf-locations': true,
    }),
    search: SearchSettingsSchema.default({
      hitsPerPage: 21,
      carTypes: ['new', 'used', 'demo'],
      itemNoun: 'car',
      baseFilters: '',
      soldVisibleDays: 3,
      priceAscRequiresPrice: false,
      promoSlots: { at: [] },
      wantYourCarHref: '/trade-in',
      badges: { fuelBadge: false, certifiedMake: null, newText: 'New', newDays: 8, soldText: 'just sold', greenTags: [] },
      saveUsedPricedWithImagesOnly: false,
      customBodies: false,
      collapseSold: false,
      shufflePromos: false,
      certifiedOnly: false,
      showViews: false,
      similarCount: 8,
      favourites: true,
      compare: true,
      filters: ['fuel', 'transmission'],
    }),
    vehicle: VehicleSettingsSchema.prefault({}),
    leads: LeadSettingsSchema.prefault({}),
    finance: FinanceSettingsSchema.prefault({}),
    locations: LocationSettingsSchema.prefault({}),
    /** Routes a signed-out visitor is sent to sign in for (spec: gated 'only on some sites'); online payment and garages are always gated. */
    gatedRoutes: z.array(z.enum(SITE_GATES)).max(SITE_GATES.length).default([]),
    nav: z.array(LinkSchema).max(12).default([]),
    chrome: ChromeSettingsSchema.prefault({}),
    /** The site's branded garage besides /my-garage (spec: '/mymotorama, /mybigboxcars, /myblinkr, /myservco'); always behind sign-in. */
    garage: z.enum(['/mymotorama', '/mybigboxcars', '/myblinkr', '/myservco']).optional(),
    brands: z.array(BrandSchema).default([]),
    /** Server-only settings: never inlined into a page. */
    private: z
      .object({
        leadsEmail: z.string().email().optional(),
      })
      .strict()
      .default({}),
  })
  .strict();

export type TenantConfig = z.infer<typeof TenantConfigSchema>;
export type TenantConfigInput = z.input<typeof TenantConfigSchema>;
export type PublicTenantConfig = Omit<TenantConfig, 'private' | 'domains'>;

export const PublicTenantConfigSchema = TenantConfigSchema.omit({ private: true, domains: true });

export function toPublicTenantConfig(config: TenantConfig): PublicTenantConfig {
  const { private: _private, domains: _domains, ...rest } = config;
  return rest;
}

export interface TenantConfigProblem {
  tenant: string;
  field: string;
  reason: string;
}

export class InvalidTenantConfigError extends Error {
  constructor(readonly problems: TenantConfigProblem[]) {
    super(
      'Invalid tenant configuration:\n' +
        problems.map((p) => `  - tenant '${p.tenant}', field '${p.field}': ${p.reason}`).join('\n'),
    );
    this.name = 'InvalidTenantConfigError';
  }
}

/**
 * Parses one tenant's raw config. `source` names the tenant in errors when the slug itself is
 * missing or wrong (the file name, typically).
 */
export function parseTenantConfig(raw: unknown, source: string): TenantConfig {
  const result = TenantConfigSchema.safeParse(raw);
  if (result.success) {
    const problems = searchLinkProblems(result.data);
    if (problems.length) throw new InvalidTenantConfigError(problems);
    return result.data;
  }
  const tenant =
    typeof raw === 'object' && raw !== null && typeof (raw as { slug?: unknown }).slug === 'string'
      ? (raw as { slug: string }).slug
      : source;
  throw new InvalidTenantConfigError(
    result.error.issues.map((issue) => ({
      tenant,
      field: issue.path.length ? issue.path.join('.') : '(root)',
      reason: issue.message,
    })),
  );
}

/**
 * The site's header and footer links to search pages that would list nothing: a condition route
 * (/search/used-cars, /search/new-and-used-caravans) must be one the search pages read, for car
 * types the site sells. A link to a make or dealership depends on stock, not configuration.
 */
function searchLinkProblems(config: TenantConfig): TenantConfigProblem[] {
  const links = [
    ...config.nav.map((link, i) => ({ field: `nav.${i}.href`, href: link.href })),
    ...config.chrome.footer.flatMap((column, c) => column.links.map((link, i) => ({ field: `chrome.footer.${c}.links.${i}.href`, href: link.href }))),
  ];
  return links.flatMap(({ field, href }) => {
    const reason = searchLinkProblem(href, config.search.carTypes, config.search.itemNoun);
    return reason ? [{ tenant: config.slug, field, reason }] : [];
  });
}

/** Parses every tenant and checks what only the set can show: unique slugs and domains. */
export function parseTenantConfigs(entries: Array<{ source: string; raw: unknown }>): TenantConfig[] {
  const problems: TenantConfigProblem[] = [];
  const configs: TenantConfig[] = [];
  for (const { source, raw } of entries) {
    try {
      configs.push(parseTenantConfig(raw, source));
    } catch (error) {
      if (error instanceof InvalidTenantConfigError) problems.push(...error.problems);
      else throw error;
    }
  }
  const seenSlugs = new Set<string>();
  const seenDomains = new Map<string, string>();
  for (const config of configs) {
    if (seenSlugs.has(config.slug)) {
      problems.push({ tenant: config.slug, field: 'slug', reason: 'is used by another tenant' });
    }
    seenSlugs.add(config.slug);
    config.domains.forEach((domain, i) => {
      const owner = seenDomains.get(domain);
      if (owner) {
        problems.push({ tenant: config.slug, field: `domains.${i}`, reason: `'${domain}' already belongs to '${owner}'` });
      }
      seenDomains.set(domain, config.slug);
    });
  }
  if (problems.length) throw new InvalidTenantConfigError(problems);
  return configs;
}

// The dealer's clock lives with the hours (no validation library in the pages that read it).
export { dealerTimeZone } from '../hours';

/**
 * Paths a site gives a team beyond its build's routes.json: the dealer-configured finance link
 * (spec: 'a dealer-configured finance link' shows the finance enquiry) and the branded garage
 * (mf-search's garage page). The platform adds them to
 * the team's routes in the page's manifest, so the shell mounts the team there; the team's app
 * routes them too.
 */
export function tenantRoutes(tenant: Pick<TenantConfig, 'finance' | 'garage'>, team: string): string[] {
  if (team === 'mf-finance' && tenant.finance.link) return [tenant.finance.link];
  if (team === 'mf-search' && tenant.garage) return [tenant.garage];
  return [];
}
