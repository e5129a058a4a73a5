import { advertisedRepayment } from '@forecourt/shared-config/calculator';
import type { Database } from '@forecourt/data/database';
import { createStockKey, revokeStockKey } from '@forecourt/stock-in/stock-keys';
import { listLocations } from '@forecourt/data/stock';
import { CARS_INDEX } from '@forecourt/search-service/indexing/records';
import { seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import { createTestPlatform, openSharedDatabase, type TestPlatform } from '@forecourt/test-kit/test-platform';

/**
 * The Stock API over the real app: what a dealer's system sends and is answered, the cars and
 * stock_changes rows it leaves, and the search records of the cars it changed.
 */
const SITE = 'harbourside-motors';
const OTHER = 'summit-auto-group';
let database: Database;
let platform: TestPlatform;
let key: string;
let otherKey: string;
let location: string;
let otherLocation: string;

beforeAll(async () => {
  database = await openSharedDatabase();
  await seedStock(database, await loadTenants(), { totalCars: 8 });
  location = (await listLocations(database.db, SITE))[0]!.slug;
  otherLocation = (await listLocations(database.db, OTHER))[0]!.slug;
  // One app for the file: the Stock API keeps nothing in memory between requests but each key's
  // rate, and every test has keys of its own (a platform per test was most of this file's time).
  platform = await createTestPlatform(database, { stockIndex: { intervalMs: 0 } });
});
afterAll(async () => {
  await platform.close();
  await database.close();
});
beforeEach(async () => {
  await database.db.deleteFrom('stock_changes').execute();
  await database.db.deleteFrom('stock_change_cursors').execute();
  await database.db.deleteFrom('cars').where('source', '=', 'api').execute();
  key = (await createStockKey(database.db, { tenant: SITE, label: 'test', createdBy: 'test' })).secret;
  otherKey = (await createStockKey(database.db, { tenant: OTHER, label: 'test', createdBy: 'test' })).secret;
});

const car = (overrides: Record<string, unknown> = {}) => ({
  item_type: 'car',
  car_type: 'used',
  location,
  year: 2021,
  make: 'Toyota',
  model: 'RAV4',
  badge: 'GXL',
  colour: 'White',
  price: 38_990,
  km: 42_000,
  vin: 'JTM12345678901234',
  fuel: 'hybrid',
  body: 'suv',
  transmission: 'automatic',
  seats: 5,
  photos: ['https://cdn.example.com/rav4/1.jpg', 'https://cdn.example.com/rav4/2.jpg'],
  ...overrides,
});

function call(
  method: 'GET' | 'PUT' | 'PATCH' | 'DELETE' | 'POST',
  path: string,
  payload?: unknown,
  options: { key?: string | null; host?: string } = {},
) {
  const secret = options.key === undefined ? key : options.key;
  return platform.app.inject({
    method,
    url: `/api/stock/v1${path}`,
    headers: {
      ...(secret ? { authorization: `Bearer ${secret}` } : {}),
      ...(options.host ? { host: options.host } : {}),
    },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

const changes = async () =>
  database.db
    .selectFrom('stock_changes')
    .select(['tenant', 'stocknum', 'kind', 'source', 'before', 'after'])
    .orderBy('id')
    .execute();

describe('PUT /api/stock/v1/cars/{stocknum}', () => {
  it('creates the car (201) with an id, a slug and its page, written by the api', async () => {
    const response = await call('PUT', '/cars/HM-1001', car());
    expect(response.statusCode).toBe(201);
    const created = response.json<{ car: Record<string, unknown> }>().car;
    expect(created).toMatchObject({
      stocknum: 'HM-1001',
      make: 'Toyota',
      price: 38_990,
      status: 'in_stock',
      source: 'api',
      withdrawn: false,
      slug: '2021-toyota-rav4-gxl-hm-1001',
    });
    expect(created['url']).toMatch(/\/cars\/2021-toyota-rav4-gxl-hm-1001$/);
    // A read adds where each photo is (car-photos.test.ts reads them through the API).
    expect((await call('GET', '/cars/HM-1001')).json()).toEqual({
      car: { ...created, photo_statuses: expect.any(Array) },
    });
  });

  it('answers a replay 200 with unchanged: true and writes nothing more', async () => {
    await call('PUT', '/cars/HM-1001', car());
    const replay = await call('PUT', '/cars/HM-1001', car());
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ unchanged: true });
    expect((await changes()).map((row) => row.kind)).toEqual(['created']);
  });

  it('keeps the id and slug when the car is written again with another name, and records the change', async () => {
    const first = (await call('PUT', '/cars/HM-1001', car())).json<{ car: { id: string; slug: string } }>().car;
    const second = await call('PUT', '/cars/HM-1001', car({ badge: 'Cruiser', price: 36_990 }));
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ car: { id: first.id, slug: first.slug, badge: 'Cruiser', price: 36_990 } });
    expect((await changes()).slice(1)).toEqual([
      {
        tenant: SITE,
        stocknum: 'HM-1001',
        kind: 'price',
        source: 'api',
        before: { price: 38_990 },
        after: { price: 36_990 },
      },
      {
        tenant: SITE,
        stocknum: 'HM-1001',
        kind: 'updated',
        source: 'api',
        before: { badge: 'GXL' },
        after: { badge: 'Cruiser' },
      },
    ]);
  });

  it('makes one car of two identical writes at once: one 201, one 200 unchanged', async () => {
    const answers = await Promise.all([call('PUT', '/cars/HM-2002', car()), call('PUT', '/cars/HM-2002', car())]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    expect(answers.find((answer) => answer.statusCode === 200)!.json()).toMatchObject({ unchanged: true });
    const rows = await database.db
      .selectFrom('cars')
      .select('id')
      .where('tenant', '=', SITE)
      .where('stocknum', '=', 'HM-2002')
      .execute();
    expect(rows).toHaveLength(1);
    expect((await changes()).map((row) => row.kind)).toEqual(['created']);
  });

  it('gives the car the finance figure the site advertises on its price', async () => {
    await call('PUT', '/cars/HM-1001', car());
    const row = await database.db
      .selectFrom('cars')
      .select('finance_quote_weekly')
      .where('tenant', '=', SITE)
      .where('stocknum', '=', 'HM-1001')
      .executeTakeFirstOrThrow();
    expect(Number(row['finance_quote_weekly'])).toBe(
      advertisedRepayment(platform.app.tenants.get(SITE)!.finance, 38_990).weekly,
    );
  });

  it('refuses a car at a location the site does not have, naming location', async () => {
    const response = await call('PUT', '/cars/HM-1001', car({ location: otherLocation }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'location' });
  });

  it.each([
    ['a missing make', { make: undefined }, 'make'],
    ['a negative price', { price: -1 }, 'price'],
    ['a status no dealer sets', { status: 'archived' }, 'status'],
    ['an item type the platform does not sell', { item_type: 'boat' }, 'item_type'],
    ['a photo that is not a web address', { photos: ['javascript:alert(1)'] }, 'photos.0'],
    ['a field the API does not know', { views: 10 }, 'body'],
    ['a year as text', { year: '2021' }, 'year'],
  ])('answers 400 naming the field for %s', async (_case, overrides, field) => {
    const response = await call('PUT', '/cars/HM-1001', car(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field });
  });

  it('answers 400 naming body for a write without one', async () => {
    const response = await call('PUT', '/cars/HM-1001');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'body' });
  });

  it('answers 400 naming stocknum for a stock number with a space', async () => {
    const response = await call('PUT', '/cars/HM%201001', car());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'stocknum' });
  });
});

