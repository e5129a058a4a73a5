import {
  carFinanceFacts,
  carShowsFinance,
  siteLender,
  siteOffersFinance,
} from '@forecourt/shared-config/finance-eligibility';
import { parseTenantConfigs, type TenantConfig } from '@forecourt/shared-config/tenant';
import fs from 'node:fs';
import path from 'node:path';
import { usedCarPromiseSentence } from '@forecourt/shared-config/used-car-promise';
import { CAR_STATUSES, FINANCE_PROVIDERS, type Car } from '@forecourt/data/stock-model';
import {
  CARAVAN_TAGS,
  CUSTOM_TAGS,
  DAY_MS,
  generateCatalogue,
  generateTenantStock,
  JUST_ARRIVED_DAYS,
  SOLD_VISIBLE_DAYS,
} from './generate';
import { itemsAreCars } from './rules';

/**
 * The demo stock must show every case the pages handle, for every demo tenant: this test is the
 * contract between the seed generator and the screens built on it.
 */
const tenantsDir = path.resolve(__dirname, '..', '..', '..', 'tenants');
const tenants: TenantConfig[] = parseTenantConfigs(
  fs
    .readdirSync(tenantsDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({ source: f, raw: JSON.parse(fs.readFileSync(path.join(tenantsDir, f), 'utf8')) })),
);
const now = new Date('2026-11-22T00:00:00Z');
const stocks = tenants.map((tenant, i) => ({
  tenant,
  stock: generateTenantStock(tenant, { seed: 7, carsPerTenant: 240, now }, i),
}));

const ageDays = (iso: string) => (now.getTime() - Date.parse(iso)) / DAY_MS;

/**
 * An independent check of a seeded repayment: how far from `residual` the balance ends after the
 * loan's weekly payments, less the most that payments rounded to `step` can move it.
 */
function missedResidual(
  loan: { principal: number; residual: number; annualRate: number; years: number },
  payment: number,
  step: number,
): number {
  const rate = loan.annualRate / 100 / 52;
  const weeks = loan.years * 52;
  let balance = loan.principal;
  for (let week = 0; week < weeks; week++) balance = balance * (1 + rate) - payment;
  const roundingAtMost = (step / 2) * (rate === 0 ? weeks : ((1 + rate) ** weeks - 1) / rate);
  return Math.max(0, Math.abs(balance - loan.residual) - roundingAtMost);
}

