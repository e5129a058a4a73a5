/** The search service through fastify.inject and through the real algoliasearch client over HTTP. */
import { searchClient, type SearchClientNodeHelpers } from '@algolia/client-search';
import { algoliasearch } from 'algoliasearch';
import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { QUERY_LIMITS } from '../engine/params';
import { IndexStore } from '../engine/search-index';
import { KeyStore } from './keys';
import { SEARCH_LIMITS, searchService } from './plugin';
import { TEST_SEARCH_TIMEOUTS } from '../testing/search-client';

const APP = 'FORECOURT';
const ADMIN = 'admin-key-123';
const SEARCH = 'search-key-456';

const cars = [
  {
    objectID: 'c1',
    name: 'Toyota Corolla Ascent',
    make: 'Toyota',
    model: 'Corolla',
    price: 21990,
    dealership_slug: 'redgum',
    status: 'in_stock',
    custom_rank: 5,
  },
  {
    objectID: 'c2',
    name: 'Toyota Hilux SR5',
    make: 'Toyota',
    model: 'Hilux',
    price: 48990,
    dealership_slug: 'redgum',
    status: 'sold',
    custom_rank: 9,
  },
  {
    objectID: 'c3',
    name: 'Mazda CX-5 Maxx',
    make: 'Mazda',
    model: 'CX-5',
    price: 33990,
    dealership_slug: 'bluegum',
    status: 'in_stock',
    custom_rank: 7,
  },
  {
    objectID: 'c4',
    name: 'Ford Ranger XLT',
    make: 'Ford',
    model: 'Ranger',
    price: 55990,
    dealership_slug: 'bluegum',
    status: 'coming_soon',
    custom_rank: 1,
  },
];

async function build(): Promise<{ app: FastifyInstance; store: IndexStore; keys: KeyStore }> {
  const store = new IndexStore();
  const keys = new KeyStore({ appId: APP, adminKey: ADMIN, searchKeys: [SEARCH], now: () => 1_700_000_000_000 });
  const app = Fastify();
  // Budgets far past the service's 200 ms: these tests are about answers, and a first search on a
  // machine busy with the rest of CI once took longer (429). The budget has its own test below.
  await app.register(searchService, { store, keys, searchMs: 60_000, threadMs: 60_000 });
  store.setSettings('cars', {
    searchableAttributes: ['name', 'make,model'],
    attributesForFaceting: ['make', 'model', 'price', 'filterOnly(dealership_slug)', 'status'],
    customRanking: ['desc(custom_rank)'],
    replicas: ['cars_price_asc'],
  });
  store.setSettings('cars_price_asc', { customRanking: ['asc(price)'] });
  for (const car of cars) store.require('cars').saveObject(car);
  return { app, store, keys };
}

const auth = (key = SEARCH) => ({ 'x-algolia-application-id': APP, 'x-algolia-api-key': key });

