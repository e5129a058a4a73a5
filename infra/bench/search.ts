/**
 * Search benchmark: our bitset engine vs Orama 3.1.18 and itemsjs 2.4.4 on the same
 * cars (the project's seed stock), for four representative query shapes, plus HTTP throughput of the Fastify service.
 *
 *   npx tsx infra/bench/search.ts [--cars 10000,100000] [--iterations 300] [--http 2000]
 *
 * Every engine gets the same filter on the same records, and a speed ratio is printed only for a
 * query where all engines answered the same number of hits: a faster engine doing less work
 * proves nothing.
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import Fastify from 'fastify';
import itemsjs from 'itemsjs';
import { formatTable } from '../src/cli/table';
import { IndexStore } from '../src/search/engine/search-index';
import { KeyStore } from '../src/search/http/keys';
import { searchService } from '../src/search/http/plugin';
import { generateCars, type BenchCar } from './cars-for-bench';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const { values: args } = parseArgs({
  options: { cars: { type: 'string', default: '10000,100000' }, iterations: { type: 'string', default: '300' }, http: { type: 'string', default: '2000' } },
});
const SIZES = args.cars.split(',').map(Number);
const ITERATIONS = Number(args.iterations);
const HTTP_REQUESTS = Number(args.http);
const WARMUP = 30;

const FACETS = ['make', 'model', 'simple_body', 'simple_fuel', 'simple_transmission', 'car_type', 'year', 'price'];
// The listing filter every engine can express alike. (The site's own also keeps cars sold within
// three days; the peers' filter languages would need a precomputed field for that.)
const BASE_FILTER = '(status:in_stock OR status:coming_soon) AND show_on_dealer_website:true';
const MAKES = ['Toyota', 'Mazda'];
const BODIES = ['suv', 'ute'];

type Timings = { p50: number; p95: number; p99: number; mean: number };
function percentiles(samples: number[]): Timings {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] as number;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), mean: s.reduce((a, b) => a + b, 0) / s.length };
}
function measure(fn: () => unknown, iterations = ITERATIONS): Timings {
  for (let i = 0; i < WARMUP; i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t = process.hrtime.bigint();
    fn();
    samples.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return percentiles(samples);
}
async function measureAsync(fn: () => Promise<unknown>, iterations: number): Promise<Timings> {
  for (let i = 0; i < Math.min(WARMUP, 5); i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
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
  console.log(formatTable(headers, rows.map((r) => r.map(String))));
}

const SETTINGS = {
  searchableAttributes: ['name', 'make,model,make_model', 'badge', 'unordered(location_name),unordered(dealership_name),unordered(city)'],
  attributesForFaceting: [
    'make', 'searchable(model)', 'make_model', 'badge', 'year', 'price', 'km', 'status', 'car_type', 'tag', 'certified', 'reserved', 'simple_body',
    'simple_fuel', 'simple_transmission', 'drive', 'seats', 'colour', 'city', 'state', 'location_name', 'dealership_name',
    'filterOnly(dealership_slug)', 'filterOnly(show_on_dealer_website)', 'created_at_timestamp', 'sold_at_timestamp',
  ],
  customRanking: ['desc(custom_rank)'],
  replicas: ['cars_price_asc', 'cars_price_desc', 'cars_latest'],
  hitsPerPage: 21,
};

/** The four query shapes as Algolia requests (d is what InstantSearch sends for two refined facets). */
const QUERIES = {
  a: [{ indexName: 'cars', query: '', filters: BASE_FILTER, facets: FACETS, hitsPerPage: 21 }],
  b: [{ indexName: 'cars', query: 'toyota', filters: 'status:in_stock AND car_type:used AND simple_transmission:automatic AND price:10000 TO 40000', facets: FACETS, hitsPerPage: 21 }],
  c: [{ indexName: 'cars_price_asc', query: '', filters: BASE_FILTER, hitsPerPage: 21, page: 5 }],
  d: [
    { indexName: 'cars', query: '', filters: BASE_FILTER, facets: FACETS, hitsPerPage: 21, facetFilters: [MAKES.map((m) => `make:${m}`), BODIES.map((b) => `simple_body:${b}`)] },
    { indexName: 'cars', query: '', filters: BASE_FILTER, facets: ['make'], hitsPerPage: 0, facetFilters: [BODIES.map((b) => `simple_body:${b}`)], analytics: false, clickAnalytics: false },
    { indexName: 'cars', query: '', filters: BASE_FILTER, facets: ['simple_body'], hitsPerPage: 0, facetFilters: [MAKES.map((m) => `make:${m}`)], analytics: false, clickAnalytics: false },
  ],
} as const;
type Shape = keyof typeof QUERIES;
const SHAPES: Shape[] = ['a', 'b', 'c', 'd'];
const LABEL: Record<Shape, string> = {
  a: '(a) empty query, base filter, 8 facets',
  b: '(b) "toyota" + 3 filters + price range, 8 facets',
  c: '(c) replica price asc, page 5',
  d: '(d) disjunctive multi-query (3 requests)',
};

