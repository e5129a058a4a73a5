import { z } from 'zod';

/**
 * The enquiry's rules, one schema for the browser's form and the server's lead endpoint
 * (spec finance-leads-locations §3 contact form fields, §5 validation, §8 texts).
 */

/** Spec texts. */
export const REQUIRED = 'This is a required field.';
export const INVALID_POSTCODE = 'Invalid postcode. Please enter a 4-digit number.';
export const TERMS_REQUIRED = '*You must agree to the terms of use before submitting.';
export const OPT_IN_LABEL = 'Email me similar stock and latest offers.';
/** Not in the spec: the email and mobile checks. */
export const INVALID_EMAIL = 'Please enter a valid email address.';
export const INVALID_MOBILE_NUMBER = 'Please enter a valid mobile number.';

/** Spec: 'Category select required, default General Enquiry'. */
export const CATEGORIES = ['General Enquiry', 'Finance', 'Trade-in', 'Service', 'Parts', 'Test Drive'] as const;
export const DEFAULT_CATEGORY = 'General Enquiry';

/** Spec: the lead's `source`. */
export const LEAD_SOURCE = 'Website';

/** What a site's form asks for: comments required unless the site flag says otherwise, terms where the site uses them. */
export interface EnquiryRules {
  commentsRequired: boolean;
  termsRequired: boolean;
  postcodeShown: boolean;
}

const required = (max: number) => z.string({ error: REQUIRED }).trim().min(1, { error: REQUIRED }).max(max, { error: `must be at most ${max} characters` });
const optional = (max: number) => z.string().trim().max(max, { error: `must be at most ${max} characters` }).optional();

/** Spec postcode: exactly 4 digits, no separators. */
const postcode = z.string({ error: REQUIRED }).trim().min(1, { error: REQUIRED }).regex(/^\d{4}$/, { error: INVALID_POSTCODE });

/**
 * The generic enquiry (contact form fields: name 'First Name', last_name, email 'Email Address',
 * phone 'Mobile Number', postcode, message 'Comments', category, Rego, location_id,
 * dealership_slug, opt_in, page_id, terms_conditions), with the site's rules.
 */
export function enquirySchema(rules: EnquiryRules) {
  return z
    .object({
      name: required(100),
      last_name: required(100),
      email: z.string({ error: REQUIRED }).trim().min(1, { error: REQUIRED }).max(254).pipe(z.email({ error: INVALID_EMAIL })),
      phone: required(32).refine((value) => /^(\+?61|0)[2-478]\d{8}$/.test(value.replace(/[\s()-]/g, '')), { error: INVALID_MOBILE_NUMBER }),
      postcode: rules.postcodeShown ? postcode : postcode.optional(),
      message: rules.commentsRequired ? required(5000) : optional(5000),
      category: z.enum(CATEGORIES, { error: REQUIRED }).default(DEFAULT_CATEGORY),
      rego: optional(12),
      location_id: optional(120),
      dealership_slug: optional(120),
      subcategory: optional(120),
      page_id: optional(120),
      car_id: optional(64),
      opt_in: z.boolean().default(true),
      terms_conditions: rules.termsRequired ? z.literal(true, { error: TERMS_REQUIRED }) : z.boolean().optional(),
    })
    .strict();
}

export type Enquiry = z.infer<ReturnType<typeof enquirySchema>>;

/** The lead endpoint's body: the form's values and where they were sent from. */
export function leadBodySchema(rules: EnquiryRules) {
  return z
    .object({
      form: z.enum(['enquiry', 'test-drive', 'request-photos', 'find-similar', 'contact', 'service']),
      userData: enquirySchema(rules),
      url: z.string().max(2048).startsWith('/', { error: 'must be a path on this site' }),
      lead_attributes: z
        .object({
          visited_pages: z.array(z.string().max(2048)).max(20).default([]),
          linked_query_params: z.record(z.string().max(64), z.string().max(512)).default({}),
        })
        .strict()
        .default({ visited_pages: [], linked_query_params: {} }),
    })
    .strict();
}

export type LeadBody = z.infer<ReturnType<typeof leadBodySchema>>;
