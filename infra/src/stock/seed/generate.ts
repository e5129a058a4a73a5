import type { TenantConfig } from '@forecourt/shared-config/tenant';
import {
  FINANCE_PROVIDERS,
  type BlogCard,
  type Brand,
  type Car,
  type CarType,
  type CarStatus,
  type Dealership,
  type FinanceLender,
  type FinanceProvider,
  type Hotspot,
  type Location,
  type Manufacturer,
  type Model,
  type OpeningHour,
  type PromoNode,
  type Review,
  type Slide,
  type SpecialHours,
} from '../model';
import { CARAVANS, CARS, COLOURS, FEATURES, MOTORCYCLES, TRUCKS, type MakeSpec, type ModelSpec } from './catalogue';
import { dealershipPlansFor, type DealershipPlan } from './places';
import { Random } from './random';

/**
 * Deterministic demo stock. The same seed, tenants and reference time give byte-identical
 * data. Distributions are chosen so every case the pages handle occurs for every tenant:
 * every status (sold inside and outside the 3-day window), every tag, reserved, certified,
 * cars inside the 8-day 'New' window, 0 / 1-3 / many images, videos, 360 spin sets with
 * hotspots, price 0, price <= 10 (preorder), offer and was-prices, and finance lenders for every
 * provider the specification names.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Spec: sold cars stay visible for 3 days; cars are 'New' for 8 days. */
export const SOLD_VISIBLE_DAYS = 3;
export const JUST_ARRIVED_DAYS = 8;
export const DEFAULT_CARS_PER_TENANT = 240;

export const CUSTOM_TAGS = ['runout sale', 'Test Drive Only', 'Clearance', 'Low Kms', 'One Owner'] as const;

export interface SeedOptions {
  seed: number;
  /** Cars per tenant. */
  carsPerTenant: number;
  /** The 'now' that ages, windows and expiry dates are relative to. */
  now: Date;
}

export interface TenantStock {
  tenant: string;
  dealerships: Dealership[];
  locations: Location[];
  reviews: Review[];
  cars: Car[];
  brands: Brand[];
  slides: Slide[];
  promos: PromoNode[];
  blog: BlogCard[];
}

export interface Catalogue {
  manufacturers: Manufacturer[];
  models: Model[];
}

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const isoDate = (ms: number) => new Date(ms).toISOString();
const dateOnly = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const roundTo = (value: number, step: number) => Math.round(value / step) * step;

/** Standard amortisation: the spec's repayment formula, periods per year 52/26/12. */
export function repayment(principal: number, annualRatePercent: number, years: number, perYear: number, balloon = 0): number {
  const n = years * perYear;
  const r = annualRatePercent / 100 / perYear;
  if (r === 0) return (principal - balloon) / n;
  return ((principal - balloon / Math.pow(1 + r, n)) * r) / (1 - Math.pow(1 + r, -n));
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
  const saturday = type === 'sales' ? ['09:00', rnd.pick(['16:00', '17:00'])] : type === 'parts' ? ['08:00', '12:00'] : null;
  const sunday = type === 'sales' && rnd.chance(0.5) ? ['10:00', '16:00'] : null;
  const fmt = (t: string) => {
    const [h, m] = t.split(':').map(Number) as [number, number];
    const h12 = ((h + 11) % 12) + 1;
    return `${h12}${m ? `:${String(m).padStart(2, '0')}` : ''}${h < 12 ? 'am' : 'pm'}`;
  };
  return [0, 1, 2, 3, 4, 5, 6].map((day) => {
    const hours = day === 0 ? sunday : day === 6 ? saturday : weekday;
    return hours
      ? { weekday: day, status: 'Open' as const, formated_hours: `${fmt(hours[0]!)} - ${fmt(hours[1]!)}`, open: hours[0]!, close: hours[1]! }
      : { weekday: day, status: 'Closed' as const, formated_hours: 'Closed', open: null, close: null };
  });
}

function specialHours(locationId: string, now: Date): SpecialHours[] {
  const year = now.getUTCFullYear();
  return [
    { date: `${year}-12-25`, status: 'Closed', location_id: locationId, start_hour: null, end_hour: null },
    { date: `${year}-12-26`, status: 'Closed', location_id: locationId, start_hour: null, end_hour: null },
    { date: `${year}-12-31`, status: 'Open', location_id: locationId, start_hour: '09:00', end_hour: '13:00' },
    { date: `${year + 1}-01-02`, status: 'By appointment only', location_id: locationId, start_hour: null, end_hour: null },
  ];
}

