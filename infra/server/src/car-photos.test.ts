import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { claimPhotos, findPhoto, markStored } from '@forecourt/stock-in/car-photos';
import type { Database } from '@forecourt/data/database';
import { claimReleasedHashes, markReleased } from '@forecourt/stock-in/photo-sweep';
import { listLocations } from '@forecourt/data/stock';
import { createStockKey } from '@forecourt/stock-in/stock-keys';
import { originalKey, sha256 } from '@forecourt/media/photo-store';
import { LocalFolderStorage } from '@forecourt/releases/registry/storage/build-storage';
import { seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import { tempDir } from '@forecourt/test-kit/fake-build';
import { createTestPlatform, openSharedDatabase, type TestPlatform } from '@forecourt/test-kit/test-platform';
import type { CarPhotosOptions } from './plugins/platform/car-photos';

/**
 * The dealers' photos over the real app (docs/stock.md, Photos): a car written through the Stock
 * API names photos on a real HTTP server on loopback (allowed outside production), made with
 * sharp here; the fetcher stores them, the media route serves their sizes, and the car shows them.
 */
const SITE = 'harbourside-motors';
const host = `${SITE}.localhost:8080`;
const DAY = 24 * 60 * 60 * 1000;

let database: Database;
let platform: TestPlatform;
let storageDir: string;
let key: string;
let otherKey: string;
let location: string;
let otherLocation: string;
/** The fetcher's clock: set a minute ahead, so photos queued at the database's own time are due. */
let clock: Date;

/** A photo source: what each path answers, and what it was asked. */
interface Source {
  url(path: string): string;
  serve(path: string, answer: { body: Buffer | string; type: string; etag?: string; status?: number }): void;
  /** Requests for the path, and which of them got the whole body. */
  hits(path: string): { requests: number; bodies: number; validators: number };
  close(): Promise<void>;
}

async function startSource(): Promise<Source> {
  const answers = new Map<string, { body: Buffer | string; type: string; etag?: string; status?: number }>();
  const counts = new Map<string, { requests: number; bodies: number; validators: number }>();
  const server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    const count = counts.get(path) ?? { requests: 0, bodies: 0, validators: 0 };
    counts.set(path, count);
    count.requests++;
    const answer = answers.get(path);
    if (!answer) return response.writeHead(404).end();
    if (request.headers['if-none-match']) count.validators++;
    if (answer.etag && request.headers['if-none-match'] === answer.etag)
      return response.writeHead(304, { etag: answer.etag }).end();
    count.bodies++;
    response.writeHead(answer.status ?? 200, {
      'content-type': answer.type,
      ...(answer.etag ? { etag: answer.etag } : {}),
    });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    serve: (path, answer) => void answers.set(path, answer),
    hits: (path) => counts.get(path) ?? { requests: 0, bodies: 0, validators: 0 },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A real photo: a gradient of `width` x `height`, so every size of it decodes as a picture. */
async function photo(width: number, height: number, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } }).composite([
    {
      input: Buffer.from(
        `<svg width="${width}" height="${height}"><rect x="${width / 4}" y="${height / 4}" width="${width / 2}" height="${height / 2}" fill="#e0a020"/></svg>`,
      ),
    },
  ]);
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 85 }).toBuffer();
}

let source: Source;
let bigPhoto: Buffer;
let smallPhoto: Buffer;

const PHOTOS: Omit<CarPhotosOptions, 'dataDir'> = {
  intervalMs: 0,
  maxBytes: 2 * 1024 * 1024,
  maxAttempts: 3,
  retryMs: 60_000,
  revalidateMs: 7 * DAY,
  leaseMs: 120_000,
};

async function startPlatform(): Promise<TestPlatform> {
  return createTestPlatform(database, {
    stockIndex: { intervalMs: 0 },
    stockImports: { intervalMs: 0 },
    // Every instance keeps photos in one place, as they share the bucket in production.
    carPhotos: { ...PHOTOS, storage: new LocalFolderStorage(storageDir), now: () => clock },
    photoSweep: { intervalMs: 0, graceMs: 7 * DAY, now: () => clock },
  });
}

