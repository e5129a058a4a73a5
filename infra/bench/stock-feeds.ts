/**
 * Feed imports: a Meta automotive inventory feed (CSV) of made-up cars imported into a platform
 * of its own, on the embedded database (PGlite on disk, as `npm start` runs it) or, when
 * DATABASE_URL is set, on PostgreSQL (a database of its own, dropped after).
 *
 *   npx tsx infra/bench/stock-feeds.ts [--rows 10000] [--large 100000] [--photo-cars 300]
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
 * Then the dealers' photos: `--photo-cars` cars of 20 photos each, in the feed as Meta's
 * `image[n].url` columns, uploaded to the imports route as above. The photos are served by a
 * dealer's host this process starts on loopback (the platform's outbound fetch allows loopback
 * outside production): 200 distinct 1600 x 1067 JPEGs drawn with sharp before the part starts
 * (their time and memory are not the part's), each URL's bytes made its own by a JPEG comment,
 * so every photo has a hash of its own and is normalised. The part measures photos per second
 * fetched, normalised and stored (by the platform's photo fetcher at its own concurrency, from the
 * import done), the time until the last car is searchable, until the last photo is stored and
 * until the last car's search record counts all its photos, and its peak RSS. docs/stock.md states
 * no goal for photos, so none is judged; the part gives up after PHOTO_DEADLINE_S and says so.
 *
 * Last measured (docs/stock.md, How fast imports run; a 2-core machine shared with a test run, so
 * times are upper bounds): on PostgreSQL 10,000 cars applied in 4.1 s, 100,000 rows in 47.4 s at a
 * peak RSS of 276 MB; 6,000 photos stored at 39.5 a second, the last 152.5 s after the upload,
 * at a peak RSS of 455 MB. On PGlite 5.1 s, 53.1 s (the import's share 86 MB), and 50.5 photos a
 * second, the last at 119.6 s.
 *
 * RSS: the process's peak, and the import's own share of it (the peak less the RSS once the
 * database is open). On PostgreSQL the database is another process and the goal is the peak. The
 * embedded database runs inside the process: each part opens a folder already migrated (from the
 * test kit's template, as a server reopens its folder after its first start), some 530 MB once
 * open with the platform's schema, and its buffers fill as the cars go in, so there the goal is
 * the import's share (measured on a quiet 2-core machine: 253 MB at 100,000 rows,
 * of a 785 MB peak).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type Sharp from 'sharp';
import { formatTable } from '@forecourt/runtime/table';
import { migrate, openDatabase, type Database } from '@forecourt/data/database';
import { listLocations } from '@forecourt/data/stock';
import { addChunk, beginImport, CHUNK_BYTES, claimImport, queueImport } from '@forecourt/stock-in/stock-imports';
import { createStockKey } from '@forecourt/stock-in/stock-keys';
import { CARS_INDEX } from '@forecourt/search-service/indexing/records';
import { mapMetaVehicle } from '@forecourt/stock-in/feeds/meta-vehicle';
import { feedRows } from '@forecourt/stock-in/feeds/parse-feed';
import { runImport } from '@forecourt/stock-in/feeds/run-import';
import { defaultSeedNow } from '@forecourt/demo-data/seed/generate';
import { seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { tempDir } from '@forecourt/test-kit/fake-build';
import { metaCsvLines, metaRows, type MetaImageColumn } from '@forecourt/test-kit/meta-feed';
import type { createTestPlatform as CreateTestPlatform } from '@forecourt/test-kit/test-platform';
import { emptyPostgresDatabase, seedDataFolderDatabase } from '@forecourt/test-kit/test-database';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000' },
    large: { type: 'string', default: '100000' },
    'photo-cars': { type: 'string', default: '300' },
    part: { type: 'string' },
    batch: { type: 'string' },
    'photo-server': { type: 'string' },
  },
});
const ROWS = Number(values.rows);
const LARGE = Number(values.large);
const PHOTO_CARS = Number(values['photo-cars']);
/** Photos per car: a dealer's listing shows about twenty. */
const PHOTOS_PER_CAR = 20;
/** Distinct images drawn: each is served under many URLs, each time with bytes of its own. */
const DRAWN_PHOTOS = 200;
/** A dealer's photo: 1600 x 1067 (3:2), a JPEG of about 240 KB. */
const PHOTO_SIZE = { width: 1600, height: 1067 } as const;
/** The photo part gives up past this: it must end within minutes on a loaded 2-core machine. */
const PHOTO_DEADLINE_S = 480;
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

