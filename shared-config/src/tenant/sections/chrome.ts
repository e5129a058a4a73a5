import { z } from 'zod';
import { LinkSchema } from '../fields';

/**
 * The chrome's switches: the footer's link columns and the strips and promotions around the
 * page. The header's links are the site's `nav`; its brand menu is the site's `brands`.
 */
export const ChromeSettingsSchema = z
  .object({
    /** The footer's columns of links (the site's pages, legal, the dealer's own content pages). */
    footer: z
      .array(z.object({ heading: z.string().min(1).max(40), links: z.array(LinkSchema).min(1).max(12) }).strict())
      .max(5)
      .default([]),
    /** Spec: 'Payment-accepted strip: Mastercard, Visa, Maestro, Google Pay, Apple Pay' (sites that take deposits online). */
    paymentStrip: z.boolean().default(false),
    /** Spec: 'Feature banner: See our latest offers; Book your service online; Sell your car (instant offer in 2 minutes)'. */
    featureBanner: z.boolean().default(false),
    /** Spec: the monthly sales counter (192 a day, Brisbane time), in the header's top bar. */
    salesCounter: z.boolean().default(false),
    /** Spec: the stocktake promotion's banner, shown only inside its window (1 to 24 July 2025, +10:00). */
    stocktakeBanner: z.boolean().default(false),
  })
  .strict();

export type ChromeSettings = z.infer<typeof ChromeSettingsSchema>;
