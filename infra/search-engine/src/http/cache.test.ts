/** The search service's answer cache: identical searches are served from it, never a stale answer. */
import Fastify, { type FastifyInstance } from 'fastify';
import { IndexStore } from '../engine/search-index';
import { KeyStore } from './keys';
import { searchService } from './plugin';

const APP = 'FORECOURT';
const ADMIN = 'admin-key';
const SEARCH = 'search-key';

const cars = Array.from({ length: 60 }, (_, i) => ({
  objectID: `c${i}`,
  name: `${['Toyota Hilux', 'Mazda CX-5', 'Ford Ranger', 'Volkswagen Amarok'][i % 4]} ${i}`,
  make: ['Toyota', 'Mazda', 'Ford', 'Volkswagen'][i % 4],
  price: 10_000 + i * 1000,
  dealership_slug: i % 2 ? 'redgum' : 'bluegum',
  custom_rank: i,
}));

async function build(
  cacheBytes?: number,
): Promise<{ app: FastifyInstance; store: IndexStore; keys: KeyStore; writes: number[] }> {
  const store = new IndexStore();
  const keys = new KeyStore({ appId: APP, adminKey: ADMIN, searchKeys: [SEARCH] });
  const writes: number[] = [];
  const app = Fastify();
  await app.register(searchService, {
    store,
    keys,
    searchMs: 60_000,
    threadMs: 60_000,
    ...(cacheBytes === undefined ? {} : { cacheBytes }),
    onWrite: () => writes.push(Date.now()),
  });
  store.setSettings('cars', {
    searchableAttributes: ['name', 'make'],
    attributesForFaceting: ['make', 'price', 'filterOnly(dealership_slug)'],
    customRanking: ['desc(custom_rank)'],
    replicas: ['cars_price_asc'],
  });
  store.setSettings('cars_price_asc', { customRanking: ['asc(price)'] });
  for (const car of cars) store.require('cars').saveObject(car);
  return { app, store, keys, writes };
}

const headers = (key: string) => ({
  'x-algolia-application-id': APP,
  'x-algolia-api-key': key,
  'content-type': 'text/plain',
});

