import sharp from 'sharp';
import type { Database } from '@forecourt/data/database';
import { listTenantCatalogue, loadTenantStock } from '@forecourt/data/stock';
import type { Car } from '@forecourt/data/stock-model';
import { seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { MEDIA_QUALITIES, MEDIA_WIDTHS } from './media-routes';
import { RenderPool, RenderPoolBusyError } from './render-pool';
import {
  clearPlatformTables,
  createTestPlatform,
  openSharedDatabase,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';

let database: Database;
let platform: TestPlatform;
let cars: Car[];
const host = 'harbourside-motors.localhost:8080';

beforeAll(async () => {
  database = await openSharedDatabase();
  await clearPlatformTables(database);
  platform = await createTestPlatform(database);
  await seedStock(database, platform.app.tenants.all, {
    seed: 5,
    totalCars: 400,
    now: new Date('2026-11-22T00:00:00Z'),
  });
  cars = (await loadTenantStock(database.db, 'harbourside-motors')).cars;
});
afterAll(async () => {
  await platform.close();
  await database.close();
});

const get = (url: string) => platform.app.inject({ method: 'GET', url, headers: { host } });
/** A JPEG's pixels, as a browser would decode them. */
const decode = async (body: Buffer) => {
  const { data, info } = await sharp(body).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: info.channels, data };
};
const withImages = () => cars.find((c) => c.images.length > 3)!;

describe('car photos', () => {
  it('serves a JPEG of the requested width, 2:3 by default', async () => {
    const response = await get(`/media/cars/${withImages().id}/1.jpg?w=300`);
    expect(response.headers['content-type']).toBe('image/jpeg');
    const image = await decode(response.rawPayload);
    expect([image.width, image.height]).toEqual([300, 200]);
  });

  it('honours an explicit height', async () => {
    const image = await decode((await get(`/media/cars/${withImages().id}/1.jpg?w=200&h=300`)).rawPayload);
    expect([image.width, image.height]).toEqual([200, 300]);
  });

  it('trades bytes for quality with q', async () => {
    const low = await get(`/media/cars/${withImages().id}/2.jpg?w=400&q=50`);
    const high = await get(`/media/cars/${withImages().id}/2.jpg?w=400&q=90`);
    expect(low.rawPayload.length).toBeLessThan(high.rawPayload.length);
  });

  it('paints the car in its own colour', async () => {
    const car = cars.find((c) => c.images.length >= 4 && c.colour === 'Red');
    if (!car) throw new Error('seed has no red car with four photos');
    const image = await decode((await get(`/media/cars/${car.id}/4.jpg?w=300`)).rawPayload);
    // Photo 4 is side-on: below the windows, the middle of the frame is a body panel.
    const i = (152 * 300 + 150) * image.channels;
    const [r, g] = [image.data[i]!, image.data[i + 1]!];
    expect(r).toBeGreaterThan(g + 60);
  });

  it('answers 404 past the car’s last photo', async () => {
    const car = withImages();
    expect((await get(`/media/cars/${car.id}/${car.images.length + 1}.jpg`)).statusCode).toBe(404);
  });

  it('answers 400 naming the parameter and the sizes there are for a width off the list', async () => {
    const response = await get(`/media/cars/${withImages().id}/1.jpg?w=2400&h=2400&q=95`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: `w: must be one of ${MEDIA_WIDTHS.join(', ')}`, field: 'w' });
  });

  it('answers 400 for a quality off the list', async () => {
    const response = await get(`/media/cars/${withImages().id}/1.jpg?w=400&q=95`);
    expect(response.json()).toEqual({ error: `q: must be one of ${MEDIA_QUALITIES.join(', ')}`, field: 'q' });
  });

  it('keeps one tenant’s cars out of another tenant’s media', async () => {
    const response = await platform.app.inject({
      method: 'GET',
      url: `/media/cars/${withImages().id}/1.jpg`,
      headers: { host: 'redgum-used-cars.localhost:8080' },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('spin frames', () => {
  it('serves every frame of a spin set and its interior', async () => {
    const car = cars.find((c) => c.spin_images.length > 0);
    if (!car) throw new Error('seed has no spin set');
    expect((await get(`/media/cars/${car.id}/spin/36.jpg?w=120&h=200`)).statusCode).toBe(200);
    expect((await get(`/media/cars/${car.id}/spin/interior.jpg?w=120`)).statusCode).toBe(200);
    expect((await get(`/media/cars/${car.id}/spin/37.jpg`)).statusCode).toBe(404);
  });
});

describe('history reports', () => {
  it('serves a PDF for a car with a history file', async () => {
    const car = cars.find((c) => c.file);
    if (!car) throw new Error('seed has no history report');
    const response = await get(car.file!);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.body.startsWith('%PDF-1.4')).toBe(true);
    expect(response.body).toContain(car.vin);
  });
});

describe('pictures of locations, slides, brands, blog posts, makes and models', () => {
  it('serves a picture the tenant’s stock names', async () => {
    const stock = await loadTenantStock(database.db, 'harbourside-motors');
    const [catalogued] = await listTenantCatalogue(database.db, 'harbourside-motors');
    for (const url of [
      stock.blog[0]!.image,
      stock.locations[0]!.image_url,
      stock.slides[0]!.image_url,
      stock.brands[0]!.logo,
      catalogued!.model.image_url,
    ]) {
      const response = await get(url);
      expect({ url, status: response.statusCode, type: response.headers['content-type'] }).toEqual({
        url,
        status: 200,
        type: 'image/jpeg',
      });
    }
  });

  it('answers 404 for a name no post, location or brand has, without rendering it', async () => {
    for (const url of [
      '/media/blog/invented-name.jpg?w=1600',
      '/media/locations/nowhere.jpg',
      '/media/makes/not-a-make.jpg',
    ]) {
      const response = await get(url);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
    }
  });

  it('answers 404 for another tenant’s blog picture', async () => {
    const theirs = (await loadTenantStock(database.db, 'redgum-used-cars')).blog[0]!.image;
    expect((await get(theirs)).statusCode).toBe(404);
  });
});

describe('RenderPool', () => {
  it('refuses a job once its queue is full, so the route can answer 503', async () => {
    const pool = new RenderPool({ threads: 1, maxQueue: 1 });
    try {
      const job = { kind: 'banner', width: 400, height: 300, quality: 75, seed: 1 } as const;
      await pool.render(job); // the worker is up and idle
      const results = await Promise.allSettled([pool.render(job), pool.render(job), pool.render(job)]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
      expect((results[2] as PromiseRejectedResult).reason).toBeInstanceOf(RenderPoolBusyError);
    } finally {
      await pool.close();
    }
  });

  it('renders off the main thread: a JPEG of the size asked for', async () => {
    const pool = new RenderPool({ threads: 1 });
    try {
      const body = await pool.render({ kind: 'interior', width: 240, height: 160, quality: 75, colour: 'Blue' });
      const image = await decode(Buffer.from(body));
      expect([image.width, image.height]).toEqual([240, 160]);
    } finally {
      await pool.close();
    }
  });
});
