/**
 * Feed imports: a Meta automotive inventory feed (CSV) of made-up cars imported into a platform
 * of its own, on the embedded database (PGlite on disk, as `npm start` runs it) or, when
 * DATABASE_URL is set, on PostgreSQL (a database of its own, dropped after).
 *
 *   npx tsx infra/bench/stock-feeds.ts [--rows 10000] [--large 100000]
 *   npx tsx infra/bench/stock-feeds.ts --part importer --rows 10000 --batch 100   (one part, its figures as JSON)
 *
 * First `--rows` cars, uploaded to the Stock API's imports route of a whole platform: rows per
 * second parsed (the feed read and each row mapped to a car, as an import's first reading does),
 * rows per second applied (from the upload to the import done: both readings, the checks and the
 * writes), the process's peak RSS, and the time until the last car is in the search index. Then
 * `--large` rows run by the importer alone (no HTTP, no search), parsed and applied, with its
 * peak RSS. Each part runs in a process of its own, so one's memory is not counted in the
 * other's. Goals: 10,000 cars applied within 60 s (scaled for another --rows), RSS at most 300 MB
 * at 100,000 rows; the process exits non-zero when one is missed.
 *
 * RSS: the process's peak, and the import's own share of it (the peak less the RSS once the
 * database is open). On PostgreSQL the database is another process and the goal is the peak; the
 * embedded database runs inside the process and takes some 800 MB of it on opening, whatever it
 * holds, so there the goal is the import's share.
 *
 * The feeds carry no photos: the platform keeps dealers' photo URLs as they are and fetches none,
 * so photo imports are not measured here; they will be once the platform fetches photos itself.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatTable } from '../src/cli/table';
import { migrate, openDatabase, type Database } from '../src/db/database';
import { listLocations } from '../src/db/stock';
import { addChunk, beginImport, CHUNK_BYTES, claimImport, queueImport } from '../src/db/stock-imports';
import { createStockKey } from '../src/db/stock-keys';
import { CARS_INDEX } from '../src/search/indexing/records';
import { mapMetaVehicle } from '../src/stock/feeds/meta-vehicle';
import { feedRows } from '../src/stock/feeds/parse-feed';
import { runImport } from '../src/stock/feeds/run-import';
import { defaultSeedNow } from '../src/stock/seed/generate';
import { seedStock } from '../src/stock/seed/seed-stock';
import { tempDir } from '../src/testing/fake-build';
import { metaCsvLines, metaRows } from '../src/testing/meta-feed';
import { emptyPostgresDatabase } from '../src/testing/test-database';
import { createTestPlatform } from '../src/testing/test-platform';
import { loadTenants } from '../src/tenants/load-tenants';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '10000' }, large: { type: 'string', default: '100000' }, part: { type: 'string' }, batch: { type: 'string' } } });
const ROWS = Number(values.rows);
const LARGE = Number(values.large);
const SITE = 'harbourside-motors';
const GOAL_APPLY_S = 60 * (ROWS / 10_000);
const GOAL_RSS_MB = 300;

interface PartResult {
  rows: number;
  parsedPerS: number;
  appliedPerS: number;
  applySeconds: number;
  searchableSeconds: number | null;
  peakRssMb: number;
  /** Peak RSS less the RSS once the database was open and migrated: the import's own memory. */
  importRssMb: number;
  counts: Record<string, number>;
}

const peakRssMb = () => process.resourceUsage().maxRSS / 1024;
const rssMb = () => process.memoryUsage().rss / 1024 / 1024;

/** A database of its own with the site's locations: PostgreSQL when DATABASE_URL is set, PGlite on disk otherwise. */
async function freshDatabase(): Promise<{ database: Database; location: string; done: () => Promise<void> }> {
  let database: Database;
  let done: () => Promise<void>;
  if (process.env.DATABASE_URL) {
    const own = await emptyPostgresDatabase('forecourt_bench_feeds');
    database = await openDatabase({ databaseUrl: own.url });
    done = async () => {
      await database.close();
      await own.drop();
    };
  } else {
    const dataDir = await tempDir();
    database = await openDatabase({ dataDir });
    done = async () => {
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    };
  }
  await migrate(database.db);
  await seedStock(database, (await loadTenants()).filter((tenant) => tenant.slug === SITE), { seed: 7, totalCars: 1, now: defaultSeedNow() });
  return { database, location: (await listLocations(database.db, SITE))[0]!.slug, done };
}

