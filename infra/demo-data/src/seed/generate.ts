import { capitalise } from '@forecourt/shared-config/format';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import { usedCarPromiseSentence } from '@forecourt/shared-config/used-car-promise';
import { formattedHours } from '@forecourt/shared-config/hours';
import {
  type BlogCard,
  type Brand,
  type Car,
  type Dealership,
  type Location,
  type Manufacturer,
  type Model,
  type OpeningHour,
  type PromoNode,
  type Review,
  type Slide,
  type SpecialHours,
  type TenantStock,
  type Catalogue,
} from '@forecourt/data/stock-model';
import { CARAVANS, CARS, MOTORCYCLES, TRUCKS, type MakeSpec } from './catalogue';
import { dealershipPlansFor, type DealershipPlan, type SitePlan } from './places';
import { Random } from './random';
import { makeCar } from './car-builder';
import {
  CARAVAN_TAGS,
  CUSTOM_TAGS,
  DAY_MS,
  DEFAULT_CARS_PER_TENANT,
  JUST_ARRIVED_DAYS,
  SOLD_VISIBLE_DAYS,
  dateOnly,
  isoDate,
  itemsAreCars,
  slugify,
} from './rules';

/**
 * Deterministic demo stock. The same seed, tenants and reference time give byte-identical
 * data. Distributions are chosen so every case the pages handle occurs for every tenant:
 * every status (sold inside and outside the 3-day window), every tag, reserved, certified,
 * cars inside the 8-day 'New' window, 0 / 1-3 / many images, videos, 360 spin sets with
 * hotspots, price 0, price <= 10 (preorder), offer and was-prices, and finance lenders for every
 * provider the specification names.
 */

export interface SeedOptions {
  seed: number;
  /** Cars per tenant. */
  carsPerTenant: number;
  /** The 'now' that ages, windows and expiry dates are relative to. */
  now: Date;
}

export function catalogueFor(tenant: TenantConfig): MakeSpec[] {
  if (tenant.kind === 'caravan') return [...CARAVANS];
  if (tenant.kind === 'dealer-group') return [...CARS, ...MOTORCYCLES, ...TRUCKS];
  return [...CARS];
}

function sellsFrom(plan: DealershipPlan, catalogue: MakeSpec[]): MakeSpec[] {
  const sold = catalogue.filter((make) => plan.sells.includes(make.itemType));
  return sold.length ? sold : catalogue;
}

function openingHours(type: string, rnd: Random): OpeningHour[] {
  // Spec sample: service Mon-Fri 7:30-4:30, parts 8-4; sales open Saturday too.
  const weekday = type === 'service' ? ['07:30', '16:30'] : type === 'parts' ? ['08:00', '16:00'] : ['08:30', '17:30'];
  const saturday =
    type === 'sales' ? ['09:00', rnd.pick(['16:00', '17:00'])] : type === 'parts' ? ['08:00', '12:00'] : null;
  const sunday = type === 'sales' && rnd.chance(0.5) ? ['10:00', '16:00'] : null;
  return [0, 1, 2, 3, 4, 5, 6].map((day) => {
    const hours = day === 0 ? sunday : day === 6 ? saturday : weekday;
    return hours
      ? {
          weekday: day,
          status: 'Open' as const,
          formated_hours: formattedHours(hours[0]!, hours[1]!),
          open: hours[0]!,
          close: hours[1]!,
        }
      : { weekday: day, status: 'Closed' as const, formated_hours: 'Closed', open: null, close: null };
  });
}

function specialHours(locationId: string, now: Date): SpecialHours[] {
  const year = now.getUTCFullYear();
  return [
    { date: `${year}-12-25`, status: 'Closed', location_id: locationId, start_hour: null, end_hour: null },
    { date: `${year}-12-26`, status: 'Closed', location_id: locationId, start_hour: null, end_hour: null },
    { date: `${year}-12-31`, status: 'Open', location_id: locationId, start_hour: '09:00', end_hour: '13:00' },
    {
      date: `${year + 1}-01-02`,
      status: 'By appointment only',
      location_id: locationId,
      start_hour: null,
      end_hour: null,
    },
  ];
}