describe('PATCH and DELETE', () => {
  it('changes only the named fields, recording a status change', async () => {
    await call('PUT', '/cars/HM-1001', car());
    const response = await call('PATCH', '/cars/HM-1001', { status: 'sold' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ car: { status: 'sold', price: 38_990, sold_at: expect.any(String) } });
    expect((await changes()).at(-1)).toMatchObject({
      kind: 'status',
      before: { status: 'in_stock', sold_at: null },
      after: { status: 'sold' },
    });
  });

  it('answers 400 for an empty patch', async () => {
    await call('PUT', '/cars/HM-1001', car());
    const response = await call('PATCH', '/cars/HM-1001', {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'body' });
  });

  it('answers 404 for a patch of a car the site does not have', async () => {
    expect((await call('PATCH', '/cars/NOPE-1', { price: 1000 })).statusCode).toBe(404);
  });

  it('withdraws a car: kept, marked withdrawn, and a price patch leaves it withdrawn', async () => {
    await call('PUT', '/cars/HM-1001', car());
    const withdrawn = await call('DELETE', '/cars/HM-1001');
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toMatchObject({ car: { withdrawn: true, status: 'archived' } });
    expect((await call('PATCH', '/cars/HM-1001', { price: 30_000 })).json()).toMatchObject({
      car: { withdrawn: true, price: 30_000 },
    });
    expect((await call('PUT', '/cars/HM-1001', car())).json()).toMatchObject({
      car: { withdrawn: false, status: 'in_stock' },
    });
  });
});

describe('keys', () => {
  it('answers 401 without a key, and with a revoked one', async () => {
    expect((await call('GET', '/cars', undefined, { key: null })).statusCode).toBe(401);
    const made = await createStockKey(database.db, { tenant: SITE, label: 'old', createdBy: 'test' });
    await revokeStockKey(database.db, made.key.id, new Date());
    expect((await call('GET', '/cars', undefined, { key: made.secret })).statusCode).toBe(401);
  });

  it("never reaches another site's car: 404 to read, patch or withdraw it", async () => {
    await call('PUT', '/cars/SU-1', car({ location: otherLocation }), { key: otherKey });
    expect((await call('GET', '/cars/SU-1')).statusCode).toBe(404);
    expect((await call('PATCH', '/cars/SU-1', { price: 1 })).statusCode).toBe(404);
    expect((await call('DELETE', '/cars/SU-1')).statusCode).toBe(404);
    expect((await call('GET', '/cars/SU-1', undefined, { key: otherKey })).json()).toMatchObject({
      car: { price: 38_990, withdrawn: false },
    });
  });

  it('takes the site from the key, not from the Host header', async () => {
    await call('PUT', '/cars/HM-1001', car(), { host: `${OTHER}.localhost:8080` });
    expect((await call('GET', '/cars/HM-1001', undefined, { key: otherKey })).statusCode).toBe(404);
    expect((await call('GET', '/cars/HM-1001')).statusCode).toBe(200);
  });
});

