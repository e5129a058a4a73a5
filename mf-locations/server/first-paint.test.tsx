/** @jest-environment node */
import { testTenant } from '@forecourt/shared-config/testing';
import type { FastifyRequest } from 'fastify';
import type { DealerLocation, Review } from '../src/contract';
import type { LocationsFirstPaintData } from '../src/lib/first-paint';
import { SALES_HOURS, testLocation } from '../src/lib/test-location';
import { renderLocationsFirstPaint } from './first-paint';
import type { LocationsPorts, StoredLocation } from './site-locations';

/**
 * The first paint of mf-locations's pages as the server renders it (node, as in production): the
 * HTML a shopper's browser shows before any script has run, and the data the app starts from.
 */
const TENANT = testTenant();
/** Tuesday 3 March 2026, 7:00 on Eagle Farm's clock (Brisbane): before it opens, a week before a public holiday. */
const TUESDAY_MORNING = new Date('2026-03-02T21:00:00Z');

function stored(location: DealerLocation): StoredLocation {
  const { reviews: _reviews, time_zone: _zone, booking_url: _booking, contact_detail, ...rest } = location;
  return {
    ...rest,
    visible: true,
    average_rating: 4.6,
    review_count: 673,
    contact_detail: { ...contact_detail, opening_hours: { sales: SALES_HOURS } },
  };
}

const EAGLE_FARM = testLocation({
  primary: true,
  special_hours: [{ date: '2026-03-10', status: 'Closed', start_hour: null, end_hour: null }],
});
const PARRAMATTA = testLocation({
  id: 'test-d1-l2',
  slug: 'test-motors-parramatta',
  name: 'Test Motors Parramatta',
  address: { ...EAGLE_FARM.address, street: '45 Church Street', city: 'Parramatta', state: 'NSW', postcode: '2150' },
  contact_detail: { ...EAGLE_FARM.contact_detail, phone: '02 9600 0000' },
});
const REVIEW: Review = {
  id: 'r1',
  customer_name: 'Priya S.',
  text: 'Straightforward from test drive to handover.',
  rating: 5,
  review_date: '2026-02-20',
  reply_text: null,
  reply_date: null,
  image: null,
};

function ports(overrides: Partial<LocationsPorts> = {}): LocationsPorts {
  return {
    clock: () => TUESDAY_MORNING,
    locationSettings: () => TENANT.locations,
    storedLocations: async () => [EAGLE_FARM, PARRAMATTA].map(stored),
    dealershipReviews: async () => [REVIEW],
    geocode: async () => null,
    ...overrides,
  };
}

const warnings: unknown[] = [];
// The renderer reads the site through the ports; of the request it uses only the log.
const request = { log: { warn: (...args: unknown[]) => warnings.push(args) } } as unknown as FastifyRequest;

async function paint(url: string, sitePorts = ports()) {
  const result = await renderLocationsFirstPaint(
    { request, tenant: TENANT, url, version: '1.2.3', search: null },
    sitePorts,
  );
  if (!result) throw new Error(`no first paint of ${url}`);
  return { html: result.html, data: result.data as LocationsFirstPaintData };
}

/** The page's text as a shopper reads it: no styles, tags or the comments React puts between texts. */
function textOf(html: string): string {
  return html
    .replace(/<style[^>]*>.*?<\/style>/gs, '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

afterEach(() => {
  warnings.length = 0;
});

describe('the first paint of a location page', () => {
  it("holds the location's name, address and phone", async () => {
    const text = textOf((await paint('/our-location/test-motors-parramatta')).html);
    expect(text).toContain(' Test Motors Parramatta ');
    expect(text).toContain('45 Church Street, Parramatta NSW 2150');
    expect(text).toContain('02 9600 0000');
  });

  it('holds the week of opening hours', async () => {
    const text = textOf((await paint('/our-location/test-motors-eagle-farm')).html);
    expect(text).toContain('Monday - Friday 8:30am - 5:30pm');
    expect(text).toContain('Saturday 9am - 4pm');
    expect(text).toContain('Sunday Closed');
  });

  it('reads the hours at the server’s clock, as the app’s first render does: closed until 8:30, a holiday ahead', async () => {
    const text = textOf((await paint('/our-location/test-motors-eagle-farm')).html);
    expect(text).toContain('Closed now · opens 8:30am');
    expect(text).toContain('Holiday hours');
  });

  it('holds the dealership’s reviews, which the app then does not ask for', async () => {
    const { html, data } = await paint('/our-location/test-motors-eagle-farm');
    expect(textOf(html)).toContain('Straightforward from test drive to handover.');
    expect(data.reviews['test-motors']).toMatchObject({ average_rating: '4.6', count: 673 });
  });

  it('inlines the site’s locations as the API answers them, and the clock it read (to the minute)', async () => {
    const { data } = await paint(
      '/our-location/test-motors-eagle-farm',
      ports({ clock: () => new Date('2026-03-02T21:00:42.500Z') }),
    );
    expect(data.locations.map((location) => location.slug)).toEqual([
      'test-motors-eagle-farm',
      'test-motors-parramatta',
    ]);
    expect(data.now).toBe('2026-03-02T21:00:00.000Z');
  });

  it("paints a dealership's locations under its slug", async () => {
    const text = textOf((await paint('/locations/test-motors')).html);
    expect(text).toContain('2 locations in Brisbane, Parramatta');
    expect(text).toContain('45 Church Street, Parramatta NSW 2150');
  });

  it('paints the not-found page for a slug the site does not show', async () => {
    const text = textOf((await paint('/our-location/somewhere-else')).html);
    expect(text).toContain('This location is not on our site');
  });

  it('still paints the location when its reviews cannot be read (the app asks for them)', async () => {
    const { html, data } = await paint(
      '/our-location/test-motors-eagle-farm',
      ports({ dealershipReviews: () => Promise.reject(new Error('database away')) }),
    );
    expect(textOf(html)).toContain('1 Kingsford Smith Drive, Brisbane QLD 4009');
    expect(data.reviews).toEqual({});
    expect(warnings).toHaveLength(1);
  });
});

describe('the first paint of the dealer locator', () => {
  it('holds every location the site shows, with its address', async () => {
    const text = textOf((await paint('/dealer-locator')).html);
    expect(text).toContain('1 Kingsford Smith Drive, Brisbane QLD 4009');
    expect(text).toContain('45 Church Street, Parramatta NSW 2150');
  });
});
