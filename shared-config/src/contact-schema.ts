import { z } from 'zod';
import { INVALID_POSTCODE } from './delivery';

/**
 * The contact fields' rules every lead form checks, in the browser and on the server: mf-leads'
 * enquiry forms and mf-finance's finance enquiry (spec: 'the finance lead uses the same helper').
 * Texts are the spec's where it gives one (§5, §8), otherwise in its plain style.
 */

/** Spec: 'This is a required field.' */
export const REQUIRED = 'This is a required field.';
/** Spec: 'Invalid postcode. Please enter a 4-digit number.' */
export { INVALID_POSTCODE };
/** Not in the spec. */
export const INVALID_EMAIL = 'Please enter a valid email address.';
export const INVALID_MOBILE_NUMBER = 'Please enter a valid mobile number.';

export const text = (max: number) =>
  z
    .string({ error: REQUIRED })
    .trim()
    .max(max, { error: `must be at most ${max} characters` });
export const required = (max: number) => text(max).min(1, { error: REQUIRED });
export const optional = (max: number) => text(max).optional();

/** Spec postcode: exactly 4 digits, no separators (placeholder 1234, maximum length 4). */
export const postcodeSchema = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, { error: REQUIRED })
  .regex(/^\d{4}$/, { error: INVALID_POSTCODE });

export const emailSchema = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, { error: REQUIRED })
  .max(254)
  .pipe(z.email({ error: INVALID_EMAIL }));

/** An Australian mobile: 04.. or +614.., spaces, brackets and dashes allowed. */
export const isMobileNumber = (value: string) => /^(\+?61|0)4\d{8}$/.test(value.replace(/[\s()-]/g, ''));

export const mobileSchema = required(32).refine(isMobileNumber, { error: INVALID_MOBILE_NUMBER });

/** Spec: lead_attributes (visited_pages, linked_query_params), as every lead carries them. */
export const leadAttributesSchema = z
  .object({
    visited_pages: z.array(z.string().max(2048)).max(20).default([]),
    linked_query_params: z.record(z.string().max(64), z.string().max(512)).default({}),
  })
  .strict()
  .default({ visited_pages: [], linked_query_params: {} });
