import { liteClient } from 'algoliasearch/lite';
import { SHELL_SERVER_VERSION } from '@forecourt/shell/server';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import type { Database } from '@forecourt/data/database';
import { DEFAULT_TENANT } from '@forecourt/data/pins';
import { loadTenantStock } from '@forecourt/data/stock';
import { defaultSeedNow } from '@forecourt/demo-data/seed/generate';
import { seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import { makeFakeBuild } from '@forecourt/test-kit/fake-build';
import {
  recordingProxy,
  searchServiceEnv,
  startTestSearchService,
  startWebInstance,
  type RecordedRequest,
  type TestSearchService,
  type WebInstance,
} from '@forecourt/test-kit/search-service';
import { signInByInject } from '@forecourt/test-kit/shoppers';
import { openTestDatabase, serverTestEngine } from '@forecourt/test-kit/test-database';
import { matchAlgoliaRoute, outsideAlgoliaSubset } from '@forecourt/search-engine/http/algolia-subset';
import { searchClient } from '../indexing/indexer';
import { CARS_INDEX } from '../indexing/records';
import { testOperatorToken } from '@forecourt/test-kit/operators';
import { TEST_SEARCH_TIMEOUTS } from '@forecourt/search-engine/testing/search-client';

/**
 * Everything a web instance sends the search service, written down by an HTTP server in between:
 * page loads (their first paint), a shopper's search, a reservation's re-index, a synonym saved
 * and an admin re-index. Each request must be within the documented subset of Algolia's API
 * (http/algolia-subset.ts): what an Algolia application answers as well.
 */
const SITE = 'harbourside-motors';
let database: Database;
let tenants: TenantConfig[];
let service: TestSearchService;
let proxy: Awaited<ReturnType<typeof recordingProxy>>;
let web: WebInstance;

beforeAll(async () => {
  database = await openTestDatabase(serverTestEngine());
  tenants = [...(await loadTenants())];
  await seedStock(
    database,
    tenants.filter((t) => t.slug === SITE),
    { seed: 11, totalCars: 40, now: defaultSeedNow() },
  );
  service = await startTestSearchService(database, tenants);
  proxy = await recordingProxy(`127.0.0.1:${service.port}`);
  // The test is about what a first paint sends, not its time budget on a busy test machine.
  web = await startWebInstance(database, tenants, {
    ...searchServiceEnv(service.keys, proxy.host),
    FORECOURT_FIRST_PAINT_BUDGET_MS: '10000',
  });
  const searchVersion = web.app.firstPaints!.get('mf-search')!.version;
  for (const [team, version] of [
    ['shell', SHELL_SERVER_VERSION],
    ['mf-search', searchVersion],
  ] as const) {
    await web.app.registry.publish(team, await makeFakeBuild(web.dataDir, { team, version }));
    await web.app.pins.pin({ tenant: DEFAULT_TENANT, team, version, actor: 'test' });
  }
  // The first render of a page compiles the team's code: on a busy machine it can pass the first paint's budget.
  await fetch(`${web.origin}/search/used-cars`, { headers: { 'x-forecourt-tenant': SITE } });
}, 120_000);

afterAll(async () => {
  await web?.close();
  await proxy?.close();
  await service?.close();
  await database?.close();
});

const sent = (from: number) => proxy.requests.slice(from);
const routesOf = (requests: RecordedRequest[]) =>
  [
    ...new Set(
      requests.map((r) => {
        const route = matchAlgoliaRoute(r.method, new URL(r.url, 'http://x').pathname);
        return route ? `${route.method} ${route.path}` : `${r.method} ${r.url}`;
      }),
    ),
  ].sort();

describe('what the web tier sends the search service', () => {
  it('a page load: its first paint searches with the page key, within the subset', async () => {
    const from = proxy.requests.length;
    const page = await fetch(`${web.origin}/search/used-cars`, { headers: { 'x-forecourt-tenant': SITE } });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/\d+ cars found/);
    expect(routesOf(sent(from))).toEqual(['POST /1/indexes/*/queries']);
    expect(sent(from).flatMap(outsideAlgoliaSubset)).toEqual([]);
  });

  it("a shopper's search with the page's own key, within the subset", async () => {
    const access = web.app.stockSearch.access(web.app.tenants.get(SITE)!);
    // The browser reaches the service through the balancer's /1/ route: here, the recording server.
    const client = liteClient(access.appId, access.apiKey, {
      hosts: [{ url: proxy.host, protocol: 'http', accept: 'read' }],
      timeouts: TEST_SEARCH_TIMEOUTS,
    });
    const from = proxy.requests.length;
    const { results } = await client.search({
      requests: [{ indexName: CARS_INDEX, query: 'toyota', facets: ['make', 'body'], hitsPerPage: 21, page: 0 }],
    });
    expect(results).toHaveLength(1);
    expect(sent(from).map((r) => r.status)).toEqual([200]);
    expect(sent(from).flatMap(outsideAlgoliaSubset)).toEqual([]);
  });

  it("a reservation writes the car's record through the batch route, within the subset", async () => {
    const car = (await loadTenantStock(database.db, SITE)).cars.find(
      (c) => c.show_on_dealer_website && c.status === 'in_stock' && !c.reserved,
    )!;
    const phone = '0412345678';
    const cookie = await signInByInject(web.app, SITE, phone, '10.9.0.1');
    const from = proxy.requests.length;
    const reserved = await web.app.inject({
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
      remoteAddress: '10.9.0.2',
    });
    expect(reserved.statusCode).toBe(201);
    expect(routesOf(sent(from))).toEqual(['POST /1/indexes/:index/batch']);
    expect(sent(from).flatMap(outsideAlgoliaSubset)).toEqual([]);
  });

  it('a synonym saved with the admin key, within the subset', async () => {
    const target = web.app.stockSearch.target();
    const from = proxy.requests.length;
    await searchClient(target, target.adminKey).saveSynonyms({
      indexName: CARS_INDEX,
      synonymHit: [{ objectID: 'tenant-ranger', type: 'onewaysynonym', input: 'ranger', synonyms: ['raptor'] }],
      forwardToReplicas: true,
    });
    expect(routesOf(sent(from))).toEqual(['POST /1/indexes/:index/synonyms/batch']);
    expect(sent(from).flatMap(outsideAlgoliaSubset)).toEqual([]);
  });

  it('an admin re-index: clear, settings, synonyms, batches and tasks, within the subset', async () => {
    const token = await testOperatorToken(web.app);
    const from = proxy.requests.length;
    const response = await fetch(`${web.origin}/_admin/reindex`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ records: 40 });
    expect(routesOf(sent(from))).toEqual([
      'GET /1/indexes/:index/task/:taskID',
      'POST /1/indexes/:index/batch',
      'POST /1/indexes/:index/clear',
      'POST /1/indexes/:index/synonyms/batch',
      'PUT /1/indexes/:index/settings',
    ]);
    expect(sent(from).length).toBeGreaterThan(5);
    expect(sent(from).filter((r) => r.status >= 400)).toEqual([]);
    expect(sent(from).flatMap(outsideAlgoliaSubset)).toEqual([]);
  });
});
