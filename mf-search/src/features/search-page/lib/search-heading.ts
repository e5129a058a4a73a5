import {
  conditionHeading,
  conditionTypes,
  SEARCH_CAR_TYPES,
  siteConditionTypes,
  type SearchCarType,
} from '@forecourt/shared-config/search-routes';

/**
 * The heading of a search route, from its path (spec: /search/new-used-and-demo-cars,
 * /search/{type}-cars, /search/{make}, /search/{make}/{model}, /used-car/..., /special-offers).
 * A condition route names only the types the site sells: 'New and used caravans' on a site without
 * demo stock, whichever of its condition routes the shopper came by.
 */
export function titleCase(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export function searchHeading(
  pathname: string,
  itemNoun = 'car',
  siteTypes: readonly SearchCarType[] = SEARCH_CAR_TYPES,
): string {
  const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const [root, first, second] = parts;
  const plural = `${itemNoun}s`;
  if (root === 'special-offers') return 'Special offers';
  if (root === 'used-car') {
    if (!first) return `Used ${plural}`;
    return second ? `Used ${titleCase(first)} ${titleCase(second)} ${plural}` : `Used ${titleCase(first)} ${plural}`;
  }
  if (!first) return `All ${plural}`;
  const sold = siteConditionTypes(first, siteTypes, itemNoun);
  // A route of types the site does not sell still reads as what it names (it lists nothing).
  if (sold) return conditionHeading(sold.length > 0 ? sold : (conditionTypes(first, itemNoun) ?? []), itemNoun);
  return second ? `${titleCase(first)} ${titleCase(second)} ${plural}` : `${titleCase(first)} ${plural}`;
}
