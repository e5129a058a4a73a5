import { SHELL_SERVER_VERSION } from '@forecourt/shell/server';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@forecourt/data/database';
import { listLocations, listTenantCatalogue, loadTenantStock } from '@forecourt/data/stock';
import type { Car } from '@forecourt/data/stock-model';
import { defaultSeedNow } from '@forecourt/demo-data/seed/generate';
import { seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import { DEFAULT_TENANT } from '@forecourt/data/pins';
import { makeFakeBuild, tempDir } from '@forecourt/test-kit/fake-build';
import { openTestDatabase, serverTestEngine } from '@forecourt/test-kit/test-database';
import { listen } from './main';

/**
 * A vehicle page as search engines and link previews get it, without JavaScript: the status
 * (404 for a car that is not there), the head and the JSON-LD, the sitemap and robots.txt; and
 * the car API the page reads.
 */
// What the page says, not how fast: on a busy machine the production budget (a page's head and
// first paint within 300 ms) sends pages without their head (a CI run did, once). The budget has
// its own tests (pages.test.ts, first-paint.test.ts).
process.env.FORECOURT_FIRST_PAINT_BUDGET_MS ??= '5000';

let database: Database;
let app: FastifyInstance;
let cars: Car[];

beforeAll(async () => {
  database = await openTestDatabase(serverTestEngine());
  const tenants = await loadTenants();
  await seedStock(database, tenants, { seed: 7, totalCars: 300, now: defaultSeedNow() });
  cars = (await loadTenantStock(database.db, 'harbourside-motors')).cars;
  const dataDir = await tempDir();
  app = await listen(
    { port: 0, host: '127.0.0.1', dataDir, databaseUrl: undefined },
    { ...database, close: async () => undefined },
    tenants,
  );
  // The versions the server's first paints render like (the checkout's).
  for (const [team, version] of [
    ['shell', SHELL_SERVER_VERSION],
    ['mf-vehicle', app.firstPaints!.get('mf-vehicle')!.version],
  ] as const) {
    await app.registry.publish(team, await makeFakeBuild(dataDir, { team, version }));
    await app.pins.pin({ tenant: DEFAULT_TENANT, team, version, actor: 'test' });
  }
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const HOST = 'harbourside-motors.localhost:8080';
const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: HOST } });
const shown = () =>
  cars.find((c) => c.show_on_dealer_website && c.status === 'in_stock' && (c.offer_price ?? c.price) > 10)!;

function jsonLd(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
  if (!match?.[1]) throw new Error('no JSON-LD in page');
  return JSON.parse(match[1]) as Record<string, unknown>;
}

const meta = (html: string, property: string) =>
  new RegExp(`<meta property="${property}" content="([^"]*)">`).exec(html)?.[1];
const unescape = (text: string) => text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

