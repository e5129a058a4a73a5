import type { SpecialDay, WeeklyHours } from '@forecourt/shared-config/hours';

/**
 * The locations team's contract: what mf-locations's API answers (spec §3 'Location', 'Opening
 * hour entry', 'Special hours entry', 'Review summary', 'Review') and where, as its pages and
 * fragments read it, its server half (server/) fills it and the platform (infra) tests it. The
 * server fills it from the platform's stock; the browser never sees a location its site does not show.
 */

/** Spec: sales, service, parts, car-buying; an empty type means sales (the API answers it as 'sales'). */
export const LOCATION_TYPES = ['sales', 'service', 'parts', 'car-buying'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

export interface OpeningHour extends WeeklyHours {
  /** The dealer's own text for the day, e.g. '8:30am - 5:30pm' (spec field name). */
  formated_hours: string;
}

export type SpecialHours = SpecialDay;

export interface DealerLocation {
  id: string;
  name: string;
  slug: string;
  location_type: LocationType;
  /** May include 'buying' (a sales yard that also buys cars). */
  location_subtype: string[];
  manufacturers: string[];
  primary: boolean;
  dealership_id: string;
  dealership_slug: string;
  dealership_name: string;
  /** Null unless the site's consent flag lets them show (the server leaves them out otherwise). */
  dealer_license_number: string | null;
  motor_vehicle_repairer: string | null;
  image_url: string;
  distribution_locations: string[];
  /** The dealership's review figures (null where the site hides reviews). */
  reviews: { average_rating: number; count: number } | null;
  /** The location's own clock (IANA zone, from its state): hours and 'open now' are read in it. */
  time_zone: string;
  address: { street: string; city: string; state: string; postcode: string; lat: number; long: number; place_url: string };
  contact_detail: {
    phone: string;
    landline_phone: string | null;
    /** Per type, when the location keeps several (sales, service, parts). */
    opening_hours: Partial<Record<LocationType, OpeningHour[]>>;
  };
  special_hours: SpecialHours[];
  /** The external service booking page its closed days link to ('Enquire Now'), on the one site and location that has one. */
  booking_url: string | null;
}

export interface Review {
  id: string;
  customer_name: string;
  text: string;
  rating: number;
  review_date: string;
  reply_text: string | null;
  reply_date: string | null;
  image: string | null;
}

export interface ReviewSummary {
  dealership_slug: string;
  /** Spec: average_rating is a string, e.g. '4.6'. */
  average_rating: string;
  count: number;
  reviews: Review[];
}

export interface NearestAnswer {
  postcode: string;
  /** The region the postcode is in, e.g. 'Brisbane Northside'. */
  region: string;
  /** The site's locations by distance, nearest first. */
  locations: Array<{ slug: string; distance_km: number }>;
}

export const LOCATIONS_PATH = '/api/locations/locations';
export const reviewsPath = (dealershipSlug: string) => `/api/locations/reviews/${encodeURIComponent(dealershipSlug)}`;
export const nearestPath = (postcode: string) => `/api/locations/nearest?postcode=${encodeURIComponent(postcode)}`;
