/** @jest-environment node */
import { parseTenantConfig } from '@forecourt/shared-config/tenant';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DealerLocation } from '../src/contract';
import { SALES_HOURS, testLocation } from '../src/lib/test-location';
import locationsServer, { type LocationsPorts, type StoredLocation } from './index';

/**
 * Spec: 'Some locations are hidden per site by configuration (hidden-dealerships list,
 * shown-dealerships list, visible false)'. A group site like Summit's: it lists the dealerships
 * its site shows (its three retail dealerships) and hides its fleet arm; its data also holds a
 * dealership the group is still setting up, which no list names.
 */
const SUMMIT_LOCATIONS = parseTenantConfig(
  {
    slug: 'summit-auto-group',
    name: 'Summit Auto Group',
    kind: 'dealer-group',
    logo: { text: 'SAG', alt: 'Summit Auto Group' },
    theme: { primary: '#1f4d2b', accent: '#c4d600' },
    contact: { phone: '(07) 3555 0199', city: 'Brisbane', state: 'QLD' },
    locations: {
      hiddenDealerships: ['summit-fleet-sales'],
      shownDealerships: ['summit-ford-eagle-farm', 'summit-kia-springwood', 'summit-ipswich'],
    },
  },
  'summit-auto-group.json',
).locations;

function stored(slug: string, dealership_slug: string, visible = true): StoredLocation {
  const {
    reviews: _reviews,
    time_zone: _zone,
    booking_url: _booking,
    location_type: _type,
    ...location
  } = testLocation({ slug, dealership_slug, id: slug });
  return {
    ...location,
    location_type: 'sales',
    visible,
    average_rating: 4.6,
    review_count: 673,
    contact_detail: { phone: '07 3000 0000', landline_phone: null, opening_hours: { sales: SALES_HOURS } },
  };
}

const ROWS = [
  stored('summit-auto-group-eagle-farm', 'summit-ford-eagle-farm'),
  stored('summit-auto-group-springwood', 'summit-kia-springwood'),
  stored('summit-auto-group-springwood-service', 'summit-kia-springwood', false),
  stored('summit-auto-group-ipswich', 'summit-ipswich'),
  stored('summit-auto-group-fleet-pinkenba', 'summit-fleet-sales'),
  stored('summit-auto-group-capalaba', 'summit-mazda-capalaba'),
];

let app: FastifyInstance;
beforeEach(async () => {
  app = Fastify();
  const ports: Partial<LocationsPorts> = {
    locationSettings: () => SUMMIT_LOCATIONS,
    storedLocations: async () => ROWS,
  };
  await app.register(locationsServer, { ports });
});
afterEach(async () => app.close());

const shownSlugs = async () =>
  (await app.inject({ method: 'GET', url: '/api/locations/locations' }))
    .json<{ locations: DealerLocation[] }>()
    .locations.map((location) => location.slug);

describe("a site's shown-dealerships list", () => {
  it("shows only the listed dealerships' visible locations", async () => {
    expect(await shownSlugs()).toEqual([
      'summit-auto-group-eagle-farm',
      'summit-auto-group-springwood',
      'summit-auto-group-ipswich',
    ]);
  });

  it('leaves out a dealership no list names (one the group is still setting up)', async () => {
    expect(await shownSlugs()).not.toContain('summit-auto-group-capalaba');
  });

  it("leaves out the hidden list's dealership and a location marked visible: false", async () => {
    const slugs = await shownSlugs();
    expect(slugs).not.toContain('summit-auto-group-fleet-pinkenba');
    expect(slugs).not.toContain('summit-auto-group-springwood-service');
  });

  it('has no reviews for an unlisted dealership (404)', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/locations/reviews/summit-mazda-capalaba' })).statusCode).toBe(
      404,
    );
  });
});
