import { algoliasearch } from 'algoliasearch';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@forecourt/data/database';
import { loadTenantStock } from '@forecourt/data/stock';
import { listen } from '@forecourt/server/main';
import type { Car } from '@forecourt/data/stock-model';
import { defaultSeedNow } from '@forecourt/demo-data/seed/generate';
import { seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { tempDir } from '@forecourt/test-kit/fake-build';
import { openTestDatabase } from '@forecourt/test-kit/test-database';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import { CAR_SORTS, CARS_INDEX, MODELS_INDEX, VISIBLE_FOREVER, visibleUntil } from './records';
import { testOperatorToken } from '@forecourt/test-kit/operators';
import { TEST_SEARCH_TIMEOUTS } from '@forecourt/search-engine/testing/search-client';

/**
 * Stock goes database -> indexer -> search service over real HTTP with the real client, and a
 * page's tenant key sees exactly that tenant's listed stock.
 */
// Keys expire on the wall clock, so stock is seeded relative to today, as `npm start` does.
const SEEDED = defaultSeedNow();
let database: Database;
let app: FastifyInstance;
let port: number;
let dataDir: string;
let cars: Map<string, Car[]>;

beforeAll(async () => {
  database = await openTestDatabase('pglite');
  const tenants = await loadTenants();
  await seedStock(database, tenants, { seed: 11, totalCars: 800, now: SEEDED });
  cars = new Map();
  for (const tenant of tenants) cars.set(tenant.slug, (await loadTenantStock(database.db, tenant.slug)).cars);
  dataDir = await tempDir();
  app = await listen(
    { port: 0, host: '127.0.0.1', dataDir, databaseUrl: undefined },
    { ...database, close: async () => undefined },
    tenants,
  );
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

afterAll(async () => {
  await app.close();
  await database.close();
});

function pageClient(slug: string) {
  const tenant = app.tenants.get(slug)!;
  const access = app.stockSearch.access(tenant);
  return {
    access,
    client: algoliasearch(access.appId, access.apiKey, {
      hosts: [{ url: `127.0.0.1:${port}`, protocol: 'http', accept: 'read' }],
      timeouts: TEST_SEARCH_TIMEOUTS,
    }),
  };
}

/** The spec's default in-stock filter, evaluated on the generated cars directly. */
function listed(slug: string): Car[] {
  const tenant = app.tenants.get(slug)!;
  const now = Math.floor(Date.now() / 1000);
  return cars
    .get(slug)!
    .filter((c) => c.show_on_dealer_website && visibleUntil(c, tenant.search.soldVisibleDays) > now);
}

describe('indexer and tenant search keys', () => {
  it('reports healthy once stock is indexed', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toMatchObject({ status: 'ok', search: { indexed: true, records: 800 } });
  });

  it('shows a tenant exactly its listed stock', async () => {
    const { client } = pageClient('harbourside-motors');
    const result = await client.searchSingleIndex({ indexName: CARS_INDEX, searchParams: { hitsPerPage: 0 } });
    expect(result.nbHits).toBe(listed('harbourside-motors').length);
  });

  it('keeps sold cars for the sold window only', async () => {
    const { client } = pageClient('summit-auto-group');
    const result = await client.searchSingleIndex({
      indexName: CARS_INDEX,
      searchParams: { facets: ['status'], hitsPerPage: 0 },
    });
    const soldListed = listed('summit-auto-group').filter((c) => c.status === 'sold').length;
    expect(result.facets?.['status']?.['sold']).toBe(soldListed);
    expect(cars.get('summit-auto-group')!.filter((c) => c.status === 'sold').length).toBeGreaterThan(soldListed);
    expect(result.facets?.['status']).not.toHaveProperty('archived');
  });

  it('cannot see another tenant’s stock even when asking for it', async () => {
    const { client } = pageClient('redgum-used-cars');
    const result = await client.searchSingleIndex({
      indexName: CARS_INDEX,
      searchParams: { filters: 'dealership_slug:harbourside-motors', hitsPerPage: 0 },
    });
    expect(result.nbHits).toBe(0);
  });

  it('sorts by price through the replica', async () => {
    const { client } = pageClient('coastal-caravans');
    const result = await client.searchSingleIndex({
      indexName: CAR_SORTS.priceAsc,
      searchParams: { hitsPerPage: 50, filters: 'price > 0', attributesToRetrieve: ['price'] },
    });
    const prices = result.hits.map((h) => (h as unknown as { price: number }).price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices.length).toBeGreaterThan(10);
  });

  it('finds a make by text with highlighting', async () => {
    const { client } = pageClient('harbourside-motors');
    const result = await client.searchSingleIndex({
      indexName: CARS_INDEX,
      searchParams: { query: 'toyo', hitsPerPage: 5 },
    });
    expect(result.nbHits).toBe(
      listed('harbourside-motors').filter((c) => c.make === 'Toyota' || c.name.toLowerCase().includes(' toyo')).length,
    );
    expect(JSON.stringify(result.hits[0]?._highlightResult)).toContain('<em>Toyo</em>');
  });

  it('marks in-stock cars visible for ever', () => {
    const car = cars.get('harbourside-motors')!.find((c) => c.status === 'in_stock')!;
    expect(visibleUntil(car, 3)).toBe(VISIBLE_FOREVER);
  });
});

describe('the model catalogue (the model search)', () => {
  function catalogueClient(slug: string) {
    const { access } = pageClient(slug);
    return algoliasearch(access.appId, access.models!.apiKey, {
      hosts: [{ url: `127.0.0.1:${port}`, protocol: 'http', accept: 'read' }],
      timeouts: TEST_SEARCH_TIMEOUTS,
    });
  }
  type ModelRecord = { tenant: string; manufacturer: { name: string }; model: { name: string; body: string } };

  it('gives a site the models of every make it sells new, each once', async () => {
    const result = await catalogueClient('harbourside-motors').searchSingleIndex<ModelRecord>({
      indexName: MODELS_INDEX,
      searchParams: { hitsPerPage: 1000 },
    });
    const soldNew = new Set(
      cars
        .get('harbourside-motors')!
        .filter((c) => c.car_type === 'new' || c.car_type === 'demo')
        .map((c) => c.make),
    );
    const makes = new Set(result.hits.map((h) => h.manufacturer.name));
    expect(makes).toEqual(soldNew);
    const names = result.hits.map((h) => `${h.manufacturer.name} ${h.model.name}`);
    expect(new Set(names).size).toBe(names.length);
  });

  it('filters by the spec’s attributes: manufacturer.name and model.body', async () => {
    const client = catalogueClient('harbourside-motors');
    const result = await client.searchSingleIndex<ModelRecord>({
      indexName: MODELS_INDEX,
      searchParams: { facetFilters: [['manufacturer.name:Toyota'], ['model.body:suv']], hitsPerPage: 100 },
    });
    expect(result.nbHits).toBeGreaterThan(0);
    expect(result.hits.every((h) => h.manufacturer.name === 'Toyota' && h.model.body === 'suv')).toBe(true);
  });

  it('has nothing for a used-only site, and a site’s key cannot read another’s catalogue', async () => {
    const client = catalogueClient('redgum-used-cars');
    expect((await client.searchSingleIndex({ indexName: MODELS_INDEX, searchParams: { hitsPerPage: 0 } })).nbHits).toBe(
      0,
    );
    expect(
      (
        await client.searchSingleIndex({
          indexName: MODELS_INDEX,
          searchParams: { filters: 'tenant:"harbourside-motors"', hitsPerPage: 0 },
        })
      ).nbHits,
    ).toBe(0);
  });

  it('is not readable with the stock key, nor the stock with the catalogue key', async () => {
    const { client } = pageClient('harbourside-motors');
    await expect(
      client.searchSingleIndex({ indexName: MODELS_INDEX, searchParams: { hitsPerPage: 0 } }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      catalogueClient('harbourside-motors').searchSingleIndex({
        indexName: CARS_INDEX,
        searchParams: { hitsPerPage: 0 },
      }),
    ).rejects.toMatchObject({ status: 403 });
  });
});

describe('re-indexing through the admin API', () => {
  it('re-indexes the running server’s stock', async () => {
    const token = await testOperatorToken(app);
    const response = await app.inject({
      method: 'POST',
      url: '/_admin/reindex',
      headers: { authorization: `Bearer ${token}` },
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ records: 800 });
  });
});
