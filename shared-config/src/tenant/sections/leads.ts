import { z } from 'zod';

/**
 * The manufacturer whose own service-booking site takes the site's service bookings (spec:
 * '/service: book a service online (a manufacturer service-booking site for one tenant)'): the
 * make its owners book for, and the booking site's https address.
 */
const ManufacturerServiceSchema = z
  .object({
    make: z.string().trim().min(1).max(40),
    url: z.string().regex(/^https:\/\/\S+$/, 'must be an https address'),
  })
  .strict();

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
    /**
     * The online trade-in valuation (spec: 'Action buttons hidden when: trade-in not enabled'):
     * the vehicle page's Trade-In buttons (its actions and the sticky header's 'Trade-In
     * Valuation') and the valuation wizard on /trade-in, /cars/trade-in, /sell-my-car and
     * /sell-your-car. Off, those addresses take a trade-in enquiry the dealer values in person,
     * and the lead API gives no valuation.
     */
    tradeIn: z.boolean().default(true),
    /** When set, /service hands the shopper to this manufacturer's service booking; without it, the platform's booking request. */
    manufacturerService: ManufacturerServiceSchema.optional(),
  })
  .strict();
