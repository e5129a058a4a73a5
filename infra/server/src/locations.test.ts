import type { Database } from '@forecourt/data/database';
import { defaultSeedNow } from '@forecourt/demo-data/seed/generate';
import { seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import {
  clearPlatformTables,
  createTestPlatform,
  openSharedDatabase,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';
import { FIRST_PAINT_DATA_ID } from '@forecourt/shared-config/first-paint';
import type { DealerLocation, NearestAnswer, ReviewSummary } from '@forecourt/mf-locations/contract';

/**
 * mf-locations's API and page heads over the real routes, the seeded stock and the embedded
 * geocoder: which locations each demo site shows (hidden dealership, `visible: false`), the
 * consent flag both ways, reviews shown and hidden, the nearest location to a postcode, the
 * location page's status and JSON-LD in the HTML, and the page itself in its first paint.
 */
let database: Database;
let platform: TestPlatform;

const SUMMIT = 'summit-auto-group'; // many locations, a hidden dealership, an unlisted one, licence numbers shown
const HARBOURSIDE = 'harbourside-motors'; // no consent to show licence numbers
const REDGUM = 'redgum-used-cars'; // one location
const COASTAL = 'coastal-caravans'; // reviews hidden

beforeAll(async () => {
  database = await openSharedDatabase();
  await seedStock(database, await loadTenants(), { seed: 5, totalCars: 120, now: defaultSeedNow() });
  platform = await createTestPlatform(database);
});
afterAll(async () => {
  await platform.close();
  await clearPlatformTables(database);
  await database.close();
});

const get = (tenant: string, url: string) =>
  platform.app.inject({ method: 'GET', url, headers: { 'x-forecourt-tenant': tenant } });
const locationsOf = async (tenant: string) =>
  (await get(tenant, '/api/locations/locations')).json<{ locations: DealerLocation[] }>().locations;

describe('GET /api/locations/locations', () => {
  it('leaves out the dealership Summit hides (its fleet arm) and the service department marked visible: false', async () => {
    const slugs = (await locationsOf(SUMMIT)).map((location) => location.slug);
    expect(slugs).toContain('summit-auto-group-springwood');
    expect(slugs).not.toContain('summit-auto-group-springwood-service');
    expect(slugs.some((slug) => slug.includes('fleet'))).toBe(false);
  });

  it("shows Summit's car-buying centre as its own location type", async () => {
    const buying = (await locationsOf(SUMMIT)).find(
      (location) => location.slug === 'summit-auto-group-car-buying-centre',
    );
    expect(buying?.location_type).toBe('car-buying');
  });

  it('gives Redgum one location with sales and service hours on its clock (Melbourne)', async () => {
    const locations = await locationsOf(REDGUM);
    expect(locations).toHaveLength(1);
    expect(Object.keys(locations[0]!.contact_detail.opening_hours)).toEqual(['sales', 'service']);
    expect(locations[0]!.time_zone).toBe('Australia/Melbourne');
  });

  it('shows licence and repairer numbers where the consent flag allows (Summit), and never elsewhere (Harbourside)', async () => {
    const summitLicences = (await locationsOf(SUMMIT))
      .map((location) => location.dealer_license_number)
      .filter(Boolean);
    const harbourside = await locationsOf(HARBOURSIDE);
    expect(summitLicences.length).toBeGreaterThan(0);
    expect(
      harbourside.every(
        (location) => location.dealer_license_number === null && location.motor_vehicle_repairer === null,
      ),
    ).toBe(true);
  });

  it("reads Brisbane's service hours as the product's sample: Monday to Friday 7:30 to 4:30, parts 8 to 4", async () => {
    const eagleFarm = (await locationsOf(SUMMIT)).find((location) => location.slug === 'summit-auto-group-eagle-farm')!;
    const monday = (type: 'service' | 'parts') =>
      eagleFarm.contact_detail.opening_hours[type]!.find((day) => day.weekday === 1);
    expect(monday('service')).toMatchObject({ open: '07:30', close: '16:30' });
    expect(monday('parts')).toMatchObject({ open: '08:00', close: '16:00' });
  });

  it("links the one service location with an external booking page to it (Summit's Ipswich service)", async () => {
    const locations = await locationsOf(SUMMIT);
    expect(locations.filter((location) => location.booking_url).map((location) => location.slug)).toEqual([
      'summit-auto-group-ipswich-service',
    ]);
  });
});

describe('GET /api/locations/reviews/{dealership}', () => {
  it("answers the product's sample: average '4.6' of 673, the newest 12 listed", async () => {
    const response = await get(SUMMIT, '/api/locations/reviews/summit-ford-eagle-farm');
    const summary = response.json<ReviewSummary>();
    expect(summary).toMatchObject({ average_rating: '4.6', count: 673 });
    expect(summary.reviews).toHaveLength(12);
    expect(summary.reviews.map((review) => review.review_date)).toEqual(
      [...summary.reviews.map((review) => review.review_date)].sort().reverse(),
    );
  });

  it('is 404 on the site that hides reviews', async () => {
    expect((await get(COASTAL, '/api/locations/reviews/coastal-caravans')).statusCode).toBe(404);
  });

  it("is 400 naming the field for an address that cannot be a dealership's", async () => {
    const response = await get(SUMMIT, '/api/locations/reviews/Not_A_Slug');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'dealership' });
  });
});

