import type { FallbackFilters } from '../contract';

/** The part of InstantSearch's index state the fallback can use. */
export interface FallbackUiState {
  refinementList?: Record<string, string[]>;
  range?: Record<string, string>;
}

const LISTS = ['make', 'model', 'body', 'car_type'] as const;

/**
 * The shopper's filters as the fallback fetch takes them (spec §7: search_filters), when the
 * search index cannot answer: the make, model, body and condition lists, the price range ('min:max',
 * either side may be empty), and the page's own conditions (a used-cars page asks for used cars).
 * Filters the stock cannot apply without the index (a typed query, kilometres) are left out; the
 * page says the list is a fallback.
 */
export function fallbackFilters(ui: FallbackUiState, routeCarTypes: readonly string[]): FallbackFilters {
  const filters: FallbackFilters = {};
  for (const attribute of LISTS) {
    const values = ui.refinementList?.[attribute] ?? [];
    if (values.length > 0) (filters as Record<string, unknown>)[attribute] = [...values];
  }
  if (!filters.car_type && routeCarTypes.length > 0)
    filters.car_type = routeCarTypes.filter(
      (t): t is 'new' | 'used' | 'demo' => t === 'new' || t === 'used' || t === 'demo',
    );
  const [min, max] = (ui.range?.['price'] ?? '').split(':').map((side) => (side === '' ? undefined : Number(side)));
  const price = {
    ...(min !== undefined && Number.isFinite(min) ? { min } : {}),
    ...(max !== undefined && Number.isFinite(max) ? { max } : {}),
  };
  if (Object.keys(price).length > 0) filters.price = price;
  return filters;
}

/** The fallback fetch's address. */
export function fallbackUrl(filters: FallbackFilters, limit: number): string {
  return `/api/search/fallback?search_filters=${encodeURIComponent(JSON.stringify(filters))}&limit=${limit}`;
}