const REVIEW_NAMES = [
  'Olivia M.',
  'Jack T.',
  'Charlotte R.',
  'Noah W.',
  'Amelia K.',
  'Liam P.',
  'Isla B.',
  'William H.',
  'Mia C.',
  'Lucas D.',
];
const REVIEW_TEXTS = [
  'Easy to deal with from start to finish. The car was spotless at pick-up.',
  'Great trade-in price and no pressure. Would buy here again.',
  'Finance was sorted the same day. Thanks to the whole team.',
  'Service booking online was simple and they finished early.',
  'Honest advice about which model suited our family.',
  'Took a while to get the paperwork through, but they kept us updated.',
];

/** 'Harbourside Motors Parramatta', but 'Summit Kia Springwood' rather than '... Springwood Springwood'. */
const siteName = (plan: DealershipPlan, site: SitePlan) =>
  plan.name.endsWith(site.suburb) ? plan.name : `${plan.name} ${site.suburb}`;
const label = (type: string) => (type === 'car-buying' ? 'Car Buying' : `${type[0]!.toUpperCase()}${type.slice(1)}`);

function buildDealers(tenant: TenantConfig, rnd: Random, now: Date) {
  const dealerships: Dealership[] = [];
  const locations: Location[] = [];
  const reviews: Review[] = [];
  dealershipPlansFor(tenant).forEach((plan, d) => {
    const dealershipId = `${tenant.slug}-d${d + 1}`;
    const dealerReviews: Review[] = [];
    // Spec sample data: 20 reviews shown, a much larger total, average around 4.6.
    for (let i = 0; i < 20; i++) {
      const drawn = rnd.weighted([
        [5, 70],
        [4, 20],
        [3, 6],
        [2, 2],
        [1, 2],
      ] as const);
      const rating = plan.reviews?.ratings[i] ?? drawn;
      const date = now.getTime() - rnd.int(1, 400) * DAY_MS;
      const replied = rnd.chance(0.4);
      dealerReviews.push({
        id: `${dealershipId}-r${i + 1}`,
        tenant: tenant.slug,
        dealership_id: dealershipId,
        customer_name: rnd.pick(REVIEW_NAMES),
        text: rnd.pick(REVIEW_TEXTS),
        rating,
        review_date: isoDate(date),
        reply_text: replied ? `Thanks for choosing ${plan.name}!` : null,
        reply_date: replied ? isoDate(date + 2 * DAY_MS) : null,
        image: null,
      });
    }
    const drawnCount = rnd.int(150, 700);
    const reviewCount = plan.reviews?.total ?? drawnCount;
    const average = Math.round((dealerReviews.reduce((s, r) => s + r.rating, 0) / dealerReviews.length) * 10) / 10;
    dealerships.push({
      id: dealershipId,
      tenant: tenant.slug,
      slug: plan.slug,
      name: plan.name,
      average_rating: average,
      review_count: reviewCount,
    });
    reviews.push(...dealerReviews);

    // A car's distribution locations: the dealership's yards that sell (not its service or buying sites).
    const salesYards = plan.sites.filter((p) => p.types.includes('sales'));
    plan.sites.forEach((site, s) => {
      const siteHours = Object.fromEntries(site.types.map((type) => [type, openingHours(type, rnd)]));
      for (const [t, type] of (site.oneListing ? site.types.slice(0, 1) : site.types).entries()) {
        const id = `${dealershipId}-l${s + 1}${t ? `-${type}` : ''}`;
        const name = t === 0 ? siteName(plan, site) : `${siteName(plan, site)} ${label(type)}`;
        // One listing keeps every department's hours (the card's type selector); a department
        // with its own row keeps its own.
        const hours: Record<string, OpeningHour[]> = site.oneListing ? siteHours : { [type]: siteHours[type]! };
        locations.push({
          id,
          tenant: tenant.slug,
          name,
          slug: t === 0 ? `${tenant.slug}-${site.suffix}` : `${tenant.slug}-${site.suffix}-${type}`,
          location_type: type,
          location_subtype: type === 'sales' && rnd.chance(0.5) ? ['buying'] : [],
          manufacturers: site.manufacturers,
          primary: d === 0 && s === 0 && t === 0,
          visible: !site.unlisted?.includes(type),
          dealership_id: dealershipId,
          dealership_slug: plan.slug,
          dealer_license_number: type === 'sales' ? `MD${rnd.int(10000, 99999)}` : null,
          motor_vehicle_repairer: type === 'service' ? `MVRL${rnd.int(40000, 59999)}` : null,
          image_url: `/media/locations/${id}.jpg`,
          distribution_locations: salesYards.length > 1 ? salesYards.map((yard) => siteName(plan, yard)) : [],
          average_rating: average,
          review_count: reviewCount,
          address: {
            street: site.street,
            city: site.city,
            state: site.state,
            postcode: site.postcode,
            lat: site.lat,
            long: site.long,
            place_url: `https://maps.google.com/?q=${encodeURIComponent(`${site.street}, ${site.suburb} ${site.state} ${site.postcode}`)}`,
            place_id: `demo-place-${id}`,
            map_key: `${site.lat},${site.long}`,
          },
          contact_detail: {
            phone: t === 0 ? tenant.contact.phone : `${tenant.contact.phone.slice(0, -1)}${t}`,
            landline_phone: rnd.chance(0.5) ? tenant.contact.phone : null,
            opening_hours: hours,
          },
          special_hours: specialHours(id, now),
        });
      }
    });
  });
  return { dealerships, locations, reviews };
}

