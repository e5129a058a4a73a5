/**
 * Spec (search-and-vehicle §9): above 1999 hits the total shown is derived from the in-stock
 * facet count or the sum of the car-type facet counts (an estimated nbHits is exact only below
 * the threshold on the hosted engine).
 */
const COUNT_DISPLAY_THRESHOLD = 1999;

export type Facets = Record<string, Record<string, number> | undefined>;

export function displayCount(nbHits: number, facets: Facets): number {
  if (nbHits <= COUNT_DISPLAY_THRESHOLD) return nbHits;
  const status = facets['status'];
  if (status && (status['in_stock'] !== undefined || status['coming_soon'] !== undefined))
    return (status['in_stock'] ?? 0) + (status['coming_soon'] ?? 0);
  const types = facets['car_type'];
  if (types) return Object.values(types).reduce((sum, n) => sum + n, 0);
  return nbHits;
}
