import type { FastifyInstance } from 'fastify';
import type { PlatformPorts } from '@forecourt/shared-config/server';
import type { LocationsPorts } from '@forecourt/mf-locations/server';
import { listReviews } from '@forecourt/data/stock';
import type { StoredLocations } from './shared';

/** The platform's side of mf-locations's ports: the site's switches, its location rows and reviews, the geocoder. */
export function locationsPorts(
  fastify: FastifyInstance,
  ports: PlatformPorts,
  locations: StoredLocations,
): LocationsPorts {
  return {
    ...ports,
    locationSettings: (request) => (request.tenant?.features['mf-locations'] ? request.tenant.locations : null),
    storedLocations: async (request) => (request.tenant ? locations(request.tenant.slug) : []),
    dealershipReviews: async (request, dealershipId, limit) =>
      request.tenant
        ? (await listReviews(fastify.database.db, request.tenant.slug, dealershipId, limit)).map(
            ({ tenant: _tenant, dealership_id: _dealership, ...review }) => review,
          )
        : [],
    geocode: async (postcode) => {
      const place = await fastify.partners.geocoder.geocode(postcode);
      return place ? { region: place.region, lat: place.lat, lng: place.lng } : null;
    },
  };
}