/**
 * A whole platform, its code loaded by the parts that run one: the importer alone does not carry
 * the web platform's code (some 50 MB of live heap, which V8 lets grow about four times over
 * before it collects), so its RSS is the importer's.
 */
async function platformOn(...args: Parameters<typeof CreateTestPlatform>): ReturnType<typeof CreateTestPlatform> {
  const { createTestPlatform } = await import('@forecourt/test-kit/test-platform');
  return createTestPlatform(...args);
}

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
    // The folder holds a migrated database before it is opened, as a server's does after its first
    // start: a new folder's first opening runs PostgreSQL's initdb, some 750 MB of WebAssembly
    // memory that PGlite keeps for the process's life, and an import never pays it.
    const dataDir = await tempDir();
    await seedDataFolderDatabase(dataDir);
    database = await openDatabase({ dataDir });
    done = async () => {
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    };
  }
  await migrate(database.db);
  await seedStock(
    database,
    (await loadTenants()).filter((tenant) => tenant.slug === SITE),
    { seed: 7, totalCars: 1, now: defaultSeedNow() },
  );
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
  const platform = await platformOn(database, { stockIndex: { intervalMs: 0 }, stockImports: { intervalMs: 0 } });
  const base = rssMb();
  try {
    const key = (await createStockKey(database.db, { tenant: SITE, label: 'bench', createdBy: 'bench' })).secret;
    const feed = feedOf(rows, location);
    const parsedPerS = await parseRate(feed, location);
    const started = performance.now();
    const upload = await platform.app.inject({
      method: 'POST',
      url: '/api/stock/v1/imports',
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${key}` },
      payload: feed,
    });
    if (upload.statusCode !== 202) throw new Error(`the upload was answered ${upload.statusCode}: ${upload.body}`);
    await platform.app.stockImports.run();
    const applySeconds = (performance.now() - started) / 1000;
    const outcome = await database.db
      .selectFrom('stock_imports')
      .select(['status', 'counts'])
      .executeTakeFirstOrThrow();
    if (outcome.status !== 'done') throw new Error(`the import ended ${outcome.status}`);
    const { id: lastId } = await database.db
      .selectFrom('cars')
      .select('id')
      .where('tenant', '=', SITE)
      .where('stocknum', '=', `FD-${rows}`)
      .executeTakeFirstOrThrow();
    // The import asks for the changed cars to be indexed as it ends; the last car is searchable once the index holds it.
    const searchable = () => platform.app.stockSearch.store.get(CARS_INDEX)?.getObject(String(lastId)) !== undefined;
    while (!searchable()) {
      await platform.app.stockIndex.drain();
      if (!searchable()) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const searchableSeconds = (performance.now() - started) / 1000;
    return {
      rows,
      parsedPerS,
      appliedPerS: rows / applySeconds,
      applySeconds,
      searchableSeconds,
      peakRssMb: peakRssMb(),
      importRssMb: peakRssMb() - base,
      counts: outcome.counts ?? {},
    };
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
    const parsedPerS = await parseRate(
      Buffer.from(
        (
          await database.db
            .selectFrom('stock_import_chunks')
            .select('data')
            .where('import_id', '=', id)
            .where('seq', '=', 0)
            .executeTakeFirstOrThrow()
        ).data,
      ),
      location,
    );
    const started = performance.now();
    const job = await claimImport(database.db, new Date(), 120_000);
    if (!job?.format) throw new Error('the uploaded import was not claimed');
    await runImport(
      database.db,
      tenant,
      { ...job, format: job.format },
      {
        withdrawShare: 0.3,
        leaseMs: 120_000,
        now: () => new Date(),
        ...(values.batch ? { batchCars: Number(values.batch) } : {}),
      },
    );
    const applySeconds = (performance.now() - started) / 1000;
    const outcome = await database.db
      .selectFrom('stock_imports')
      .select(['status', 'counts'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    if (outcome.status !== 'done') throw new Error(`the import ended ${outcome.status}`);
    return {
      rows,
      parsedPerS,
      appliedPerS: rows / applySeconds,
      applySeconds,
      searchableSeconds: null,
      peakRssMb: peakRssMb(),
      importRssMb: peakRssMb() - base,
      counts: outcome.counts ?? {},
    };
  } finally {
    await done();
  }
}

interface PhotoResult {
  cars: number;
  photos: number;
  stored: number;
  failed: number;
  /** From the upload to the import done. */
  applySeconds: number;
  searchableSeconds: number | null;
  /** Until the last car's search record counts all its photos. */
  photosSearchableSeconds: number | null;
  /** From the upload to the last photo stored. */
  storedSeconds: number | null;
  /** Photos fetched, normalised and stored a second, from the import done (when the fetcher is asked to start) to the last stored. */
  photosPerS: number;
  peakRssMb: number;
  importRssMb: number;
  /** The deadline came first: the figures are of the photos stored by then. */
  cut: boolean;
}

/**
 * One distinct dealer-like photo: broad soft shapes of colour (a small random field enlarged) under
 * a fine grain, so its JPEG is the size of a dealer's and takes a photo's decoding work.
 */
async function drawPhoto(sharp: typeof Sharp, n: number, grain: Buffer): Promise<Buffer> {
  let state = (n + 1) * 2_654_435_761;
  const random = () => (state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0) / 2 ** 32;
  const field = Buffer.alloc(24 * 16 * 3);
  for (let i = 0; i < field.length; i++) field[i] = Math.floor(random() * 256);
  const shapes = await sharp(field, { raw: { width: 24, height: 16, channels: 3 } })
    .resize(160, 107)
    .blur(4)
    .png()
    .toBuffer();
  return sharp(await sharp(shapes).resize(PHOTO_SIZE.width, PHOTO_SIZE.height).png({ compressionLevel: 0 }).toBuffer())
    .composite([{ input: grain, raw: { ...PHOTO_SIZE, channels: 3 }, blend: 'soft-light' }])
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** DRAWN_PHOTOS distinct photos, drawn a few at a time (sharp's threads do the work). */
async function drawPhotos(): Promise<Buffer[]> {
  // Loaded here only: the parts that draw nothing (the importer alone) do not carry its libraries.
  const sharp = (await import('sharp')).default;
  const grain = await sharp({
    create: { ...PHOTO_SIZE, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 20 } },
  })
    .raw()
    .toBuffer();
  const drawn: Buffer[] = [];
  for (let n = 0; n < DRAWN_PHOTOS; n += 4)
    drawn.push(
      ...(await Promise.all(
        [0, 1, 2, 3].filter((i) => n + i < DRAWN_PHOTOS).map((i) => drawPhoto(sharp, n + i, grain)),
      )),
    );
  return drawn;
}

/** A JPEG with a comment segment after its start marker: the same picture, bytes (and a hash) of its own. */
function withComment(jpeg: Buffer, text: string): Buffer {
  const comment = Buffer.from(text);
  const length = comment.length + 2;
  return Buffer.concat([
    jpeg.subarray(0, 2),
    Buffer.from([0xff, 0xfe, length >> 8, length & 0xff]),
    comment,
    jpeg.subarray(2),
  ]);
}

/** The dealer's photo host on loopback: `/photos/{car}/{i}.jpg`, each URL bytes of its own. */
async function photoServer(drawn: readonly Buffer[]): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const match = /^\/photos\/(\d+)\/(\d+)\.jpg$/.exec(request.url ?? '');
    if (!match) {
      response.writeHead(404).end();
      return;
    }
    const [car, photo] = [Number(match[1]), Number(match[2])];
    const body = withComment(drawn[(car * PHOTOS_PER_CAR + photo) % drawn.length]!, `car ${car} photo ${photo}`);
    response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // A fetcher cut off at the deadline may still hold connections open.
        server.closeAllConnections();
      }),
  };
}

const photoUrl = (server: string, car: number, photo: number) => `${server}/photos/${car}/${photo}.jpg`;

/**
 * `--photo-cars` cars of PHOTOS_PER_CAR photos each through the whole platform: the feed uploaded
 * and imported, then every photo fetched from `server` by the platform's photo fetcher (its
 * concurrency, its outbound fetch: loopback is allowed outside production), normalised and stored.
 */
async function photoPart(cars: number, server: string): Promise<PhotoResult> {
  const { database, location, done } = await freshDatabase();
  const platform = await platformOn(database, {
    stockIndex: { intervalMs: 0 },
    stockImports: { intervalMs: 0 },
    carPhotos: { intervalMs: 0 },
  });
  const base = rssMb();
  let closing = true;
  try {
    const key = (await createStockKey(database.db, { tenant: SITE, label: 'bench', createdBy: 'bench' })).secret;
    const rows = metaRows(cars, location, {
      rowOf: (n, row) => ({
        ...row,
        ...Object.fromEntries(
          Array.from({ length: PHOTOS_PER_CAR }, (_, i): [MetaImageColumn, string] => [
            `image[${i}].url`,
            photoUrl(server, n, i),
          ]),
        ),
      }),
    });
    const feed = Buffer.from([...metaCsvLines(rows, PHOTOS_PER_CAR)].join(''));
    const startedAt = Date.now();
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    const upload = await platform.app.inject({
      method: 'POST',
      url: '/api/stock/v1/imports',
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${key}` },
      payload: feed,
    });
    if (upload.statusCode !== 202) throw new Error(`the upload was answered ${upload.statusCode}: ${upload.body}`);
    await platform.app.stockImports.run();
    const applySeconds = seconds();
    const outcome = await database.db
      .selectFrom('stock_imports')
      .select(['status', 'counts'])
      .executeTakeFirstOrThrow();
    if (outcome.status !== 'done') throw new Error(`the import ended ${outcome.status}`);
    // What the runner's call to start the fetcher does when it runs on a timer.
    let fetching = true;
    void platform.app.carPhotos.run().finally(() => (fetching = false));
    const { id: lastId } = await database.db
      .selectFrom('cars')
      .select('id')
      .where('tenant', '=', SITE)
      .where('stocknum', '=', `FD-${cars}`)
      .executeTakeFirstOrThrow();
    // Each stored photo asks for its cars to be indexed again; the last car shows every photo once the index counts them.
    const record = () => platform.app.stockSearch.store.get(CARS_INDEX)?.getObject(String(lastId));
    let searchableSeconds: number | null = null;
    let photosSearchableSeconds: number | null = null;
    // Once the fetcher is done, one drain of the index after it settles it: a photo that failed leaves the car short of its count.
    let drained = false;
    while (seconds() < PHOTO_DEADLINE_S) {
      const found = record();
      if (found && searchableSeconds === null) searchableSeconds = seconds();
      if (found?.image_count === PHOTOS_PER_CAR && photosSearchableSeconds === null)
        photosSearchableSeconds = seconds();
      if (!fetching && (photosSearchableSeconds !== null || drained)) break;
      if (fetching) await new Promise((resolve) => setTimeout(resolve, 50));
      else {
        await platform.app.stockIndex.drain();
        drained = true;
      }
    }
    const cut = fetching;
    // A cut run's fetcher is still at work: closing the platform would wait for it.
    closing = !cut;
    const photos = await database.db
      .selectFrom('car_photos')
      .select((eb) => ['status', eb.fn.countAll<string>().as('n'), eb.fn.max('fetched_at').as('last')])
      .groupBy('status')
      .execute();
    const count = (status: string) => Number(photos.find((row) => row.status === status)?.n ?? 0);
    const last = photos.find((row) => row.status === 'stored')?.last;
    const storedSeconds = last ? (new Date(last).getTime() - startedAt) / 1000 : null;
    const stored = count('stored');
    return {
      cars,
      photos: cars * PHOTOS_PER_CAR,
      stored,
      failed: count('failed'),
      applySeconds,
      searchableSeconds,
      photosSearchableSeconds,
      storedSeconds,
      photosPerS: storedSeconds === null ? 0 : stored / (storedSeconds - applySeconds),
      peakRssMb: peakRssMb(),
      importRssMb: peakRssMb() - base,
      cut,
    };
  } finally {
    if (closing) {
      await platform.close();
      await done();
    }
  }
}

