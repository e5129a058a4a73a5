/** Searches in worker threads: the same answers as the request thread, and never a stale one. */
import Fastify, { type FastifyInstance } from 'fastify';
import { IndexStore } from '../engine/search-index';
import { decodeSnapshot, encodeSnapshotShared } from '../engine/snapshot';
import { KeyStore } from './keys';
import { searchService } from './plugin';
import { answerSearch, SearchPool, type SearchTask } from './search-pool';

function build(): IndexStore {
  const store = new IndexStore();
  store.setSettings('cars', {
    searchableAttributes: ['name', 'make'],
    attributesForFaceting: ['make', 'price', 'filterOnly(dealer)'],
    customRanking: ['desc(rank)'],
    replicas: ['cars_price_asc'],
  });
  store.setSettings('cars_price_asc', { customRanking: ['asc(price)'] });
  store.saveSynonyms('cars', [{ objectID: 'vw', type: 'synonym', synonyms: ['vw', 'volkswagen'] }], {
    forwardToReplicas: true,
  });
  for (let i = 0; i < 300; i++) {
    const make = ['Toyota', 'Mazda', 'Volkswagen'][i % 3] as string;
    store.require('cars').saveObject({
      objectID: `c${i}`,
      name: `${make} ${['Hilux', 'CX-5', 'Amarok'][i % 3]} ${i}`,
      make,
      price: 1000 * ((i * 37) % 100),
      dealer: i % 2 ? 'a' : 'b',
      rank: i,
    });
  }
  return store;
}

const TASKS: SearchTask[] = [
  { indexName: 'cars', input: { query: 'toyta', facets: ['*'], hitsPerPage: 7 }, restrictions: null },
  {
    indexName: 'cars',
    input: { query: 'vw', getRankingInfo: true },
    restrictions: { filters: 'dealer:a', params: {} },
  },
  {
    indexName: 'cars_price_asc',
    input: { params: 'query=&page=2&hitsPerPage=5&facets=%5B%22make%22%5D' },
    restrictions: { params: { hitsPerPage: '3' } },
  },
];
const strip = (json: string) => {
  const { processingTimeMS: _t, ...rest } = JSON.parse(json) as Record<string, unknown>;
  return rest;
};

describe('SearchPool', () => {
  it('answers as the request thread does, is stale after a write, and current again after a reload', async () => {
    const store = build();
    const pool = new SearchPool(store, 2, 10_000);
    try {
      expect(pool.current).toBe(false);
      await pool.reload();
      expect(pool.current).toBe(true);
      const inThread = TASKS.map((t) => strip(answerSearch(store, t).json));
      expect((await pool.run(TASKS, 1e9)).map((a) => strip(a.json))).toEqual(inThread);

      store
        .require('cars')
        .saveObject({ objectID: 'new', name: 'Toyota Hilux new', make: 'Toyota', price: 1, dealer: 'a', rank: 1e6 });
      expect(pool.current).toBe(false);
      await pool.reload();
      expect(pool.current).toBe(true);
      const [answer] = await pool.run(
        [{ indexName: 'cars', input: { query: 'hilux', hitsPerPage: 1 }, restrictions: null }],
        1e9,
      );
      expect((JSON.parse(answer!.json) as { hits: Array<{ objectID: string }> }).hits[0]?.objectID).toBe('new');

      await expect(pool.run([{ indexName: 'missing', input: {}, restrictions: null }], 1e9)).rejects.toMatchObject({
        status: 404,
      });
      await expect(
        pool.run([{ indexName: 'cars', input: { hitsPerPage: 5000 }, restrictions: null }], 1e9),
      ).rejects.toMatchObject({ status: 400 });
    } finally {
      await pool.close();
    }
  });

  it('loads the bytes the store was restored from while it has not changed, and encodes it again once it has', async () => {
    const original = build();
    const bytes = Buffer.from(encodeSnapshotShared(original));
    const restored = decodeSnapshot(bytes).store;
    const pool = new SearchPool(restored, 1, 10_000, undefined, { stamp: restored.stamp(), bytes });
    const hilux = async () => {
      const [answer] = await pool.run(
        [{ indexName: 'cars', input: { query: 'hilux', hitsPerPage: 1 }, restrictions: null }],
        1e9,
      );
      return JSON.parse(answer!.json) as { nbHits: number; hits: Array<{ objectID: string; name: string }> };
    };
    try {
      await pool.reload();
      expect(pool.current).toBe(true);
      expect((await pool.run(TASKS, 1e9)).map((a) => strip(a.json))).toEqual(
        TASKS.map((t) => strip(answerSearch(original, t).json)),
      );
      expect((await hilux()).nbHits).toBe(100);

      restored
        .require('cars')
        .saveObject({ objectID: 'new', name: 'Toyota Hilux new', make: 'Toyota', price: 1, dealer: 'a', rank: 1e6 });
      await pool.reload();
      const after = await hilux();
      expect(after.nbHits).toBe(101);
      expect(after.hits[0]).toMatchObject({ objectID: 'new', name: 'Toyota Hilux new' });
    } finally {
      await pool.close();
    }
  });

  it('through the service: a write is seen by the very next search, and the workers take over once reloaded', async () => {
    const store = build();
    const keys = new KeyStore({ appId: 'APP', adminKey: 'admin', searchKeys: ['search'] });
    const app = Fastify();
    // A budget no busy machine reaches: this is about what the search sees, not how fast.
    await app.register(searchService, { store, keys, workers: 2, workersFrom: 0, cacheBytes: 0, searchMs: 60_000 });
    const headers = (key: string) => ({
      'x-algolia-application-id': 'APP',
      'x-algolia-api-key': key,
      'content-type': 'text/plain',
    });
    const query = async () => {
      const r = await app.inject({
        method: 'POST',
        url: '/1/indexes/*/queries',
        headers: headers('search'),
        payload: JSON.stringify({ requests: [{ indexName: 'cars', query: 'amarok', hitsPerPage: 3 }] }),
      });
      expect(r.statusCode).toBe(200);
      const { processingTimeMS: _t, ...rest } = (
        r.json() as { results: Array<{ nbHits: number; processingTimeMS: number; hits: Array<{ objectID: string }> }> }
      ).results[0]!;
      return rest;
    };
    try {
      const before = await query();
      expect(before.nbHits).toBe(100);
      const write = await app.inject({
        method: 'PUT',
        url: '/1/indexes/cars/fresh',
        headers: headers('admin'),
        payload: JSON.stringify({ name: 'Volkswagen Amarok fresh', make: 'Volkswagen', rank: 1e6 }),
      });
      expect(write.statusCode).toBe(200);
      const after = await query();
      expect(after.nbHits).toBe(101);
      expect(after.hits[0]?.objectID).toBe('fresh');
      // Once writes pause (500 ms) the workers reload; their answers equal the request thread's.
      for (let i = 0; i < 10; i++) {
        await new Promise((r) => setTimeout(r, 200));
        expect(await query()).toEqual(after);
      }
    } finally {
      await app.close();
    }
  });
});