function buildOurs(cars: BenchCar[]): IndexStore {
  const store = new IndexStore();
  store.setSettings('cars', SETTINGS);
  store.setSettings('cars_price_asc', { customRanking: ['asc(price)'] });
  store.setSettings('cars_price_desc', { customRanking: ['desc(price)'] });
  store.setSettings('cars_latest', { customRanking: ['desc(created_at_timestamp)'] });
  const index = store.require('cars');
  for (const car of cars) index.saveObject(car);
  for (const name of ['cars', 'cars_price_asc', 'cars_price_desc', 'cars_latest']) store.require(name).warm();
  return store;
}

function oursRunner(store: IndexStore): Record<Shape, () => number> {
  const run = (shape: Shape) => () => {
    let hits = 0;
    for (const { indexName, ...params } of QUERIES[shape]) hits += store.require(indexName).search(params as Record<string, unknown>).nbHits;
    return hits;
  };
  return { a: run('a'), b: run('b'), c: run('c'), d: run('d') };
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
  await insertMultiple(db, cars.map((c) => ({ id: c.objectID, name: c.name, make_model: c.make_model, badge: c.badge, location_name: c.location_name, dealership_name: c.dealership_name, city: c.city, make: c.make, model: c.model, simple_body: c.simple_body, simple_fuel: c.simple_fuel, simple_transmission: c.simple_transmission, car_type: c.car_type, status: c.status, show_on_dealer_website: c.show_on_dealer_website, year: c.year, price: c.price, km: c.km, custom_rank: c.custom_rank })), 2000);
  return db;
}

type OramaDb = Awaited<ReturnType<typeof buildOrama>>;
function oramaRunner(db: OramaDb): Record<Shape, () => Promise<number>> {
  const facets = (names: string[]) =>
    Object.fromEntries(names.map((n) => [n, n === 'price' ? { ranges: priceRanges() } : n === 'year' ? { ranges: yearRanges() } : { limit: 100 }]));
  const base = { show_on_dealer_website: true, status: { in: ['in_stock', 'coming_soon'] } };
  const count = async (params: Record<string, unknown>) => ((await oramaSearch(db, params as never)) as { count: number }).count;
  return {
    a: () => count({ term: '', where: base, facets: facets(FACETS), limit: 21, sortBy: { property: 'custom_rank', order: 'DESC' } }),
    b: () =>
      count({
        term: 'toyota',
        properties: [...TEXT_FIELDS],
        where: { status: { eq: 'in_stock' }, car_type: { eq: 'used' }, simple_transmission: { eq: 'automatic' }, price: { between: [10000, 40000] } },
        facets: facets(FACETS),
        limit: 21,
      }),
    c: () => count({ term: '', where: base, limit: 21, offset: 105, sortBy: { property: 'price', order: 'ASC' } }),
    d: async () =>
      (await count({ term: '', where: { ...base, make: { in: MAKES }, simple_body: { in: BODIES } }, facets: facets(FACETS), limit: 21, sortBy: { property: 'custom_rank', order: 'DESC' } })) +
      (await count({ term: '', where: { ...base, simple_body: { in: BODIES } }, facets: facets(['make']), limit: 0 })) +
      (await count({ term: '', where: { ...base, make: { in: MAKES } }, facets: facets(['simple_body']), limit: 0 })),
  };
}

