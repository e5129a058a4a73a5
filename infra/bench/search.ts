/**
 * Search benchmark: our bitset engine vs Orama 3.1.18 and itemsjs 2.4.4 on the same
 * cars (the project's seed stock), for the four listing query shapes and the text queries a
 * shopper types (a typo, a synonym, a joined model name, a typo'd prefix), then HTTP throughput
 * of the Fastify service, then the restart from a snapshot (search-restart.ts), each against the
 * goals in `GOAL`.
 *
 *   npx tsx infra/bench/search.ts [--cars 10000,100000] [--iterations 300] [--http 3000]
 *     [--cold-start 10000,100000] [--engine-only] [--skip-peers]
 *
 * `--engine-only`: our engine's query table only (no peers, HTTP or restart), to measure an engine
 * change quickly; `--skip-peers`: no peers, HTTP and restart still run. `--cold-start ''` skips the restart; 1,000,000 cars: `npm run bench:restart`.
 *
 * Every engine gets the same filter on the same records, and a speed ratio is printed only for a
 * query where all engines answered the same number of hits: a faster engine doing less work
 * proves nothing. Typos: Orama gets its own `tolerance: 1`; itemsjs has no typo tolerance and no
 * synonyms, nor has Orama synonyms: they search the words as typed (their hit counts show it).
 */
import http from 'node:http';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import Fastify from 'fastify';
import itemsjs from 'itemsjs';
import { formatTable } from '@forecourt/runtime/table';
import { IndexStore } from '@forecourt/search-engine/engine/search-index';
import { KeyStore } from '@forecourt/search-engine/http/keys';
import { searchService } from '@forecourt/search-engine/http/plugin';
import { generateCars, type BenchCar } from './cars-for-bench';
import { BASE_FILTER, buildBenchStore, coldStart, FACETS } from './search-restart';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const { values: args } = parseArgs({
  options: {
    cars: { type: 'string', default: '10000,100000' },
    iterations: { type: 'string', default: '300' },
    http: { type: 'string', default: '3000' },
    'cold-start': { type: 'string', default: '10000,100000' },
    'engine-only': { type: 'boolean', default: false },
    'skip-peers': { type: 'boolean', default: false },
  },
});
const SIZES = args.cars.split(',').map(Number);
const ITERATIONS = Number(args.iterations);
const HTTP_REQUESTS = Number(args.http);
const COLD_START = args['cold-start'].split(',').filter(Boolean).map(Number);
const ENGINE_ONLY = args['engine-only'];
const SKIP_PEERS = ENGINE_ONLY || args['skip-peers'];
const WARMUP = 30;
/** The goals: a search's p95, an instance's searches a second, a restart from the snapshot. */
const GOAL = { p95Ms: 10, searchesPerSecond: 1000, restartMs: 2000 };
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

// BASE_FILTER is the listing filter every engine can express alike. (The site's own also keeps
// cars sold within three days; the peers' filter languages would need a precomputed field for that.)
const MAKES = ['Toyota', 'Mazda'];
const BODIES = ['suv', 'ute'];

