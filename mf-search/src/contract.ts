/**
 * The search team's contract: the types (and the one schema) its pages (src), its server half
 * (server/) and the platform (infra) share. Browser code never imports server/, so what both
 * halves read lives here; the server half imports it from here too.
 */
import { z } from 'zod';

/**
 * A result or similar-car card's weekly figure for a hit, as a pure function, with the hit's
 * shape and its schema. Here for the platform's tests over every seeded car
 * (infra/server/src/repayment-figures.test.ts, and page-answers.test.ts for the fallback fetch's
 * cars): only infra reaches the seed, and infra may read a team's contract but never its UI.
 */
export { cardRepayment, carHitSchema, type CarHit } from './lib/hit';

/**
 * The filters of the fallback fetch (spec §7: "Fallback fetch | search_filters, limit | list of
 * vehicles"): the shopper's choices the database can apply without the search index.
 */
export const FallbackFiltersSchema = z
  .object({
    make: z.array(z.string().min(1).max(60)).max(50).optional(),
    model: z.array(z.string().min(1).max(60)).max(50).optional(),
    body: z.array(z.string().min(1).max(40)).max(30).optional(),
    car_type: z
      .array(z.enum(['new', 'used', 'demo']))
      .max(3)
      .optional(),
    price: z
      .object({ min: z.number().min(0).optional(), max: z.number().min(0).optional() })
      .strict()
      .optional(),
  })
  .strict();
export type FallbackFilters = z.infer<typeof FallbackFiltersSchema>;

/** A home page slide (`GET /api/search/slides`) and a promo card (`GET /api/search/promos`), as the pages read them; their schemas are the api modules'. */
export type { SlideData } from './features/home/api/slides';
export type { PromoCardData } from './features/results/api/promos';
