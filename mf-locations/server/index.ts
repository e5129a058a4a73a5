import { defineTeamServer, requestOrigin, type PlatformPorts } from '@forecourt/shared-config/server';
import { parseInput } from '@forecourt/shared-config/server/validation';
import { haversineKm } from '@forecourt/shared-config/geo';
import { siteShowsLocation } from '@forecourt/shared-config/locations';
import { dealerTimeZone, type LocationSettings } from '@forecourt/shared-config/tenant';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import packageJson from '../package.json';
import { LOCATION_TYPES, type DealerLocation, type LocationType, type NearestAnswer, type OpeningHour, type Review, type ReviewSummary } from '../src/contract';
import { locationHead, locationPageSlug } from './location-head';

/**
 * A location as the platform stores it (spec §3 'Location'): every row, shown or not, with the
 * stored type ('' means sales), the dealership's review figures, and its hours under any type
 * name; the site's view of it (DealerLocation) is made by `toDealerLocation`.
 */
export type StoredLocation = Omit<DealerLocation, 'location_type' | 'reviews' | 'time_zone' | 'booking_url' | 'contact_detail'> & {
  location_type: LocationType | '';
  visible: boolean;
  average_rating: number;
  review_count: number;
  contact_detail: { phone: string; landline_phone: string | null; opening_hours: Record<string, OpeningHour[]> };
};

export interface LocationsPorts extends PlatformPorts {
  /** The site's locations switches; null where the site has mf-locations switched off. */
  locationSettings: (request: FastifyRequest) => LocationSettings | null;
  /** Every location row of the site, shown or not (the team applies the site's rules). */
  storedLocations: (request: FastifyRequest) => Promise<StoredLocation[]>;
  /** A dealership's newest reviews, at most `limit`. */
  dealershipReviews: (request: FastifyRequest, dealershipId: string, limit: number) => Promise<Review[]>;
  /** A postcode's place (the geocoding partner); null when it is not a postcode. */
  geocode: (postcode: string) => Promise<{ region: string; lat: number; lng: number } | null>;
}

/** Spec: 'Google reviews 12': the reviews list shows the newest 12. */
export const REVIEWS_LISTED = 12;
/** Spec: 'Invalid postcode. Please enter a 4-digit number.' (the field) and 'Invalid postcode' (geocoding found nothing). */
export const POSTCODE_FORMAT_ERROR = 'Invalid postcode. Please enter a 4-digit number.';
export const POSTCODE_UNKNOWN_ERROR = 'Invalid postcode';

const STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;
const isState = (state: string): state is (typeof STATES)[number] => (STATES as readonly string[]).includes(state);

/**
 * A stored row as the site shows it: its type ('' reads sales), its clock (its own state's), the
 * licence and repairer numbers only where the site's consent flag allows, the review figures only
 * where the site shows reviews, and the external booking page on the one location that has one.
 */
export function toDealerLocation(row: StoredLocation, settings: LocationSettings): DealerLocation {
  const { visible: _visible, average_rating, review_count, location_type, contact_detail, ...rest } = row;
  const hours: DealerLocation['contact_detail']['opening_hours'] = {};
  for (const type of LOCATION_TYPES) {
    const list = contact_detail.opening_hours[type];
    if (list) hours[type] = list;
  }
  return {
    ...rest,
    location_type: location_type || 'sales',
    dealer_license_number: settings.showLicenceNumbers ? row.dealer_license_number : null,
    motor_vehicle_repairer: settings.showLicenceNumbers ? row.motor_vehicle_repairer : null,
    reviews: settings.reviews.hidden ? null : { average_rating, count: review_count },
    time_zone: dealerTimeZone({ state: isState(row.address.state) ? row.address.state : 'NSW' }),
    contact_detail: { phone: contact_detail.phone, landline_phone: contact_detail.landline_phone, opening_hours: hours },
    booking_url: settings.serviceBooking?.location === row.slug ? settings.serviceBooking.url : null,
  };
}

/** The locations a site shows, in the stored order (primary first is the data's business). */
async function siteLocations(ports: LocationsPorts, request: FastifyRequest): Promise<DealerLocation[] | null> {
  const settings = ports.locationSettings(request);
  if (!settings) return null;
  return (await ports.storedLocations(request)).filter((row) => siteShowsLocation(settings, row)).map((row) => toDealerLocation(row, settings));
}

