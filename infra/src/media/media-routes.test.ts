import jpeg from 'jpeg-js';
import type { Database } from '../db/database';
import { loadTenantStock } from '../db/stock';
import type { Car } from '../stock/model';
import { seedStock } from '../stock/seed/seed-stock';
import { clearPlatformTables, createTestPlatform, openSharedDatabase, type TestPlatform } from '../testing/test-platform';

let database: Database;
let platform: TestPlatform;
let cars: Car[];
const host = 'harbourside-motors.localhost:8080';

beforeAll(async () => {
  database = await openSharedDatabase();
  await clearPlatformTables(database);
  platform = await createTestPlatform(database);
  await seedStock(database, platform.app.tenants.all, { seed: 5, totalCars: 400, now: new Date('2026-11-22T00:00:00Z') });
  cars = (await loadTenantStock(database.db, 'harbourside-motors')).cars;
});
afterAll(async () => {
  await platform.close();
  await database.close();
});

const get = (url: string) => platform.app.inject({ method: 'GET', url, headers: { host } });
const withImages = () => cars.find((c) => c.images.length > 3)!;

describe('car photos', () => {
  it('serves a JPEG of the requested width, 2:3 by default', async () => {
    const response = await get(`/media/cars/${withImages().id}/1.jpg?w=300`);
    expect(response.headers['content-type']).toBe('image/jpeg');
    const image = jpeg.decode(response.rawPayload);
    expect([image.width, image.height]).toEqual([300, 200]);
  });

  it('honours an explicit height', async () => {
    const image = jpeg.decode((await get(`/media/cars/${withImages().id}/1.jpg?w=120&h=180`)).rawPayload);
    expect([image.width, image.height]).toEqual([120, 180]);
  });

  it('trades bytes for quality with q', async () => {
    const low = await get(`/media/cars/${withImages().id}/2.jpg?w=400&q=20`);
    const high = await get(`/media/cars/${withImages().id}/2.jpg?w=400&q=90`);
    expect(low.rawPayload.length).toBeLessThan(high.rawPayload.length);
  });

  it('paints the car in its own colour', async () => {
    const car = cars.find((c) => c.images.length >= 4 && c.colour === 'Red');
    if (!car) throw new Error('seed has no red car with four photos');
    const image = jpeg.decode((await get(`/media/cars/${car.id}/4.jpg?w=300`)).rawPayload);
    // Photo 4 is side-on: below the windows, the middle of the frame is a body panel.
    const i = (152 * 300 + 150) * 4;
    const [r, g] = [image.data[i]!, image.data[i + 1]!];
    expect(r).toBeGreaterThan(g + 60);
  });

  it('answers 404 past the car’s last photo', async () => {
    const car = withImages();
    expect((await get(`/media/cars/${car.id}/${car.images.length + 1}.jpg`)).statusCode).toBe(404);
  });

  it('answers 400 naming the parameter for a bad width', async () => {
    const response = await get(`/media/cars/${withImages().id}/1.jpg?w=99999`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'w' });
  });

  it('keeps one tenant’s cars out of another tenant’s media', async () => {
    const response = await platform.app.inject({ method: 'GET', url: `/media/cars/${withImages().id}/1.jpg`, headers: { host: 'redgum-used-cars.localhost:8080' } });
    expect(response.statusCode).toBe(404);
  });
});

describe('spin frames', () => {
  it('serves every frame of a spin set and its interior', async () => {
    const car = cars.find((c) => c.spin_images.length > 0);
    if (!car) throw new Error('seed has no spin set');
    expect((await get(`/media/cars/${car.id}/spin/36.jpg?w=100&h=150`)).statusCode).toBe(200);
    expect((await get(`/media/cars/${car.id}/spin/interior.jpg?w=100`)).statusCode).toBe(200);
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
