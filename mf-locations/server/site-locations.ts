import type { PlatformPorts } from '@forecourt/shared-config/server';
import { siteShowsLocation } from '@forecourt/shared-config/locations';
import { dealerTimeZone, type LocationSettings } from '@forecourt/shared-config/tenant';
import type { FastifyRequest } from 'fastify';
import {
  LOCATION_TYPES,
  type DealerLocation,
  type LocationType,
  type OpeningHour,
  type Review,
  type ReviewSummary,
} from '../src/contract';

/**
 * The ports mf-locations's server half needs and the site's view of its data through them. A
 * module of its own: the plugin (index.ts) answers the API from it, and the first paint
 * (first-paint.tsx) reads the same answers for the page it renders.
 */

/**
 * A location as the platform stores it (spec §3 'Location'): every row, shown or not, with the
 * stored type ('' means sales), the dealership's review figures, and its hours under any type
 * name; the site's view of it (DealerLocation) is made by `toDealerLocation`.
 */
export type StoredLocation = Omit<
  DealerLocation,
  'location_type' | 'reviews' | 'time_zone' | 'booking_url' | 'contact_detail'
> & {
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

const STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;
const isState = (state: string): state is (typeof STATES)[number] => (STATES as readonly string[]).includes(state);

/**
 * A stored row as the site shows it: its type ('' reads sales), its clock (its own state's), the
 * licence and repairer numbers only where the site's consent flag allows, the review figures only
 * where the site shows reviews, and the external booking page on the one location that has one.
 */
function toDealerLocation(row: StoredLocation, settings: LocationSettings): DealerLocation {
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
    contact_detail: {
      phone: contact_detail.phone,
      landline_phone: contact_detail.landline_phone,
      opening_hours: hours,
    },
    booking_url: settings.serviceBooking?.location === row.slug ? settings.serviceBooking.url : null,
  };
}

/** The locations a site shows, in the stored order (primary first is the data's business); null where the site has mf-locations off. */
export async function siteLocations(ports: LocationsPorts, request: FastifyRequest): Promise<DealerLocation[] | null> {
  const settings = ports.locationSettings(request);
  if (!settings) return null;
  return (await ports.storedLocations(request))
    .filter((row) => siteShowsLocation(settings, row))
    .map((row) => toDealerLocation(row, settings));
}

/**
 * A dealership's review summary as the site shows it (its average, count and newest 12), or null
 * where the site hides reviews or does not show the dealership. `locations` are the site's
 * (siteLocations).
 */
export async function dealershipReviewSummary(
  ports: LocationsPorts,
  request: FastifyRequest,
  locations: readonly DealerLocation[],
  dealership: string,
): Promise<ReviewSummary | null> {
  const settings = ports.locationSettings(request);
  const location = locations.find((candidate) => candidate.dealership_slug === dealership);
  if (!settings || settings.reviews.hidden || !location?.reviews) return null;
  const reviews = await ports.dealershipReviews(request, location.dealership_id, REVIEWS_LISTED);
  return {
    dealership_slug: location.dealership_slug,
    average_rating: location.reviews.average_rating.toFixed(1),
    count: location.reviews.count,
    reviews,
  };
}