/** Runs one part in a process of its own and reads its result (the last line it prints). */
function inProcess<T>(
  part: 'platform' | 'importer' | 'photos',
  rows: number,
  args: readonly string[] = [],
): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, 'stock-feeds.ts'), '--part', part, '--rows', String(rows), ...args],
      {
        cwd: path.resolve(__dirname, '..'),
        stdio: ['ignore', 'pipe', 'inherit'],
        env: { ...process.env, LOG_LEVEL: 'warn' },
      },
    );
    let out = '';
    child.stdout.on('data', (data: Buffer) => (out += data.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !last.startsWith('{')) reject(new Error(`the ${part} part exited with ${code}`));
      else resolve(JSON.parse(last) as T);
    });
  });
}

/** The photo part in this process: with no photo server given, it draws and serves the photos itself (their memory then counts in its RSS). */
async function photoPartHere(cars: number): Promise<PhotoResult> {
  if (values['photo-server']) return photoPart(cars, values['photo-server']);
  console.error('drawing the photos in this process: its peak RSS includes them');
  const server = await photoServer(await drawPhotos());
  try {
    return await photoPart(cars, server.url);
  } finally {
    await server.close();
  }
}

async function main(): Promise<void> {
  if (values.part) {
    const result =
      values.part === 'platform'
        ? await platformPart(ROWS)
        : values.part === 'photos'
          ? await photoPartHere(ROWS)
          : await importerPart(ROWS);
    console.log(JSON.stringify(result));
    // The platform's timers and the database's threads are not waited for.
    process.exit(0);
  }
  const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (on disk)';
  if (!process.env.DATABASE_URL) {
    // The migrated template every part's folder starts from, made here so that no part makes it
    // (freshDatabase).
    const warm = await tempDir();
    await seedDataFolderDatabase(warm);
    await fs.rm(warm, { recursive: true, force: true });
  }
  console.log(
    `Feed imports on ${engine}: ${ROWS} rows through the platform, then ${LARGE} rows by the importer alone, then ${PHOTO_CARS} cars of ${PHOTOS_PER_CAR} photos each`,
  );
  const small = await inProcess<PartResult>('platform', ROWS);
  const large = LARGE > 0 ? await inProcess<PartResult>('importer', LARGE) : null;
  let photos: PhotoResult | null = null;
  let drawnKb = 0;
  if (PHOTO_CARS > 0) {
    // Drawn and served here, before the part starts: neither their time nor their memory is the platform's.
    const drawn = await drawPhotos();
    drawnKb = drawn.reduce((sum, photo) => sum + photo.length, 0) / drawn.length / 1024;
    const server = await photoServer(drawn);
    try {
      photos = await inProcess<PhotoResult>('photos', PHOTO_CARS, ['--photo-server', server.url]);
    } finally {
      await server.close();
    }
  }
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
    console.log(
      `goal: ${process.env.DATABASE_URL ? 'peak RSS' : 'import RSS'} at most ${goal} MB at ${result.rows} rows: ${Math.round(judged)} MB`,
    );
    if (judged > goal) missed.push(`RSS at ${result.rows} rows`);
  }
  if (photos) {
    const time = (value: number | null) => (value === null ? '-' : `${value.toFixed(1)} s`);
    console.log(
      `Photos: ${photos.cars} cars of ${PHOTOS_PER_CAR} photos (${DRAWN_PHOTOS} distinct ${PHOTO_SIZE.width} x ${PHOTO_SIZE.height} JPEGs of ${Math.round(drawnKb)} KB on average, from a server on loopback), each fetched, normalised and stored`,
    );
    console.log(
      formatTable(
        [
          'cars',
          'photos',
          'stored',
          'failed',
          'photos/s',
          'cars applied in',
          'last car searchable',
          'last photo stored',
          'last car with its photos searchable',
          'peak RSS',
          'import RSS',
        ],
        [
          [photos.cars, photos.photos, photos.stored, photos.failed]
            .map((n) => n.toLocaleString('en-AU'))
            .concat([
              photos.photosPerS.toFixed(1),
              time(photos.applySeconds),
              time(photos.searchableSeconds),
              time(photos.storedSeconds),
              time(photos.photosSearchableSeconds),
              `${Math.round(photos.peakRssMb)} MB`,
              `${Math.round(photos.importRssMb)} MB`,
            ]),
        ],
      ),
    );
    if (photos.cut)
      console.log(
        `the photo part stopped at its ${PHOTO_DEADLINE_S} s deadline: its figures are of the photos stored by then`,
      );
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