beforeAll(async () => {
  database = await openSharedDatabase();
  await seedStock(database, await loadTenants(), { totalCars: 8 });
  location = (await listLocations(database.db, SITE))[0]!.slug;
  otherLocation = (await listLocations(database.db, 'summit-auto-group'))[0]!.slug;
  storageDir = await tempDir('forecourt-photos-');
  platform = await startPlatform();
  source = await startSource();
  bigPhoto = await photo(3000, 2000);
  smallPhoto = await photo(900, 600, 'png');
});
afterAll(async () => {
  await source.close();
  await platform.close();
  await database.close();
  await fs.rm(storageDir, { recursive: true, force: true });
});

let test = 0;
/** Paths of this test's own, so no test sees another's requests. */
let prefix: string;
beforeEach(async () => {
  test++;
  prefix = `/t${test}`;
  clock = new Date(Date.now() + 60_000);
  await database.db.deleteFrom('car_photos').execute();
  await database.db.deleteFrom('photo_objects').execute();
  await database.db.deleteFrom('stock_changes').execute();
  await database.db.deleteFrom('stock_imports').execute();
  await database.db.deleteFrom('cars').where('source', '<>', 'seed').execute();
  key = (await createStockKey(database.db, { tenant: SITE, label: 'test', createdBy: 'test' })).secret;
  otherKey = (await createStockKey(database.db, { tenant: 'summit-auto-group', label: 'test', createdBy: 'test' }))
    .secret;
});

const car = (photos: string[]) => ({
  item_type: 'car',
  car_type: 'used',
  location,
  year: 2021,
  make: 'Toyota',
  model: 'RAV4',
  badge: 'GXL',
  colour: 'White',
  price: 38_990,
  km: 42_000,
  vin: 'JTM12345678901234',
  fuel: 'hybrid',
  body: 'suv',
  transmission: 'automatic',
  seats: 5,
  photos,
});

async function putCar(
  stocknum: string,
  photos: string[],
  on: TestPlatform = platform,
  site: { key: string; location: string } = { key, location },
) {
  const response = await on.app.inject({
    method: 'PUT',
    url: `/api/stock/v1/cars/${stocknum}`,
    headers: { authorization: `Bearer ${site.key}` },
    payload: { ...car(photos), location: site.location },
  });
  expect(response.statusCode).toBeLessThan(300);
  return response;
}

const photoAt = (hash: string, query: string, accept = 'image/webp,*/*') =>
  platform.app.inject({ method: 'GET', url: `/media/photos/${hash}${query}`, headers: { host, accept } });
const stored = (url: string) => findPhoto(database.db, SITE, url);
const storedCar = (stocknum: string) =>
  database.db
    .selectFrom('cars')
    .select(['images', 'primary_image_url'])
    .where('tenant', '=', SITE)
    .where('stocknum', '=', stocknum)
    .executeTakeFirstOrThrow();

