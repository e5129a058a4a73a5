import { conditionTypes, SEARCH_CAR_TYPES, type SearchCarType } from '@forecourt/shared-config/search-routes';
import { quoted } from '../../../lib/filter-syntax';

/**
 * What a search route limits the results to, as an Algolia filter (spec routes:
 * /search/new-used-and-demo-cars, /search/used-cars, /search/new-and-demo-cars,
 * /search/{type}-cars, /search/{make}, /search/{make}/{model}, /used-car/{make}/{model},
 * /search/{location or dealership slug}). The index carries `make_slug` and `model_slug`, so a
 * make in the address is matched as written there, with no lookup. A condition route is read by
 * shared-config's search-routes (the rule the tenant schema checks configured links with), with the
 * site's noun: /search/new-and-used-caravans is new and used stock on a caravan site.
 */
export const SPECIAL_OFFERS_CATEGORY = 'Special Offers';

function conditionFilter(types: readonly string[]): string | null {
  if (types.length === 0) return null;
  return types.length === 1 ? `car_type:${types[0]}` : `(${types.map((t) => `car_type:${t}`).join(' OR ')})`;
}

export interface RouteScope {
  filters: string;
  /** The car types the route shows ([] for all): promo cards with strictDisplay match on these. */
  carTypes: readonly string[];
}

export function routeScope(
  pathname: string,
  itemNoun = 'car',
  siteTypes: readonly SearchCarType[] = SEARCH_CAR_TYPES,
): RouteScope {
  const parts = pathname
    .split('/')
    .filter(Boolean)
    .map((p) => {
      try {
        return decodeURIComponent(p).toLowerCase();
      } catch {
        return '';
      }
    });
  const [root, first, second] = parts;
  // Special offers: cars in the 'Special Offers' category (the site's key already scopes to the dealer).
  if (root === 'special-offers') return { filters: `categories:${quoted(SPECIAL_OFFERS_CATEGORY)}`, carTypes: [] };
  const and = (...filters: Array<string | null>) => filters.filter((f): f is string => Boolean(f)).join(' AND ');
  if (root === 'used-car') {
    return {
      filters: and(
        'car_type:used',
        first ? `make_slug:${quoted(first)}` : null,
        second ? `model_slug:${quoted(second)}` : null,
      ),
      carTypes: ['used'],
    };
  }
  if (root !== 'search' || !first) return { filters: '', carTypes: [] };
  const named = conditionTypes(first, itemNoun);
  if (named) {
    // The types the site sells, of those the route names; a route of types it does not sell lists
    // nothing, as it says.
    const sold = named.filter((type) => siteTypes.includes(type));
    const shown = sold.length > 0 ? sold : named;
    if (shown.length === SEARCH_CAR_TYPES.length) return { filters: '', carTypes: [] };
    return { filters: conditionFilter(shown) ?? '', carTypes: shown };
  }
  if (second) return { filters: and(`make_slug:${quoted(first)}`, `model_slug:${quoted(second)}`), carTypes: [] };
  return {
    filters: `(make_slug:${quoted(first)} OR dealership_slug:${quoted(first)} OR location_slug:${quoted(first)})`,
    carTypes: [],
  };
}

/** Spec (search-and-vehicle §7): the special offers page shows 21 cars a page, whatever the site's page size. */
export const OFFERS_PER_PAGE = 21;

/** How many cars a page of this route lists: the special offers' own 21, else the site's page size. */
export function pageSize(pathname: string, siteHitsPerPage: number): number {
  return pathname === '/special-offers' ? OFFERS_PER_PAGE : siteHitsPerPage;
}
