import { liteClient } from 'algoliasearch/lite';
import { sql } from 'kysely';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import type { Database } from '@forecourt/data/database';
import { loadTenantStock } from '@forecourt/data/stock';
import { defaultSeedNow } from '@forecourt/demo-data/seed/generate';
import { seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import {
  searchServiceEnv,
  startTestSearchService,
  startWebInstance,
  type TestSearchService,
  type WebInstance,
} from '@forecourt/test-kit/search-service';
import { signInByInject } from '@forecourt/test-kit/shoppers';
import { openTestDatabase } from '@forecourt/test-kit/test-database';
import { CARS_INDEX } from '../indexing/records';
import { testOperatorToken } from '@forecourt/test-kit/operators';
import { TEST_SEARCH_TIMEOUTS } from '@forecourt/search-engine/testing/search-client';

/**
 * Two web instances on one search service, over real HTTP: what one writes (a reservation, a
 * synonym, an admin re-index) the other's shoppers find at once, because neither holds an index
 * of its own.
 */
const SITE = 'harbourside-motors';
let database: Database;
let tenants: TenantConfig[];
let service: TestSearchService;
let a: WebInstance;
let b: WebInstance;

beforeAll(async () => {
  database = await openTestDatabase('pglite');
  tenants = [...(await loadTenants())];
  await seedStock(
    database,
    tenants.filter((t) => t.slug === SITE),
    { seed: 17, totalCars: 40, now: defaultSeedNow() },
  );
  service = await startTestSearchService(database, tenants);
  const env = searchServiceEnv(service.keys, `127.0.0.1:${service.port}`);
  a = await startWebInstance(database, tenants, env);
  b = await startWebInstance(database, tenants, env);
}, 120_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  await service?.close();
  await database?.close();
});

/** A search as a shopper on instance `web`'s page makes it: that page's key, the search service's host. */
async function searchThrough(web: WebInstance, params: { query?: string; filters?: string }) {
  const access = web.app.stockSearch.access(web.app.tenants.get(SITE)!);
  const client = liteClient(access.appId, access.apiKey, {
    hosts: [{ url: `127.0.0.1:${service.port}`, protocol: 'http', accept: 'read' }],
    timeouts: TEST_SEARCH_TIMEOUTS,
  });
  const { results } = await client.search<{ reserved: boolean; price: number }>({
    requests: [{ indexName: CARS_INDEX, hitsPerPage: 100, ...params }],
  });
  return results[0] as { nbHits: number; hits: Array<{ objectID: string; reserved: boolean; price: number }> };
}

describe('two web instances on one search service', () => {
  it('hold no index of their own and serve no search routes', async () => {
    expect(a.app.stockSearch.store.names()).toEqual([]);
    expect((await fetch(`${b.origin}/1/indexes/*/queries`, { method: 'POST', body: '{"requests":[]}' })).status).toBe(
      404,
    );
  });

  it('a car reserved through instance A shows reserved in a search through instance B', async () => {
    const car = (await loadTenantStock(database.db, SITE)).cars.find(
      (c) => c.show_on_dealer_website && c.status === 'in_stock' && !c.reserved,
    )!;
    expect((await searchThrough(b, { filters: `stocknum:"${car.stocknum}"` })).hits[0]?.reserved).toBe(false);
    const phone = '0412000111';
    const cookie = await signInByInject(a.app, SITE, phone, '10.8.0.1');
    const reserved = await a.app.inject({
      method: 'POST',
      url: `/api/vehicle/cars/${car.slug}/reservation`,
      payload: JSON.stringify({
        name: 'Jo Citizen',
        email: 'jo@example.com',
        phone,
        terms: true,
        payment: { token: 'tok_sim_4242_0123456789abcdef', last4: '4242' },
      }),
      headers: { 'x-forecourt-tenant': SITE, 'content-type': 'application/json', cookie },
      remoteAddress: '10.8.0.2',
    });
    expect(reserved.statusCode).toBe(201);
    expect((await searchThrough(b, { filters: `stocknum:"${car.stocknum}"` })).hits[0]?.reserved).toBe(true);
  });

  it("a synonym saved through instance A's admin API finds cars in a search through instance B", async () => {
    const [car] = (await loadTenantStock(database.db, SITE)).cars.filter(
      (c) => c.show_on_dealer_website && c.status === 'in_stock',
    );
    expect((await searchThrough(b, { query: 'zephyrmobile' })).nbHits).toBe(0);
    const token = await testOperatorToken(a.app);
    const saved = await fetch(`${a.origin}/_admin/synonyms/test-zephyr`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'onewaysynonym', input: 'zephyrmobile', synonyms: [car!.make.toLowerCase()] }),
    });
    expect(saved.status).toBe(200);
    expect((await searchThrough(b, { query: 'zephyrmobile' })).nbHits).toBeGreaterThan(0);
  });

  it('refuses a one-way synonym without its input, naming the field', async () => {
    const token = await testOperatorToken(a.app);
    const refused = await fetch(`${a.origin}/_admin/synonyms/test-bad`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'onewaysynonym', synonyms: ['ute'] }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: expect.stringContaining('input is required for a one-way synonym'),
      field: 'input',
    });
  });

  it("an admin re-index through instance A shows the database's prices in a search through instance B", async () => {
    const [car] = (await loadTenantStock(database.db, SITE)).cars.filter(
      (c) => c.show_on_dealer_website && c.status === 'in_stock',
    );
    await sql`update cars set price = 1234567 where id = ${car!.id}`.execute(database.db);
    expect((await searchThrough(b, { filters: 'price = 1234567' })).nbHits).toBe(0);
    const token = await testOperatorToken(a.app);
    const response = await fetch(`${a.origin}/_admin/reindex`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(200);
    expect((await searchThrough(b, { filters: 'price = 1234567' })).hits.map((hit) => hit.objectID)).toEqual([car!.id]);
  });
});
