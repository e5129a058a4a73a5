import { z } from 'zod';
import {
  emailSchema,
  INVALID_EMAIL,
  INVALID_MOBILE_NUMBER,
  INVALID_POSTCODE,
  isMobileNumber,
  mobileSchema,
  optional,
  postcodeSchema,
  REQUIRED,
  required,
  text,
} from '@forecourt/shared-config/contact';

/**
 * Every lead form's rules: one schema per form for the browser's form and the server's lead
 * endpoint (spec finance-leads-locations §3 contact form fields, §5 validation, §8 texts;
 * search-and-vehicle §3 test drive and photo request fields). A schema is built from the site's
 * rules (its tenant switches) and the choices the form offers (its locations), so the browser
 * and the server build the same one.
 */

/** Spec texts (the contact fields' own live in shared-config's contact rules, shared with the finance enquiry). */
export { INVALID_EMAIL, INVALID_MOBILE_NUMBER, INVALID_POSTCODE, isMobileNumber, optional, REQUIRED, required, text };
export const TERMS_REQUIRED = '*You must agree to the terms of use before submitting.';
export const OPT_IN_LABEL = 'Email me similar stock and latest offers.';
/** Spec: the photo request's hidden field and its default. */
export const REQUEST_PHOTOS_DEFAULT = 'Please send photos for this car';
/** Spec (§4 not in stock): the find-similar enquiry's prefill and subcategory. */
export const FIND_SIMILAR_MESSAGE = 'Can you please find me something similar?';
export const FIND_SIMILAR_SUBCATEGORY = 'Find me something similar';
/** Spec (§4 multi-step forms): the test drive's subcategory by the car's condition. */
export const TEST_DRIVE_SUBCATEGORIES = ['Test Drive Booking Used', 'Test Drive Booking New'] as const;
export const testDriveSubcategory = (carType: string) =>
  carType === 'new' ? 'Test Drive Booking New' : 'Test Drive Booking Used';

/** Not in the spec: the choice, rego and date checks, in the spec's plain style. */
export const INVALID_CHOICE = 'Please choose one of the options.';
export const INVALID_REGO = 'Please enter a registration of 1 to 9 letters and numbers.';
export const INVALID_DATE_TIME = 'Please choose a time from the list.';

/** Spec: 'Category select required, default General Enquiry'. The other categories are the departments a dealer routes to. */
export const CATEGORIES = ['General Enquiry', 'Sales', 'Finance', 'Trade-in', 'Service', 'Parts'] as const;
export const DEFAULT_CATEGORY = 'General Enquiry';

/** Spec: the lead's `source`. */
export const LEAD_SOURCE = 'Website';

/** The site's switches for its forms (tenant `leads`). */
export interface EnquiryRules {
  commentsRequired: boolean;
  termsRequired: boolean;
  postcodeShown: boolean;
  /** The online trade-in valuation (tenant `leads.tradeIn`, on by default): off, no valuation is taken. */
  tradeIn?: boolean;
}

/** What a form offers: the locations of its location select (required where shown: more than one). */
export interface FormChoices {
  locations: readonly { id: string; name: string }[];
}

export const NO_CHOICES: FormChoices = { locations: [] };

/** A plate as the states issue them: 1 to 9 letters and digits (spaces and dashes dropped). */
export const normaliseRego = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();
const rego = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, { error: REQUIRED })
  .transform(normaliseRego)
  .pipe(z.string().regex(/^[A-Z0-9]{1,9}$/, { error: INVALID_REGO }));

/**
 * A choice among the form's locations: required and one of them where the select is shown (more
 * than one location), otherwise optional (and still one of them when given).
 */
function locationChoice(choices: FormChoices) {
  const ids = choices.locations.map((location) => location.id);
  const oneOf = z
    .string({ error: REQUIRED })
    .min(1, { error: REQUIRED })
    .refine((id) => ids.length === 0 || ids.includes(id), { error: INVALID_CHOICE });
  return ids.length > 1 ? oneOf : oneOf.optional();
}

