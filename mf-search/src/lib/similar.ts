import { quoted } from './filter-syntax';
import { isInStock } from '@forecourt/shared-config';
import type { CarHit } from './hit';
import { PREORDER_PRICE_MAX } from '@forecourt/shared-config/price';
import { sliderBounds, snap, SNAP, type Bounds } from './range-slider';

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

/** Cars like `car` whatever their price: in stock, the same body type or make (the similar slider's facet). */
export function similarFilters(car: Pick<CarHit, 'make' | 'body'>): string {
  const alike = [car.body ? `body:${quoted(car.body)}` : null, car.make ? `make:${quoted(car.make)}` : null]
    .filter(Boolean)
    .join(' OR ');
  const parts = ['(status:in_stock OR status:coming_soon)'];
  if (alike) parts.push(`(${alike})`);
  return parts.join(' AND ');
}

/**
 * The price window the similar cars start from: a quarter of the car's price either way, widened
 * to whole thousands (the slider's snap, spec §5); null for an unpriced car (10 or less).
 */
export function similarPriceWindow(car: Pick<CarHit, 'price'>): Bounds | null {
  if (car.price <= PREORDER_PRICE_MAX) return null;
  return {
    min: Math.floor((car.price * (1 - SIMILAR_PRICE_WINDOW)) / SNAP) * SNAP,
    max: Math.ceil((car.price * (1 + SIMILAR_PRICE_WINDOW)) / SNAP) * SNAP,
  };
}

/**
 * The similar slider (spec §5: "Sliders (price, km, similar) snap to multiples of 1000 and are
 * clamped to the facet min and max. Default range 0 to 100000"): the price range of the similar
 * cars block. Its bounds are the similar cars' price facet (whatever their price), in whole
 * thousands, 0 to 100000 without one; it starts at the car's window, clamped to those bounds.
 * Null for an unpriced car: there is no price to be near.
 */
export function similarSlider(
  car: Pick<CarHit, 'price'>,
  facet: Bounds | undefined,
): { bounds: Bounds; range: Bounds } | null {
  const window = similarPriceWindow(car);
  if (!window) return null;
  const bounds = sliderBounds(facet);
  const range = { min: snap(window.min, bounds), max: snap(window.max, bounds) };
  return { bounds, range };
}

/** The search for cars like `car`, in `price` (its window by default): one more hit than needed (the car itself may come back). */
export function similarQuery(
  car: Pick<CarHit, 'make' | 'body' | 'price'>,
  count: number,
  price: Bounds | null = similarPriceWindow(car),
): { filters: string; hitsPerPage: number } {
  const parts = [similarFilters(car)];
  if (price) parts.push(`price:${price.min} TO ${price.max}`);
  return { filters: parts.join(' AND '), hitsPerPage: count + 1 };
}

/** What the carousel shows from the answer: never the car itself, only cars in stock, at most `count`. */
export function pickSimilar<T extends Pick<CarHit, 'objectID' | 'slug' | 'status'>>(
  hits: readonly T[],
  car: Pick<CarHit, 'objectID' | 'slug'>,
  count: number,
): T[] {
  return hits
    .filter((hit) => hit.objectID !== car.objectID && hit.slug !== car.slug && isInStock(hit.status))
    .slice(0, count);
}
