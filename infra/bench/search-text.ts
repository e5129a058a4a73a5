/**
 * Embedded engine only: the four query shapes of `search.ts` plus text queries a shopper types
 * (a typo, a synonym, a joined model name, a split model name), at p50/p95/p99, without the
 * peers or HTTP, so engine changes can be measured quickly.
 *
 *   npx tsx infra/bench/search-text.ts [--cars 100000] [--iterations 300]
 */
import { parseArgs } from 'node:util';
import { formatTable } from '../src/cli/table';
import { IndexStore } from '../src/search/engine/search-index';
import { generateCars } from './cars-for-bench';

const { values: args } = parseArgs({ options: { cars: { type: 'string', default: '100000' }, iterations: { type: 'string', default: '300' } } });
const SIZES = args.cars.split(',').map(Number);
const ITERATIONS = Number(args.iterations);
const WARMUP = 30;

const FACETS = ['make', 'model', 'simple_body', 'simple_fuel', 'simple_transmission', 'car_type', 'year', 'price'];
const BASE_FILTER = '(status:in_stock OR status:coming_soon) AND show_on_dealer_website:true';
const MAKES = ['Toyota', 'Mazda'];
const BODIES = ['suv', 'ute'];
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
const SYNONYMS = [
  { objectID: 'ute', type: 'synonym', synonyms: ['ute', 'pickup', 'utility'] },
  { objectID: '4x4', type: 'synonym', synonyms: ['4x4', '4wd', 'awd'] },
  { objectID: 'vw', type: 'synonym', synonyms: ['vw', 'volkswagen'] },
];
const B_FILTERS = 'status:in_stock AND car_type:used AND simple_transmission:automatic AND price:10000 TO 40000';
const QUERIES: Record<string, Array<Record<string, unknown>>> = {
  '(a) empty query, base filter, 8 facets': [{ indexName: 'cars', query: '', filters: BASE_FILTER, facets: FACETS, hitsPerPage: 21 }],
  '(b) "toyota" + 3 filters + price range, 8 facets': [{ indexName: 'cars', query: 'toyota', filters: B_FILTERS, facets: FACETS, hitsPerPage: 21 }],
  '(c) replica price asc, page 5': [{ indexName: 'cars_price_asc', query: '', filters: BASE_FILTER, hitsPerPage: 21, page: 5 }],
  '(d) disjunctive multi-query (3 requests)': [
    { indexName: 'cars', query: '', filters: BASE_FILTER, facets: FACETS, hitsPerPage: 21, facetFilters: [MAKES.map((m) => `make:${m}`), BODIES.map((b) => `simple_body:${b}`)] },
    { indexName: 'cars', query: '', filters: BASE_FILTER, facets: ['make'], hitsPerPage: 0, facetFilters: [BODIES.map((b) => `simple_body:${b}`)] },
    { indexName: 'cars', query: '', filters: BASE_FILTER, facets: ['simple_body'], hitsPerPage: 0, facetFilters: [MAKES.map((m) => `make:${m}`)] },
  ],
  '(e) typo "toyta" + (b) filters, 8 facets': [{ indexName: 'cars', query: 'toyta', filters: B_FILTERS, facets: FACETS, hitsPerPage: 21 }],
  '(f) typo "toyta", base filter, 8 facets': [{ indexName: 'cars', query: 'toyta', filters: BASE_FILTER, facets: FACETS, hitsPerPage: 21 }],
  '(g) synonym "vw amarok", base filter, 8 facets': [{ indexName: 'cars', query: 'vw amarok', filters: BASE_FILTER, facets: FACETS, hitsPerPage: 21 }],
  '(h) "mazda3", base filter, 8 facets': [{ indexName: 'cars', query: 'mazda3', filters: BASE_FILTER, facets: FACETS, hitsPerPage: 21 }],
  '(i) "toyot hilu", no filter': [{ indexName: 'cars', query: 'toyot hilu', hitsPerPage: 21 }],
};

function percentiles(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] as number;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}
const ms = (n: number) => n.toFixed(n < 10 ? 2 : 1);

for (const size of SIZES) {
  const cars = generateCars(size, 42);
  const store = new IndexStore();
  store.setSettings('cars', SETTINGS);
  store.setSettings('cars_price_asc', { customRanking: ['asc(price)'] });
  store.setSettings('cars_price_desc', { customRanking: ['desc(price)'] });
  store.setSettings('cars_latest', { customRanking: ['desc(created_at_timestamp)'] });
  const primary = store.require('cars') as unknown as { saveObject(r: unknown): void; saveSynonyms?: (s: unknown[]) => void };
  primary.saveSynonyms?.(SYNONYMS);
  const t0 = process.hrtime.bigint();
  for (const car of cars) primary.saveObject(car);
  for (const name of ['cars', 'cars_price_asc', 'cars_price_desc', 'cars_latest']) store.require(name).warm();
  const build = Number(process.hrtime.bigint() - t0) / 1e6;
  console.log(`\n=== ${size.toLocaleString('en')} cars, build ${ms(build)} ms, ${ITERATIONS} iterations ===`);
  const rows: string[][] = [];
  for (const [label, requests] of Object.entries(QUERIES)) {
    const run = () => requests.reduce((n, { indexName, ...params }) => n + store.require(indexName as string).search(params).nbHits, 0);
    const hits = run();
    for (let i = 0; i < WARMUP; i++) run();
    const samples: number[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      const t = process.hrtime.bigint();
      run();
      samples.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    const p = percentiles(samples);
    rows.push([label, ms(p.p50), ms(p.p95), ms(p.p99), String(hits)]);
  }
  console.log(formatTable(['query', 'p50 ms', 'p95 ms', 'p99 ms', 'nbHits (sum)'], rows));
}