const REVIEW_NAMES = ['Olivia M.', 'Jack T.', 'Charlotte R.', 'Noah W.', 'Amelia K.', 'Liam P.', 'Isla B.', 'William H.', 'Mia C.', 'Lucas D.'];
const REVIEW_TEXTS = [
  'Easy to deal with from start to finish. The car was spotless at pick-up.',
  'Great trade-in price and no pressure. Would buy here again.',
  'Finance was sorted the same day. Thanks to the whole team.',
  'Service booking online was simple and they finished early.',
  'Honest advice about which model suited our family.',
  'Took a while to get the paperwork through, but they kept us updated.',
];

function buildDealers(tenant: TenantConfig, rnd: Random, now: Date) {
  const dealerships: Dealership[] = [];
  const locations: Location[] = [];
  const reviews: Review[] = [];
  dealershipPlansFor(tenant).forEach((plan, d) => {
    const dealershipId = `${tenant.slug}-d${d + 1}`;
    const dealerReviews: Review[] = [];
    // Spec sample data: 20 reviews shown, a much larger total, average around 4.6.
    for (let i = 0; i < 20; i++) {
      const rating = rnd.weighted([[5, 70], [4, 20], [3, 6], [2, 2], [1, 2]] as const);
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
    const reviewCount = rnd.int(150, 700);
    const average = Math.round((dealerReviews.reduce((s, r) => s + r.rating, 0) / dealerReviews.length) * 10) / 10;
    dealerships.push({ id: dealershipId, tenant: tenant.slug, slug: plan.slug, name: plan.name, average_rating: average, review_count: reviewCount });
    reviews.push(...dealerReviews);

    plan.sites.forEach((site, s) => {
      for (const [t, type] of site.types.entries()) {
        const id = `${dealershipId}-l${s + 1}${t ? `-${type}` : ''}`;
        const name = t === 0 ? `${plan.name} ${site.suburb}` : `${plan.name} ${site.suburb} ${type[0]!.toUpperCase()}${type.slice(1)}`;
        const hours: Record<string, OpeningHour[]> = { [type]: openingHours(type, rnd) };
        locations.push({
          id,
          tenant: tenant.slug,
          name,
          slug: t === 0 ? `${tenant.slug}-${site.suffix}` : `${tenant.slug}-${site.suffix}-${type}`,
          location_type: type,
          location_subtype: type === 'sales' && rnd.chance(0.5) ? ['buying'] : [],
          manufacturers: site.manufacturers,
          primary: d === 0 && s === 0 && t === 0,
          visible: true,
          dealership_id: dealershipId,
          dealership_slug: plan.slug,
          dealer_license_number: type === 'sales' ? `MD${rnd.int(10000, 99999)}` : null,
          motor_vehicle_repairer: type === 'service' ? `MVRL${rnd.int(40000, 59999)}` : null,
          image_url: `/media/locations/${id}.jpg`,
          distribution_locations: plan.sites.length > 1 ? plan.sites.map((p) => `${plan.name} ${p.suburb}`) : [],
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

function lenderFor(provider: FinanceProvider, price: number, rnd: Random, car: { year: number }, now: Date): FinanceLender {
  const termYears = provider === 'Nissan Finance' ? 4 : 5;
  const interestRate = Math.round(rnd.around(9.5, 2.5, 5.99, 15.99) * 100) / 100;
  // A missing comparison rate or payment is a real case the eligibility rules must handle.
  const comparisonRate = rnd.chance(0.12) ? null : Math.round((interestRate + rnd.around(0.9, 0.4, 0.2, 2)) * 100) / 100;
  const deposit = roundTo(price * 0.1, 10);
  const balloon = roundTo(price * 0.3, 10);
  const establishmentFees = provider === 'Taurus' ? 1360.5 : rnd.pick([395, 990, 1300]);
  const principal = price - deposit + establishmentFees;
  const week = repayment(principal, interestRate, termYears, 52, balloon);
  const month = repayment(principal, interestRate, termYears, 12, balloon);
  const omitWeek = rnd.chance(0.08);
  const omitMonth = rnd.chance(0.08);
  const lender: FinanceLender = {
    financeProvider: provider,
    disclaimer: `Estimate only, based on a ${termYears}-year secured loan with a 10% deposit and a 30% final payment at ${interestRate}% p.a.${comparisonRate ? ` (comparison rate ${comparisonRate}% p.a.)` : ''}. The comparison rate is based on a 5-year secured loan of $30,000. This calculator is a guide only and not a loan offer; fees and charges apply. ${car.year < now.getUTCFullYear() - 12 ? 'Vehicle age may limit lender choice.' : ''}`.trim(),
    termYears,
    termMonths: termYears * 12,
    termWeeks: termYears * 52,
    interestRate,
    comparisonRate,
    establishmentFees,
    deposit,
    balloon,
    totalPayable: Math.round(month * termYears * 12 + balloon + deposit),
    paymentWeek: omitWeek ? null : Math.round(week * 100) / 100,
    paymentMonth: omitMonth ? null : Math.round(month * 100) / 100,
  };
  lender[`term${termYears}`] = Math.round(week * 100) / 100;
  return lender;
}

function hotspots(carId: string, rnd: Random, frames: number): { exterior: Hotspot[]; interior: Hotspot[] } {
  const make = (kind: string, labels: readonly string[], count: number): Hotspot[] =>
    Array.from({ length: count }, (_, i) => {
      const id = `${carId}-${kind}-${i + 1}`;
      const start = rnd.int(0, frames - 1);
      return {
        id,
        description: labels[i % labels.length]!,
        positions: Array.from({ length: 3 }, (_, k) => ({
          hotspotId: id,
          activeAngle: (start + k) % frames,
          posX: Math.round(rnd.around(50, 25, 5, 95) * 10) / 10,
          posY: Math.round(rnd.around(55, 15, 10, 90) * 10) / 10,
        })),
      };
    });
  return {
    exterior: make('ext', ['Alloy wheels', 'LED headlights', 'Tow bar', 'Roof racks', 'Minor scratch on rear bumper'], rnd.int(2, 4)),
    interior: make('int', ['Leather seats', 'Touchscreen with Apple CarPlay', 'Wear on driver bolster'], rnd.int(1, 3)),
  };
}

function makeCar(tenant: TenantConfig, plan: { dealership: Dealership; locations: Location[]; catalogue: MakeSpec[] }, index: number, rnd: Random, now: Date): Car {
  const makeSpec = rnd.weighted(plan.catalogue.map((make) => [make, make.share] as const));
  const spec: ModelSpec = rnd.pick(makeSpec.models);
  const carTypes = tenant.search.carTypes;
  const carType: CarType = rnd.weighted(
    ([['new', 35], ['used', 50], ['demo', 15]] as const).filter(([type]) => carTypes.includes(type)),
  );
  const thisYear = now.getUTCFullYear();
  const year = carType === 'used' ? thisYear - Math.round(rnd.around(5, 5, 1, 16)) : carType === 'demo' ? thisYear - rnd.int(0, 1) : thisYear - (rnd.chance(0.2) ? 1 : 0);
  const age = thisYear - year;
  const km = carType === 'new' ? rnd.int(0, 50) : carType === 'demo' ? rnd.int(500, 15000) : Math.round(Math.max(1, age) * rnd.around(14000, 6000, 2000, 30000));
  const depreciation = carType === 'new' ? 1 : Math.max(0.15, Math.pow(0.86, age) - km / 1_500_000) * (carType === 'demo' ? 0.92 : 1);
  const basePrice = Math.max(2990, roundTo(spec.newPrice * depreciation * rnd.around(1, 0.06, 0.85, 1.15), 1000) - 10);

  // Price cases the display rules handle: 0 (no price text) and <= 10 (PREORDER on preorder cars).
  const priceCase = rnd.weighted([['normal', 94], ['zero', 3], ['preorder', 3]] as const);
  const preorder = priceCase === 'preorder';
  const price = priceCase === 'zero' ? 0 : preorder ? rnd.int(1, 10) : basePrice;
  const onOffer = price > 10 && rnd.chance(0.12);
  const offerPrice = onOffer ? price - roundTo(price * rnd.around(0.06, 0.02, 0.02, 0.12), 100) : null;
  const beforePrice = price > 10 && (onOffer || rnd.chance(0.08)) ? price + roundTo(price * 0.07, 100) : null;

  const status: CarStatus = rnd.weighted([['in_stock', 78], ['coming_soon', 7], ['sold', 11], ['on_hold', 2], ['archived', 2]] as const);
  const soldRecently = rnd.chance(0.5);
  const soldAt = status === 'sold' ? now.getTime() - (soldRecently ? rnd.int(1, SOLD_VISIBLE_DAYS * 24 - 1) * 3600_000 : rnd.int(SOLD_VISIBLE_DAYS + 1, 60) * DAY_MS) : null;
  const createdAt = now.getTime() - (rnd.chance(0.12) ? rnd.int(1, JUST_ARRIVED_DAYS * 24 - 1) * 3600_000 : rnd.int(JUST_ARRIVED_DAYS + 1, 150) * DAY_MS);

  const tag =
    rnd.chance(0.22)
      ? rnd.pick(CUSTOM_TAGS.filter((t) => (t === 'runout sale' ? carType !== 'used' : t === 'Low Kms' || t === 'One Owner' ? carType === 'used' : true)))
      : null;
  const certified = carType === 'used' && ['Toyota', 'Mazda', 'Hyundai'].includes(makeSpec.make) && age <= 6 && rnd.chance(0.55);
  const colour = rnd.weighted(COLOURS.map((c) => [c, c[2]] as const));
  const badge = rnd.pick(spec.badges);
  const fuel = rnd.pick(spec.fuels);
  const drive = rnd.pick(spec.drives);
  const location = rnd.pick(plan.locations);
  const stocknum = `${tenant.slug.slice(0, 2).toUpperCase()}${String(10000 + index).padStart(6, '0')}`;
  const id = `${tenant.slug}-${index + 1}`;
  const name = `${year} ${makeSpec.make} ${spec.model} ${badge}`;
  const slug = `${slugify(name)}-${stocknum.toLowerCase()}`;

  const imageCount = rnd.weighted([[0, 4], [1, 4], [2, 3], [3, 3], [rnd.int(4, 24), 86]] as const);
  const images = Array.from({ length: imageCount }, (_, n) => ({
    image: { url: `/media/cars/${id}/${n + 1}.jpg?w=1200`, thumb: { url: `/media/cars/${id}/${n + 1}.jpg?w=240` } },
  }));
  const hasSpin = imageCount > 3 && rnd.chance(0.12);
  const spinFrames = 36;
  const features = FEATURES.filter(() => rnd.chance(0.45));
  const comments = rnd.chance(0.06)
    ? ''
    : [
        `${name} in ${colour[0].toLowerCase()}${km > 100 ? ` with ${km.toLocaleString('en-AU')} km` : ''}.`,
        features.length ? `Features ${features.slice(0, 6).join(', ')}.` : 'Well equipped for the price.',
        carType === 'used' ? 'Full service history, roadworthy certificate supplied.' : 'Factory warranty applies.',
        rnd.chance(0.3)
          ? 'Our team can arrange finance, insurance and extended warranty on the spot, and we will consider your trade-in. Call or enquire online today to book a test drive at a time that suits you, including weekends.'
          : '',
      ]
        .filter(Boolean)
        .join(' | ');

  const lenders: Car['finance_lenders'] = {};
  if (price > 500) {
    // Each provider the spec names appears across the stock; a car has one to three.
    const count = rnd.int(1, 3);
    const start = index % FINANCE_PROVIDERS.length;
    for (let k = 0; k < count; k++) {
      const provider = FINANCE_PROVIDERS[(start + k * 2) % FINANCE_PROVIDERS.length]!;
      lenders[provider] = lenderFor(provider, offerPrice ?? price, rnd, { year }, now);
    }
  }
  const weekly = price > 500 && rnd.chance(0.75) ? Math.round(repayment((offerPrice ?? price) * 0.9, 8.5, 5, 52, (offerPrice ?? price) * 0.3)) : null;
  const inStock = status === 'in_stock' || status === 'coming_soon';
  const isCaravan = makeSpec.itemType === 'caravan';
  const regoFuture = rnd.chance(0.8);

  return {
    id,
    tenant: tenant.slug,
    slug,
    path: `/cars/${slug}`,
    name,
    item_type: makeSpec.itemType,
    year,
    make: makeSpec.make,
    model: spec.model,
    badge,
    series: tenant.slug === 'harbourside-motors' && rnd.chance(0.3) ? rnd.pick(['duo', 'city', 'sport']) : null,
    colour: colour[0],
    price,
    before_price: beforePrice,
    offer_price: offerPrice,
    subscription_price: tenant.slug === 'harbourside-motors' && price > 10 && rnd.chance(0.1) ? Math.round(price / 260) : null,
    price_type: carType === 'used' ? rnd.pick(['Drive Away', 'Excl. Government Charges']) : 'Drive Away',
    preorder,
    km,
    stocknum,
    vin: `${makeSpec.make.slice(0, 3).toUpperCase()}${rnd.int(10_000_000, 99_999_999)}${String(index).padStart(6, '0')}`.slice(0, 17).padEnd(17, '0'),
    nvic: isCaravan || rnd.chance(0.15) ? null : `${spec.model.replace(/[^A-Z0-9]/gi, '').slice(0, 3).toUpperCase()}${year % 100}${rnd.int(10, 99)}`,
    regplate: carType === 'new' ? null : `${rnd.int(100, 999)}${String.fromCharCode(65 + rnd.int(0, 25), 65 + rnd.int(0, 25), 65 + rnd.int(0, 25))}`,
    rego_expiry: carType === 'new' ? null : dateOnly(now.getTime() + (regoFuture ? rnd.int(10, 360) : -rnd.int(10, 200)) * DAY_MS),
    build_date: `${year}-${String(rnd.int(1, 12)).padStart(2, '0')}`,
    compliance_date: `${year}-${String(rnd.int(1, 12)).padStart(2, '0')}`,
    status,
    sold_at: soldAt === null ? null : isoDate(soldAt),
    car_type: carType,
    tag,
    reserved: inStock && rnd.chance(0.05),
    certified,
    created_at: isoDate(createdAt),
    views: rnd.int(0, 2500),
    fuel: fuel === 'none' ? 'Not applicable' : fuel === 'diesel' ? 'Diesel' : fuel === 'electric' ? 'Electric' : fuel.includes('hybrid') ? `Petrol ${fuel}` : 'Unleaded Petrol',
    simple_fuel: fuel,
    body: spec.body,
    simple_body: spec.body,
    transmission: isCaravan ? 'Not applicable' : rnd.chance(0.9) ? 'Automatic' : 'Manual',
    simple_transmission: isCaravan ? 'none' : rnd.chance(0.9) ? 'automatic' : 'manual',
    drive,
    seats: spec.seats,
    engine_size: spec.engineLitres === null ? null : Math.round(spec.engineLitres * 1000),
    engine_size_litres: spec.engineLitres,
    dealercomments: comments,
    dealership_id: plan.dealership.id,
    dealership_slug: plan.dealership.slug,
    dealership_name: plan.dealership.name,
    location_id: location.id,
    city: location.address.city,
    state: location.address.state,
    images,
    primary_image_url: images[0]?.image.url ?? null,
    // Demo videos are external (an embedded player), the case that needs no video file here.
    video_url: null,
    external_video_url: imageCount > 3 && rnd.chance(0.1) ? `https://www.youtube.com/embed/demo-${stocknum.toLowerCase()}` : null,
    spin_images: hasSpin ? Array.from({ length: spinFrames }, (_, f) => `/media/cars/${id}/spin/${f + 1}.jpg?w=400&h=600`) : [],
    spin_code: hasSpin ? `SPIN-${stocknum}` : null,
    spin_interior_image: hasSpin ? `/media/cars/${id}/spin/interior.jpg?w=1200` : null,
    hotspots: hasSpin ? hotspots(id, rnd, spinFrames) : { exterior: [], interior: [] },
    standard_equipment: features,
    filtered_features: features,
    categories: [...(onOffer || tag ? ['Special Offers'] : []), ...(tag === 'Clearance' ? ['Clearance'] : []), ...(carType === 'demo' ? ['Demo Specials'] : [])],
    variant: {
      cylinders: spec.engineLitres === null ? null : spec.engineLitres >= 3 ? 6 : 4,
      enginesize: spec.engineLitres === null ? null : Math.round(spec.engineLitres * 1000),
      enginesize_litres: spec.engineLitres,
      induction: spec.engineLitres === null ? null : fuel === 'diesel' ? 'Turbo Intercooled' : rnd.pick(['Aspirated', 'Turbo']),
      fuelconsumptioncombined: fuel === 'electric' || isCaravan ? null : Math.round(rnd.around(fuel.includes('hybrid') ? 4.8 : 8, 1.5, 3.5, 14) * 10) / 10,
      fuelcapacity: fuel === 'electric' || isCaravan ? null : rnd.int(45, 90),
      grossvehiclemass: rnd.int(1700, 3500),
      vehiclelength: rnd.int(4000, 5400),
      vehicleheight: rnd.int(1400, 1900),
      vehiclewidth: rnd.int(1700, 2000),
      towingcapacitybraked: isCaravan ? null : spec.body === 'ute' || spec.body === 'suv' ? rnd.pick([2000, 2500, 3500]) : rnd.pick([1200, 1500]),
      bodyconfiguration: spec.body === 'ute' ? rnd.pick(['Double Cab Pick Up', 'Cab Chassis']) : null,
      torque: spec.engineLitres === null ? null : rnd.int(180, 600),
      ancaprating: isCaravan || makeSpec.itemType !== 'car' ? null : rnd.pick([5, 5, 5, 4, null]),
    },
    location: {
      id: location.id,
      name: location.name,
      slug: location.slug,
      phone: location.contact_detail.phone,
      distribution_locations: location.distribution_locations,
      address_id: `${location.id}-address`,
    },
    finance_lenders: lenders,
    finance_quote_weekly: weekly,
    payment_processors: inStock && price > 10 && rnd.chance(0.4) ? ['stripe'] : [],
    file: carType === 'used' && rnd.chance(0.3) ? `/media/reports/${id}.pdf` : null,
    show_on_dealer_website: rnd.chance(0.97),
    custom_rank: rnd.int(0, 1000),
  };
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
  const slides: Slide[] = [
    { name: `Welcome to ${tenant.name}`, description: `Quality ${tenant.search.itemNoun}s in ${tenant.contact.city}.`, url: '/search/new-used-and-demo-cars' },
    { name: 'Special offers', description: 'Save on selected stock this month.', url: '/special-offers' },
    { name: 'Sell your car', description: 'Get an instant offer in 2 minutes.', url: '/sell-my-car' },
  ].map((s, i) => ({ id: `${tenant.slug}-s${i + 1}`, tenant: tenant.slug, image_url: `/media/slides/${tenant.slug}-${i + 1}.jpg?w=1600`, hide_overlay: i === 2, ...s }));
  const promoPositions = tenant.slug === 'harbourside-motors' ? { at: [8, 17] } : { at: [9] };
  const day = (n: number) => isoDate(now.getTime() + n * DAY_MS);
  const wantYourCar = { title: 'We Want Your Car!', text: 'We buy all types of cars / Our high turnover means we can pay more', href: '/sell-my-car', image_url: null };
  const promos: PromoNode[] = [
    { start: null, expiry: null, position: promoPositions, display: [], strict_display: false, node: wantYourCar },
    { start: day(-10), expiry: day(20), position: { every: 12 }, display: ['new', 'demo'], strict_display: false, node: { title: 'Runout sale', text: 'Runout pricing on selected new and demo stock.', href: '/special-offers', image_url: null } },
    { start: day(5), expiry: null, position: null, display: [], strict_display: false, node: { title: 'Coming soon: EOFY sale', text: 'Our end of financial year sale starts soon.', href: '/special-offers', image_url: null } },
    { start: null, expiry: day(-1), position: null, display: [], strict_display: false, node: { title: 'Stocktake sale', text: 'Stocktake pricing has ended.', href: '/special-offers', image_url: null } },
    { start: day(-3), expiry: null, position: null, display: ['used'], strict_display: true, node: { title: 'Used car guarantee', text: '48 hour money back guarantee and 12 months roadside assist.', href: '/search/used-cars', image_url: null } },
  ].map((p, i) => ({ id: `${tenant.slug}-p${i + 1}`, tenant: tenant.slug, ...(p as Omit<PromoNode, 'id' | 'tenant'>) }));
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
  const plans = dealershipPlansFor(tenant).map((plan, d) => ({
    dealership: dealerships[d]!,
    locations: locations.filter((l) => l.dealership_id === dealerships[d]!.id && l.location_type === 'sales'),
    catalogue: sellsFrom(plan, catalogue),
  }));
  const carRnd = rnd.fork(2);
  const cars = Array.from({ length: options.carsPerTenant }, (_, i) => makeCar(tenant, plans[i % plans.length]!, i, carRnd, options.now));
  return { tenant: tenant.slug, dealerships, locations, reviews, cars, ...tenantContent(tenant, rnd.fork(3), options.now) };
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
      models.push({ id: `${id}-${slug}`, manufacturer_id: id, name: spec.model, slug, body: spec.body, image_url: `/media/models/${id}-${slug}.jpg?w=600`, accessories_count: (slug.length * 7) % 40, override_url: null });
    }
  }
  return { manufacturers, models };
}

/** The start of the current UTC day: seeds made on one day are identical. */
export function defaultSeedNow(clock: () => Date = () => new Date()): Date {
  const now = clock();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export { slugify };
export type { Car };