describe('GET /api/stock/v1/cars', () => {
  it("pages through the site's cars in stock-number order", async () => {
    for (const stocknum of ['A-1', 'A-2', 'A-3']) await call('PUT', `/cars/${stocknum}`, car());
    const first = (await call('GET', '/cars?limit=2')).json<{ cars: Array<{ stocknum: string }>; next: string }>();
    expect(first.cars.map((c) => c.stocknum)).toEqual(['A-1', 'A-2']);
    const second = (await call('GET', `/cars?limit=2&after=${first.next}`)).json<{
      cars: Array<{ stocknum: string }>;
      next: string | null;
    }>();
    expect(second.cars[0]!.stocknum).toBe('A-3');
  });

  it('answers 400 naming limit for a page too large', async () => {
    const response = await call('GET', '/cars?limit=5000');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'limit' });
  });
});

describe('POST /api/stock/v1/batch', () => {
  it('answers each operation on its own, applying the good ones', async () => {
    const response = await call('POST', '/batch', {
      operations: [
        { method: 'PUT', stocknum: 'B-1', car: car() },
        { method: 'PUT', stocknum: 'B-2', car: car({ price: 'cheap' }) },
        { method: 'PATCH', stocknum: 'B-1', changes: { price: 35_000 } },
        { method: 'DELETE', stocknum: 'B-9' },
        { method: 'PUT', stocknum: 'B-3', car: car({ location: 'nowhere' }) },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json<{ results: Array<{ status: number; body: { field?: string } }> }>()
        .results.map((r) => [r.status, r.body.field ?? null]),
    ).toEqual([
      [201, null],
      [400, 'operations.1.car.price'],
      [200, null],
      [404, 'stocknum'],
      [400, 'operations.4.car.location'],
    ]);
    expect((await call('GET', '/cars/B-1')).json()).toMatchObject({ car: { price: 35_000 } });
  });

  it('answers 400 for more than 1,000 operations', async () => {
    const operations = Array.from({ length: 1001 }, (_, i) => ({ method: 'DELETE', stocknum: `X-${i}` }));
    const response = await call('POST', '/batch', { operations });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'operations' });
  });
});

describe('search', () => {
  it('indexes the cars the API changed, from stock_changes', async () => {
    const created = (await call('PUT', '/cars/HM-1001', car())).json<{ car: { id: string } }>().car;
    await platform.app.stockIndex.drain();
    const index = platform.app.stockSearch.store.require(CARS_INDEX);
    expect(index.getObject(created.id)).toMatchObject({ price: 38_990, tenant: SITE });
    await call('PATCH', '/cars/HM-1001', { price: 33_000 });
    await platform.app.stockIndex.drain();
    expect(index.getObject(created.id)).toMatchObject({ price: 33_000 });
  });

  it('takes a withdrawn car out of the listing', async () => {
    const created = (await call('PUT', '/cars/HM-1001', car())).json<{ car: { id: string } }>().car;
    await call('DELETE', '/cars/HM-1001');
    await platform.app.stockIndex.drain();
    expect(platform.app.stockSearch.store.require(CARS_INDEX).getObject(created.id)).toMatchObject({
      visible_until: 0,
    });
  });
});

describe('limits and the document', () => {
  it('refuses a key past its rate with 429', async () => {
    const limited = await createTestPlatform(database, {
      stockIndex: { intervalMs: 0 },
      stockApi: { perKeyPerMinute: 2 },
    });
    const list = (secret: string) =>
      limited.app.inject({ method: 'GET', url: '/api/stock/v1/cars', headers: { authorization: `Bearer ${secret}` } });
    try {
      expect((await list(key)).statusCode).toBe(200);
      expect((await list(key)).statusCode).toBe(200);
      expect((await list(key)).statusCode).toBe(429);
      // Another key has its own count.
      expect((await list(otherKey)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('serves the OpenAPI document of the car schema', async () => {
    const response = await call('GET', '/openapi.json', undefined, { key: null });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      openapi: string;
      paths: Record<string, unknown>;
      components: { schemas: Record<string, { required?: string[] }> };
    }>();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual([
      '/cars',
      '/cars/{stocknum}',
      '/batch',
      '/imports',
      '/imports/{id}',
      '/feeds',
      '/feeds/{source}',
    ]);
    expect(document.components.schemas['CarInput']!.required).toEqual(
      expect.arrayContaining(['make', 'model', 'price', 'location', 'item_type']),
    );
  });
});