describe('fetching and storing', () => {
  it('fetches a photo a car names and stores it under the hash of the bytes fetched, normalised to at most 2400 px', async () => {
    source.serve(`${prefix}/1.jpg`, { body: bigPhoto, type: 'image/jpeg' });
    await putCar('PH-1', [source.url(`${prefix}/1.jpg`)]);
    await platform.app.carPhotos.run();

    expect(await stored(source.url(`${prefix}/1.jpg`))).toMatchObject({
      status: 'stored',
      hash: sha256(bigPhoto),
      attempts: 0,
      last_error: null,
    });
    const original = await platform.app.carPhotos.storage.get(originalKey(sha256(bigPhoto)));
    expect(await sharp(original!).metadata()).toMatchObject({ format: 'jpeg', width: 2400, height: 1600 });
  });

  it('stores one copy of a photo two URLs serve', async () => {
    source.serve(`${prefix}/a.jpg`, { body: bigPhoto, type: 'image/jpeg' });
    source.serve(`${prefix}/b.jpg`, { body: bigPhoto, type: 'image/jpeg' });
    await putCar('PH-1', [source.url(`${prefix}/a.jpg`), source.url(`${prefix}/b.jpg`)]);
    await platform.app.carPhotos.run();

    const [a, b] = [await stored(source.url(`${prefix}/a.jpg`)), await stored(source.url(`${prefix}/b.jpg`))];
    expect(a?.hash).toBe(sha256(bigPhoto));
    expect(b?.hash).toBe(a?.hash);
    expect(await fs.readdir(`${storageDir}/${a!.hash!}`)).toEqual(['original.jpg']);
    expect((await storedCar('PH-1')).images).toHaveLength(1);
  });

  it('refuses what is not an image, saying why, and does not try it again', async () => {
    source.serve(`${prefix}/page.jpg`, { body: '<html><body>Not found</body></html>', type: 'image/jpeg' });
    await putCar('PH-1', [source.url(`${prefix}/page.jpg`)]);
    await platform.app.carPhotos.run();

    const row = await stored(source.url(`${prefix}/page.jpg`));
    expect(row).toMatchObject({ status: 'failed', hash: null });
    expect(row?.last_error).toContain('is not an image: only JPEG, PNG, WebP and AVIF photos are taken');
  });

  it('refuses a photo larger than the limit', async () => {
    source.serve(`${prefix}/huge.jpg`, { body: Buffer.alloc(3 * 1024 * 1024, 0xff), type: 'image/jpeg' });
    await putCar('PH-1', [source.url(`${prefix}/huge.jpg`)]);
    await platform.app.carPhotos.run();

    const row = await stored(source.url(`${prefix}/huge.jpg`));
    expect(row).toMatchObject({ status: 'failed', hash: null });
    expect(row?.last_error).toBe(
      `${source.url(`${prefix}/huge.jpg`)} is larger than the ${2 * 1024 * 1024} bytes a photo may be`,
    );
  });

  it('asks the source again with its ETag once due, and fetches nothing when it answers 304', async () => {
    source.serve(`${prefix}/1.jpg`, { body: smallPhoto, type: 'image/png', etag: '"v1"' });
    await putCar('PH-1', [source.url(`${prefix}/1.jpg`)]);
    await platform.app.carPhotos.run();
    clock = new Date(clock.getTime() + 8 * DAY);
    await platform.app.carPhotos.run();

    expect(source.hits(`${prefix}/1.jpg`)).toEqual({ requests: 2, bodies: 1, validators: 1 });
    expect(await stored(source.url(`${prefix}/1.jpg`))).toMatchObject({
      status: 'stored',
      hash: sha256(smallPhoto),
      etag: '"v1"',
      last_error: null,
    });
  });

  it('counts each fetch on /metrics by what it came to: stored, unchanged, retry and failed', async () => {
    const fetches = async () => {
      const text = (await platform.app.inject({ method: 'GET', url: '/metrics' })).body;
      const value = (result: string) =>
        Number(new RegExp(`^forecourt_photo_fetches_total\\{result="${result}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? NaN);
      return { stored: value('stored'), unchanged: value('unchanged'), retry: value('retry'), failed: value('failed') };
    };
    const before = await fetches();
    source.serve(`${prefix}/1.jpg`, { body: smallPhoto, type: 'image/png', etag: '"v1"' });
    source.serve(`${prefix}/down.jpg`, { body: 'busy', type: 'text/plain', status: 503 });
    source.serve(`${prefix}/text.jpg`, { body: 'not a photo', type: 'text/plain' });
    await putCar('PH-1', [
      source.url(`${prefix}/1.jpg`),
      source.url(`${prefix}/down.jpg`),
      source.url(`${prefix}/text.jpg`),
    ]);
    await platform.app.carPhotos.run();
    clock = new Date(clock.getTime() + 8 * DAY);
    await platform.app.carPhotos.run();

    const after = await fetches();
    expect({
      stored: after.stored - before.stored,
      unchanged: after.unchanged - before.unchanged,
      failed: after.failed - before.failed,
    }).toEqual({ stored: 1, unchanged: 1, failed: 1 });
    // The source that failed: once on the first look, and again now that its retry is due.
    expect(after.retry - before.retry).toBe(2);
  });

  it('retries a photo whose source fails, later each time, then marks it failed with the last error', async () => {
    source.serve(`${prefix}/down.jpg`, { body: 'busy', type: 'text/plain', status: 503 });
    await putCar('PH-1', [source.url(`${prefix}/down.jpg`)]);
    await platform.app.carPhotos.run();
    expect(await stored(source.url(`${prefix}/down.jpg`))).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: `${source.url(`${prefix}/down.jpg`)} answered 503`,
    });

    // Not before its time.
    await platform.app.carPhotos.run();
    expect(source.hits(`${prefix}/down.jpg`).requests).toBe(1);

    clock = new Date(clock.getTime() + 61_000);
    await platform.app.carPhotos.run();
    expect(await stored(source.url(`${prefix}/down.jpg`))).toMatchObject({ status: 'pending', attempts: 2 });
    clock = new Date(clock.getTime() + 4 * 61_000);
    await platform.app.carPhotos.run();

    expect(source.hits(`${prefix}/down.jpg`).requests).toBe(3);
    expect(await stored(source.url(`${prefix}/down.jpg`))).toMatchObject({
      status: 'failed',
      attempts: 3,
      last_error: `${source.url(`${prefix}/down.jpg`)} answered 503`,
    });
  });

  it('takes over a photo whose fetcher stopped mid-fetch once its claim lapses', async () => {
    source.serve(`${prefix}/1.jpg`, { body: smallPhoto, type: 'image/png' });
    await putCar('PH-1', [source.url(`${prefix}/1.jpg`)]);
    // A fetcher claims it and dies.
    expect(await claimPhotos(database.db, clock, PHOTOS.leaseMs!, 4)).toHaveLength(1);
    await platform.app.carPhotos.run();
    expect(source.hits(`${prefix}/1.jpg`).requests).toBe(0);

    clock = new Date(clock.getTime() + PHOTOS.leaseMs! + 1000);
    await platform.app.carPhotos.run();
    expect(await stored(source.url(`${prefix}/1.jpg`))).toMatchObject({ status: 'stored', hash: sha256(smallPhoto) });
  });

  it('shows a stored photo on its car when the fetcher that stored it stopped before changing the car', async () => {
    source.serve(`${prefix}/1.jpg`, { body: smallPhoto, type: 'image/png' });
    await putCar('PH-1', [source.url(`${prefix}/1.jpg`)]);
    // A fetcher claims the photo, stores it, and dies before the car is changed.
    const [claimed] = await claimPhotos(database.db, clock, PHOTOS.leaseMs!, 4);
    await markStored(database.db, claimed!.id, {
      hash: sha256(smallPhoto),
      etag: null,
      lastModified: null,
      now: clock,
    });
    expect((await storedCar('PH-1')).images).toEqual([]);

    clock = new Date(clock.getTime() + PHOTOS.leaseMs! + 1000);
    await platform.app.carPhotos.run();
    expect((await storedCar('PH-1')).primary_image_url).toBe(`/media/photos/${sha256(smallPhoto)}`);
  });

  it('fetches a photo once when two instances look for photos at once', async () => {
    const second = await startPlatform();
    try {
      const urls = [1, 2, 3, 4, 5, 6].map((n) => {
        source.serve(`${prefix}/${n}.jpg`, { body: smallPhoto, type: 'image/png' });
        return source.url(`${prefix}/${n}.jpg`);
      });
      await putCar('PH-1', urls);
      const [a, b] = await Promise.all([platform.app.carPhotos.run(), second.app.carPhotos.run()]);

      expect(a + b).toBe(6);
      expect([1, 2, 3, 4, 5, 6].map((n) => source.hits(`${prefix}/${n}.jpg`).requests)).toEqual([1, 1, 1, 1, 1, 1]);
      for (const url of urls) expect(await stored(url)).toMatchObject({ status: 'stored' });
    } finally {
      await second.close();
    }
  });
});

describe('the car', () => {
  it("shows the site's address of each photo once stored, records a photos change, and the API still answers the dealer's URLs", async () => {
    source.serve(`${prefix}/1.jpg`, { body: bigPhoto, type: 'image/jpeg' });
    source.serve(`${prefix}/2.jpg`, { body: smallPhoto, type: 'image/png' });
    const urls = [source.url(`${prefix}/1.jpg`), source.url(`${prefix}/2.jpg`)];
    await putCar('PH-1', urls);
    // Nothing stored yet: the car shows no photo of the dealer's host.
    expect(await storedCar('PH-1')).toEqual({ images: [], primary_image_url: null });

    await platform.app.carPhotos.run();
    const [big, small] = [sha256(bigPhoto), sha256(smallPhoto)];
    expect(await storedCar('PH-1')).toEqual({
      images: [
        { image: { url: `/media/photos/${big}`, thumb: { url: `/media/photos/${big}?w=300` } } },
        { image: { url: `/media/photos/${small}`, thumb: { url: `/media/photos/${small}?w=300` } } },
      ],
      primary_image_url: `/media/photos/${big}`,
    });
    const changes = await database.db
      .selectFrom('stock_changes')
      .select(['stocknum', 'kind', 'source', 'after'])
      .where('kind', '=', 'photos')
      .orderBy('id')
      .execute();
    expect(changes.at(-1)).toEqual({
      stocknum: 'PH-1',
      kind: 'photos',
      source: 'photos',
      after: { images: [`/media/photos/${big}`, `/media/photos/${small}`] },
    });

    const answer = await platform.app.inject({
      method: 'GET',
      url: '/api/stock/v1/cars/PH-1',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(answer.json<{ car: { photos: string[] } }>().car.photos).toEqual(urls);
  });

  it("shows a feed import's photos once fetched", async () => {
    source.serve(`${prefix}/feed.jpg`, { body: smallPhoto, type: 'image/png' });
    const columns = [
      'vehicle_id',
      'dealer_id',
      'make',
      'model',
      'year',
      'trim',
      'mileage.value',
      'mileage.unit',
      'price',
      'state_of_vehicle',
      'body_style',
      'transmission',
      'fuel_type',
      'drivetrain',
      'exterior_color',
      'image[0].url',
    ];
    const row = [
      'FD-1',
      location,
      'Toyota',
      'Corolla',
      '2020',
      'SX',
      '42000',
      'KM',
      '25990 AUD',
      'USED',
      'HATCHBACK',
      'AUTOMATIC',
      'PETROL',
      'FWD',
      'White',
      source.url(`${prefix}/feed.jpg`),
    ];
    const upload = await platform.app.inject({
      method: 'POST',
      url: '/api/stock/v1/imports',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'text/csv' },
      payload: `${columns.join(',')}\n${row.join(',')}\n`,
    });
    expect(upload.statusCode).toBe(202);
    await platform.app.stockImports.run();
    await platform.app.carPhotos.run();

    expect((await storedCar('FD-1')).primary_image_url).toBe(`/media/photos/${sha256(smallPhoto)}`);
  });

  it('keeps its stored photos when written again with the same URLs, recording no change', async () => {
    source.serve(`${prefix}/1.jpg`, { body: smallPhoto, type: 'image/png' });
    await putCar('PH-1', [source.url(`${prefix}/1.jpg`)]);
    await platform.app.carPhotos.run();
    const again = await putCar('PH-1', [source.url(`${prefix}/1.jpg`)]);

    expect(again.json<{ unchanged?: boolean }>().unchanged).toBe(true);
    expect((await storedCar('PH-1')).primary_image_url).toBe(`/media/photos/${sha256(smallPhoto)}`);
  });

  it('shows a photo another car already stored as soon as it is written', async () => {
    source.serve(`${prefix}/1.jpg`, { body: smallPhoto, type: 'image/png' });
    await putCar('PH-1', [source.url(`${prefix}/1.jpg`)]);
    await platform.app.carPhotos.run();
    await putCar('PH-2', [source.url(`${prefix}/1.jpg`)]);

    expect((await storedCar('PH-2')).primary_image_url).toBe(`/media/photos/${sha256(smallPhoto)}`);
    expect(source.hits(`${prefix}/1.jpg`).requests).toBe(1);
  });
});

describe('photo statuses through the Stock API', () => {
  const read = (path: string, secret = key) =>
    platform.app.inject({
      method: 'GET',
      url: `/api/stock/v1${path}`,
      headers: { authorization: `Bearer ${secret}`, host },
    });

  it('answers each photo of the car in its order: stored with its address, failed with its error, pending with its next try', async () => {
    source.serve(`${prefix}/1.jpg`, { body: smallPhoto, type: 'image/png' });
    source.serve(`${prefix}/page.jpg`, { body: '<html>Not found</html>', type: 'image/jpeg' });
    source.serve(`${prefix}/down.jpg`, { body: 'busy', type: 'text/plain', status: 503 });
    const urls = [
      source.url(`${prefix}/1.jpg`),
      source.url(`${prefix}/page.jpg`),
      source.url(`${prefix}/down.jpg`),
      source.url(`${prefix}/later.jpg`),
    ];
    await putCar('PH-1', urls.slice(0, 3));
    await platform.app.carPhotos.run();
    // A URL written after the fetcher ran: queued, not tried yet.
    await putCar('PH-1', urls);

    const answer = await read('/cars/PH-1');
    expect(answer.statusCode).toBe(200);
    const { car: read1 } = answer.json<{ car: { photos: string[]; photo_statuses: Array<Record<string, unknown>> } }>();
    expect(read1.photos).toEqual(urls);
    expect(read1.photo_statuses).toEqual([
      {
        url: urls[0],
        status: 'stored',
        served_url: `http://${host}/media/photos/${sha256(smallPhoto)}`,
        attempts: 0,
        last_error: null,
        next_attempt_at: new Date(clock.getTime() + 7 * DAY).toISOString(),
      },
      {
        url: urls[1],
        status: 'failed',
        served_url: null,
        attempts: 1,
        last_error: expect.stringContaining('is not an image') as unknown,
        next_attempt_at: null,
      },
      {
        url: urls[2],
        status: 'pending',
        served_url: null,
        attempts: 1,
        last_error: `${urls[2]} answered 503`,
        next_attempt_at: new Date(clock.getTime() + 60_000).toISOString(),
      },
      {
        url: urls[3],
        status: 'pending',
        served_url: null,
        attempts: 0,
        last_error: null,
        next_attempt_at: expect.any(String) as unknown,
      },
    ]);
    // The served address is the photo.
    expect((await photoAt(sha256(smallPhoto), '?w=300')).statusCode).toBe(200);

    // The page of the site's cars answers the same.
    const page = (await read('/cars?limit=200')).json<{
      cars: Array<{ stocknum: string; photo_statuses: unknown[] }>;
    }>();
    expect(page.cars.find((car) => car.stocknum === 'PH-1')?.photo_statuses).toEqual(read1.photo_statuses);
  });

  it("answers another site's key 404", async () => {
    await putCar('PH-1', [source.url(`${prefix}/1.jpg`)]);
    expect((await read('/cars/PH-1', otherKey)).statusCode).toBe(404);
  });
});