describe('searchService via inject', () => {
  let app: FastifyInstance;
  let keys: KeyStore;
  beforeAll(async () => {
    ({ app, keys } = await build());
  });
  afterAll(() => app.close());

  it('answers multi-queries sent as text/plain with flat params or a params string, credentials in the query string', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/1/indexes/*/queries?x-algolia-api-key=${SEARCH}&x-algolia-application-id=${APP}&x-algolia-agent=test`,
      headers: { 'content-type': 'text/plain', origin: 'http://shop.example' },
      payload: JSON.stringify({
        requests: [
          { indexName: 'cars', query: 'toyota', facets: ['make', 'price'], hitsPerPage: 1 },
          {
            indexName: 'cars_price_asc',
            params: 'query=&hitsPerPage=2&facetFilters=%5B%5B%22make%3AToyota%22%2C%22make%3AFord%22%5D%5D',
          },
        ],
        strategy: 'none',
      }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('http://shop.example');
    const { results } = response.json();
    expect(results[0]).toMatchObject({
      nbHits: 2,
      hits: [{ objectID: 'c2' }],
      facets: { make: { Toyota: 2 } },
      facets_stats: { price: { min: 21990, max: 48990 } },
      index: 'cars',
    });
    expect(results[1]).toMatchObject({
      nbHits: 3,
      hits: [{ objectID: 'c1' }, { objectID: 'c2' }],
      index: 'cars_price_asc',
    });
  });

  it('answers CORS preflight', async () => {
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/1/indexes/*/queries',
      headers: { origin: 'http://a.example', 'access-control-request-method': 'POST' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('http://a.example');
    expect(response.headers['access-control-allow-headers']).toContain('x-algolia-api-key');
    expect(response.headers['access-control-allow-methods']).toContain('POST');
  });

  it('applies a secured key: filters ANDed, restrictIndices and validUntil enforced', async () => {
    const secured = keys.generateSecuredApiKey(SEARCH, {
      filters: 'dealership_slug:redgum',
      restrictIndices: ['cars', 'cars_price_asc'],
      validUntil: 1_800_000_000,
    });
    const search = (key: string, indexName = 'cars', extra: Record<string, unknown> = {}) =>
      app.inject({
        method: 'POST',
        url: `/1/indexes/${encodeURIComponent(indexName)}/query`,
        headers: auth(key),
        payload: { query: '', ...extra },
      });
    const own = await search(secured, 'cars', { filters: 'NOT make:Mazda' });
    expect(own.json().hits.map((h: { objectID: string }) => h.objectID)).toEqual(['c2', 'c1']);
    const other = await search(secured, 'cars', { filters: 'dealership_slug:bluegum' });
    expect(other.json().nbHits).toBe(0);
    const restricted = keys.generateSecuredApiKey(SEARCH, { restrictIndices: 'cars_price_asc' });
    expect((await search(restricted, 'cars')).statusCode).toBe(403);
    expect((await search(restricted, 'cars_price_asc')).statusCode).toBe(200);
    const expired = keys.generateSecuredApiKey(SEARCH, { validUntil: 1_600_000_000 });
    const e = await search(expired);
    expect(e.statusCode).toBe(403);
    expect(e.json()).toEqual({ message: 'The validity of the secured API key has expired', status: 403 });
    const forged = Buffer.from(`${'0'.repeat(64)}filters=`).toString('base64');
    expect((await search(forged)).json()).toEqual({ message: 'Invalid Application-ID or API key', status: 403 });
    // A secured key signed with a key the server does not know.
    const { generateSecuredApiKey } = await import('./keys');
    expect((await search(generateSecuredApiKey('other', { filters: 'make:Toyota' }))).statusCode).toBe(403);
  });

  it('answers errors in Algolia shape, never 5xx on bad input', async () => {
    const post = (url: string, payload: string, headers: Record<string, string> = auth()) =>
      app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload });
    const bad = await post('/1/indexes/cars/query', '{"query": ');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Invalid JSON body', status: 400 });
    expect((await post('/1/indexes/cars/query', '{"filters":"make:Toyota ANDD x:1"}')).json()).toEqual({
      message: "filters: unexpected token 'ANDD' at col 13 (expected AND, OR, ')' or the end)",
      status: 400,
    });
    expect((await post('/1/indexes/cars/query', '{"hitsPerPage":1001}')).json()).toEqual({
      message: 'hitsPerPage: must be between 0 and 1000, got 1001',
      status: 400,
    });
    expect((await post('/1/indexes/nope/query', '{}')).json()).toEqual({
      message: 'Index does not exist',
      status: 404,
    });
    expect((await post('/1/indexes/*/queries', '{"requests":[{"indexName":"nope"}]}')).statusCode).toBe(404);
    expect((await post('/1/indexes/*/queries', '{"requests":5}')).statusCode).toBe(400);
    expect((await post('/1/indexes/*/queries', '[1,2]')).statusCode).toBe(400);
    expect((await post('/1/indexes/*/queries', 'null')).statusCode).toBe(400);
    expect((await post('/1/indexes/cars/query', '{}', auth('wrong'))).json()).toEqual({
      message: 'Invalid Application-ID or API key',
      status: 403,
    });
    expect((await post('/1/indexes/cars/query', '{}', { 'x-algolia-api-key': SEARCH })).statusCode).toBe(403);
    expect((await post('/1/indexes/cars/batch', '{"requests":[]}')).statusCode).toBe(403);
    expect(
      (await post('/1/indexes/cars/batch', '{"requests":[{"action":"explode","body":{}}]}', auth(ADMIN))).json(),
    ).toEqual({
      message: 'requests[0].action: unknown action "explode"',
      status: 400,
    });
    // An action that is not text, and not even printable as text, is named, not a 500.
    expect(
      (await post('/1/indexes/cars/batch', '{"requests":[{"action":{"toString":0},"body":{}}]}', auth(ADMIN))).json(),
    ).toEqual({
      message: 'requests[0].action: unknown action {"toString":0}',
      status: 400,
    });
    expect(
      (
        await post(
          '/1/indexes/cars_price_asc/batch',
          '{"requests":[{"action":"addObject","body":{"objectID":"x"}}]}',
          auth(ADMIN),
        )
      ).statusCode,
    ).toBe(400);
    const getSettings = await app.inject({ method: 'GET', url: '/1/indexes/nope/settings', headers: auth(ADMIN) });
    expect(getSettings.json()).toEqual({ message: 'Index does not exist', status: 404 });
  });

  it('writes through batch, single-object routes and multi-index batch', async () => {
    const { app: app2 } = await build();
    const admin = { ...auth(ADMIN), 'content-type': 'application/json' };
    const batch = await app2.inject({
      method: 'POST',
      url: '/1/indexes/cars/batch',
      headers: admin,
      payload: {
        requests: [
          {
            action: 'updateObject',
            body: { objectID: 'c1', name: 'Toyota Corolla Hybrid', make: 'Toyota', price: 100 },
          },
          { action: 'partialUpdateObject', body: { objectID: 'c3', price: 1 } },
          { action: 'partialUpdateObjectNoCreate', body: { objectID: 'ghost', price: 1 } },
          { action: 'deleteObject', body: { objectID: 'c4' } },
          { action: 'addObject', body: { name: 'No id yet', make: 'Kia' } },
        ],
      },
    });
    expect(batch.statusCode).toBe(200);
    expect(batch.json().objectIDs.slice(0, 4)).toEqual(['c1', 'c3', 'ghost', 'c4']);
    const list = await app2.inject({
      method: 'POST',
      url: '/1/indexes/cars_price_asc/query',
      headers: admin,
      payload: { attributesToRetrieve: ['price'] },
    });
    expect(list.json().hits.map((h: { objectID: string; price?: number }) => h.price)).toEqual([
      1,
      100,
      48990,
      undefined,
    ]);
    expect((await app2.inject({ method: 'GET', url: '/1/indexes/cars/ghost', headers: admin })).statusCode).toBe(404);
    expect((await app2.inject({ method: 'GET', url: '/1/indexes/cars/c3', headers: admin })).json()).toMatchObject({
      objectID: 'c3',
      price: 1,
      make: 'Mazda',
    });
    const multi = await app2.inject({
      method: 'POST',
      url: '/1/indexes/*/batch',
      headers: admin,
      payload: {
        requests: [
          { indexName: 'other', action: 'addObject', body: { objectID: 'o1', title: 'x' } },
          { indexName: 'cars', action: 'clear', body: {} },
        ],
      },
    });
    expect(Object.keys(multi.json().taskID).sort()).toEqual(['cars', 'other']);
    const indexes = await app2.inject({ method: 'GET', url: '/1/indexes', headers: admin });
    expect(indexes.json().items.map((i: { name: string; entries: number }) => [i.name, i.entries])).toEqual([
      ['cars', 0],
      ['cars_price_asc', 0],
      ['other', 1],
    ]);
    expect((await app2.inject({ method: 'GET', url: '/1/indexes/cars/task/42', headers: admin })).json()).toEqual({
      status: 'published',
      pendingTask: false,
    });
    expect((await app2.inject({ method: 'DELETE', url: '/1/indexes/other', headers: admin })).statusCode).toBe(200);
    expect(
      (await app2.inject({ method: 'POST', url: '/1/indexes/other/query', headers: admin, payload: {} })).statusCode,
    ).toBe(404);
    await app2.close();
  });
});

