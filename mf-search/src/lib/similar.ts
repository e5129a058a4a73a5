import { quoted } from './filter-syntax';
import { isInStock } from '@forecourt/shared-config';
import type { CarHit } from './hit';
import { PREORDER_PRICE_MAX } from '@forecourt/shared-config/price';

/**
 * Similar cars for the `./SimilarCars` fragment. The spec names the block ("similar cars block",
 * a carousel with previous/next arrows, "Similar cars count is configurable") but not what
 * "similar" means; this is the platform's rule, the one a shopper comparing cars would expect:
 * in stock (in_stock or coming_soon), the same body type or the same make, and, for a priced car,
 * within a quarter of its price either way; the car itself never. The index's own ranking orders
 * them.
 */
export const SIMILAR_PRICE_WINDOW = 0.25;
/** The default count where the site sets none (`search.similarCount`). */
export const SIMILAR_DEFAULT_COUNT = 8;

/** The search for cars like `car`: filters in Algolia's syntax, one more hit than needed (the car itself may come back). */
export function similarQuery(car: Pick<CarHit, 'make' | 'body' | 'price'>, count: number): { filters: string; hitsPerPage: number } {
  const alike = [car.body ? `body:${quoted(car.body)}` : null, car.make ? `make:${quoted(car.make)}` : null].filter(Boolean).join(' OR ');
  const parts = ['(status:in_stock OR status:coming_soon)'];
  if (alike) parts.push(`(${alike})`);
  if (car.price > PREORDER_PRICE_MAX) {
    const low = Math.floor(car.price * (1 - SIMILAR_PRICE_WINDOW));
    const high = Math.ceil(car.price * (1 + SIMILAR_PRICE_WINDOW));
    parts.push(`price:${low} TO ${high}`);
  }
  return { filters: parts.join(' AND '), hitsPerPage: count + 1 };
}

/** What the carousel shows from the answer: never the car itself, only cars in stock, at most `count`. */
export function pickSimilar<T extends Pick<CarHit, 'objectID' | 'slug' | 'status'>>(hits: readonly T[], car: Pick<CarHit, 'objectID' | 'slug'>, count: number): T[] {
  return hits.filter((hit) => hit.objectID !== car.objectID && hit.slug !== car.slug && isInStock(hit.status)).slice(0, count);
}
