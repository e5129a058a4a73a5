/**
 * Restart without rebuild: for each size, builds the embedded index over the bench cars (the
 * stock index's settings and synonyms, as `search.ts` uses), saves its snapshot, then starts a
 * fresh process that loads the snapshot and answers a search, and reports:
 *
 * - rebuild: building the same index from the records (what a restart cost before snapshots;
 *   records already in memory, so the database read and HTTP of a real rebuild come on top);
 * - save: writing the snapshot (the site does this after indexing and, debounced, after writes);
 * - load: reading and decoding the snapshot in the new process (the step a site's start adds);
 * - first search: the first answer after the load (multi-query (d) plus a typo query);
 * - process start -> first answer: the new process's whole start, runtime and module loading included;
 * - memory of the new process after the load: RSS and V8 heap used.
 *
 *   npx tsx infra/bench/search-restart.ts [--cars 10000,100000] (1,000,000 cars: --cars 1000000,
 *   about 3 minutes and 6 GB of memory; `npm run bench:restart` runs 10k, 100k and 1M)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { formatTable } from '@forecourt/runtime/table';
import { IndexStore } from '@forecourt/search-engine/engine/search-index';
import { readSnapshot, writeSnapshot } from '@forecourt/search-engine/engine/snapshot';
import { CAR_SYNONYMS } from '@forecourt/search-service/indexing/records';
import { generateCars, type BenchCar } from './cars-for-bench';

/** The bench index: the stock index's shape over the bench records (shared with search.ts). */
export const BENCH_SETTINGS = {
  searchableAttributes: [
    'name',
    'make,model,make_model',
    'badge',
    'unordered(location_name),unordered(dealership_name),unordered(city)',
  ],
  attributesForFaceting: [
    'make',
    'searchable(model)',
    'make_model',
    'badge',
    'year',
    'price',
    'km',
    'status',
    'car_type',
    'tag',
    'certified',
    'reserved',
    'simple_body',
    'simple_fuel',
    'simple_transmission',
    'drive',
    'seats',
    'colour',
    'city',
    'state',
    'location_name',
    'dealership_name',
    'filterOnly(dealership_slug)',
    'filterOnly(show_on_dealer_website)',
    'created_at_timestamp',
    'sold_at_timestamp',
  ],
  customRanking: ['desc(custom_rank)'],
  replicas: ['cars_price_asc', 'cars_price_desc', 'cars_latest'],
  hitsPerPage: 21,
};
export const BASE_FILTER = '(status:in_stock OR status:coming_soon) AND show_on_dealer_website:true';
export const FACETS = [
  'make',
  'model',
  'simple_body',
  'simple_fuel',
  'simple_transmission',
  'car_type',
  'year',
  'price',
];

export function buildBenchStore(cars: readonly BenchCar[]): IndexStore {
  const store = new IndexStore();
  store.setSettings('cars', BENCH_SETTINGS);
  store.setSettings('cars_price_asc', { customRanking: ['asc(price)'] });
  store.setSettings('cars_price_desc', { customRanking: ['desc(price)'] });
  store.setSettings('cars_latest', { customRanking: ['desc(created_at_timestamp)'] });
  store.saveSynonyms('cars', CAR_SYNONYMS, { forwardToReplicas: true });
  const index = store.require('cars');
  for (const car of cars) index.saveObject(car);
  for (const name of store.names()) store.require(name).warm();
  return store;
}

const FIRST_SEARCHES: Array<Record<string, unknown>> = [
  {
    indexName: 'cars',
    query: '',
    filters: BASE_FILTER,
    facets: FACETS,
    hitsPerPage: 21,
    facetFilters: [
      ['make:Toyota', 'make:Mazda'],
      ['simple_body:suv', 'simple_body:ute'],
    ],
  },
  {
    indexName: 'cars',
    query: '',
    filters: BASE_FILTER,
    facets: ['make'],
    hitsPerPage: 0,
    facetFilters: [['simple_body:suv', 'simple_body:ute']],
  },
  {
    indexName: 'cars',
    query: '',
    filters: BASE_FILTER,
    facets: ['simple_body'],
    hitsPerPage: 0,
    facetFilters: [['make:Toyota', 'make:Mazda']],
  },
  { indexName: 'cars', query: 'toyta', filters: BASE_FILTER, facets: FACETS, hitsPerPage: 21 },
];