describe('searchService limits on hostile requests', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await build());
  });
  afterAll(() => app.close());

  const post = (url: string, payload: string, headers: Record<string, string> = auth()) =>
    app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload });

  it(`refuses more than ${SEARCH_LIMITS.queriesPerRequest} queries in one multi-query, as Algolia does`, async () => {
    const requests = Array.from({ length: SEARCH_LIMITS.queriesPerRequest + 1 }, () => ({
      indexName: 'cars',
      hitsPerPage: 1000,
      attributesToRetrieve: ['*'],
    }));
    const response = await post('/1/indexes/*/queries', JSON.stringify({ requests }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Too many queries in multi query request', status: 400 });
  });

  const bytesOver = (got: number) => ({
    message: `query: must be at most ${QUERY_LIMITS.bytes} bytes long, got ${got}`,
    status: 400,
  });

  it.each([
    ['a single query', '/1/indexes/cars/query', (query: string) => ({ query })],
    [
      'a multi-query',
      '/1/indexes/*/queries',
      (query: string) => ({
        requests: [
          { indexName: 'cars', query: 'toyota' },
          { indexName: 'cars', query },
        ],
      }),
    ],
    [
      'a params string',
      '/1/indexes/*/queries',
      (query: string) => ({
        requests: [{ indexName: 'cars', params: `query=${encodeURIComponent(query)}&hitsPerPage=2` }],
      }),
    ],
  ])('refuses a query of 513 bytes in %s with a 400 naming the limit', async (_what, url, body) => {
    // 'é' is two bytes: 256 of them and one 'a' are 257 characters, 513 bytes.
    const response = await post(url, JSON.stringify(body(`${'é'.repeat(256)}a`)));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(bytesOver(513));
  });

  it('answers a query of exactly 512 bytes', async () => {
    const response = await post('/1/indexes/cars/query', JSON.stringify({ query: 'é'.repeat(256) }));
    expect(response.statusCode).toBe(200);
    expect(response.json().nbHits).toBe(0);
  });

  it(`refuses a query of more than ${QUERY_LIMITS.words} words with a 400 naming the limit`, async () => {
    const words = Array.from({ length: QUERY_LIMITS.words + 1 }, () => 'toyta');
    const response = await post(
      '/1/indexes/*/queries',
      JSON.stringify({ requests: [{ indexName: 'cars', query: words.join(' ') }] }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: `query: must have at most ${QUERY_LIMITS.words} words, got ${QUERY_LIMITS.words + 1}`,
      status: 400,
    });
  });

  it(`answers a query of ${QUERY_LIMITS.words} misspelt words`, async () => {
    const words = Array.from({ length: QUERY_LIMITS.words }, () => 'toyta');
    const response = await post('/1/indexes/cars/query', JSON.stringify({ query: words.join(' ') }));
    expect(response.statusCode).toBe(200);
    expect(response.json().hits.map((h: { objectID: string }) => h.objectID)).toEqual(['c2', 'c1']);
  });

  it('refuses a 20,000-character word with a 400 naming the limit', async () => {
    const response = await post('/1/indexes/cars/query', JSON.stringify({ query: 'x'.repeat(20_000) }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(bytesOver(20_000));
  });

  it('refuses 50 queries of 5,000 characters with a 400 naming the limit', async () => {
    const requests = Array.from({ length: 50 }, (_, i) => ({
      indexName: 'cars',
      query: `${i} ${'toyota'.repeat(833)}`.slice(0, 5000),
    }));
    const response = await post('/1/indexes/*/queries', JSON.stringify({ requests }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(bytesOver(5000));
  });

  it("answers 429 in Algolia's shape when a search runs past its time budget", async () => {
    const store = new IndexStore();
    for (const car of cars) store.getOrCreate('cars').saveObject(car);
    const strict = Fastify();
    await strict.register(searchService, {
      store,
      keys: new KeyStore({ appId: APP, adminKey: ADMIN, searchKeys: [SEARCH] }),
      searchMs: 0,
    });
    const response = await strict.inject({
      method: 'POST',
      url: '/1/indexes/cars/query',
      headers: auth(),
      payload: { query: 'toyota' },
    });
    await strict.close();
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({
      message: 'The search ran past its 0 ms time budget: retry with fewer queries or fewer words',
      status: 429,
    });
  });

  it('refuses an answer larger than the response budget with a 400 that says what to ask for', async () => {
    const { app: big, store } = await build();
    // 300 hits (the admin key gets them all) of 40 KB: 12 MB.
    const filler = 'x'.repeat(40_000);
    for (let i = 0; i < 300; i++)
      store.require('cars').saveObject({ objectID: `big${i}`, name: `Big ${i}`, notes: filler });
    const response = await big.inject({
      method: 'POST',
      url: '/1/indexes/cars/query',
      headers: auth(ADMIN),
      payload: { hitsPerPage: 1000, attributesToRetrieve: ['*'] },
    });
    await big.close();
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'The answer would exceed 8 MiB: ask for fewer hits (hitsPerPage) or attributes (attributesToRetrieve)',
    );
  });

  it("holds a search key to what a shopper's page asks: at most 100 hits and 100 values a facet", async () => {
    const { app: wide, store } = await build();
    for (let i = 0; i < 400; i++)
      store.require('cars').saveObject({ objectID: `car${i}`, name: `Car ${i}`, make: `Make ${i}` });
    store.require('cars').applySettings({ attributesForFaceting: ['make'] });
    const ask = (key: string) =>
      wide.inject({
        method: 'POST',
        url: '/1/indexes/cars/query',
        headers: auth(key),
        payload: { hitsPerPage: 1000, facets: ['*'], maxValuesPerFacet: 1000 },
      });
    const shopper = (await ask(SEARCH)).json<{ hits: unknown[]; facets: Record<string, Record<string, number>> }>();
    const admin = (await ask(ADMIN)).json<{ hits: unknown[]; facets: Record<string, Record<string, number>> }>();
    await wide.close();
    expect({ hits: shopper.hits.length, makes: Object.keys(shopper.facets['make'] ?? {}).length }).toEqual({
      hits: 100,
      makes: 100,
    });
    // The admin key keeps Algolia's bounds: every one of the 400 cars and their makes (and the few the index started with).
    expect(admin.hits.length).toBeGreaterThan(400);
    expect(Object.keys(admin.facets['make'] ?? {}).length).toBeGreaterThan(400);
  });

  it("refuses a search key's request asking more than 100 hits across its queries, naming hitsPerPage", async () => {
    const requests = Array.from({ length: 3 }, () => ({ indexName: 'cars', hitsPerPage: 50 }));
    const response = await app.inject({
      method: 'POST',
      url: '/1/indexes/*/queries',
      headers: auth(SEARCH),
      payload: { requests },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      "hitsPerPage: a site's search key may ask at most 100 hits across one request's queries; this request asks 150",
    );
  });

  it("answers a results page's request: one query of 100 hits and seven of facets only", async () => {
    const requests = [
      { indexName: 'cars', hitsPerPage: 100, facets: ['*'] },
      ...Array.from({ length: 7 }, () => ({ indexName: 'cars', hitsPerPage: 0, facets: ['*'] })),
    ];
    const response = await app.inject({
      method: 'POST',
      url: '/1/indexes/*/queries',
      headers: auth(SEARCH),
      payload: { requests },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().results).toHaveLength(8);
  });

  it("refuses a search key's answer past 1 MiB, which the admin key still gets", async () => {
    const { app: big, store } = await build();
    const filler = 'x'.repeat(12 * 1024);
    for (let i = 0; i < 100; i++)
      store.require('cars').saveObject({ objectID: `big${i}`, name: `Big ${i}`, notes: filler });
    const ask = (key: string) =>
      big.inject({
        method: 'POST',
        url: '/1/indexes/cars/query',
        headers: auth(key),
        payload: { hitsPerPage: 100, attributesToRetrieve: ['*'] },
      });
    const shopper = await ask(SEARCH);
    const admin = await ask(ADMIN);
    await big.close();
    expect(shopper.statusCode).toBe(400);
    expect(shopper.json().message).toBe(
      'The answer would exceed 1 MiB: ask for fewer hits (hitsPerPage) or attributes (attributesToRetrieve)',
    );
    expect(admin.statusCode).toBe(200);
  });

  it.each([
    [
      'a lone surrogate in the query',
      '{"query":"\\ud800"}',
      'query: must be valid Unicode (it holds an unpaired surrogate)',
    ],
    [
      'a NUL in a facet filter',
      '{"requests":[{"indexName":"cars","facetFilters":[["make:\\u0000"]]}]}',
      'requests[0].facetFilters[0][0]: must not contain a NUL character',
    ],
    [
      'a NUL in a params string',
      '{"requests":[{"indexName":"cars","params":"query=%00"}]}',
      'params: query must not contain a NUL character',
    ],
  ])('refuses %s with a 400 naming the field', async (_what, payload, message) => {
    const url = payload.includes('requests') ? '/1/indexes/*/queries' : '/1/indexes/cars/query';
    const response = await post(url, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, status: 400 });
  });

  it('refuses a parameter nested 10,000 levels deep', async () => {
    const response = await post('/1/indexes/cars/query', `{"facetFilters":${'['.repeat(10_000)}${']'.repeat(10_000)}}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      `facetFilters${'[0]'.repeat(SEARCH_LIMITS.bodyDepth - 1)}: must not nest more than ${SEARCH_LIMITS.bodyDepth} levels deep`,
    );
  });

  it('refuses filters with 20,000 nested parentheses', async () => {
    const response = await post(
      '/1/indexes/cars/query',
      JSON.stringify({ filters: `${'('.repeat(20_000)}make:Kia${')'.repeat(20_000)}` }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^filters: nested more than \d+ levels deep/);
  });

  it('refuses a search key on a write route before reading its body', async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    // Headers announce 50 MB and no byte of it is sent: an answer can only come from onRequest.
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(
          `POST /1/indexes/cars/batch HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${50 * 1024 * 1024}\r\nx-algolia-application-id: ${APP}\r\nx-algolia-api-key: ${SEARCH}\r\n\r\n`,
        );
      });
      socket.once('data', (chunk) => {
        resolve(chunk.toString());
        socket.destroy();
      });
      socket.once('error', reject);
    });
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 403 Forbidden');
    expect(answer).toContain('{"message":"Method not allowed with this API key","status":403}');
  });
});

describe('searchService with the real algoliasearch client over HTTP', () => {
  let app: FastifyInstance;
  let keys: KeyStore;
  let port: number;
  beforeAll(async () => {
    ({ app, keys } = await build());
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => app.close());

  const client = (key: string) =>
    algoliasearch(APP, key, {
      hosts: [{ url: `127.0.0.1:${port}`, protocol: 'http', accept: 'readWrite' }],
      timeouts: TEST_SEARCH_TIMEOUTS,
    });

  it('saveObjects, setSettings, waitForTask, search, multi-query with facets and filters', async () => {
    const admin = client(ADMIN);
    const saved = await admin.saveObjects({
      indexName: 'trucks',
      objects: [
        { objectID: 't1', name: 'Isuzu D-Max', make: 'Isuzu', price: 40000 },
        { objectID: 't2', name: 'Isuzu MU-X', make: 'Isuzu', price: 52000 },
        { objectID: 't3', name: 'Hino 300', make: 'Hino', price: 70000 },
      ],
    });
    for (const r of saved) await admin.waitForTask({ indexName: 'trucks', taskID: r.taskID });
    const settings = await admin.setSettings({
      indexName: 'trucks',
      indexSettings: {
        attributesForFaceting: ['make', 'price'],
        searchableAttributes: ['name'],
        customRanking: ['desc(price)'],
      },
    });
    await admin.waitForTask({ indexName: 'trucks', taskID: settings.taskID });
    expect(await admin.getSettings({ indexName: 'trucks' })).toMatchObject({
      attributesForFaceting: ['make', 'price'],
      customRanking: ['desc(price)'],
    });

    const single = await admin.searchSingleIndex({
      indexName: 'trucks',
      searchParams: { query: 'isuzu', facets: ['make'], filters: 'price < 50000' },
    });
    expect(single.hits.map((h) => h.objectID)).toEqual(['t1']);
    expect(single.facets).toEqual({ make: { Isuzu: 1 } });

    const search = client(SEARCH);
    const { results } = await search.search({
      requests: [
        {
          indexName: 'trucks',
          query: '',
          facets: ['make', 'price'],
          facetFilters: [['make:Isuzu', 'make:Hino']],
          numericFilters: ['price>=45000'],
        },
        { indexName: 'cars', query: 'toy', hitsPerPage: 1, attributesToHighlight: ['name'] },
      ],
    });
    const [trucks, carsResult] = results as Array<{
      hits: Array<{ objectID: string; _highlightResult?: unknown }>;
      facets?: unknown;
      facets_stats?: unknown;
      nbHits: number;
    }>;
    expect(trucks?.hits.map((h) => h.objectID)).toEqual(['t3', 't2']);
    expect(trucks?.facets).toEqual({ make: { Hino: 1, Isuzu: 1 }, price: { '52000': 1, '70000': 1 } });
    expect(trucks?.facets_stats).toEqual({ price: { min: 52000, max: 70000, avg: 61000, sum: 122000 } });
    expect(carsResult?.nbHits).toBe(2);
    expect(carsResult?.hits[0]?._highlightResult).toEqual({
      name: { value: '<em>Toy</em>ota Hilux SR5', matchLevel: 'full', matchedWords: ['toy'], fullyHighlighted: false },
    });
  });

  it('verifies a key made by algoliasearch generateSecuredApiKey', async () => {
    // algoliasearch 5's own helper (the search client algoliasearch() wraps).
    // (Typed through the browser build under bundler resolution; at run time jest loads the node build.)
    const parent = searchClient(APP, SEARCH) as ReturnType<typeof searchClient> & SearchClientNodeHelpers;
    const secured = parent.generateSecuredApiKey({
      parentApiKey: SEARCH,
      restrictions: {
        filters: 'dealership_slug:bluegum',
        validUntil: 1_800_000_000,
        restrictIndices: ['cars', 'cars_price_asc'],
      },
    });
    expect(secured).toBe(
      keys.generateSecuredApiKey(SEARCH, {
        filters: 'dealership_slug:bluegum',
        validUntil: 1_800_000_000,
        restrictIndices: ['cars', 'cars_price_asc'],
      }),
    );
    const tenant = client(secured);
    const result = await tenant.searchSingleIndex({ indexName: 'cars', searchParams: { query: '' } });
    expect(result.hits.map((h) => h.objectID)).toEqual(['c3', 'c4']);
    await expect(tenant.searchSingleIndex({ indexName: 'trucks', searchParams: {} })).rejects.toMatchObject({
      status: 403,
      message: 'Index not allowed with this API key',
    });
  });

  it('surfaces 400/403/404 through the client', async () => {
    await expect(
      client(SEARCH).searchSingleIndex({ indexName: 'cars', searchParams: { filters: '(make:Toyota' } }),
    ).rejects.toMatchObject({
      status: 400,
      message: "filters: unexpected end of input at col 13 (expected ')')",
    });
    await expect(client('nope').searchSingleIndex({ indexName: 'cars', searchParams: {} })).rejects.toMatchObject({
      status: 403,
      message: 'Invalid Application-ID or API key',
    });
    await expect(client(SEARCH).searchSingleIndex({ indexName: 'missing', searchParams: {} })).rejects.toMatchObject({
      status: 404,
      message: 'Index does not exist',
    });
  });

  it('accepts a text/plain body with a params string over real HTTP', async () => {
    const response = await fetch(
      `http://127.0.0.1:${port}/1/indexes/*/queries?x-algolia-application-id=${APP}&x-algolia-api-key=${SEARCH}`,
      {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        body: JSON.stringify({ requests: [{ indexName: 'cars', params: 'query=mazda&facets=%5B%22make%22%5D' }] }),
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const body = (await response.json()) as { results: Array<{ nbHits: number; facets: unknown; params: string }> };
    expect(body.results[0]).toMatchObject({
      nbHits: 1,
      facets: { make: { Mazda: 1 } },
      params: 'query=mazda&facets=%5B%22make%22%5D',
    });
  });
});

describe('synonyms API with the real algoliasearch client over HTTP', () => {
  let app: FastifyInstance;
  let store: IndexStore;
  let port: number;
  beforeAll(async () => {
    ({ app, store } = await build());
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => app.close());

  const client = (key: string) =>
    algoliasearch(APP, key, {
      hosts: [{ url: `127.0.0.1:${port}`, protocol: 'http', accept: 'readWrite' }],
      timeouts: TEST_SEARCH_TIMEOUTS,
    });

  it('saveSynonyms, saveSynonym, getSynonym, searchSynonyms, deleteSynonym, clearSynonyms, forwarded to replicas', async () => {
    const admin = client(ADMIN);
    const saved = await admin.saveSynonyms({
      indexName: 'cars',
      synonymHit: [
        { objectID: 'ute', type: 'synonym', synonyms: ['ute', 'pickup', 'utility'] },
        { objectID: 'hilux', type: 'onewaysynonym', input: 'workhorse', synonyms: ['hilux', 'ranger'] },
      ],
      forwardToReplicas: true,
      replaceExistingSynonyms: true,
    });
    await admin.waitForTask({ indexName: 'cars', taskID: saved.taskID });
    store.require('cars').saveObject({
      objectID: 'c5',
      name: 'Isuzu D-Max Ute',
      make: 'Isuzu',
      model: 'D-Max',
      price: 45000,
      custom_rank: 2,
    });

    const search = client(SEARCH);
    const ids = async (indexName: string, query: string) =>
      (await search.searchSingleIndex({ indexName, searchParams: { query } })).hits.map((h) => h.objectID);
    expect(await ids('cars', 'pickup')).toEqual(['c5']);
    expect(await ids('cars_price_asc', 'utility')).toEqual(['c5']); // forwarded to the replica
    expect(await ids('cars', 'workhorse')).toEqual(['c2', 'c4']);
    expect(await ids('cars', 'hilux')).toEqual(['c2']); // one-way: hilux does not find rangers

    const one = await admin.saveSynonym({
      indexName: 'cars',
      objectID: 'merc',
      synonymHit: { objectID: 'merc', type: 'synonym', synonyms: ['merc', 'mercedes-benz'] },
    });
    expect(one).toMatchObject({ id: 'merc' });
    expect(await admin.getSynonym({ indexName: 'cars', objectID: 'merc' })).toEqual({
      objectID: 'merc',
      type: 'synonym',
      synonyms: ['merc', 'mercedes-benz'],
    });
    await expect(admin.getSynonym({ indexName: 'cars_price_asc', objectID: 'merc' })).rejects.toMatchObject({
      status: 404,
    });

    const found = await admin.searchSynonyms({
      indexName: 'cars',
      searchSynonymsParams: { query: 'pick', type: 'synonym' },
    });
    expect(found).toEqual({
      hits: [{ objectID: 'ute', type: 'synonym', synonyms: ['ute', 'pickup', 'utility'] }],
      nbHits: 1,
    });
    expect(
      (await admin.searchSynonyms({ indexName: 'cars', searchSynonymsParams: { hitsPerPage: 2, page: 1 } })).hits.map(
        (h) => h.objectID,
      ),
    ).toEqual(['ute']);

    await admin.deleteSynonym({ indexName: 'cars', objectID: 'ute', forwardToReplicas: true });
    expect(await ids('cars', 'pickup')).toEqual([]);
    expect(await ids('cars_price_asc', 'pickup')).toEqual([]);
    await admin.clearSynonyms({ indexName: 'cars' });
    expect((await admin.searchSynonyms({ indexName: 'cars' })).nbHits).toBe(0);

    await expect(
      admin.saveSynonyms({
        indexName: 'cars',
        synonymHit: [{ objectID: 'x', type: 'synonym', synonyms: ['only-one'] }],
      }),
    ).rejects.toMatchObject({
      status: 400,
      message: 'synonym.synonyms: a synonym needs at least two phrases',
    });
    await expect(search.saveSynonyms({ indexName: 'cars', synonymHit: [] })).rejects.toMatchObject({ status: 403 });
  });
});