describe('a vehicle page without JavaScript', () => {
  it('names the car in its title and description, with its one canonical address', async () => {
    const car = shown();
    const response = await get(`/cars/${car.slug}`);
    expect(response.statusCode).toBe(200);
    expect(unescape(response.body)).toContain(
      `<title>${car.name} for sale in ${car.city} | Harbourside Motors</title>`,
    );
    expect(unescape(/<meta name="description" content="([^"]*)">/.exec(response.body)?.[1] ?? '')).toContain(car.name);
    expect(response.body).toContain(`<link rel="canonical" href="http://${HOST}/cars/${car.slug}">`);
    expect(meta(response.body, 'og:image')).toBe(`http://${HOST}${car.images[0]!.image.url.split('?')[0]}?w=1200`);
  });

  it('carries schema.org Product + Car JSON-LD with an Offer in AUD at the price the shopper pays', async () => {
    const car = shown();
    const data = jsonLd((await get(`/cars/${car.slug}`)).body);
    expect(data['@type']).toEqual(['Product', 'Car']);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      name: car.name,
      vehicleIdentificationNumber: car.vin,
      mileageFromOdometer: { '@type': 'QuantitativeValue', value: car.km, unitCode: 'KMT' },
      offers: {
        '@type': 'Offer',
        priceCurrency: 'AUD',
        price: car.offer_price ?? car.price,
        availability: 'https://schema.org/InStock',
      },
    });
  });

  it('says a car coming soon is a pre-order and a sold one is sold out', async () => {
    for (const [status, availability] of [
      ['coming_soon', 'https://schema.org/PreOrder'],
      ['sold', 'https://schema.org/SoldOut'],
    ] as const) {
      const car = cars.find((c) => c.show_on_dealer_website && c.status === status);
      if (!car) throw new Error(`the seed has no ${status} car`);
      expect(jsonLd((await get(`/cars/${car.slug}`)).body)).toMatchObject({ offers: { availability } });
    }
  });

  it('answers 404, not indexed, for a car that is not there', async () => {
    const response = await get('/cars/2019-no-such-car-xx000000');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<meta name="robots" content="noindex">');
    expect(response.body).not.toContain('application/ld+json');
  });

  it('answers 404 for a car hidden from the dealer’s website', async () => {
    const hidden = cars.find((c) => !c.show_on_dealer_website);
    if (!hidden) throw new Error('the seed has no hidden car');
    expect((await get(`/cars/${hidden.slug}`)).statusCode).toBe(404);
  });

  it('answers 404 for another site’s car', async () => {
    const theirs = (await loadTenantStock(database.db, 'summit-auto-group')).cars.find(
      (c) => c.show_on_dealer_website,
    )!;
    expect((await get(`/cars/${theirs.slug}`)).statusCode).toBe(404);
  });
});

describe('the first paint of a vehicle page', () => {
  it('holds the car’s name, price and key information before any script runs', async () => {
    const car = shown();
    const html = unescape((await get(`/cars/${car.slug}`)).body);
    const paint = html.slice(html.indexOf('data-first-paint="mf-vehicle"'));
    expect(paint).toContain(car.name);
    expect(paint).toContain(
      `$${(car.offer_price !== null && car.offer_price > 10 && car.offer_price < car.price ? car.offer_price : car.price).toLocaleString('en-AU')}`,
    );
    expect(paint).toContain(`${car.km.toLocaleString('en-AU')} kms`);
  });

  it('shows the not-found page of an unknown car', async () => {
    const html = unescape((await get('/cars/2019-no-such-car-xx000000')).body);
    expect(html.slice(html.indexOf('data-first-paint="mf-vehicle"'))).toContain('This car is not on our site');
  });
});

