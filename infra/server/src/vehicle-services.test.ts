import type { Database } from '@forecourt/data/database';
import { findCarBySlug, listLocations, loadTenantStock } from '@forecourt/data/stock';
import { IN_STOCK_STATUSES, type Car } from '@forecourt/data/stock-model';
import { defaultSeedNow } from '@forecourt/demo-data/seed/generate';
import { seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import {
  clearPlatformTables,
  createTestPlatform,
  openSharedDatabase,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';

/** The vehicle page's platform services over real routes and stock: delivery, price comparison, views. */
let database: Database;
let platform: TestPlatform;
let cars: Car[];

beforeAll(async () => {
  database = await openSharedDatabase();
  await seedStock(database, await loadTenants(), { seed: 5, totalCars: 600, now: defaultSeedNow() });
  cars = (await loadTenantStock(database.db, 'harbourside-motors')).cars.filter((c) => c.show_on_dealer_website);
  platform = await createTestPlatform(database);
});
afterAll(async () => {
  await platform.close();
  await clearPlatformTables(database);
  await database.close();
});

const HARBOURSIDE = { 'x-forecourt-tenant': 'harbourside-motors' };
const quote = (body: unknown, headers = HARBOURSIDE) =>
  platform.app.inject({
    method: 'POST',
    url: '/api/delivery-quote',
    payload: JSON.stringify(body),
    headers: { ...headers, 'content-type': 'application/json' },
  });

/** A Harbourside car at its Alexandria yard (Sydney 2015; the site's first tier is free to 40 km). */
async function sydneyCar(): Promise<Car> {
  const yards = await listLocations(database.db, 'harbourside-motors');
  const alexandria = yards.find((y) => y.address.postcode === '2015')!;
  return cars.find((c) => c.location.id === alexandria.id)!;
}

describe('POST /api/delivery-quote', () => {
  it('quotes a Sydney postcode free, naming its region', async () => {
    const response = await quote({ postcode: '2095', car_id: (await sydneyCar()).id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Northern Beaches', price: 0 });
  });

  it('quotes Melbourne (about 710 km) at the 1,000 km tier', async () => {
    const response = await quote({ postcode: '3000', car_id: (await sydneyCar()).id });
    expect(response.json()).toMatchObject({ name: 'Melbourne CBD', price: 990 });
    expect(response.json().distance_km).toBeGreaterThan(690);
  });

  it("says 'Please enter a postcode.' for an empty one, naming the field", async () => {
    const response = await quote({ postcode: ' ', car_id: (await sydneyCar()).id });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'postcode', error: 'Please enter a postcode.' });
  });

  it('gives the spec text for a postcode that is no place', async () => {
    const response = await quote({ postcode: '0000', car_id: (await sydneyCar()).id });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe(
      "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.",
    );
  });

  it('answers 400 naming car_id for a car of another site', async () => {
    const summitCar = (await loadTenantStock(database.db, 'summit-auto-group')).cars[0]!;
    const response = await quote({ postcode: '2000', car_id: summitCar.id });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'car_id' });
  });
});

describe('GET /api/cars/{slug}/autogauge', () => {
  it('places a car with comparable stock in its market range', async () => {
    const answers = await Promise.all(
      cars
        .filter((c) => IN_STOCK_STATUSES.includes(c.status) && c.price > 10)
        .slice(0, 40)
        .map(async (car) =>
          (await platform.app.inject({ url: `/api/cars/${car.slug}/autogauge`, headers: HARBOURSIDE })).json(),
        ),
    );
    const ranged = answers.find((a) => a.market_range_min !== null);
    expect(ranged).toBeDefined();
    expect(ranged.market_range_min).toBeLessThanOrEqual(ranged.market_range_max);
    expect(ranged.fill).toBeGreaterThanOrEqual(0);
    expect(ranged.fill).toBeLessThanOrEqual(100);
    expect(ranged.confidence).toBeGreaterThan(0.2);
    expect(ranged.description).toMatch(/compared with \d+ similar cars/);
  });

  it('answers 404 for a car not on the site', async () => {
    expect(
      (await platform.app.inject({ url: '/api/cars/no-such-car/autogauge', headers: HARBOURSIDE })).statusCode,
    ).toBe(404);
  });
});

describe('POST /api/cars/{slug}/views', () => {
  it("adds one to the car's view count", async () => {
    const car = cars[0]!;
    const before = (await findCarBySlug(database.db, 'harbourside-motors', car.slug))!.views;
    expect(
      (await platform.app.inject({ method: 'POST', url: `/api/cars/${car.slug}/views`, headers: HARBOURSIDE }))
        .statusCode,
    ).toBe(204);
    expect((await findCarBySlug(database.db, 'harbourside-motors', car.slug))!.views).toBe(before + 1);
  });
});

describe('GET /api/cars/{slug}/pdf', () => {
  it("downloads the car's brochure as {slug}.pdf, with its photo", async () => {
    const car = cars.find((c) => c.images.length > 0)!;
    const response = await platform.app.inject({ url: `/api/cars/${car.slug}/pdf`, headers: HARBOURSIDE });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${car.slug}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // A JPEG photo is embedded as a DCT-encoded image.
    expect(response.rawPayload.toString('latin1')).toContain('/DCTDecode');
  });
});
