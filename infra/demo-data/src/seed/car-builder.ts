/**
 * One car (or caravan, motorcycle, truck) of a tenant's stock, drawn from the random stream so
 * that, over a tenant's stock, every case the pages handle occurs (see generate.ts).
 */
import { exactRepayment, PERIODS_PER_YEAR, type Loan } from '@forecourt/shared-config/repayment';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import {
  FINANCE_PROVIDERS,
  type Car,
  type CarType,
  type CarStatus,
  type Dealership,
  type FinanceLender,
  type FinanceProvider,
  type Hotspot,
  type Location,
} from '@forecourt/data/stock-model';
import { CARAVAN_FEATURES, COLOURS, FEATURES, type MakeSpec, type ModelSpec } from './catalogue';
import type { Random } from './random';
import { fuelText } from '@forecourt/stock-in/vehicle-text';
import {
  CARAVAN_TAGS,
  CUSTOM_TAGS,
  DAY_MS,
  JUST_ARRIVED_DAYS,
  SOLD_VISIBLE_DAYS,
  dateOnly,
  isoDate,
  itemPriceType,
  roundTo,
  slugify,
} from './rules';

/** Salt of the random stream the site's own lender record is drawn from. */
const FINANCE_FORK = 7919;

/** The weekly quote on a car's card, as a dealer's feed sends it: 10 % down, 30 % balloon, 8.5 % over 5 years. */
const cardQuote = (price: number): Loan => ({
  amount: price,
  deposit: price * 0.1,
  residual: price * 0.3,
  term: 5,
  interest: 8.5,
  frequency: 'week',
});

function lenderFor(
  provider: FinanceProvider,
  price: number,
  rnd: Random,
  car: { year: number },
  now: Date,
): FinanceLender {
  const termYears = provider === 'Nissan Finance' ? 4 : 5;
  const interestRate = Math.round(rnd.around(9.5, 2.5, 5.99, 15.99) * 100) / 100;
  // A missing comparison rate or payment is a real case the eligibility rules must handle.
  const comparisonRate = rnd.chance(0.12)
    ? null
    : Math.round((interestRate + rnd.around(0.9, 0.4, 0.2, 2)) * 100) / 100;
  const deposit = roundTo(price * 0.1, 10);
  const balloon = roundTo(price * 0.3, 10);
  const establishmentFees = provider === 'Taurus' ? 1360.5 : rnd.pick([395, 990, 1300]);
  // The lender finances its establishment fee with the car.
  const loan = {
    amount: price + establishmentFees,
    deposit,
    residual: balloon,
    term: termYears,
    interest: interestRate,
  };
  const week = exactRepayment({ ...loan, frequency: 'week' });
  const month = exactRepayment({ ...loan, frequency: 'month' });
  const omitWeek = rnd.chance(0.08);
  const omitMonth = rnd.chance(0.08);
  const lender: FinanceLender = {
    financeProvider: provider,
    disclaimer:
      `Estimate only, based on a ${termYears}-year secured loan with a 10% deposit and a 30% final payment at ${interestRate}% p.a.${comparisonRate ? ` (comparison rate ${comparisonRate}% p.a.)` : ''}. The comparison rate is based on a 5-year secured loan of $30,000. This calculator is a guide only and not a loan offer; fees and charges apply. ${car.year < now.getUTCFullYear() - 12 ? 'Vehicle age may limit lender choice.' : ''}`.trim(),
    termYears,
    termMonths: termYears * PERIODS_PER_YEAR.month,
    termWeeks: termYears * PERIODS_PER_YEAR.week,
    interestRate,
    comparisonRate,
    establishmentFees,
    deposit,
    balloon,
    totalPayable: Math.round(month * termYears * PERIODS_PER_YEAR.month + balloon + deposit),
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
    exterior: make(
      'ext',
      ['Alloy wheels', 'LED headlights', 'Tow bar', 'Roof racks', 'Minor scratch on rear bumper'],
      rnd.int(2, 4),
    ),
    interior: make('int', ['Leather seats', 'Touchscreen with Apple CarPlay', 'Wear on driver bolster'], rnd.int(1, 3)),
  };
}

