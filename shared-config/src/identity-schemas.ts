import { z } from 'zod';
import { codeProblem, CODE_REQUIRED, INVALID_MOBILE, isMobile, normalisePhone } from './identity';

/**
 * The identity API's request bodies, shared by the sign-in page and infra's routes
 * (`@forecourt/shared-config/identity-schemas`; not in the package index, so pages that only need the
 * texts and phone helpers do not download the validation library).
 */

/** A phone as typed, checked and normalised: the value is always '04xxxxxxxx'. */
export const MobileSchema = z
  .string({ error: 'is required' })
  .max(32, { error: 'must be at most 32 characters' })
  .transform((value) => normalisePhone(value))
  .refine(isMobile, { error: INVALID_MOBILE });

/** The code field: required, then exactly 6 digits (spec messages). */
export const CodeSchema = z
  .string({ error: CODE_REQUIRED })
  .superRefine((value, context) => {
    const problem = codeProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => value.trim());

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .optional();

/** Send a code. Spec metadata: first_name, last_name, email, website, dealership_slug (the website is the site itself). */
export const SendCodeSchema = z
  .object({
    phone: MobileSchema,
    first_name: optionalText(100),
    last_name: optionalText(100),
    email: z.email({ error: 'must be an email address' }).max(254).optional(),
    dealership_slug: optionalText(120),
  })
  .strict();
export type SendCodeBody = z.input<typeof SendCodeSchema>;

export const VerifyCodeSchema = z
  .object({ phone: MobileSchema, code: CodeSchema, dealership_slug: optionalText(120) })
  .strict();
export type VerifyCodeBody = z.input<typeof VerifyCodeSchema>;

/** Spec: watchlist calls carry phone_number and car_id; the server takes the phone from the session only. */
export const WatchlistBodySchema = z
  .object({
    car_id: z
      .string({ error: 'is required' })
      .trim()
      .min(1, { error: 'is required' })
      .max(64, { error: 'must be at most 64 characters' }),
    phone_number: z.string().max(32).optional(),
  })
  .strict();
export type WatchlistBody = z.input<typeof WatchlistBodySchema>;
