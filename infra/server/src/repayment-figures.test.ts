import { advertisedRepayment } from '@forecourt/shared-config/calculator';
import { carShowsFinance, siteLender } from '@forecourt/shared-config/finance-eligibility';
import { askingPrice, priceDisplay } from '@forecourt/shared-config/price';
import { toPublicTenantConfig, type TenantConfig } from '@forecourt/shared-config/tenant';
import {
  calculatorStart,
  chosenCarShowsFinance,
  quoteBox,
  type FinancePanelCar,
  type QuoteBox,
} from '@forecourt/mf-finance/contract';
import { cardRepayment, type CarHit } from '@forecourt/mf-search/contract';
import { stickyEstimate, type VehicleSummary } from '@forecourt/mf-vehicle/contract';
import type { Database } from '@forecourt/data/database';
import { loadTenantStock } from '@forecourt/data/stock';
import { carToRecord } from '@forecourt/search-service/indexing/records';
import type { Car } from '@forecourt/data/stock-model';
import { defaultSeedNow } from '@forecourt/demo-data/seed/generate';
import { DEFAULT_SEED, seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import {
  clearPlatformTables,
  createTestPlatform,
  openSharedDatabase,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';

/**
 * One weekly figure per car, over every seeded car of every demo tenant (the stock `npm start`
 * seeds: the default seed, 240 cars a tenant). Each screen's figure is computed by that team's own
 * code, from what that screen reads:
 * - the result and similar-car cards (mf-search's `cardRepayment`; both are its CarCard) from the
 *   car's search record, as the index stores and answers it;
 * - the calculator's first estimate (mf-finance's `calculatorStart`) from the finance API's car;
 * - the sticky header (mf-vehicle's `stickyEstimate`) from the vehicle API's car and that estimate,
 *   as the page hands it over;
 * - the finance page's quote box (mf-finance's page rule, then the box's) from the finance API's car.
 * Each must equal the calculator's rule on the car's asking price and the site's settings, or be
 * none where the finance rule shows none; the finance page shows no figure, or one on another
 * basis that it names (the lender's or the partner's quote; its words are the form's own test).
 *
 * Why here: only infra reaches the seed (teams never import infra), and infra may read a team's
 * server half and contract but never its UI, so each team exports its screen's pure figure
 * function through its contract and its components call that same function. The cars come through
 * the real API routes, so a screen reading a field the platform fills differently fails here too.
 */
let database: Database;
let platform: TestPlatform;
let tenants: readonly TenantConfig[];

beforeAll(async () => {
  database = await openSharedDatabase();
  tenants = await loadTenants();
  await seedStock(database, tenants, { seed: DEFAULT_SEED, now: defaultSeedNow() });
  platform = await createTestPlatform(database);
}, 120_000);
afterAll(async () => {
  await platform?.close();
  await clearPlatformTables(database);
  await database?.close();
});

async function read<T>(tenant: string, url: string): Promise<T | null> {
  const response = await platform.app.inject({ method: 'GET', url, headers: { 'x-forecourt-tenant': tenant } });
  if (response.statusCode === 404) return null;
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json<T>();
}

/** A quote box that prints a weekly figure: the lender's or the partner's, each named in the box. */
const printsFigure = (box: QuoteBox) => box.kind === 'lender-quote' || box.kind === 'instant-quote';

interface Figures {
  car: string;
  /** The calculator's rule on the asking price where the finance rule shows finance; else null. */
  expected: number | null;
  card?: number | null;
  calculator?: number | null;
  sticky?: number | null;
  financePage?: QuoteBox['kind'];
}

/** What every screen shows for one car (a screen the car is not on is left out). */
async function figuresOf(tenant: TenantConfig, car: Car): Promise<Figures> {
  const site = toPublicTenantConfig(tenant);
  // The product's definition, written out here rather than through shared-config's builder, so a
  // builder that read the car another way fails too: the rule on the asking price and the site's lender.
  const price = askingPrice(car);
  const facts = {
    make: car.make,
    year: car.year,
    price: price ?? 0,
    status: car.status,
    dealership_slug: car.dealership_slug,
    finance_quote_weekly: car.finance_quote_weekly,
    lender: siteLender(car.finance_lenders, tenant.finance),
  };
  const expected = carShowsFinance(site, facts) ? advertisedRepayment(tenant.finance, price).weekly : null;
  const figures: Figures = { car: car.slug, expected };
  const record = JSON.parse(JSON.stringify(carToRecord(car, tenant))) as CarHit & {
    show_on_dealer_website: boolean;
    visible_until: number;
  };
  if (record.show_on_dealer_website && record.visible_until > Date.now() / 1000)
    figures.card = cardRepayment(record, site);
  const vehicle = (await read<{ car: VehicleSummary }>(tenant.slug, `/api/vehicle/cars/${car.slug}`))?.car ?? null;
  const chosen =
    (await read<{ car: FinancePanelCar }>(tenant.slug, `/api/finance/cars/${encodeURIComponent(car.id)}`))?.car ?? null;
  // A site without finance answers 404: its pages load no calculator and have no finance page.
  const estimate = chosen ? (calculatorStart(site, chosen)?.estimate ?? null) : null;
  if (vehicle) {
    figures.calculator = estimate?.weekly ?? null;
    figures.sticky = stickyEstimate(site, vehicle, estimate)?.weekly ?? null;
  }
  figures.financePage = chosen ? quoteBox(site.finance, chosen, chosenCarShowsFinance(site, chosen)).kind : 'none';
  return figures;
}

/** Where a screen disagrees with the car's one figure, or prints a figure for a car that has none. */
function disagreements(tenant: TenantConfig, car: Car, figures: Figures): string[] {
  // Beside a weekly subscription price the card shows no second weekly figure: the price is the
  // product's own weekly figure there, on its own basis ('/ week').
  const cardExpected = priceDisplay(car, tenant.pricing).suffix === null ? figures.expected : null;
  const wrong: string[] = [];
  if (figures.card !== undefined && figures.card !== cardExpected)
    wrong.push(`card ${figures.card}, expected ${cardExpected}`);
  if (figures.calculator !== undefined && figures.calculator !== figures.expected)
    wrong.push(`calculator ${figures.calculator}, expected ${figures.expected}`);
  if (figures.sticky !== undefined && figures.sticky !== figures.expected)
    wrong.push(`sticky header ${figures.sticky}, expected ${figures.expected}`);
  if (figures.expected === null && figures.financePage && printsFigure({ kind: figures.financePage } as QuoteBox))
    wrong.push(`finance page shows a ${figures.financePage} for a car with no figure`);
  return wrong.map((what) => `${figures.car}: ${what}`);
}

describe.each(['harbourside-motors', 'redgum-used-cars', 'summit-auto-group', 'coastal-caravans'])(
  'every seeded car of %s',
  (slug) => {
    it('has one weekly figure on its card, its calculator and its sticky header, and none where the rule shows none', async () => {
      const tenant = tenants.find((t) => t.slug === slug)!;
      const { cars } = await loadTenantStock(database.db, slug);
      expect(cars).toHaveLength(240);
      const all: Figures[] = [];
      for (const car of cars) all.push(await figuresOf(tenant, car));
      expect(cars.flatMap((car, i) => disagreements(tenant, car, all[i]!))).toEqual([]);
      // Not a test of nothing: the screens were there to compare, with and without a figure.
      const shown = all.filter((f) => f.expected !== null && f.card != null && f.sticky != null);
      if (tenant.features['mf-finance'] === false)
        expect(
          all.filter((f) => f.expected !== null || f.card != null || f.sticky != null || f.calculator != null),
        ).toEqual([]);
      else
        expect([
          shown.length > 50,
          all.some((f) => f.expected === null && f.sticky === null && f.card === null),
        ]).toEqual([true, true]);
    }, 120_000);
  },
);