export function makeCar(
  tenant: TenantConfig,
  plan: { dealership: Dealership; locations: Location[]; catalogue: MakeSpec[] },
  index: number,
  rnd: Random,
  now: Date,
): Car {
  const makeSpec = rnd.weighted(plan.catalogue.map((make) => [make, make.share] as const));
  const spec: ModelSpec = rnd.pick(makeSpec.models);
  const carTypes = tenant.search.carTypes;
  const carType: CarType = rnd.weighted(
    (
      [
        ['new', 35],
        ['used', 50],
        ['demo', 15],
      ] as const
    ).filter(([type]) => carTypes.includes(type)),
  );
  const thisYear = now.getUTCFullYear();
  const year =
    carType === 'used'
      ? thisYear - Math.round(rnd.around(5, 5, 1, 16))
      : carType === 'demo'
        ? thisYear - rnd.int(0, 1)
        : thisYear - (rnd.chance(0.2) ? 1 : 0);
  const age = thisYear - year;
  const km =
    carType === 'new'
      ? rnd.int(0, 50)
      : carType === 'demo'
        ? rnd.int(500, 15000)
        : Math.round(Math.max(1, age) * rnd.around(14000, 6000, 2000, 30000));
  const depreciation =
    carType === 'new' ? 1 : Math.max(0.15, Math.pow(0.86, age) - km / 1_500_000) * (carType === 'demo' ? 0.92 : 1);
  const basePrice = Math.max(2990, roundTo(spec.newPrice * depreciation * rnd.around(1, 0.06, 0.85, 1.15), 1000) - 10);

  // Price cases the display rules handle: 0 (no price text) and <= 10 (PREORDER on preorder cars).
  // Only a new car is ordered before it arrives: a used or demo car drawn as one has no price
  // instead (the draw is made all the same, so every other car stays as it was).
  const priceCase = rnd.weighted([
    ['normal', 94],
    ['zero', 3],
    ['preorder', 3],
  ] as const);
  const placeholder = priceCase === 'preorder' ? rnd.int(1, 10) : 0;
  const preorder = priceCase === 'preorder' && carType === 'new';
  const price = priceCase === 'normal' ? basePrice : preorder ? placeholder : 0;
  const onOffer = price > 10 && rnd.chance(0.12);
  const offerPrice = onOffer ? price - roundTo(price * rnd.around(0.06, 0.02, 0.02, 0.12), 100) : null;
  const beforePrice = price > 10 && (onOffer || rnd.chance(0.08)) ? price + roundTo(price * 0.07, 100) : null;

  const status: CarStatus = rnd.weighted([
    ['in_stock', 78],
    ['coming_soon', 7],
    ['sold', 11],
    ['on_hold', 2],
    ['archived', 2],
  ] as const);
  const soldRecently = rnd.chance(0.5);
  const soldAt =
    status === 'sold'
      ? now.getTime() -
        (soldRecently ? rnd.int(1, SOLD_VISIBLE_DAYS * 24 - 1) * 3600_000 : rnd.int(SOLD_VISIBLE_DAYS + 1, 60) * DAY_MS)
      : null;
  const createdAt =
    now.getTime() -
    (rnd.chance(0.12)
      ? rnd.int(1, JUST_ARRIVED_DAYS * 24 - 1) * 3600_000
      : rnd.int(JUST_ARRIVED_DAYS + 1, 150) * DAY_MS);

  const drawnTag = rnd.chance(0.22)
    ? rnd.pick(
        CUSTOM_TAGS.filter((t) =>
          t === 'runout sale' ? carType !== 'used' : t === 'Low Kms' || t === 'One Owner' ? carType === 'used' : true,
        ),
      )
    : null;
  // A caravan is towed, not driven: its dealer tags it in caravan words (the same draw, so every other car stays as it was).
  const tag = drawnTag && makeSpec.itemType === 'caravan' ? (CARAVAN_TAGS[drawnTag] ?? drawnTag) : drawnTag;
  const certified =
    carType === 'used' && ['Toyota', 'Mazda', 'Hyundai'].includes(makeSpec.make) && age <= 6 && rnd.chance(0.55);
  const colour = rnd.weighted(COLOURS.map((c) => [c, c[2]] as const));
  const badge = rnd.pick(spec.badges);
  const fuel = rnd.pick(spec.fuels);
  const drive = rnd.pick(spec.drives);
  const location = rnd.pick(plan.locations);
  const stocknum = `${tenant.slug.slice(0, 2).toUpperCase()}${String(10000 + index).padStart(6, '0')}`;
  const id = `${tenant.slug}-${index + 1}`;
  const name = `${year} ${makeSpec.make} ${spec.model} ${badge}`;
  const slug = `${slugify(name)}-${stocknum.toLowerCase()}`;

  const imageCount = rnd.weighted([
    [0, 4],
    [1, 4],
    [2, 3],
    [3, 3],
    [rnd.int(4, 24), 86],
  ] as const);
  const images = Array.from({ length: imageCount }, (_, n) => ({
    image: { url: `/media/cars/${id}/${n + 1}.jpg?w=1200`, thumb: { url: `/media/cars/${id}/${n + 1}.jpg?w=240` } },
  }));
  const hasSpin = imageCount > 3 && rnd.chance(0.12);
  const spinFrames = 36;
  const caravan = makeSpec.itemType === 'caravan';
  const features: string[] = (caravan ? CARAVAN_FEATURES : FEATURES).filter(() => rnd.chance(0.45));
  const comments = rnd.chance(0.06)
    ? ''
    : [
        `${name} in ${colour[0].toLowerCase()}${!caravan && km > 100 ? ` with ${km.toLocaleString('en-AU')} km` : ''}.`,
        features.length ? `Features ${features.slice(0, 6).join(', ')}.` : 'Well equipped for the price.',
        carType === 'used' ? 'Full service history, roadworthy certificate supplied.' : 'Factory warranty applies.',
        rnd.chance(0.3)
          ? caravan
            ? 'Our team can arrange insurance and extended warranty on the spot, and we will consider your trade-in. Call or enquire online today to book an inspection at a time that suits you, including weekends.'
            : 'Our team can arrange finance, insurance and extended warranty on the spot, and we will consider your trade-in. Call or enquire online today to book a test drive at a time that suits you, including weekends.'
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
    // The dealer's own finance provider has a record for every car it could lend on, as a
    // dealer's feed does: without it only the cars the rotation above happened to give the site's
    // provider (about a third) showed finance. The record's own gaps (no comparison rate, no
    // weekly or monthly figure) still occur. A fork, so the rest of the car is drawn as before.
    const provider = tenant.finance.provider;
    if (!lenders[provider])
      lenders[provider] = lenderFor(provider, offerPrice ?? price, rnd.fork(FINANCE_FORK), { year }, now);
  }
  const weekly = price > 500 && rnd.chance(0.75) ? Math.round(exactRepayment(cardQuote(offerPrice ?? price))) : null;
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
    subscription_price:
      tenant.pricing.subscriptionDealer && price > 10 && rnd.chance(0.1) ? Math.round(price / 260) : null,
    price_type: itemPriceType(
      carType === 'used' ? rnd.pick(['Drive Away', 'Excl. Government Charges']) : 'Drive Away',
      makeSpec.itemType,
    ),
    preorder,
    // A towed caravan has no odometer (the reading is drawn all the same, so every other car stays as it was).
    km: makeSpec.itemType === 'caravan' ? 0 : km,
    stocknum,
    vin: `${makeSpec.make.slice(0, 3).toUpperCase()}${rnd.int(10_000_000, 99_999_999)}${String(index).padStart(6, '0')}`
      .slice(0, 17)
      .padEnd(17, '0'),
    nvic:
      isCaravan || rnd.chance(0.15)
        ? null
        : `${spec.model
            .replace(/[^A-Z0-9]/gi, '')
            .slice(0, 3)
            .toUpperCase()}${year % 100}${rnd.int(10, 99)}`,
    regplate:
      carType === 'new'
        ? null
        : `${rnd.int(100, 999)}${String.fromCharCode(65 + rnd.int(0, 25), 65 + rnd.int(0, 25), 65 + rnd.int(0, 25))}`,
    rego_expiry:
      carType === 'new' ? null : dateOnly(now.getTime() + (regoFuture ? rnd.int(10, 360) : -rnd.int(10, 200)) * DAY_MS),
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
    fuel: fuelText(fuel),
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
    external_video_url:
      imageCount > 3 && rnd.chance(0.1) ? `https://www.youtube.com/embed/demo-${stocknum.toLowerCase()}` : null,
    spin_images: hasSpin
      ? Array.from({ length: spinFrames }, (_, f) => `/media/cars/${id}/spin/${f + 1}.jpg?w=400&h=600`)
      : [],
    spin_code: hasSpin ? `SPIN-${stocknum}` : null,
    spin_interior_image: hasSpin ? `/media/cars/${id}/spin/interior.jpg?w=1200` : null,
    hotspots: hasSpin ? hotspots(id, rnd, spinFrames) : { exterior: [], interior: [] },
    standard_equipment: features,
    filtered_features: features,
    categories: [
      ...(onOffer || tag ? ['Special Offers'] : []),
      ...(tag === 'Clearance' ? ['Clearance'] : []),
      ...(carType === 'demo' ? ['Demo Specials'] : []),
    ],
    variant: {
      cylinders: spec.engineLitres === null ? null : spec.engineLitres >= 3 ? 6 : 4,
      enginesize: spec.engineLitres === null ? null : Math.round(spec.engineLitres * 1000),
      enginesize_litres: spec.engineLitres,
      induction:
        spec.engineLitres === null ? null : fuel === 'diesel' ? 'Turbo Intercooled' : rnd.pick(['Aspirated', 'Turbo']),
      fuelconsumptioncombined:
        fuel === 'electric' || isCaravan
          ? null
          : Math.round(rnd.around(fuel.includes('hybrid') ? 4.8 : 8, 1.5, 3.5, 14) * 10) / 10,
      fuelcapacity: fuel === 'electric' || isCaravan ? null : rnd.int(45, 90),
      grossvehiclemass: rnd.int(1700, 3500),
      vehiclelength: rnd.int(4000, 5400),
      vehicleheight: rnd.int(1400, 1900),
      vehiclewidth: rnd.int(1700, 2000),
      towingcapacitybraked: isCaravan
        ? null
        : spec.body === 'ute' || spec.body === 'suv'
          ? rnd.pick([2000, 2500, 3500])
          : rnd.pick([1200, 1500]),
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