describe('removing stored photos no car names', () => {
  /** Bytes of these tests' own, so the sizes other tests made of their photos are not counted here. */
  let bytes: Buffer;
  let hash: string;
  let url: string;
  beforeAll(async () => {
    bytes = await photo(1000, 700);
    hash = sha256(bytes);
  });
  beforeEach(async () => {
    url = source.url(`${prefix}/swept.jpg`);
    source.serve(`${prefix}/swept.jpg`, { body: bytes, type: 'image/jpeg' });
    await putCar('PH-1', [url]);
    await platform.app.carPhotos.run();
    // Two sizes made, as pages would ask for them.
    expect((await photoAt(hash, '?w=400')).statusCode).toBe(200);
    expect((await photoAt(hash, '?w=200', '*/*')).statusCode).toBe(200);
  });

  const later = (days: number) => (clock = new Date(clock.getTime() + days * DAY));
  const kept = () => fs.readdir(`${storageDir}/${hash}`).catch(() => []);
  const deletedOnMetrics = async () => {
    const text = (await platform.app.inject({ method: 'GET', url: '/metrics' })).body;
    return Number(/^forecourt_photos_deleted_total (\d+)$/m.exec(text)?.[1]);
  };

  it('deletes a photo no car names once past its grace, with every size, and the next sweep finds nothing', async () => {
    await putCar('PH-1', []);
    // The first sweep finds it named by no car: its grace starts.
    expect(await platform.app.photoSweep.run()).toEqual({ photos: 0, objects: 0, rows: 0 });
    const before = await deletedOnMetrics();

    later(8);
    expect(await platform.app.photoSweep.run()).toEqual({ photos: 1, objects: 3, rows: 1 });
    expect(await kept()).toEqual([]);
    expect(await stored(url)).toBeNull();
    expect((await photoAt(hash, '?w=400')).statusCode).toBe(404);
    expect(await deletedOnMetrics()).toBe(before + 1);

    expect(await platform.app.photoSweep.run()).toEqual({ photos: 0, objects: 0, rows: 0 });
  });

  it('keeps a photo within its grace, and one named again meanwhile for good', async () => {
    await putCar('PH-1', []);
    await platform.app.photoSweep.run();
    later(6);
    expect(await platform.app.photoSweep.run()).toEqual({ photos: 0, objects: 0, rows: 0 });
    expect(await kept()).toHaveLength(3);

    // The dealer's undo: the car names it again, and it shows at once, fetched nothing again.
    await putCar('PH-1', [url]);
    expect((await storedCar('PH-1')).primary_image_url).toBe(`/media/photos/${hash}`);
    later(30);
    expect(await platform.app.photoSweep.run()).toEqual({ photos: 0, objects: 0, rows: 0 });
    expect(await kept()).toHaveLength(3);
    expect(source.hits(`${prefix}/swept.jpg`).requests).toBe(1);
  });

  it("keeps a hash another car still names, another tenant's even, and a withdrawn car's", async () => {
    // The same bytes at another tenant's URL: one stored copy serves both.
    source.serve(`${prefix}/theirs.jpg`, { body: bytes, type: 'image/jpeg' });
    await putCar('SU-1', [source.url(`${prefix}/theirs.jpg`)], platform, { key: otherKey, location: otherLocation });
    await putCar('PH-2', [source.url(`${prefix}/withdrawn.jpg`)]);
    await platform.app.inject({
      method: 'DELETE',
      url: '/api/stock/v1/cars/PH-2',
      headers: { authorization: `Bearer ${key}` },
    });
    await platform.app.carPhotos.run();
    await putCar('PH-1', []);

    await platform.app.photoSweep.run();
    later(8);
    // This site's photo row goes; the bytes stay, the other site's.
    expect(await platform.app.photoSweep.run()).toEqual({ photos: 0, objects: 0, rows: 1 });
    expect(await kept()).toHaveLength(3);
    expect(await findPhoto(database.db, 'summit-auto-group', source.url(`${prefix}/theirs.jpg`))).toMatchObject({
      status: 'stored',
      hash,
    });
    expect(await stored(source.url(`${prefix}/withdrawn.jpg`))).not.toBeNull();
  });

  it('takes over a hash whose sweep stopped midway once its claim lapses', async () => {
    await putCar('PH-1', []);
    await platform.app.photoSweep.run();
    later(8);
    // A sweep claims the hash, deletes one size, and dies.
    await markReleased(database.db, clock);
    expect(await claimReleasedHashes(database.db, new Date(clock.getTime() - 7 * DAY), clock, 10 * 60_000, 50)).toEqual(
      [{ hash, until: expect.any(Date) as unknown }],
    );
    await platform.app.carPhotos.storage.delete(`${hash}/original.jpg`);
    expect(await platform.app.photoSweep.run()).toMatchObject({ photos: 0 });

    clock = new Date(clock.getTime() + 11 * 60_000);
    expect(await platform.app.photoSweep.run()).toEqual({ photos: 1, objects: 2, rows: 0 });
    expect(await kept()).toEqual([]);
  });

  it('deletes a photo once when two instances sweep at once', async () => {
    await putCar('PH-1', []);
    await platform.app.photoSweep.run();
    later(8);
    const second = await startPlatform();
    try {
      const counts = await Promise.all([platform.app.photoSweep.run(), second.app.photoSweep.run()]);
      expect(counts[0].photos + counts[1].photos).toBe(1);
      expect(counts[0].objects + counts[1].objects).toBe(3);
      expect(await kept()).toEqual([]);
    } finally {
      await second.close();
    }
  });
});