/** The feed's bytes, made a line at a time. */
const feedOf = (rows: number, location: string) => Buffer.from([...metaCsvLines(metaRows(rows, location))].join(''));

/** The first reading's work alone: every row read and mapped to a car. */
async function parseRate(feed: Buffer, location: string): Promise<number> {
  async function* pieces() {
    for (let at = 0; at < feed.length; at += CHUNK_BYTES) yield feed.subarray(at, at + CHUNK_BYTES);
  }
  const started = performance.now();
  let rows = 0;
  for await (const { record } of feedRows(pieces(), 'csv')) {
    mapMetaVehicle(record, location);
    rows++;
  }
  return rows / ((performance.now() - started) / 1000);
}

/** `--rows` cars through the whole platform: upload, import, search. */
async function platformPart(rows: number): Promise<PartResult> {
  const { database, location, done } = await freshDatabase();
  const platform = await createTestPlatform(database, { stockIndex: { intervalMs: 0 }, stockImports: { intervalMs: 0 } });
  const base = rssMb();
  try {
    const key = (await createStockKey(database.db, { tenant: SITE, label: 'bench', createdBy: 'bench' })).secret;
    const feed = feedOf(rows, location);
    const parsedPerS = await parseRate(feed, location);
    const started = performance.now();
    const upload = await platform.app.inject({ method: 'POST', url: '/api/stock/v1/imports', headers: { 'content-type': 'text/csv', authorization: `Bearer ${key}` }, payload: feed });
    if (upload.statusCode !== 202) throw new Error(`the upload was answered ${upload.statusCode}: ${upload.body}`);
    await platform.app.stockImports.run();
    const applySeconds = (performance.now() - started) / 1000;
    const outcome = await database.db.selectFrom('stock_imports').select(['status', 'counts']).executeTakeFirstOrThrow();
    if (outcome.status !== 'done') throw new Error(`the import ended ${outcome.status}`);
    const { id: lastId } = await database.db.selectFrom('cars').select('id').where('tenant', '=', SITE).where('stocknum', '=', `FD-${rows}`).executeTakeFirstOrThrow();
    // The import asks for the changed cars to be indexed as it ends; the last car is searchable once the index holds it.
    const searchable = () => platform.app.stockSearch.store.get(CARS_INDEX)?.getObject(String(lastId)) !== undefined;
    while (!searchable()) {
      await platform.app.stockIndex.drain();
      if (!searchable()) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const searchableSeconds = (performance.now() - started) / 1000;
    return { rows, parsedPerS, appliedPerS: rows / applySeconds, applySeconds, searchableSeconds, peakRssMb: peakRssMb(), importRssMb: peakRssMb() - base, counts: outcome.counts ?? {} };
  } finally {
    await platform.close();
    await done();
  }
}

/** `--large` rows run by the importer alone: stored as an upload is, then claimed and run. */
async function importerPart(rows: number): Promise<PartResult> {
  const { database, location, done } = await freshDatabase();
  const base = rssMb();
  try {
    const tenant = (await loadTenants()).find((candidate) => candidate.slug === SITE)!;
    const id = await beginImport(database.db, { tenant: SITE, source: 'default', format: 'csv', createdBy: 'bench' });
    // Made and stored a piece at a time, as an upload arrives: the whole feed is never in memory.
    let piece: string[] = [];
    let size = 0;
    let seq = 0;
    let bytes = 0;
    const store = async () => {
      const data = Buffer.from(piece.join(''));
      await addChunk(database.db, id, seq++, data);
      bytes += data.length;
      piece = [];
      size = 0;
    };
    for (const line of metaCsvLines(metaRows(rows, location))) {
      piece.push(line);
      size += line.length;
      if (size >= CHUNK_BYTES) await store();
    }
    if (size > 0) await store();
    await queueImport(database.db, id, bytes);
    const parsedPerS = await parseRate(Buffer.from((await database.db.selectFrom('stock_import_chunks').select('data').where('import_id', '=', id).where('seq', '=', 0).executeTakeFirstOrThrow()).data), location);
    const started = performance.now();
    const job = await claimImport(database.db, new Date(), 120_000);
    if (!job?.format) throw new Error('the uploaded import was not claimed');
    await runImport(database.db, tenant, { ...job, format: job.format }, { withdrawShare: 0.3, leaseMs: 120_000, now: () => new Date(), ...(values.batch ? { batchCars: Number(values.batch) } : {}) });
    const applySeconds = (performance.now() - started) / 1000;
    const outcome = await database.db.selectFrom('stock_imports').select(['status', 'counts']).where('id', '=', id).executeTakeFirstOrThrow();
    if (outcome.status !== 'done') throw new Error(`the import ended ${outcome.status}`);
    return { rows, parsedPerS, appliedPerS: rows / applySeconds, applySeconds, searchableSeconds: null, peakRssMb: peakRssMb(), importRssMb: peakRssMb() - base, counts: outcome.counts ?? {} };
  } finally {
    await done();
  }
}

/** Runs one part in a process of its own and reads its result (the last line it prints). */
function inProcess(part: 'platform' | 'importer', rows: number): Promise<PartResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'stock-feeds.ts'), '--part', part, '--rows', String(rows)], { cwd: path.resolve(__dirname, '..'), stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, LOG_LEVEL: 'warn' } });
    let out = '';
    child.stdout.on('data', (data: Buffer) => (out += data.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !last.startsWith('{')) reject(new Error(`the ${part} part exited with ${code}`));
      else resolve(JSON.parse(last) as PartResult);
    });
  });
}