describe('the car API of the vehicle page', () => {
  it('gives the site’s car by its slug', async () => {
    const car = shown();
    const response = await get(`/api/vehicle/cars/${car.slug}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ car: { slug: car.slug, name: car.name, price: car.price, km: car.km } });
  });

  it('says whether the car’s model is one of the site’s configured models (the breadcrumb names only those)', async () => {
    const catalogue = await listTenantCatalogue(database.db, 'harbourside-motors');
    const configured = (car: Car) =>
      catalogue.some((entry) => entry.manufacturer.name === car.make && entry.model.name === car.model);
    const inCatalogue = cars.find((car) => car.show_on_dealer_website && configured(car))!;
    const outside = cars.find((car) => car.show_on_dealer_website && !configured(car))!;
    expect((await get(`/api/vehicle/cars/${inCatalogue.slug}`)).json().car.catalogue_model).toBe(true);
    expect((await get(`/api/vehicle/cars/${outside.slug}`)).json().car.catalogue_model).toBe(false);
  });

  it('answers 404 for a car that is not there, and 400 naming the field for an address that cannot be a car’s', async () => {
    expect((await get('/api/vehicle/cars/2019-no-such-car')).statusCode).toBe(404);
    const bad = await get('/api/vehicle/cars/NOT%20A%20SLUG');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'slug' });
  });
});

describe('sitemap and robots', () => {
  it('lists the page of every location the site shows, and none of a dealership it hides', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { host: 'summit-auto-group.localhost:8080' },
    });
    const listed = [...response.body.matchAll(/<loc>http:\/\/[^/]+\/locations\/([^<]+)<\/loc>/g)]
      .map((m) => m[1])
      .sort();
    const locations = await listLocations(database.db, 'summit-auto-group');
    const shown = locations
      .filter((l) => l.visible && l.dealership_slug !== 'summit-fleet-sales')
      .map((l) => l.slug)
      .sort();
    expect(shown.length).toBeGreaterThan(0);
    expect(listed).toEqual(shown);
    expect(locations.some((l) => l.dealership_slug === 'summit-fleet-sales')).toBe(true);
  });

  it('lists every car the website shows in stock or coming soon, and no hidden one', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    const listed = [...response.body.matchAll(/<loc>http:\/\/[^/]+\/cars\/([^<]+)<\/loc>/g)].map((m) => m[1]).sort();
    const expected = cars
      .filter((c) => c.show_on_dealer_website && (c.status === 'in_stock' || c.status === 'coming_soon'))
      .map((c) => c.slug)
      .sort();
    expect(listed).toEqual(expected);
  });

  it('answers many requests at once with one sitemap', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        app.inject({ method: 'GET', url: '/sitemap.xml', remoteAddress: `127.0.1.${i + 1}`, headers: { host: HOST } }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
  });

  it.each(['br', 'gzip'] as const)(
    'sends the sitemap compressed with %s, the same document as uncompressed',
    async (encoding) => {
      const plain = await app.inject({
        method: 'GET',
        url: '/sitemap.xml',
        remoteAddress: '127.0.3.1',
        headers: { host: HOST },
      });
      const packed = await app.inject({
        method: 'GET',
        url: '/sitemap.xml',
        remoteAddress: '127.0.3.2',
        headers: { host: HOST, 'accept-encoding': `${encoding}, identity;q=0.5` },
      });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(String(packed.headers['vary'])).toMatch(/accept-encoding/i);
      const unpacked =
        encoding === 'br' ? zlib.brotliDecompressSync(packed.rawPayload) : zlib.gunzipSync(packed.rawPayload);
      expect(unpacked.toString('utf8')).toBe(plain.body);
      expect(plain.body).toContain('<urlset');
    },
  );

  it('refuses a client past 60 sitemap requests a minute', async () => {
    const ask = () =>
      app.inject({ method: 'GET', url: '/sitemap.xml', remoteAddress: '127.0.2.1', headers: { host: HOST } });
    const statuses = [];
    for (let i = 0; i < 61; i++) statuses.push((await ask()).statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(60);
    expect(statuses[60]).toBe(429);
  });

  it('robots.txt names the site’s sitemap and keeps crawlers out of the API', async () => {
    const response = await get('/robots.txt');
    expect(response.body).toContain(`Sitemap: http://${HOST}/sitemap.xml`);
    expect(response.body).toContain('Disallow: /api/');
  });
});

describe('a Host header the site does not own', () => {
  // A stranger's Host with the tenant named by header (development honours the header): a shared
  // cache in front would keep the stranger's host in the page for every shopper.
  const asStranger = (url: string, host: string) =>
    app.inject({ method: 'GET', url, headers: { host, 'x-forecourt-tenant': 'harbourside-motors' } });

  it.each(['evil.example', 'evil.example:8443', 'harbourside-motors.localhost.:8080'])(
    'never appears in a car page, the sitemap or robots.txt (%s)',
    async (host) => {
      const car = shown();
      for (const url of [`/cars/${car.slug}`, '/sitemap.xml', '/robots.txt']) {
        const response = await asStranger(url, host);
        expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
        expect(response.body).not.toContain(host);
        expect(response.body).not.toContain('evil.example');
      }
      expect((await asStranger(`/cars/${car.slug}`, host)).body).toMatch(
        new RegExp(`<link rel="canonical" href="http://harbourside-motors\\.localhost:\\d+/cars/${car.slug}">`),
      );
    },
  );
});
