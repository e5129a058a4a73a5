import { z } from 'zod';
import { slug } from '../fields';

/**
 * The site's locations switches (locations rules: which locations a site shows, the consent flag
 * for licence numbers, reviews, the map, the one service location that books elsewhere). Every
 * "some sites / one site" rule of the locations side is one of these.
 */
export const LocationSettingsSchema = z
  .object({
    /** Dealerships whose locations the site does not show (spec: 'hidden-dealerships list'), by dealership slug. */
    hiddenDealerships: z.array(slug).max(100).default([]),
    /** When set, the only dealerships whose locations the site shows (spec: 'shown-dealerships list'). */
    shownDealerships: z.array(slug).min(1).max(100).optional(),
    /** The consent flag: dealer licence (DL) and repairer (MRB) numbers shown on cards and pages. */
    showLicenceNumbers: z.boolean().default(false),
    reviews: z
      .object({
        /** No review badge, summary or list anywhere on the site. */
        hidden: z.boolean().default(false),
        /** The badge shows only for an average above this (spec: 'Reviews minimum rating 4'; the badge when the rating 'exceeds' it). */
        minimumRating: z.number().min(0).max(5).default(4),
      })
      .strict()
      .prefault({}),
    /**
     * The map's tile source: an https XYZ template ('https://tiles.example/{z}/{x}/{y}.png') and
     * the attribution its licence asks for. Without it, or when tiles cannot load, the map is the
     * platform's static one. The server adds the template's origin to the page's img-src.
     */
    mapTiles: z
      .object({
        url: z
          .string()
          .regex(
            /^https:\/\/[a-z0-9.-]+(:\d+)?\/\S*\{z\}\S*\{x\}\S*\{y\}/,
            'must be an https tile template with {z}, {x} and {y}',
          ),
        attribution: z.string().min(1).max(200),
      })
      .strict()
      .optional(),
    /**
     * The one service location whose closed days read 'Enquire Now', linking to its external
     * service booking page (spec: 'on one site for one specific service location').
     */
    serviceBooking: z
      .object({ location: slug, url: z.string().regex(/^https:\/\/\S+$/, 'must be an https address') })
      .strict()
      .optional(),
  })
  .strict();

export type LocationSettings = z.infer<typeof LocationSettingsSchema>;