/** The core contact fields every lead form asks for, per the site's switches. */
export function contactShape(rules: EnquiryRules) {
  return {
    name: required(100),
    last_name: required(100),
    email: emailSchema,
    phone: mobileSchema,
    postcode: rules.postcodeShown ? postcodeSchema : postcodeSchema.optional(),
    opt_in: z.boolean().default(true),
    terms_conditions: rules.termsRequired ? z.literal(true, { error: TERMS_REQUIRED }) : z.boolean().optional(),
    /** The car the lead is about, by its id on this site (the server adds the rest from stock). */
    car_id: optional(64),
    /** The content page the form sits on (spec: page_id). */
    page_id: optional(120),
  };
}

/**
 * The generic enquiry (contact pages, the vehicle page's enquiry, Enquire Now, find-me-similar):
 * 'First Name', last_name, 'Email Address', 'Mobile Number', postcode, 'Comments', category,
 * Rego, location_id, dealership_slug, subcategory, opt_in, page_id, terms_conditions.
 */
export function enquirySchema(rules: EnquiryRules, choices: FormChoices = NO_CHOICES) {
  return z
    .object({
      ...contactShape(rules),
      message: rules.commentsRequired ? required(5000) : optional(5000),
      category: z.enum(CATEGORIES, { error: REQUIRED }).default(DEFAULT_CATEGORY),
      rego: optional(12),
      location_id: locationChoice(choices),
      dealership_slug: optional(120),
      subcategory: optional(120),
    })
    .strict();
}

/** The quick enquiry: the contact fields and a question, nothing else. */
export function quickEnquirySchema(rules: EnquiryRules) {
  return z
    .object({ ...contactShape(rules), message: rules.commentsRequired ? required(5000) : optional(5000) })
    .strict();
}

/** A test-drive time as the dealer's clock reads it: 'YYYY-MM-DDTHH:mm'. */
export const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/**
 * The test drive (spec): core fields, message optional, dateTime ('Test Drive Booking Date',
 * optional, one of the offered times: the server checks it is still free), the distribution
 * location when the car's location has several, the subcategory by condition.
 */
export function testDriveSchema(rules: EnquiryRules, choices: FormChoices = NO_CHOICES) {
  return z
    .object({
      ...contactShape(rules),
      message: optional(5000),
      dateTime: z.string().regex(LOCAL_DATE_TIME, { error: INVALID_DATE_TIME }).optional(),
      location_id: locationChoice(choices),
      subcategory: z.enum(TEST_DRIVE_SUBCATEGORIES).optional(),
    })
    .strict();
}

/** The photo request (spec): core fields, the hidden 'Request Photos' (default text), message optional. */
export function requestPhotosSchema(rules: EnquiryRules) {
  return z
    .object({
      ...contactShape(rules),
      'Request Photos': optional(500).transform((value) => value || REQUEST_PHOTOS_DEFAULT),
      message: optional(5000),
    })
    .strict();
}

/** The service booking (`/service`): the car's rego, when, at which service location, what it needs. */
export function serviceSchema(rules: EnquiryRules, choices: FormChoices = NO_CHOICES) {
  return z
    .object({
      ...contactShape(rules),
      rego,
      vehicle: optional(120),
      preferred_date: z.iso.date({ error: 'Please enter a date.' }).optional(),
      location_id: locationChoice(choices),
      message: optional(5000),
    })
    .strict();
}

/** The careers enquiry (`/careers`, analytics 51): the role and a few words about the applicant. */
export function careersSchema(rules: EnquiryRules) {
  return z
    .object({
      ...contactShape(rules),
      position: optional(120),
      message: required(5000),
    })
    .strict();
}

export type Enquiry = z.infer<ReturnType<typeof enquirySchema>>;

/** Each lead form by the name it is sent under. */
export const LEAD_FORMS = [
  'enquiry',
  'quick-enquiry',
  'find-similar',
  'test-drive',
  'request-photos',
  'service',
  'careers',
  'trade-in',
] as const;
export type LeadForm = (typeof LEAD_FORMS)[number];