describe.each(stocks.map((s) => [s.tenant.slug, s] as const))('seeded stock of %s', (_slug, { tenant, stock }) => {
  const cars: Car[] = stock.cars;
  const inStock = cars.filter((c) => c.status === 'in_stock' || c.status === 'coming_soon');

  it('has every status', () => {
    expect(new Set(cars.map((c) => c.status))).toEqual(new Set(CAR_STATUSES));
  });

  it('has sold cars inside and outside the sold window', () => {
    const sold = cars.filter((c) => c.status === 'sold');
    expect(sold.some((c) => ageDays(c.sold_at!) < SOLD_VISIBLE_DAYS)).toBe(true);
    expect(sold.some((c) => ageDays(c.sold_at!) > SOLD_VISIBLE_DAYS)).toBe(true);
  });

  it('has every custom tag the site can show', () => {
    const tags = new Set(cars.map((c) => c.tag));
    const expected = CUSTOM_TAGS.filter((t) =>
      t === 'runout sale' ? tenant.search.carTypes.some((x) => x !== 'used') : true,
    )
      .filter((t) => (t === 'Low Kms' || t === 'One Owner' ? tenant.search.carTypes.includes('used') : true))
      .map((t) => (tenant.kind === 'caravan' ? (CARAVAN_TAGS[t] ?? t) : t));
    for (const tag of expected) expect(tags).toContain(tag);
  });

  it('has reserved and just-arrived in-stock cars', () => {
    expect(inStock.some((c) => c.reserved)).toBe(true);
    expect(inStock.some((c) => ageDays(c.created_at) < JUST_ARRIVED_DAYS)).toBe(true);
    expect(inStock.some((c) => ageDays(c.created_at) > JUST_ARRIVED_DAYS)).toBe(true);
  });

  // Each kind of dealer has its own contract, so no tenant's case passes by returning early.
  if (tenant.kind === 'caravan') {
    it('gives caravans no odometer reading and no car words in their equipment or the dealer’s comments', () => {
      expect(cars.filter((c) => c.km !== 0)).toEqual([]);
      const words = cars.map((c) => `${c.dealercomments} ${c.standard_equipment.join(' ')}`).join(' ');
      expect(words).not.toMatch(/\bkm\b|test drive|Sunroof|Apple CarPlay|finance/i);
    });

    it('tags and prices caravans in caravan words: no Low Kms or Test Drive Only tag, no Drive Away price', () => {
      const words = cars.map((c) => `${c.tag ?? ''} ${c.price_type}`).join(' | ');
      expect(words).not.toMatch(/\bkms?\b|drive/i);
      expect(cars.some((c) => c.tag === 'Lightly Used') && cars.some((c) => c.price_type === 'On Road')).toBe(true);
    });

    it('gives caravans no drivetrain to badge: no transmission, and none certified', () => {
      expect(new Set(cars.map((c) => c.simple_transmission))).toEqual(new Set(['none']));
      expect(new Set(cars.map((c) => c.transmission))).toEqual(new Set(['Not applicable']));
      expect(cars.some((c) => c.certified)).toBe(false);
    });
  } else {
    it('has certified cars (used cars of a certifying make)', () => {
      expect(cars.some((c) => c.certified)).toBe(true);
    });

    it('has electric or hybrid cars for the fuel badge', () => {
      expect(cars.some((c) => c.simple_fuel === 'electric' || c.simple_fuel.includes('hybrid'))).toBe(true);
    });
  }

  it('has no, few and many images, videos and 360 spin sets with hotspots', () => {
    const counts = cars.map((c) => c.images.length);
    expect(counts).toContain(0);
    expect(counts.some((n) => n >= 1 && n <= 3)).toBe(true);
    expect(counts.some((n) => n > 3)).toBe(true);
    expect(cars.some((c) => c.video_url || c.external_video_url)).toBe(true);
    const spins = cars.filter((c) => c.spin_images.length > 0);
    expect(spins.length).toBeGreaterThan(0);
    expect(spins.every((c) => c.spin_interior_image && c.hotspots.exterior.length && c.hotspots.interior.length)).toBe(
      true,
    );
  });

  if (tenant.search.carTypes.includes('new')) {
    it('has new cars on preorder, priced 10 or less', () => {
      expect(cars.some((c) => c.car_type === 'new' && c.preorder && c.price > 0 && c.price <= 10)).toBe(true);
    });
  }

  it('has no used or demo car on preorder: only a new car is ordered before it arrives', () => {
    expect(cars.filter((c) => c.car_type !== 'new' && c.preorder)).toEqual([]);
  });

  it('promises on its promo cards only what the site promises', () => {
    const promised = usedCarPromiseSentence(tenant.vehicle.usedCarPromise, tenant.search.itemNoun);
    expect(
      stock.promos.filter((p) => p.node.title === `Used ${tenant.search.itemNoun} guarantee`).map((p) => p.node.text),
    ).toEqual([promised]);
    if (tenant.vehicle.usedCarPromise !== 'money-back')
      expect(stock.promos.map((p) => p.node.text).join(' ')).not.toMatch(/money back|roadside/i);
  });

  if (itemsAreCars(tenant.search.itemNoun)) {
    it("has the spec's 'We Want Your Car!' card word for word", () => {
      expect(stock.promos.map((p) => `${p.node.title} ${p.node.text}`)).toContain(
        'We Want Your Car! We buy all types of cars / Our high turnover means we can pay more',
      );
    });
  } else {
    it("promotes and slides in the site's noun, with no car, km or instant offer where trade-ins are valued in person", () => {
      const words = [
        ...stock.promos.map((p) => `${p.node.title} ${p.node.text}`),
        ...stock.slides.map((slide) => `${slide.name} ${slide.description}`),
      ].join(' | ');
      expect(words).not.toMatch(/\bcars?\b|\bkm\b/i);
      if (!tenant.leads.tradeIn) expect(words).not.toMatch(/instant offer/i);
    });
  }

  it('has price 0, offers and was-prices', () => {
    expect(cars.some((c) => c.price === 0)).toBe(true);
    expect(cars.some((c) => c.offer_price !== null && c.offer_price < c.price)).toBe(true);
    expect(cars.some((c) => c.before_price !== null && c.before_price > c.price)).toBe(true);
  });

  it('has finance lenders for every provider the spec names', () => {
    const providers = new Set(cars.flatMap((c) => Object.keys(c.finance_lenders)));
    for (const provider of FINANCE_PROVIDERS) expect(providers).toContain(provider);
  });

  it("gives every car priced above $500 the site's own provider's lender record, as a dealer's feed does", () => {
    const priced = cars.filter((c) => c.price > 500);
    expect(priced.filter((c) => !c.finance_lenders[tenant.finance.provider])).toEqual([]);
  });

  it('gives lenders a weekly figure that repays the car and the establishment fee, less the deposit, down to the balloon', () => {
    const figures = cars.flatMap((c) =>
      Object.values(c.finance_lenders).flatMap((l) =>
        l.paymentWeek === null || l.interestRate === null ? [] : [{ l, price: c.offer_price ?? c.price }],
      ),
    );
    expect(figures.length).toBeGreaterThan(0);
    const missed = figures.map(({ l, price }) =>
      missedResidual(
        {
          principal: price + l.establishmentFees - l.deposit,
          residual: l.balloon,
          annualRate: l.interestRate!,
          years: l.termYears,
        },
        l.paymentWeek!,
        0.01,
      ),
    );
    expect(missed.filter((amount) => amount > 0)).toEqual([]);
  });

  it('gives cards a weekly quote that repays 90% of the price down to a 30% balloon at 8.5% over 5 years', () => {
    const quoted = cars.filter((c) => c.finance_quote_weekly !== null);
    expect(quoted.length).toBeGreaterThan(0);
    const missed = quoted.map((c) => {
      const price = c.offer_price ?? c.price;
      return missedResidual(
        { principal: price * 0.9, residual: price * 0.3, annualRate: 8.5, years: 5 },
        c.finance_quote_weekly!,
        1,
      );
    });
    expect(missed.filter((amount) => amount > 0)).toEqual([]);
  });

  // The finance rule over the seeded stock: what a shopper sees across the site's cards and pages.
  const financed = (c: Car) =>
    carShowsFinance(
      tenant,
      carFinanceFacts({ ...c, finance_lender: siteLender(c.finance_lenders, tenant.finance) }),
      now,
    );
  if (siteOffersFinance(tenant)) {
    it('shows finance on more than half of the priced cars in stock, and the rule still hides it on some', () => {
      const priced = inStock.filter((c) => c.price > 500);
      const shown = priced.filter(financed);
      expect(shown.length / priced.length).toBeGreaterThan(0.5);
      expect(shown.length).toBeLessThan(priced.length);
    });
  } else {
    it('shows finance on no car where the site has finance switched off', () => {
      expect(cars.filter(financed)).toEqual([]);
    });
  }

  it('has cars hidden from the dealer website', () => {
    expect(cars.some((c) => !c.show_on_dealer_website)).toBe(true);
  });

  it('sells only the conditions the site sells', () => {
    expect(new Set(cars.map((c) => c.car_type))).toEqual(new Set(tenant.search.carTypes));
  });

  it('puts every car at one of its own sales locations', () => {
    const sales = new Set(stock.locations.filter((l) => l.location_type === 'sales').map((l) => l.id));
    expect(cars.every((c) => sales.has(c.location_id))).toBe(true);
  });

  it('has unique slugs and stock numbers', () => {
    expect(new Set(cars.map((c) => c.slug)).size).toBe(cars.length);
    expect(new Set(cars.map((c) => c.stocknum)).size).toBe(cars.length);
  });
});

