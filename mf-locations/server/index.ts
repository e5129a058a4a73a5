import { defineTeamServer, requestOrigin } from '@forecourt/shared-config/server';
import { parseInput } from '@forecourt/shared-config/server/validation';
import { haversineKm } from '@forecourt/shared-config/geo';
import { z } from 'zod';
import packageJson from '../package.json';
import type { NearestAnswer } from '../src/contract';
import { renderLocationsFirstPaint } from './first-paint';
import { locationHead, locationPageSlug } from './location-head';
import { dealershipReviewSummary, siteLocations, type LocationsPorts } from './site-locations';

export type { LocationsPorts, StoredLocation } from './site-locations';

/** Spec: 'Invalid postcode. Please enter a 4-digit number.' (the field) and 'Invalid postcode' (geocoding found nothing). */
export const POSTCODE_FORMAT_ERROR = 'Invalid postcode. Please enter a 4-digit number.';
export const POSTCODE_UNKNOWN_ERROR = 'Invalid postcode';

// A postcode missing, sent twice or not 4 digits gets the one text the field shows.
const postcodeQuery = z
  .object({ postcode: z.string({ error: POSTCODE_FORMAT_ERROR }).regex(/^\d{4}$/, POSTCODE_FORMAT_ERROR) })
  .strict();
const dealershipParams = z.object({
  dealership: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a dealership slug')
    .max(120),
});

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
 * - The first paint of those pages and of `/dealer-locator` (first-paint.tsx): the page the app
 *   renders, from the same answers, in the HTML.
 */
export default defineTeamServer<LocationsPorts>({
  team: 'mf-locations',
  version: packageJson.version,
  defaultPorts: {
    locationSettings: () => null,
    storedLocations: async () => [],
    dealershipReviews: async () => [],
    geocode: async () => null,
  },
  firstPaint: (input, ports) => renderLocationsFirstPaint(input, ports),
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
      const locations = await siteLocations(ports, request);
      const summary = locations && (await dealershipReviewSummary(ports, request, locations, dealership));
      if (!summary) return reply.code(404).send({ error: `No reviews for ${dealership} on this site` });
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
          .map((location) => ({
            slug: location.slug,
            distance_km:
              Math.round(haversineKm(place, { lat: location.address.lat, lng: location.address.long }) * 10) / 10,
          }))
          .sort((a, b) => a.distance_km - b.distance_km),
      };
      return reply.header('cache-control', 'public, max-age=300').send(answer);
    });
  },
});