describe('GET /media/photos/:hash', () => {
  let hash: string;
  beforeEach(async () => {
    source.serve(`${prefix}/1.jpg`, { body: bigPhoto, type: 'image/jpeg' });
    await putCar('PH-1', [source.url(`${prefix}/1.jpg`)]);
    await platform.app.carPhotos.run();
    hash = sha256(bigPhoto);
  });

  it('serves the width asked as WebP, cached for good, varying by Accept', async () => {
    const response = await photoAt(hash, '?w=400&q=75');
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'accept',
    });
    expect(response.headers.etag).toMatch(/^"[0-9a-f-]+\w+"$/);
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 400, height: 267 });
  });

  it('serves AVIF to a browser that takes it, and JPEG to one that takes neither', async () => {
    const avif = await photoAt(hash, '?w=200', 'image/avif,image/webp,*/*');
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(await sharp(avif.rawPayload).metadata()).toMatchObject({ format: 'heif', compression: 'av1', width: 200 });
    const jpeg = await photoAt(hash, '?w=200', '*/*');
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(jpeg.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 200 });
  });

  it('makes each size once and keeps it in storage', async () => {
    const first = await photoAt(hash, '?w=600&q=50');
    expect(await fs.readdir(`${storageDir}/${hash}`)).toEqual(
      expect.arrayContaining(['original.jpg', 'w600-q50.webp']),
    );
    const second = await photoAt(hash, '?w=600&q=50');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('answers 304 to the ETag it gave', async () => {
    const first = await photoAt(hash, '?w=400');
    const again = await platform.app.inject({
      method: 'GET',
      url: `/media/photos/${hash}?w=400`,
      headers: { host, accept: 'image/webp', 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('refuses a width that is not one of the fixed sizes', async () => {
    expect((await photoAt(hash, '?w=401')).statusCode).toBe(400);
  });

  it('answers 404 for a hash that is no stored photo, and for another site', async () => {
    expect((await photoAt('0'.repeat(64), '?w=400')).statusCode).toBe(404);
    const other = await platform.app.inject({
      method: 'GET',
      url: `/media/photos/${hash}?w=400`,
      headers: { host: 'summit-auto-group.localhost:8080' },
    });
    expect(other.statusCode).toBe(404);
  });
});