describe('seed generator', () => {
  it('is deterministic for a seed', () => {
    const [first] = tenants;
    const a = generateTenantStock(first!, { seed: 7, carsPerTenant: 30, now }, 0);
    const b = generateTenantStock(first!, { seed: 7, carsPerTenant: 30, now }, 0);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it('differs for another seed', () => {
    const [first] = tenants;
    const a = generateTenantStock(first!, { seed: 7, carsPerTenant: 30, now }, 0);
    const b = generateTenantStock(first!, { seed: 8, carsPerTenant: 30, now }, 0);
    expect(a.cars.map((c) => c.name)).not.toEqual(b.cars.map((c) => c.name));
  });

  it('gives the dealer group motorcycles and trucks as well as cars', () => {
    const group = stocks.find((s) => s.tenant.kind === 'dealer-group')!;
    expect(new Set(group.stock.cars.map((c) => c.item_type))).toEqual(new Set(['car', 'motorcycle', 'truck']));
  });

  it('gives the caravan dealer only caravans', () => {
    const caravans = stocks.find((s) => s.tenant.kind === 'caravan')!;
    expect(new Set(caravans.stock.cars.map((c) => c.item_type))).toEqual(new Set(['caravan']));
  });

  it('names every tenant location that a tenant nav link points at', () => {
    for (const { tenant, stock } of stocks) {
      const slugs = new Set(stock.locations.map((l) => l.slug));
      for (const link of tenant.nav.filter((l) => l.href.startsWith('/locations/'))) {
        expect(slugs).toContain(link.href.slice('/locations/'.length));
      }
    }
  });

  it('builds a catalogue of real makes with their models', () => {
    const catalogue = generateCatalogue(tenants);
    expect(catalogue.manufacturers.map((m) => m.name)).toEqual(
      expect.arrayContaining(['Toyota', 'Ford', 'Jayco', 'Yamaha']),
    );
    expect(catalogue.models.some((m) => m.manufacturer_id === 'toyota' && m.name === 'Hilux')).toBe(true);
  });
});
