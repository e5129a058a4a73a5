import { zm } from '@forecourt/shared-config';

/**
 * The leads team's contract: the schemas of its API's answers (`/api/leads/...`), which its
 * pages check each answer with and its server half types the same answers by. Browser code never
 * imports server/, so what both halves read lives here.
 */

/** `GET /api/leads/form`: what the browser's form needs to build the same schema the server will check. */
export const formContextSchema = zm.object({
  locations: zm.array(zm.object({ id: zm.string(), name: zm.string() })),
  car: zm.nullable(zm.object({ id: zm.string(), name: zm.string(), car_type: zm.string(), location_id: zm.string() })),
});
export type FormContextAnswer = zm.output<typeof formContextSchema>;

/** One day of test-drive times. */
const availabilityDaySchema = zm.object({
  /** 'YYYY-MM-DD' on the dealer's clock. */
  date: zm.string(),
  /** 'HH:mm' start times, earliest first. */
  times: zm.array(zm.string()),
});
export type AvailabilityDay = zm.output<typeof availabilityDaySchema>;

/** `GET /api/leads/test-drive-times`: a location's free times on the dealer's clock. */
export const testDriveTimesSchema = zm.object({ timeZone: zm.string(), days: zm.array(availabilityDaySchema) });
export type TestDriveTimesAnswer = zm.output<typeof testDriveTimesSchema>;

/** One of the shopper's enquiries as `GET /api/leads/mine` answers it. */
const myEnquirySchema = zm.object({
  id: zm.string(),
  /** What the enquiry was: the form's name, or its subcategory where it says more ('Test Drive Booking Used'). */
  title: zm.string(),
  car: zm.nullable(zm.object({ name: zm.string(), slug: zm.string() })),
  /** ISO instant. */
  sent_at: zm.string(),
});
export type MyEnquiry = zm.output<typeof myEnquirySchema>;
export const MY_ENQUIRIES_PATH = '/api/leads/mine';
export const myEnquiriesSchema = zm.object({ enquiries: zm.array(myEnquirySchema) });
export type MyEnquiries = zm.output<typeof myEnquiriesSchema>;

/** What the rego register knows of a car (spec §7 rego lookup: rego, regoState). */
const regoVehicleSchema = zm.object({
  year: zm.number(),
  make: zm.string(),
  model: zm.string(),
  badge: zm.nullable(zm.string()),
  body: zm.nullable(zm.string()),
  transmission: zm.nullable(zm.string()),
  fuel: zm.nullable(zm.string()),
});
export type RegoVehicle = zm.output<typeof regoVehicleSchema>;

/** `POST /api/leads/rego-lookup`: the car behind a plate. */
export const regoLookupAnswerSchema = zm.object({
  rego: zm.string(),
  regoState: zm.string(),
  vehicle: regoVehicleSchema,
});
export type RegoLookupAnswer = zm.output<typeof regoLookupAnswerSchema>;

/** The trade-in estimator's answer, stored on the valuation lead and sent back with it (`valuation` in the lead's answer). */
export const valuationSchema = zm.union([
  zm.object({
    status: zm.literal('offer'),
    offer: zm.number(),
    low: zm.number(),
    high: zm.number(),
    retail: zm.number(),
  }),
  zm.object({ status: zm.literal('no-online-estimate'), reason: zm.enum(['age', 'km', 'no-market']) }),
]);
export type Valuation = zm.output<typeof valuationSchema>;

/** `POST /api/leads/offer-accepted`: the offer's own lead. */
export const offerAcceptedSchema = zm.object({ lead_id: zm.string() });
export type OfferAcceptedAnswer = zm.output<typeof offerAcceptedSchema>;

/** `GET /api/check-if-contact-exists` (the platform's identity route): whether a mobile is a contact of this site. */
export const contactExistsSchema = zm.object({
  data: zm.nullable(zm.object({ exists: zm.boolean() })),
  error: zm.nullable(zm.string()),
});
export type ContactExistsAnswer = zm.output<typeof contactExistsSchema>;