async function search(
  app: FastifyInstance,
  requests: Array<Record<string, unknown>>,
  key = SEARCH,
): Promise<Array<Record<string, unknown>>> {
  const response = await app.inject({
    method: 'POST',
    url: '/1/indexes/*/queries',
    headers: headers(key),
    payload: JSON.stringify({ requests }),
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { results: Array<Record<string, unknown>> }).results;
}

async function admin(
  app: FastifyInstance,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<void> {
  const response = await app.inject({
    method,
    url,
    headers: headers(ADMIN),
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
  expect(response.statusCode).toBe(200);
}

const withoutTime = (results: Array<Record<string, unknown>>) =>
  results.map(({ processingTimeMS: _t, ...rest }) => rest);
const ids = (result: Record<string, unknown> | undefined) =>
  (result?.hits as Array<{ objectID: string }>).map((h) => h.objectID);

const QUERIES: Array<Record<string, unknown>> = [
  { indexName: 'cars', query: 'toyta', facets: ['make', 'price'], hitsPerPage: 5 },
  { indexName: 'cars', params: 'query=&facetFilters=%5B%5B%22make%3AMazda%22%5D%5D&hitsPerPage=3' },
  { indexName: 'cars_price_asc', query: 'ranger', page: 1, hitsPerPage: 4, getRankingInfo: true },
  { indexName: 'cars', query: '', filters: 'price > 30000', facets: ['*'], hitsPerPage: 0 },
];

describe('search answer cache', () => {
  it('answers repeated searches exactly as the engine does without a cache', async () => {
    const cached = await build();
    const uncached = await build(0);
    const expected = withoutTime(await search(uncached.app, QUERIES));
    expect(withoutTime(await search(cached.app, QUERIES))).toEqual(expected);
    expect(withoutTime(await search(cached.app, QUERIES))).toEqual(expected);
    // And as the engine itself answers.
    const direct = QUERIES.map(({ indexName, ...params }) => cached.store.require(indexName as string).search(params));
    expect(withoutTime(await search(cached.app, QUERIES))).toEqual(
      withoutTime(direct as unknown as Array<Record<string, unknown>>),
    );
    await cached.app.close();
    await uncached.app.close();
  });

  it('a write through the API is seen by the very next search (records, replicas, settings, synonyms, clear, delete)', async () => {
    const { app, writes } = await build();
    const q = [{ indexName: 'cars', query: 'hilux', hitsPerPage: 100 }];
    const before = ids((await search(app, q))[0]);
    expect(before).toHaveLength(15);
    await search(app, q); // now cached

    await admin(app, 'POST', '/1/indexes/cars/batch', {
      requests: [{ action: 'addObject', body: { objectID: 'new', name: 'Toyota Hilux new', custom_rank: 1000 } }],
    });
    expect(ids((await search(app, q))[0])[0]).toBe('new');

    await admin(app, 'POST', '/1/indexes/cars/new/partial', { name: 'Toyota Corolla' });
    expect(ids((await search(app, q))[0])).toEqual(before);

    // The replica shares the records: a write to the primary is seen there too.
    const replicaQuery = [{ indexName: 'cars_price_asc', query: '', hitsPerPage: 1 }];
    expect(ids((await search(app, replicaQuery))[0])).toEqual(['c0']);
    await admin(app, 'PUT', '/1/indexes/cars/cheap', { name: 'Cheap car', price: 1, custom_rank: 0 });
    expect(ids((await search(app, replicaQuery))[0])).toEqual(['cheap']);
    await admin(app, 'DELETE', '/1/indexes/cars/cheap');
    expect(ids((await search(app, replicaQuery))[0])).toEqual(['c0']);

    await admin(app, 'PUT', '/1/indexes/cars_price_asc/settings', { customRanking: ['desc(price)'] });
    expect(ids((await search(app, replicaQuery))[0])).toEqual(['c59']);

    const synonymQuery = [{ indexName: 'cars', query: 'pickup', hitsPerPage: 100 }];
    expect((await search(app, synonymQuery))[0]?.nbHits).toBe(0);
    await admin(app, 'PUT', '/1/indexes/cars/synonyms/ute', {
      objectID: 'ute',
      type: 'synonym',
      synonyms: ['pickup', 'hilux'],
    });
    expect((await search(app, synonymQuery))[0]?.nbHits).toBe(15);

    await admin(app, 'POST', '/1/indexes/cars/clear');
    expect((await search(app, q))[0]?.nbHits).toBe(0);
    expect(writes.length).toBeGreaterThanOrEqual(7);
    await app.close();
  });

  it('keeps the answers of differently secured keys apart', async () => {
    const { app, keys } = await build();
    const red = keys.generateSecuredApiKey(SEARCH, { filters: 'dealership_slug:redgum' });
    const blue = keys.generateSecuredApiKey(SEARCH, { filters: 'dealership_slug:bluegum' });
    const q = [{ indexName: 'cars', query: '', hitsPerPage: 100 }];
    const redIds = ids((await search(app, q, red))[0]);
    const blueIds = ids((await search(app, q, blue))[0]);
    expect(redIds.every((id) => Number(id.slice(1)) % 2 === 1)).toBe(true);
    expect(blueIds.every((id) => Number(id.slice(1)) % 2 === 0)).toBe(true);
    expect(ids((await search(app, q, red))[0])).toEqual(redIds);
    await app.close();
  });

  it('never caches an answer carrying a queryID', async () => {
    const { app } = await build();
    const q = [{ indexName: 'cars', query: 'mazda', clickAnalytics: true }];
    const first = (await search(app, q))[0]?.queryID;
    const second = (await search(app, q))[0]?.queryID;
    expect(typeof first).toBe('string');
    expect(second).not.toBe(first);
    await app.close();
  });
});