describe('GET /api/locations/nearest', () => {
  it("puts Summit's Ipswich yard first for an Ipswich postcode (4305)", async () => {
    const answer = (await get(SUMMIT, '/api/locations/nearest?postcode=4305')).json<NearestAnswer>();
    expect(answer.locations[0]!.slug).toMatch(/^summit-auto-group-ipswich/);
    expect(answer.locations[0]!.distance_km).toBeLessThan(15);
  });

  it("answers 'Invalid postcode' for four digits that are no postcode", async () => {
    const response = await get(SUMMIT, '/api/locations/nearest?postcode=0001');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: 'Invalid postcode', field: 'postcode' });
  });

  it("answers 400 with the field's text for a postcode that is not 4 digits", async () => {
    const response = await get(SUMMIT, '/api/locations/nearest?postcode=40000');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'postcode: Invalid postcode. Please enter a 4-digit number.',
      field: 'postcode',
    });
  });
});

describe('location page heads', () => {
  it('writes the location as an AutoDealer with address, geo and opening hours into the HTML', async () => {
    const response = await get(SUMMIT, '/our-location/summit-auto-group-eagle-farm');
    expect(response.statusCode).toBe(200);
    const blocks = [...response.body.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
      (match) => JSON.parse(match[1]!) as Record<string, unknown>,
    );
    const dealer = blocks.find((block) => block['@type'] === 'AutoDealer')!;
    expect(dealer).toMatchObject({
      name: 'Summit Ford Eagle Farm',
      address: { streetAddress: '1 Kingsford Smith Drive', postalCode: '4009' },
      geo: { latitude: -27.4305, longitude: 153.0866 },
    });
    expect(dealer['openingHoursSpecification']).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ dayOfWeek: 'https://schema.org/Monday', opens: '08:30', closes: '17:30' }),
      ]),
    );
  });

  it("answers a dealership's slug under /locations/ with each of its locations", async () => {
    const response = await get(HARBOURSIDE, '/locations/harbourside-motors');
    expect(response.statusCode).toBe(200);
    expect([...response.body.matchAll(/application\/ld\+json/g)].length).toBeGreaterThanOrEqual(2);
  });

  it('is 404 for a location the site hides', async () => {
    expect((await get(SUMMIT, '/our-location/summit-auto-group-springwood-service')).statusCode).toBe(404);
  });
});

describe('the first paint of a location page', () => {
  // The sites pinned to the build the server renders like (the checkout's version); the others
  // keep the platform's 1.0.0, which it does not.
  beforeAll(async () => {
    const version = platform.app.firstPaints!.get('mf-locations')!.version;
    await platform.publish({
      team: 'mf-locations',
      version,
      routes: ['/our-location/:slug', '/locations/:slug', '/dealer-locator'],
    });
    for (const tenant of [SUMMIT, HARBOURSIDE])
      await platform.app.pins.pin({ tenant, team: 'mf-locations', version, actor: 'test' });
  });

  /** The text of the app's slot as a shopper reads it, before any script runs. */
  function paintedText(html: string): string {
    const start = html.indexOf('<div data-first-paint="mf-locations">');
    if (start < 0) throw new Error('no first paint of mf-locations in the page');
    return html
      .slice(start, html.indexOf(`<script id="${FIRST_PAINT_DATA_ID}"`))
      .replace(/<style[^>]*>.*?<\/style>/gs, '')
      .replace(/<!-- -->/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ');
  }

  function inlined(html: string): { team: string; data: { locations: DealerLocation[] } } {
    const match = new RegExp(`<script id="${FIRST_PAINT_DATA_ID}" type="application/json">(.*?)</script>`, 's').exec(
      html,
    );
    if (!match?.[1]) throw new Error('no first-paint data in the page');
    return JSON.parse(match[1]) as { team: string; data: { locations: DealerLocation[] } };
  }

  it("holds the location's name, address, phone and opening hours in the app's slot", async () => {
    const eagleFarm = (await locationsOf(SUMMIT)).find((location) => location.slug === 'summit-auto-group-eagle-farm')!;
    const response = await get(SUMMIT, '/our-location/summit-auto-group-eagle-farm');
    expect(response.statusCode).toBe(200);
    const text = paintedText(response.body);
    expect(text).toContain(' Summit Ford Eagle Farm ');
    expect(text).toContain('1 Kingsford Smith Drive, Brisbane QLD 4009');
    expect(text).toContain(eagleFarm.contact_detail.phone);
    expect(text).toContain('Monday - Friday 8:30am - 5:30pm');
  });

  it('inlines the locations the API answers, which the app starts from instead of asking', async () => {
    const response = await get(HARBOURSIDE, '/locations/harbourside-motors');
    expect(inlined(response.body)).toMatchObject({
      team: 'mf-locations',
      data: { locations: await locationsOf(HARBOURSIDE) },
    });
  });

  it("paints the app's not-found page, with the 404, for a location the site hides", async () => {
    const response = await get(SUMMIT, '/our-location/summit-auto-group-springwood-service');
    expect(response.statusCode).toBe(404);
    expect(paintedText(response.body)).toContain('This location is not on our site');
  });
});
