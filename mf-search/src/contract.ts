/**
 * The search team's contract: the types (and the one schema) its pages (src), its server half
 * (server/) and the platform (infra) share. Browser code never imports server/, so what both
 * halves read lives here; the server half imports it from here too.
 */
import { z } from 'zod';

/**
 * A result or similar-car card's weekly figure for a hit, as a pure function, with the hit's
 * shape. Here for the platform's test over every seeded car
 * (infra/src/server/repayment-figures.test.ts): only infra reaches the seed, and infra may read a
 * team's contract but never its UI.
 */
export { cardRepayment, type CarHit } from './lib/hit';

/**
 * The filters of the fallback fetch (spec §7: "Fallback fetch | search_filters, limit | list of
 * vehicles"): the shopper's choices the database can apply without the search index.
 */
export const FallbackFiltersSchema = z
  .object({
    make: z.array(z.string().min(1).max(60)).max(50).optional(),
    model: z.array(z.string().min(1).max(60)).max(50).optional(),
    body: z.array(z.string().min(1).max(40)).max(30).optional(),
    car_type: z.array(z.enum(['new', 'used', 'demo'])).max(3).optional(),
    price: z.object({ min: z.number().min(0).optional(), max: z.number().min(0).optional() }).strict().optional(),
  })
  .strict();
export type FallbackFilters = z.infer<typeof FallbackFiltersSchema>;

/**
 * A promotional slide of the site's home page, as `/api/search/slides` answers it (spec: 'Slide:
 * id, name, description, url, hide_overlay'). `image` carries the media service's `?w=` width.
 */
export interface SlideData {
  id: string;
  name: string;
  description: string;
  url: string;
  image: string;
  /** Spec: hide_overlay. The image says it all: no name and description over it. */
  hideOverlay: boolean;
}

/** A promo node as the results page reads it from `/api/search/promos`. */
export interface PromoCardData {
  id: string;
  start: string | null;
  expiry: string | null;
  position: number | null;
  display: string[];
  strictDisplay: boolean;
  title: string;
  text: string;
  href: string;
  imageUrl: string | null;
}
