import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import type { Database } from '@forecourt/data/database';
import { findSchedule } from '@forecourt/stock-in/feed-schedules';
import { findImport } from '@forecourt/stock-in/stock-imports';
import { listLocations } from '@forecourt/data/stock';
import { LocalFolderStorage } from '@forecourt/releases/registry/storage/build-storage';
import { tempDir } from '@forecourt/test-kit/fake-build';
import { createTestPlatform, openSharedDatabase, type TestPlatform } from '@forecourt/test-kit/test-platform';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import { feedRows, type FeedRow } from '@forecourt/stock-in/feeds/parse-feed';
import { mapMetaVehicle } from '@forecourt/stock-in/feeds/meta-vehicle';
import { defaultSeedNow, generateTenantStock } from '../seed/generate';
import { seedStock } from '../seed/seed-stock';
import {
  DEMO_FEED,
  DEMO_FEED_FILE,
  DEMO_FEED_PHOTOS_DIR,
  PUBLISHED_PHOTOS,
  startDemoFeed,
  type DemoFeedStart,
} from './demo-feed';

/**
 * The demo yard's sample feed (docs/stock.md, The demo yard): it reads as a dealer's feed with
 * no row refused, and `npm start`'s wiring brings its cars in through the scheduled pull, the
 * import runner and the photo fetcher, from the demo server's own loopback address.
 */

let tenants: TenantConfig[];
let yard: TenantConfig;
beforeAll(async () => {
  tenants = await loadTenants();
  yard = tenants.find((tenant) => tenant.slug === DEMO_FEED.tenant)!;
});

async function* fileBytes(file: string): AsyncGenerator<Buffer> {
  yield await fs.readFile(file);
}

async function sampleRows(): Promise<FeedRow[]> {
  const rows: FeedRow[] = [];
  for await (const row of feedRows(fileBytes(DEMO_FEED_FILE), 'csv')) rows.push(row);
  return rows;
}

describe('the sample feed', () => {
  it('maps every row to a used car at one of the yard seeded locations, with its photos in the repository', async () => {
    const { locations } = generateTenantStock(
      yard,
      { seed: 1, carsPerTenant: 0, now: defaultSeedNow() },
      tenants.indexOf(yard),
    );
    const slugs = new Set(
      locations.filter((location) => location.location_type === 'sales').map((location) => location.slug),
    );
    const rows = await sampleRows();
    expect(rows.length).toBeGreaterThanOrEqual(45);
    const mapped = rows.map(({ record }) => mapMetaVehicle(record, null));
    expect(mapped.flatMap((row) => ('errors' in row ? row.errors : []))).toEqual([]);
    const cars = mapped.flatMap((row) => ('car' in row ? [row.car] : []));
    expect(new Set(cars.map((car) => car.location)).size).toBe(2);
    for (const car of cars) {
      expect(slugs).toContain(car.location);
      expect(car.car_type).toBe('used');
      expect(car.photos.length).toBeGreaterThanOrEqual(2);
    }
    const photos = cars.flatMap((car) => car.photos);
    for (const url of photos) expect(url.startsWith(PUBLISHED_PHOTOS)).toBe(true);
    const files = await fs.readdir(DEMO_FEED_PHOTOS_DIR);
    expect(files.sort()).toEqual(photos.map((url) => url.slice(PUBLISHED_PHOTOS.length)).sort());
    const sizes = await Promise.all(
      files.map(async (file) => (await fs.stat(path.join(DEMO_FEED_PHOTOS_DIR, file))).size),
    );
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBeLessThan(10 * 1024 * 1024);
  });
});

describe("npm start's wiring", () => {
  let database: Database;
  let storageDir: string;
  let platform: TestPlatform | undefined;

  beforeAll(async () => {
    database = await openSharedDatabase();
    await seedStock(database, [yard]);
    storageDir = await tempDir('forecourt-demo-feed-');
  });
  afterAll(async () => {
    await platform?.close();
    await database.close();
    await fs.rm(storageDir, { recursive: true, force: true });
  });

  /** The demo server, listening on loopback (on `port`, for a restart on the same address). */
  async function start(port = 0): Promise<TestPlatform> {
    const started = await createTestPlatform(database, {
      stockIndex: { intervalMs: 0 },
      stockImports: { intervalMs: 0 },
      feedSchedules: { intervalMs: 0 },
      // Photos queued at the database's own time are due on the fetcher's clock.
      carPhotos: {
        intervalMs: 0,
        storage: new LocalFolderStorage(storageDir),
        now: () => new Date(Date.now() + 60_000),
      },
    });
    await started.app.listen({ port, host: '127.0.0.1' });
    return started;
  }

  /** What the start's pull brought: the import it queued, run as the runner runs it. */
  async function imported(app: TestPlatform['app'], started: DemoFeedStart) {
    if (started.status !== 'scheduled') throw new Error(`not scheduled: ${started.reason}`);
    expect(await started.pulled).toBe(1);
    const schedule = (await findSchedule(database.db, DEMO_FEED.tenant, DEMO_FEED.source))!;
    expect(schedule).toMatchObject({ url: started.url, lastOutcome: 'queued', lastMessage: null });
    await app.stockImports.run();
    return (await findImport(database.db, DEMO_FEED.tenant, schedule.lastImportId!))!;
  }

  it("imports the yard's cars through the scheduled pull, with their photos stored, and a restart's import finds them unchanged", async () => {
    platform = await start();
    const first = await imported(platform.app, await startDemoFeed(platform.app));
    const rows = (await sampleRows()).length;
    expect(first).toMatchObject({
      status: 'done',
      rows,
      counts: { created: rows, updated: 0, unchanged: 0, withdrawn: 0, rejected: 0 },
    });

    await platform.app.carPhotos.run();
    const photos = await database.db
      .selectFrom('car_photos')
      .select(['status', 'last_error'])
      .where('tenant', '=', DEMO_FEED.tenant)
      .execute();
    expect(photos.length).toBeGreaterThan(rows * 2);
    expect(photos.filter((photo) => photo.status !== 'stored')).toEqual([]);
    const cars = await database.db
      .selectFrom('cars')
      .select(['source', 'location_id', 'images', 'photo_urls'])
      .where('tenant', '=', DEMO_FEED.tenant)
      .execute();
    expect(cars).toHaveLength(rows);
    const locations = new Set((await listLocations(database.db, DEMO_FEED.tenant)).map((location) => location.id));
    for (const car of cars) {
      expect(car.source).toBe(`feed:${DEMO_FEED.source}`);
      expect(locations).toContain(car.location_id);
      expect((car.images as unknown[]).length).toBe((car.photo_urls as unknown[]).length);
    }

    // A restart on the same address: the same feed again, nothing to write.
    const { port } = platform.app.server.address() as AddressInfo;
    await platform.close();
    platform = await start(port);
    const again = await imported(platform.app, await startDemoFeed(platform.app));
    expect(again).toMatchObject({
      status: 'done',
      rows,
      counts: { created: 0, updated: 0, unchanged: rows, withdrawn: 0, rejected: 0 },
    });
    expect(
      await database.db.selectFrom('cars').select('id').where('tenant', '=', DEMO_FEED.tenant).execute(),
    ).toHaveLength(rows);
  });
});