interface ChildReport {
  startupMs: number;
  loadMs: number;
  firstSearchMs: number;
  toFirstAnswerMs: number;
  hits: number;
  rss: number;
  heapUsed: number;
}

/** In the fresh process: load, answer, measure. */
async function child(file: string): Promise<void> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const startupMs = performance.now();
  const loaded = await readSnapshot(file);
  if (!loaded) throw new Error(`no snapshot at ${file}`);
  const loadMs = performance.now() - startupMs;
  const t = performance.now();
  let hits = 0;
  for (const { indexName, ...params } of FIRST_SEARCHES)
    hits += loaded.store.require(indexName as string).search(params).nbHits;
  const firstSearchMs = performance.now() - t;
  const toFirstAnswerMs = performance.now();
  gc();
  const m = process.memoryUsage();
  const report: ChildReport = {
    startupMs,
    loadMs,
    firstSearchMs,
    toFirstAnswerMs,
    hits,
    rss: m.rss,
    heapUsed: m.heapUsed,
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

function runChild(file: string): Promise<ChildReport> {
  return new Promise((resolve, reject) => {
    // The parent's own runtime flags (the TypeScript loader), plus room for the 1M-car index.
    const proc = spawn(
      process.execPath,
      ['--max-old-space-size=12288', ...process.execArgv, __filename, '--child', file],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    proc.on('error', reject);
    proc.on('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code === 0 && line.startsWith('{')) resolve(JSON.parse(line) as ChildReport);
      else reject(new Error(`cold-start process exited with ${code}: ${out}`));
    });
  });
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const s = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${n.toFixed(0)} ms`);

export interface ColdStartRow {
  cars: number;
  rebuildMs: number;
  saveMs: number;
  bytes: number;
  child: ChildReport;
}

export async function coldStart(sizes: readonly number[], log = console.log): Promise<ColdStartRow[]> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'search-restart-'));
  const rows: ColdStartRow[] = [];
  try {
    for (const size of sizes) {
      const file = path.join(dir, `${size}.snapshot`);
      let rebuildMs: number;
      let saveMs: number;
      {
        const cars = generateCars(size, 42);
        const t = performance.now();
        const store = buildBenchStore(cars);
        rebuildMs = performance.now() - t;
        const t2 = performance.now();
        await writeSnapshot(file, store, 'bench');
        saveMs = performance.now() - t2;
      }
      const bytes = (await fs.stat(file)).size;
      const child = await runChild(file);
      rows.push({ cars: size, rebuildMs, saveMs, bytes, child });
      await fs.rm(file, { force: true });
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
  log(
    `\nRestart from the snapshot (goal: a restart with 100,000 cars serves searches within 2 s; load avg ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
  log(
    formatTable(
      [
        'cars',
        'rebuild (before)',
        'save',
        'file',
        'load',
        'first search',
        'load + first search',
        'process start -> first answer',
        'RSS',
        'heap used',
        'goal',
      ],
      rows.map((r) => [
        r.cars.toLocaleString('en'),
        s(r.rebuildMs),
        s(r.saveMs),
        mb(r.bytes),
        s(r.child.loadMs),
        s(r.child.firstSearchMs),
        s(r.child.loadMs + r.child.firstSearchMs),
        s(r.child.toFirstAnswerMs),
        mb(r.child.rss),
        mb(r.child.heapUsed),
        r.cars === 100_000
          ? r.child.loadMs + r.child.firstSearchMs <= 2000
            ? 'met (load + first search)'
            : 'MISSED'
          : '',
      ]),
    ),
  );
  return rows;
}

if (require.main === module) {
  const { values } = parseArgs({
    options: { cars: { type: 'string', default: '10000,100000' }, child: { type: 'string' } },
  });
  const run = values.child ? child(values.child) : coldStart(values.cars.split(',').map(Number)).then(() => undefined);
  run.catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