function buildItems(cars: BenchCar[]) {
  const aggregations = Object.fromEntries(
    [...FACETS, 'status', 'show_on_dealer_website'].map((f) => [f, { title: f, size: 100, conjunction: !(f === 'make' || f === 'simple_body' || f === 'status') }]),
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
  return {
    a: () => total(engine.search({ per_page: 21, page: 1, sort: 'rank', filters: base })),
    b: () =>
      total(
        engine.search({
          query: 'toyota',
          per_page: 21,
          page: 1,
          filters: { status: ['in_stock'], car_type: ['used'], simple_transmission: ['automatic'] },
          filter: (item: BenchCar) => item.price >= 10000 && item.price <= 40000,
        }),
      ),
    c: () => total(engine.search({ per_page: 21, page: 6, sort: 'price_asc', filters: base })),
    d: () =>
      total(engine.search({ per_page: 21, page: 1, sort: 'rank', filters: { ...base, make: MAKES, simple_body: BODIES } })) +
      total(engine.search({ per_page: 0, page: 1, filters: { ...base, simple_body: BODIES } })) +
      total(engine.search({ per_page: 0, page: 1, filters: { ...base, make: MAKES } })),
  };
}

async function httpThroughput(store: IndexStore, requests: number): Promise<void> {
  const keys = new KeyStore({ appId: 'BENCH', adminKey: 'admin', searchKeys: ['search'] });
  const app = Fastify({ logger: false });
  await app.register(searchService, { store, keys });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const body = JSON.stringify({ requests: QUERIES.d });
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const started = process.hrtime.bigint();
      const req = http.request(
        { host: '127.0.0.1', port, method: 'POST', path: '/1/indexes/*/queries?x-algolia-application-id=BENCH&x-algolia-api-key=search', agent, headers: { 'content-type': 'text/plain' } },
        (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? resolve(Number(process.hrtime.bigint() - started) / 1e6) : reject(new Error(`status ${res.statusCode}`))));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  for (let i = 0; i < 50; i++) await once();
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
  const p = percentiles(latencies);
  console.log(`\nHTTP (loopback, keep-alive, concurrency 16, ${store.require('cars').store.size} cars, body = query (d), 3 searches per request)`);
  table(['requests', 'seconds', 'req/s', 'searches/s', 'p50 ms', 'p95 ms', 'p99 ms'], [[latencies.length, seconds.toFixed(2), (latencies.length / seconds).toFixed(0), ((3 * latencies.length) / seconds).toFixed(0), ms(p.p50), ms(p.p95), ms(p.p99)]]);
  agent.destroy();
  await app.close();
}

async function main(): Promise<void> {
  console.log(`Search benchmark: node ${process.version}, ${ITERATIONS} iterations after ${WARMUP} warm-up, sizes ${SIZES.join(', ')}`);
  let last: IndexStore | null = null;
  for (const size of SIZES) {
    const cars = generateCars(size, 42);
    console.log(`\n=== ${size.toLocaleString('en')} cars ===`);
    const m0 = memory();
    let t = process.hrtime.bigint();
    const store = buildOurs(cars);
    const oursBuild = Number(process.hrtime.bigint() - t) / 1e6;
    const m1 = memory();
    const ours = oursRunner(store);

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
    console.log(`process RSS ${mb(m3.rss)}, heap ${mb(m3.heap)}`);

    const rows: Array<Array<string | number>> = [];
    const ratios: Array<Array<string | number>> = [];
    for (const shape of SHAPES) {
      const nOurs = ours[shape]();
      const nOrama = await orama[shape]();
      const nItems = itemsRun[shape]();
      const peerIterations = size >= 100000 ? Math.max(40, Math.floor(ITERATIONS / 5)) : ITERATIONS;
      const o = measure(ours[shape]);
      const or = await measureAsync(orama[shape], peerIterations);
      const it = measure(itemsRun[shape], peerIterations);
      rows.push([LABEL[shape], 'ours', ms(o.p50), ms(o.p95), ms(o.p99), nOurs]);
      rows.push(['', 'Orama', ms(or.p50), ms(or.p95), ms(or.p99), nOrama]);
      rows.push(['', 'itemsjs', ms(it.p50), ms(it.p95), ms(it.p99), nItems]);
      const fastest = Math.min(or.p95, it.p95);
      const ratio = (peer: number, hits: number) => (hits === nOurs ? `${(peer / o.p95).toFixed(1)}x` : `n/a: ${hits} hits, ours ${nOurs}`);
      const allAgree = nOrama === nOurs && nItems === nOurs;
      ratios.push([LABEL[shape], ms(o.p95), ms(or.p95), ms(it.p95), ratio(or.p95, nOrama), ratio(it.p95, nItems), allAgree ? `${(fastest / o.p95).toFixed(1)}x` : 'n/a: hits differ']);
    }
    console.log('');
    table(['query', 'engine', 'p50 ms', 'p95 ms', 'p99 ms', 'nbHits (sum)'], rows);
    console.log('');
    table(['query', 'ours p95', 'Orama p95', 'itemsjs p95', 'Orama/ours', 'itemsjs/ours', 'fastest peer/ours'], ratios);
    last = store;
  }
  if (last && HTTP_REQUESTS > 0) await httpThroughput(last, HTTP_REQUESTS);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
