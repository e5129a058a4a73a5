import { specialDaySchema, weeklyHoursSchema, zm } from '@forecourt/shared-config';

/**
 * The locations team's contract: what mf-locations's API answers (spec §3 'Location', 'Opening
 * hour entry', 'Special hours entry', 'Review summary', 'Review') and where, as schemas its pages
 * and fragments check each answer with, its server half (server/) fills and the platform (infra)
 * tests. The server fills it from the platform's stock; the browser never sees a location its
 * site does not show.
 */

/** Spec: sales, service, parts, car-buying; an empty type means sales (the API answers it as 'sales'). */
export const LOCATION_TYPES = ['sales', 'service', 'parts', 'car-buying'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

const openingHourSchema = zm.extend(weeklyHoursSchema, {
  /** The dealer's own text for the day, e.g. '8:30am - 5:30pm' (spec field name). */
  formated_hours: zm.string(),
});
export type OpeningHour = zm.output<typeof openingHourSchema>;

export type SpecialHours = zm.output<typeof specialDaySchema>;

const dealerLocationSchema = zm.object({
  id: zm.string(),
  name: zm.string(),
  slug: zm.string(),
  location_type: zm.enum(LOCATION_TYPES),
  /** May include 'buying' (a sales yard that also buys cars). */
  location_subtype: zm.array(zm.string()),
  manufacturers: zm.array(zm.string()),
  primary: zm.boolean(),
  dealership_id: zm.string(),
  dealership_slug: zm.string(),
  dealership_name: zm.string(),
  /** Null unless the site's consent flag lets them show (the server leaves them out otherwise). */
  dealer_license_number: zm.nullable(zm.string()),
  motor_vehicle_repairer: zm.nullable(zm.string()),
  image_url: zm.string(),
  distribution_locations: zm.array(zm.string()),
  /** The dealership's review figures (null where the site hides reviews). */
  reviews: zm.nullable(zm.object({ average_rating: zm.number(), count: zm.number() })),
  /** The location's own clock (IANA zone, from its state): hours and 'open now' are read in it. */
  time_zone: zm.string(),
  address: zm.object({
    street: zm.string(),
    city: zm.string(),
    state: zm.string(),
    postcode: zm.string(),
    lat: zm.number(),
    long: zm.number(),
    place_url: zm.string(),
  }),
  contact_detail: zm.object({
    phone: zm.string(),
    landline_phone: zm.nullable(zm.string()),
    /** Per type, when the location keeps several (sales, service, parts). */
    opening_hours: zm.partialRecord(zm.enum(LOCATION_TYPES), zm.array(openingHourSchema)),
  }),
  special_hours: zm.array(specialDaySchema),
  /** The external service booking page its closed days link to ('Enquire Now'), on the one site and location that has one. */
  booking_url: zm.nullable(zm.string()),
});
export type DealerLocation = zm.output<typeof dealerLocationSchema>;

/** `GET /api/locations/locations`: the site's locations. */
export const locationsAnswerSchema = zm.object({ locations: zm.array(dealerLocationSchema) });
export type LocationsAnswer = zm.output<typeof locationsAnswerSchema>;

const reviewSchema = zm.object({
  id: zm.string(),
  customer_name: zm.string(),
  text: zm.string(),
  rating: zm.number(),
  review_date: zm.string(),
  reply_text: zm.nullable(zm.string()),
  reply_date: zm.nullable(zm.string()),
  image: zm.nullable(zm.string()),
});
export type Review = zm.output<typeof reviewSchema>;

/** `GET /api/locations/reviews/{dealership}`. */
export const reviewSummarySchema = zm.object({
  dealership_slug: zm.string(),
  /** Spec: average_rating is a string, e.g. '4.6'. */
  average_rating: zm.string(),
  count: zm.number(),
  reviews: zm.array(reviewSchema),
});
export type ReviewSummary = zm.output<typeof reviewSummarySchema>;

/** `GET /api/locations/nearest?postcode=`. */
export const nearestAnswerSchema = zm.object({
  postcode: zm.string(),
  /** The region the postcode is in, e.g. 'Brisbane Northside'. */
  region: zm.string(),
  /** The site's locations by distance, nearest first. */
  locations: zm.array(zm.object({ slug: zm.string(), distance_km: zm.number() })),
});
export type NearestAnswer = zm.output<typeof nearestAnswerSchema>;

export const LOCATIONS_PATH = '/api/locations/locations';
export const reviewsPath = (dealershipSlug: string) => `/api/locations/reviews/${encodeURIComponent(dealershipSlug)}`;
export const nearestPath = (postcode: string) => `/api/locations/nearest?postcode=${encodeURIComponent(postcode)}`;