function tenantContent(tenant: TenantConfig, rnd: Random, now: Date) {
  const brands: Brand[] = tenant.brands.map((brand) => ({
    tenant: tenant.slug,
    title: brand.title,
    slug: brand.slug,
    category: brand.category,
    logo: `/media/brands/${brand.slug}.jpg?w=200`,
    banner: `/media/brands/${brand.slug}-banner.jpg?w=1600`,
    description: `${brand.title} ${brand.category === 'car' ? 'cars' : `${brand.category}s`} at ${tenant.name}: new and used stock, genuine service and parts.`,
    skip_page: brand.skipPage,
  }));
  const noun = tenant.search.itemNoun;
  const slides: Slide[] = [
    {
      name: `Welcome to ${tenant.name}`,
      description: `Quality ${tenant.search.itemNoun}s in ${tenant.contact.city}.`,
      url: '/search/new-used-and-demo-cars',
    },
    { name: 'Special offers', description: 'Save on selected stock this month.', url: '/special-offers' },
    {
      name: `Sell your ${noun}`,
      description: tenant.leads.tradeIn
        ? 'Get an instant offer in 2 minutes.'
        : 'We inspect it in person and make you an offer.',
      url: '/sell-my-car',
    },
  ].map((s, i) => ({
    id: `${tenant.slug}-s${i + 1}`,
    tenant: tenant.slug,
    image_url: `/media/slides/${tenant.slug}-${i + 1}.jpg?w=1600`,
    hide_overlay: i === 2,
    ...s,
  }));
  const day = (n: number) => isoDate(now.getTime() + n * DAY_MS);
  // Spec: the card's text, word for word on a site of cars. A dealer of other items promotes what
  // it does buy, in its own noun, with no instant offer where it values them in person only.
  const wantYourCar = itemsAreCars(noun)
    ? {
        title: 'We Want Your Car!',
        text: 'We buy all types of cars / Our high turnover means we can pay more',
        href: tenant.search.wantYourCarHref,
        image_url: null,
      }
    : {
        title: `We Want Your ${capitalise(noun)}!`,
        text: `We buy ${noun}s of every make / ${tenant.leads.tradeIn ? 'Get an instant offer online' : 'We inspect yours in person and make you an offer'}`,
        href: tenant.search.wantYourCarHref,
        image_url: null,
      };
  const promos: PromoNode[] = [
    { start: null, expiry: null, position: 1, display: [], strict_display: false, node: wantYourCar },
    {
      start: day(-10),
      expiry: day(20),
      position: 2,
      display: ['new', 'demo'],
      strict_display: false,
      node: {
        title: 'Runout sale',
        text: 'Runout pricing on selected new and demo stock.',
        href: '/special-offers',
        image_url: null,
      },
    },
    {
      start: day(5),
      expiry: null,
      position: null,
      display: [],
      strict_display: false,
      node: {
        title: 'Coming soon: EOFY sale',
        text: 'Our end of financial year sale starts soon.',
        href: '/special-offers',
        image_url: null,
      },
    },
    {
      start: null,
      expiry: day(-1),
      position: null,
      display: [],
      strict_display: false,
      node: { title: 'Stocktake sale', text: 'Stocktake pricing has ended.', href: '/special-offers', image_url: null },
    },
    {
      start: day(-3),
      expiry: null,
      position: null,
      display: ['used'],
      strict_display: true,
      node: {
        title: `Used ${noun} guarantee`,
        text: usedCarPromiseSentence(tenant.vehicle.usedCarPromise, noun),
        href: '/search/used-cars',
        image_url: null,
      },
    },
  ].map((p, i) => ({
    id: `${tenant.slug}-p${i + 1}`,
    tenant: tenant.slug,
    ...(p as Omit<PromoNode, 'id' | 'tenant'>),
  }));
  const blog: BlogCard[] = [
    ['Buying your first car: a checklist', 'buyer-advice'],
    ['How often should you service your car?', 'servicing-insights'],
    ['Five tips for towing safely', 'motoring-tips'],
    [`${tenant.contact.city} weekend drives`, 'vehicle-reviews'],
  ].map(([heading, section], i) => ({
    id: `${tenant.slug}-b${i + 1}`,
    tenant: tenant.slug,
    heading: heading!,
    description: `${heading} — from the team at ${tenant.name}.`,
    href: `/blog/${section}/${slugify(heading!)}`,
    image: `/media/blog/${tenant.slug}-${i + 1}.jpg?w=800`,
    date: dateOnly(now.getTime() - rnd.int(3, 200) * DAY_MS),
  }));
  return { brands, slides, promos, blog };
}

