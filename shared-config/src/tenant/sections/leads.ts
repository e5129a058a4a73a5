import { z } from 'zod';

/** mf-leads' switches in the tenant schema: what the enquiry forms require. A new leads switch goes here, with its default. */
export const LeadSettingsSchema = z
  .object({
    /** Comments are required on enquiry forms (spec: 'Comments required unless a site flag says otherwise'). */
    commentsRequired: z.boolean().default(true),
    /** The terms checkbox must be ticked (spec: 'Terms checkbox required on sites that use it'). */
    termsRequired: z.boolean().default(false),
    /** The postcode field is shown, and then required (spec: 'required where shown'). */
    postcodeShown: z.boolean().default(true),
    /** The trade-in valuation is also saved with POST /api/miscellaneous (spec §7: 'some dealers'). */
    saveValuation: z.boolean().default(false),
  })
  .strict();