describe('costly searches leave the request thread', () => {
  const headers = { 'x-algolia-application-id': 'APP', 'x-algolia-api-key': 'search', 'content-type': 'text/plain' };
  // 50 queries of 16 misspelt words: far more than a shopper's page sends, so a worker answers it.
  // Two hits each: the 100 a search key may ask across one request.
  const words = 'toyta hilxu amarko volkswagn mazad tyoota hiluz amrok'.split(' ');
  const costly = JSON.stringify({
    requests: Array.from({ length: 50 }, (_, i) => ({
      indexName: 'cars',
      hitsPerPage: 2,
      query: Array.from({ length: 16 }, (_, j) => words[(i + j) % words.length]).join(' '),
    })),
  });

  /** The service with one worker; `started` resolves once a multi-query reaches its handler. */
  async function service(): Promise<{ app: FastifyInstance; started: Promise<void> }> {
    const app = Fastify();
    let resolveStarted = (): void => undefined;
    const started = new Promise<void>((resolve) => (resolveStarted = resolve));
    app.addHook('preHandler', async (request) => {
      if (request.url.endsWith('/queries')) resolveStarted();
    });
    await app.register(searchService, {
      store: build(),
      keys: new KeyStore({ appId: 'APP', adminKey: 'admin', searchKeys: ['search'] }),
      workers: 1,
      cacheBytes: 0,
    });
    app.get('/health', async () => ({ status: 'ok' }));
    return { app, started };
  }

  it('answers health while a costly search runs, on an index far below workersFrom', async () => {
    const { app, started } = await service();
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const order: string[] = [];
      const search = fetch(`${base}/1/indexes/*/queries`, { method: 'POST', headers, body: costly }).then((r) => {
        order.push('search');
        return r.status;
      });
      // Health is sent once the search's handler is about to run: on the request thread, the
      // server would not even read it before the whole search is answered.
      await started;
      const health = fetch(`${base}/health`).then((r) => {
        order.push('health');
        return r.status;
      });
      const [searched, healthy] = await Promise.all([search, health]);
      expect(healthy).toBe(200);
      // Answered, or refused once past its time budget on a busy machine: either way after health.
      expect([200, 429]).toContain(searched);
      expect(order).toEqual(['health', 'search']);
    } finally {
      await app.close();
    }
  });

  it('with two workers, answers a light search before the costly ones sent ahead of it', async () => {
    const app = Fastify();
    let loaded = (): void => undefined;
    const workersLoaded = new Promise<void>((resolve) => (loaded = resolve));
    await app.register(searchService, {
      store: build(),
      keys: new KeyStore({ appId: 'APP', adminKey: 'admin', searchKeys: ['search'] }),
      workers: 2,
      workersFrom: 0,
      cacheBytes: 0,
      searchMs: 60_000,
      onWorkersLoaded: () => loaded(),
    });
    const light = JSON.stringify({ requests: [{ indexName: 'cars', query: 'toyota', hitsPerPage: 1 }] });
    try {
      // The first search starts the workers; they load the store shortly after.
      expect(
        (await app.inject({ method: 'POST', url: '/1/indexes/*/queries', headers, payload: light })).statusCode,
      ).toBe(200);
      await workersLoaded;
      const order: string[] = [];
      const send = (name: string, payload: string) =>
        app.inject({ method: 'POST', url: '/1/indexes/*/queries', headers, payload }).then((r) => {
          order.push(name);
          return r.statusCode;
        });
      const costlyOnes = [send('costly', costly), send('costly', costly)];
      const answered = await send('light', light);
      expect(answered).toBe(200);
      await Promise.all(costlyOnes);
      expect(order[0]).toBe('light');
    } finally {
      await app.close();
    }
  });

  it('refuses a costly search with 429 while two per worker run', async () => {
    const { app } = await service();
    // Costly for their number of queries alone, and quick to answer.
    const many = JSON.stringify({
      requests: Array.from({ length: 9 }, () => ({ indexName: 'cars', query: '', hitsPerPage: 1 })),
    });
    try {
      const answers = await Promise.all(
        [0, 1, 2].map(() => app.inject({ method: 'POST', url: '/1/indexes/*/queries', headers, payload: many })),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 429]);
      expect(answers[2]?.json()).toEqual({
        message: 'Too many costly searches at once: retry shortly, with fewer queries or fewer words',
        status: 429,
      });
    } finally {
      await app.close();
    }
  });
});