async function main(): Promise<void> {
  if (values.part) {
    const result = values.part === 'platform' ? await platformPart(ROWS) : await importerPart(ROWS);
    console.log(JSON.stringify(result));
    // The platform's timers and the database's threads are not waited for.
    process.exit(0);
  }
  const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (on disk)';
  console.log(`Feed imports on ${engine}: ${ROWS} rows through the platform, then ${LARGE} rows by the importer alone`);
  const small = await inProcess('platform', ROWS);
  const large = LARGE > 0 ? await inProcess('importer', LARGE) : null;
  const goalRss = (rows: number) => (rows >= 100_000 ? GOAL_RSS_MB : null);
  const rowsOf = (result: PartResult) => [
    result.rows.toLocaleString('en-AU'),
    Math.round(result.parsedPerS).toLocaleString('en-AU'),
    Math.round(result.appliedPerS).toLocaleString('en-AU'),
    `${result.applySeconds.toFixed(1)} s`,
    result.searchableSeconds === null ? '-' : `${result.searchableSeconds.toFixed(1)} s`,
    `${Math.round(result.peakRssMb)} MB`,
    `${Math.round(result.importRssMb)} MB`,
  ];
  console.log(
    formatTable(
      ['rows', 'parsed rows/s', 'applied rows/s', 'applied in', 'last car searchable', 'peak RSS', 'import RSS'],
      [rowsOf(small), ...(large ? [rowsOf(large)] : [])],
    ),
  );
  const missed: string[] = [];
  console.log(`goal: ${ROWS} cars applied within ${GOAL_APPLY_S.toFixed(0)} s: ${small.applySeconds.toFixed(1)} s`);
  if (small.applySeconds > GOAL_APPLY_S) missed.push('apply time');
  for (const result of [small, large]) {
    const goal = result ? goalRss(result.rows) : null;
    if (!result || goal === null) continue;
    const judged = process.env.DATABASE_URL ? result.peakRssMb : result.importRssMb;
    console.log(`goal: ${process.env.DATABASE_URL ? 'peak RSS' : 'import RSS'} at most ${goal} MB at ${result.rows} rows: ${Math.round(judged)} MB`);
    if (judged > goal) missed.push(`RSS at ${result.rows} rows`);
  }
  console.log(`counts: ${JSON.stringify(small.counts)}${large ? `; ${JSON.stringify(large.counts)}` : ''}`);
  if (missed.length > 0) {
    console.log(`missed: ${missed.join(', ')}`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