export function generateTenantStock(tenant: TenantConfig, options: SeedOptions, tenantIndex = 0): TenantStock {
  const rnd = new Random(options.seed).fork(tenantIndex + 1);
  const { dealerships, locations, reviews } = buildDealers(tenant, rnd.fork(1), options.now);
  const catalogue = catalogueFor(tenant);
  const plans = dealershipPlansFor(tenant)
    .map((plan, d) => ({
      plan,
      dealership: dealerships[d]!,
      locations: locations.filter((l) => l.dealership_id === dealerships[d]!.id && l.location_type === 'sales'),
      catalogue: sellsFrom(plan, catalogue),
    }))
    .filter(({ plan }) => !plan.noStock);
  const carRnd = rnd.fork(2);
  const cars = Array.from({ length: options.carsPerTenant }, (_, i) =>
    makeCar(tenant, plans[i % plans.length]!, i, carRnd, options.now),
  );
  return {
    tenant: tenant.slug,
    dealerships,
    locations,
    reviews,
    cars,
    ...tenantContent(tenant, rnd.fork(3), options.now),
  };
}

/** The manufacturer/model catalogue the tenants' stock draws on (dealership-scoped in queries). */
export function generateCatalogue(tenants: readonly TenantConfig[]): Catalogue {
  const makes = new Map<string, MakeSpec>();
  for (const tenant of tenants) for (const make of catalogueFor(tenant)) makes.set(make.make, make);
  const manufacturers: Manufacturer[] = [];
  const models: Model[] = [];
  for (const make of makes.values()) {
    const id = slugify(make.make);
    manufacturers.push({ id, name: make.make, slug: id, logo_url: `/media/makes/${id}.jpg?w=200` });
    for (const spec of make.models) {
      const slug = slugify(spec.model);
      models.push({
        id: `${id}-${slug}`,
        manufacturer_id: id,
        name: spec.model,
        slug,
        body: spec.body,
        image_url: `/media/models/${id}-${slug}.jpg?w=600`,
        accessories_count: (slug.length * 7) % 40,
        override_url: null,
      });
    }
  }
  return { manufacturers, models };
}

/** The start of the current UTC day: seeds made on one day are identical. */
export function defaultSeedNow(clock: () => Date = () => new Date()): Date {
  const now = clock();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export { CARAVAN_TAGS, CUSTOM_TAGS, DAY_MS, DEFAULT_CARS_PER_TENANT, JUST_ARRIVED_DAYS, SOLD_VISIBLE_DAYS, slugify };
export type { Car };