// A postcode missing, sent twice or not 4 digits gets the one text the field shows.
const postcodeQuery = z.object({ postcode: z.string({ error: POSTCODE_FORMAT_ERROR }).regex(/^\d{4}$/, POSTCODE_FORMAT_ERROR) }).strict();
const dealershipParams = z.object({ dealership: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a dealership slug').max(120) });

/**
 * mf-locations's API under /api/locations/. The team declares the ports it needs here and infra
 * passes implementations when it mounts the plugin (tests pass their own); this folder never
 * imports infra.
 *
 * - `GET /api/locations/locations`: the site's locations as it shows them (hidden and shown
 *   dealership lists and `visible: false` applied; licence numbers per the consent flag).
 * - `GET /api/locations/reviews/{dealership slug}`: the dealership's review summary and its newest
 *   12 reviews; 404 where the site hides reviews or has no such dealership.
 * - `GET /api/locations/nearest?postcode=`: the site's locations by distance from the postcode
 *   (haversine, 6371 km); 400 naming the field for a postcode that is not 4 digits, 422
 *   'Invalid postcode' for one that is no place.
 * - The head of `/our-location/{slug}` and `/locations/{location or dealership slug}`: 404 for
 *   a slug the site does not show; otherwise title, description and LocalBusiness (AutoDealer)
 *   JSON-LD with address, geo and opening hours, in the HTML without JavaScript.
 */
export default defineTeamServer<LocationsPorts>({
  team: 'mf-locations',
  version: packageJson.version,
  defaultPorts: { locationSettings: () => null, storedLocations: async () => [], dealershipReviews: async () => [], geocode: async () => null },
  pageHead: async (input, ports) => {
    const slug = locationPageSlug(new URL(input.url, 'http://page.invalid').pathname);
    if (slug === null) return null;
    const locations = (await siteLocations(ports, input.request)) ?? [];
    const shown = locations.filter((location) => location.slug === slug || location.dealership_slug === slug);
    if (shown.length === 0) return { status: 404, title: `Page not found | ${input.tenant.name}` };
    return locationHead(shown, slug, { name: input.tenant.name, origin: requestOrigin(input.request) });
  },
  routes: (fastify, ports) => {
    fastify.get('/locations', async (request, reply) => {
      const locations = await siteLocations(ports, request);
      if (!locations) return reply.code(404).send({ error: 'This site has no locations pages' });
      // The same for every shopper of the site; a minute is as stale as a changed opening hour gets.
      return reply.header('cache-control', 'public, max-age=60').send({ locations });
    });

    fastify.get<{ Params: { dealership: string } }>('/reviews/:dealership', async (request, reply) => {
      const { dealership } = parseInput(dealershipParams, request.params, 'params');
      const settings = ports.locationSettings(request);
      const location = (await siteLocations(ports, request))?.find((candidate) => candidate.dealership_slug === dealership);
      if (!settings || settings.reviews.hidden || !location?.reviews) return reply.code(404).send({ error: `No reviews for ${dealership} on this site` });
      const reviews = await ports.dealershipReviews(request, location.dealership_id, REVIEWS_LISTED);
      const summary: ReviewSummary = { dealership_slug: location.dealership_slug, average_rating: location.reviews.average_rating.toFixed(1), count: location.reviews.count, reviews };
      return reply.header('cache-control', 'public, max-age=300').send(summary);
    });

    fastify.get('/nearest', async (request, reply) => {
      const { postcode } = parseInput(postcodeQuery, request.query, 'query');
      const place = await ports.geocode(postcode);
      if (!place) return reply.code(422).send({ error: POSTCODE_UNKNOWN_ERROR, field: 'postcode' });
      const locations = (await siteLocations(ports, request)) ?? [];
      const answer: NearestAnswer = {
        postcode,
        region: place.region,
        locations: locations
          .map((location) => ({ slug: location.slug, distance_km: Math.round(haversineKm(place, { lat: location.address.lat, lng: location.address.long }) * 10) / 10 }))
          .sort((a, b) => a.distance_km - b.distance_km),
      };
      return reply.header('cache-control', 'public, max-age=300').send(answer);
    });
  },
});