type Timings = { p50: number; p95: number; p99: number; mean: number };
function percentiles(samples: number[]): Timings {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] as number;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), mean: s.reduce((a, b) => a + b, 0) / s.length };
}
/** A peer's measurement stops after this long (at least 10 samples): Orama takes a second per query at 100k. */
const PEER_BUDGET_MS = 3000;
function measure(fn: () => unknown, iterations = ITERATIONS, budgetMs = Infinity): Timings {
  for (let i = 0; i < WARMUP; i++) fn();
  const samples: number[] = [];
  const deadline = performance.now() + budgetMs;
  for (let i = 0; i < iterations && (i < 10 || performance.now() < deadline); i++) {
    const t = process.hrtime.bigint();
    fn();
    samples.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return percentiles(samples);
}
async function measureAsync(fn: () => Promise<unknown>, iterations: number, budgetMs = Infinity): Promise<Timings> {
  for (let i = 0; i < Math.min(WARMUP, budgetMs === Infinity ? 5 : 2); i++) await fn();
  const samples: number[] = [];
  const deadline = performance.now() + budgetMs;
  for (let i = 0; i < iterations && (i < 10 || performance.now() < deadline); i++) {
    const t = process.hrtime.bigint();
    await fn();
    samples.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return percentiles(samples);
}
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const ms = (n: number) => n.toFixed(n < 10 ? 2 : 1);
function memory(): { heap: number; rss: number } {
  gc();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, rss: m.rss };
}
function table(headers: string[], rows: Array<Array<string | number>>): void {
  console.log(
    formatTable(
      headers,
      rows.map((r) => r.map(String)),
    ),
  );
}

const B_FILTERS = 'status:in_stock AND car_type:used AND simple_transmission:automatic AND price:10000 TO 40000';
/** The query shapes as Algolia requests (d is what InstantSearch sends for two refined facets). */
const QUERIES = {
  a: [{ indexName: 'cars', query: '', filters: BASE_FILTER, facets: FACETS, hitsPerPage: 21 }],
  b: [{ indexName: 'cars', query: 'toyota', filters: B_FILTERS, facets: FACETS, hitsPerPage: 21 }],
  c: [{ indexName: 'cars_price_asc', query: '', filters: BASE_FILTER, hitsPerPage: 21, page: 5 }],
  d: [
    {
      indexName: 'cars',
      query: '',
      filters: BASE_FILTER,
      facets: FACETS,
      hitsPerPage: 21,
      facetFilters: [MAKES.map((m) => `make:${m}`), BODIES.map((b) => `simple_body:${b}`)],
    },
    {
      indexName: 'cars',
      query: '',
      filters: BASE_FILTER,
      facets: ['make'],
      hitsPerPage: 0,
      facetFilters: [BODIES.map((b) => `simple_body:${b}`)],
      analytics: false,
      clickAnalytics: false,
    },
    {
      indexName: 'cars',
      query: '',
      filters: BASE_FILTER,
      facets: ['simple_body'],
      hitsPerPage: 0,
      facetFilters: [MAKES.map((m) => `make:${m}`)],
      analytics: false,
      clickAnalytics: false,
    },
  ],
  e: [{ indexName: 'cars', query: 'toyta', filters: B_FILTERS, facets: FACETS, hitsPerPage: 21 }],
  f: [{ indexName: 'cars', query: 'toyta', filters: BASE_FILTER, facets: FACETS, hitsPerPage: 21 }],
  g: [{ indexName: 'cars', query: 'vw amarok', filters: BASE_FILTER, facets: FACETS, hitsPerPage: 21 }],
  h: [{ indexName: 'cars', query: 'mazda3', filters: BASE_FILTER, facets: FACETS, hitsPerPage: 21 }],
  i: [{ indexName: 'cars', query: 'toyot hilu', hitsPerPage: 21 }],
} as const;
type Shape = keyof typeof QUERIES;
const SHAPES: Shape[] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'];
const LABEL: Record<Shape, string> = {
  a: '(a) empty query, base filter, 8 facets',
  b: '(b) "toyota" + 3 filters + price range, 8 facets',
  c: '(c) replica price asc, page 5',
  d: '(d) disjunctive multi-query (3 requests)',
  e: '(e) typo "toyta" + (b) filters, 8 facets',
  f: '(f) typo "toyta", base filter, 8 facets',
  g: '(g) synonym "vw amarok", base filter, 8 facets',
  h: '(h) joined "mazda3", base filter, 8 facets',
  i: '(i) prefix + typo "toyot hilu", no filter',
};
/** The words each peer searches for a shape (the query as typed; neither peer has synonyms or splitting). */
const TERMS: Partial<Record<Shape, string>> = {
  b: 'toyota',
  e: 'toyta',
  f: 'toyta',
  g: 'vw amarok',
  h: 'mazda3',
  i: 'toyot hilu',
};

function oursRunner(store: IndexStore): Record<Shape, () => number> {
  const run = (shape: Shape) => () => {
    let hits = 0;
    for (const { indexName, ...params } of QUERIES[shape])
      hits += store.require(indexName).search(params as Record<string, unknown>).nbHits;
    return hits;
  };
  return Object.fromEntries(SHAPES.map((shape) => [shape, run(shape)])) as Record<Shape, () => number>;
}

// Text fields match our searchableAttributes so the (b) hit counts are comparable.
const TEXT_FIELDS = ['name', 'make_model', 'badge', 'location_name', 'dealership_name', 'city'] as const;
const ORAMA_SCHEMA = {
  name: 'string',
  make_model: 'string',
  badge: 'string',
  location_name: 'string',
  dealership_name: 'string',
  city: 'string',
  make: 'enum',
  model: 'enum',
  simple_body: 'enum',
  simple_fuel: 'enum',
  simple_transmission: 'enum',
  car_type: 'enum',
  status: 'enum',
  show_on_dealer_website: 'boolean',
  year: 'number',
  price: 'number',
  km: 'number',
  custom_rank: 'number',
} as const;

function priceRanges(): Array<{ from: number; to: number }> {
  return Array.from({ length: 20 }, (_, i) => ({ from: i * 10000, to: i * 10000 + 9999 }));
}
function yearRanges(): Array<{ from: number; to: number }> {
  return Array.from({ length: 21 }, (_, i) => ({ from: 2005 + i, to: 2005 + i }));
}

async function buildOrama(cars: BenchCar[]) {
  const db = create({ schema: ORAMA_SCHEMA });
  await insertMultiple(
    db,
    cars.map((c) => ({
      id: c.objectID,
      name: c.name,
      make_model: c.make_model,
      badge: c.badge,
      location_name: c.location_name,
      dealership_name: c.dealership_name,
      city: c.city,
      make: c.make,
      model: c.model,
      simple_body: c.simple_body,
      simple_fuel: c.simple_fuel,
      simple_transmission: c.simple_transmission,
      car_type: c.car_type,
      status: c.status,
      show_on_dealer_website: c.show_on_dealer_website,
      year: c.year,
      price: c.price,
      km: c.km,
      custom_rank: c.custom_rank,
    })),
    2000,
  );
  return db;
}

type OramaDb = Awaited<ReturnType<typeof buildOrama>>;
function oramaRunner(db: OramaDb): Record<Shape, () => Promise<number>> {
  const facets = (names: string[]) =>
    Object.fromEntries(
      names.map((n) => [
        n,
        n === 'price' ? { ranges: priceRanges() } : n === 'year' ? { ranges: yearRanges() } : { limit: 100 },
      ]),
    );
  const base = { show_on_dealer_website: true, status: { in: ['in_stock', 'coming_soon'] } };
  const count = async (params: Record<string, unknown>) =>
    ((await oramaSearch(db, params as never)) as { count: number }).count;
  const bWhere = {
    status: { eq: 'in_stock' },
    car_type: { eq: 'used' },
    simple_transmission: { eq: 'automatic' },
    price: { between: [10000, 40000] },
  };
  // Orama's own typo tolerance (Levenshtein distance 1), every word required (threshold 0) as ours.
  const text = (term: string, where: Record<string, unknown> | undefined, withFacets: boolean) =>
    count({
      term,
      tolerance: 1,
      threshold: 0,
      properties: [...TEXT_FIELDS],
      ...(where ? { where } : {}),
      ...(withFacets ? { facets: facets(FACETS) } : {}),
      limit: 21,
    });
  return {
    e: () => text(TERMS.e as string, bWhere, true),
    f: () => text(TERMS.f as string, base, true),
    g: () => text(TERMS.g as string, base, true),
    h: () => text(TERMS.h as string, base, true),
    i: () => text(TERMS.i as string, undefined, false),
    a: () =>
      count({
        term: '',
        where: base,
        facets: facets(FACETS),
        limit: 21,
        sortBy: { property: 'custom_rank', order: 'DESC' },
      }),
    b: () =>
      count({
        term: 'toyota',
        properties: [...TEXT_FIELDS],
        where: bWhere,
        facets: facets(FACETS),
        limit: 21,
      }),
    c: () => count({ term: '', where: base, limit: 21, offset: 105, sortBy: { property: 'price', order: 'ASC' } }),
    d: async () =>
      (await count({
        term: '',
        where: { ...base, make: { in: MAKES }, simple_body: { in: BODIES } },
        facets: facets(FACETS),
        limit: 21,
        sortBy: { property: 'custom_rank', order: 'DESC' },
      })) +
      (await count({ term: '', where: { ...base, simple_body: { in: BODIES } }, facets: facets(['make']), limit: 0 })) +
      (await count({ term: '', where: { ...base, make: { in: MAKES } }, facets: facets(['simple_body']), limit: 0 })),
  };
}

function buildItems(cars: BenchCar[]) {
  const aggregations = Object.fromEntries(
    [...FACETS, 'status', 'show_on_dealer_website'].map((f) => [
      f,
      { title: f, size: 100, conjunction: !(f === 'make' || f === 'simple_body' || f === 'status') },
    ]),
  );
  return itemsjs(cars, {
    aggregations,
    searchableFields: [...TEXT_FIELDS],
    sortings: { rank: { field: 'custom_rank', order: 'desc' }, price_asc: { field: 'price', order: 'asc' } },
  });
}

function itemsRunner(engine: ReturnType<typeof buildItems>): Record<Shape, () => number> {
  const base = { status: ['in_stock', 'coming_soon'], show_on_dealer_website: [true] };
  const total = (r: { pagination: { total: number } }) => r.pagination.total;
  const bFilters = { status: ['in_stock'], car_type: ['used'], simple_transmission: ['automatic'] };
  const inPrice = (item: BenchCar) => item.price >= 10000 && item.price <= 40000;
  // itemsjs has no typo tolerance and no synonyms: the words as typed.
  const text = (
    query: string,
    filters: Record<string, Array<string | number | boolean>> | undefined,
    filter?: (item: BenchCar) => boolean,
  ) =>
    total(
      engine.search({ query, per_page: 21, page: 1, ...(filters ? { filters } : {}), ...(filter ? { filter } : {}) }),
    );
  return {
    e: () => text(TERMS.e as string, bFilters, inPrice),
    f: () => text(TERMS.f as string, base),
    g: () => text(TERMS.g as string, base),
    h: () => text(TERMS.h as string, base),
    i: () => text(TERMS.i as string, undefined),
    a: () => total(engine.search({ per_page: 21, page: 1, sort: 'rank', filters: base })),
    b: () =>
      total(
        engine.search({
          query: 'toyota',
          per_page: 21,
          page: 1,
          filters: bFilters,
          filter: inPrice,
        }),
      ),
    c: () => total(engine.search({ per_page: 21, page: 6, sort: 'price_asc', filters: base })),
    d: () =>
      total(
        engine.search({ per_page: 21, page: 1, sort: 'rank', filters: { ...base, make: MAKES, simple_body: BODIES } }),
      ) +
      total(engine.search({ per_page: 0, page: 1, filters: { ...base, simple_body: BODIES } })) +
      total(engine.search({ per_page: 0, page: 1, filters: { ...base, make: MAKES } })),
  };
}

interface HttpRun {
  label: string;
  requests: number;
  seconds: number;
  p: Timings;
  load: string;
}

/**
 * Searches per second over loopback (keep-alive, concurrency 16) with the multi-query (d) as the
 * body, 3 searches per request. With the answer cache (the service's default) every request
 * after the first is served from it, as repeated landing-page searches are; `distinct` adds a
 * per-request `userToken` (ignored by the engine) so every request misses it and is searched.
 */
async function httpThroughput(
  store: IndexStore,
  requests: number,
  options: { label: string; cacheBytes?: number; distinct: boolean; workers?: number },
): Promise<HttpRun> {
  const keys = new KeyStore({ appId: 'BENCH', adminKey: 'admin', searchKeys: ['search'] });
  const app = Fastify({ logger: false });
  let workersLoaded = false;
  await app.register(searchService, {
    store,
    keys,
    workers: options.workers ?? 0,
    workersFrom: 0,
    // Throughput, not load shedding: production's budgets (200 ms a request, then 429) are wall
    // time, and at 100,000 cars beside the peers' indexes a GC pause passes them. Shedding has
    // its own bench (bench/search-abuse.ts).
    searchMs: 60_000,
    threadMs: 60_000,
    onWorkersLoaded: () => (workersLoaded = true),
    ...(options.cacheBytes === undefined ? {} : { cacheBytes: options.cacheBytes }),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  let sent = 0;
  const bodyOf = () =>
    options.distinct
      ? JSON.stringify({ requests: QUERIES.d.map((q) => ({ ...q, userToken: `bench-${sent++}` })) })
      : JSON.stringify({ requests: QUERIES.d });
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const body = bodyOf();
      const started = process.hrtime.bigint();
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/1/indexes/*/queries?x-algolia-application-id=BENCH&x-algolia-api-key=search',
          agent,
          headers: { 'content-type': 'text/plain' },
        },
        (res) => {
          res.resume();
          res.on('end', () =>
            res.statusCode === 200
              ? resolve(Number(process.hrtime.bigint() - started) / 1e6)
              : reject(new Error(`status ${res.statusCode}`)),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  // Warm-up; worker threads first load the index (a few seconds at 100,000 cars), measured after,
  // and are warmed at the run's concurrency so every worker has compiled its hot code.
  const warm = Date.now() + 60_000;
  for (let i = 0; i < 50 || (options.workers && !workersLoaded && Date.now() < warm); i++) await once();
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let i = 0; i < 15; i++) await once();
    }),
  );
  const latencies: number[] = [];
  const deadline = Date.now() + 10_000;
  let issued = 0;
  const t0 = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (issued < requests && Date.now() < deadline) {
        issued++;
        latencies.push(await once());
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  agent.destroy();
  await app.close();
  return { label: options.label, requests: latencies.length, seconds, p: percentiles(latencies), load: loadAverage() };
}

async function httpReport(store: IndexStore, requests: number): Promise<void> {
  const runs: HttpRun[] = [];
  // Interleaved, so a change in the machine's load shows in both.
  for (let round = 1; round <= 2; round++) {
    runs.push(
      await httpThroughput(store, requests, {
        label: `before: request thread, no cache, round ${round}`,
        cacheBytes: 0,
        distinct: false,
      }),
    );
    runs.push(
      await httpThroughput(store, requests, {
        label: `2 worker threads, no cache, round ${round}`,
        cacheBytes: 0,
        distinct: false,
        workers: 2,
      }),
    );
    runs.push(
      await httpThroughput(store, requests, {
        label: `2 workers + cache, distinct requests, round ${round}`,
        distinct: true,
        workers: 2,
      }),
    );
    runs.push(
      await httpThroughput(store, requests, {
        label: `request thread + cache, identical requests, round ${round}`,
        distinct: false,
      }),
    );
  }
  console.log(
    `\nHTTP (loopback, keep-alive, concurrency 16, ${store.require('cars').store.size.toLocaleString('en')} cars, body = query (d), 3 searches per request; goal >= ${GOAL.searchesPerSecond} searches/s)`,
  );
  table(
    ['run', 'requests', 'seconds', 'req/s', 'searches/s', 'p50 ms', 'p95 ms', 'p99 ms', 'goal', 'load avg after'],
    runs.map((r) => {
      const perSecond = (3 * r.requests) / r.seconds;
      return [
        r.label,
        r.requests,
        r.seconds.toFixed(2),
        (r.requests / r.seconds).toFixed(0),
        perSecond.toFixed(0),
        ms(r.p.p50),
        ms(r.p.p95),
        ms(r.p.p99),
        perSecond >= GOAL.searchesPerSecond ? 'met' : 'MISSED',
        r.load,
      ];
    }),
  );
}

async function main(): Promise<void> {
  console.log(
    `Search benchmark: node ${process.version}, ${os.cpus().length} cores, load avg ${loadAverage()}, ${ITERATIONS} iterations after ${WARMUP} warm-up, sizes ${SIZES.join(', ')}${ENGINE_ONLY ? ', engine only' : ''}`,
  );
  let last: IndexStore | null = null;
  for (const size of SIZES) {
    const cars = generateCars(size, 42);
    console.log(`\n=== ${size.toLocaleString('en')} cars ===`);
    const m0 = memory();
    let t = process.hrtime.bigint();
    const store = buildBenchStore(cars);
    const oursBuild = Number(process.hrtime.bigint() - t) / 1e6;
    const m1 = memory();
    const ours = oursRunner(store);
    last = store;
    if (SKIP_PEERS) {
      console.log(`ours (primary + 3 replicas warmed): build ${ms(oursBuild)} ms, heap ${mb(m1.heap - m0.heap)}`);
      const rows = SHAPES.map((shape) => {
        const hits = ours[shape]();
        const o = measure(ours[shape]);
        return [LABEL[shape], ms(o.p50), ms(o.p95), ms(o.p99), hits, o.p95 <= GOAL.p95Ms ? 'met' : 'MISSED'];
      });
      table(['query', 'p50 ms', 'p95 ms', 'p99 ms', 'nbHits (sum)', `p95 <= ${GOAL.p95Ms} ms`], rows);
      continue;
    }

    t = process.hrtime.bigint();
    const db = await buildOrama(cars);
    const oramaBuild = Number(process.hrtime.bigint() - t) / 1e6;
    const m2 = memory();
    const orama = oramaRunner(db);

    t = process.hrtime.bigint();
    const items = buildItems(cars);
    const itemsBuild = Number(process.hrtime.bigint() - t) / 1e6;
    const m3 = memory();
    const itemsRun = itemsRunner(items);

    table(
      ['engine', 'index build', 'heap after build (delta)'],
      [
        ['ours (primary + 3 replicas warmed)', `${ms(oursBuild)} ms`, mb(m1.heap - m0.heap)],
        ['Orama 3.1.18', `${ms(oramaBuild)} ms`, mb(m2.heap - m1.heap)],
        ['itemsjs 2.4.4', `${ms(itemsBuild)} ms`, mb(m3.heap - m2.heap)],
      ],
    );
    console.log(`process RSS ${mb(m3.rss)}, heap ${mb(m3.heap)}, load avg ${loadAverage()}`);

    const rows: Array<Array<string | number>> = [];
    const ratios: Array<Array<string | number>> = [];
    for (const shape of SHAPES) {
      const nOurs = ours[shape]();
      const nOrama = await orama[shape]();
      const nItems = itemsRun[shape]();
      const peerIterations = size >= 100000 ? Math.max(40, Math.floor(ITERATIONS / 5)) : ITERATIONS;
      const o = measure(ours[shape]);
      const or = await measureAsync(orama[shape], peerIterations, PEER_BUDGET_MS);
      const it = measure(itemsRun[shape], peerIterations, PEER_BUDGET_MS);
      rows.push([LABEL[shape], 'ours', ms(o.p50), ms(o.p95), ms(o.p99), nOurs, o.p95 <= GOAL.p95Ms ? 'met' : 'MISSED']);
      rows.push(['', shape >= 'e' ? 'Orama (tolerance 1)' : 'Orama', ms(or.p50), ms(or.p95), ms(or.p99), nOrama, '']);
      rows.push([
        '',
        shape >= 'e' ? 'itemsjs (no typos/synonyms)' : 'itemsjs',
        ms(it.p50),
        ms(it.p95),
        ms(it.p99),
        nItems,
        '',
      ]);
      const fastest = Math.min(or.p95, it.p95);
      const ratio = (peer: number, hits: number) =>
        hits === nOurs ? `${(peer / o.p95).toFixed(1)}x` : `n/a: ${hits} hits, ours ${nOurs}`;
      const allAgree = nOrama === nOurs && nItems === nOurs;
      ratios.push([
        LABEL[shape],
        ms(o.p95),
        ms(or.p95),
        ms(it.p95),
        ratio(or.p95, nOrama),
        ratio(it.p95, nItems),
        allAgree ? `${(fastest / o.p95).toFixed(1)}x` : 'n/a: hits differ',
      ]);
    }
    console.log('');
    table(['query', 'engine', 'p50 ms', 'p95 ms', 'p99 ms', 'nbHits (sum)', `ours p95 <= ${GOAL.p95Ms} ms`], rows);
    console.log('');
    table(['query', 'ours p95', 'Orama p95', 'itemsjs p95', 'Orama/ours', 'itemsjs/ours', 'fastest peer/ours'], ratios);
  }
  if (ENGINE_ONLY) return;
  if (last && HTTP_REQUESTS > 0) await httpReport(last, HTTP_REQUESTS);
  if (COLD_START.length > 0) await coldStart(COLD_START);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
