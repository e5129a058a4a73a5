/**
 * The condition routes of the search pages (spec routes: /search/new-used-and-demo-cars,
 * /search/used-cars, /search/new-and-demo-cars, /search/{type}-cars): which car types a route
 * segment names, and the heading it reads as. mf-search filters and titles its pages with these,
 * and the tenant schema checks every configured search link with them, so a site cannot link to a
 * search path that lists nothing (a caravan site's `/search/new-and-used-caravans` read as a make).
 *
 * A segment is the types, joined by '-' with an 'and' before the last, then the plural of 'car' or
 * of the site's item noun: `new-and-used-caravans` is new and used stock on a caravan site.
 */
export const SEARCH_CAR_TYPES = ['new', 'used', 'demo'] as const;
export type SearchCarType = (typeof SEARCH_CAR_TYPES)[number];

/** The noun as it is written in an address ('caravan' -> 'caravans'). */
function pluralSlug(itemNoun: string): string {
  return `${itemNoun.trim().toLowerCase().replace(/\s+/g, '-')}s`;
}

/**
 * The car types a route segment names, in the product's order (new, used, demo), or null when the
 * segment is not a condition route (a make, a dealership or a location slug).
 */
export function conditionTypes(segment: string, itemNoun = 'car'): SearchCarType[] | null {
  const lower = segment.toLowerCase();
  const noun = [pluralSlug(itemNoun), 'cars'].find((plural) => lower.endsWith(`-${plural}`));
  if (!noun) return null;
  const words = lower.slice(0, -(noun.length + 1)).split('-');
  // 'and' only before the last type: 'new-used-and-demo', 'new-and-used', never 'and-new'.
  const types = words.filter((word, i) => !(word === 'and' && i === words.length - 2 && words.length > 1));
  if (types.length === 0 || types.some((word) => !(SEARCH_CAR_TYPES as readonly string[]).includes(word))) return null;
  if (new Set(types).size !== types.length) return null;
  return SEARCH_CAR_TYPES.filter((type) => types.includes(type));
}

/** 'New, used and demo caravans': the types a page lists, in words, with the site's noun. */
export function conditionHeading(types: readonly SearchCarType[], itemNoun = 'car'): string {
  const plural = `${itemNoun}s`;
  if (types.length === 0) return `All ${plural}`;
  const words = types.map((type, i) => (i === 0 ? type.charAt(0).toUpperCase() + type.slice(1) : type));
  const list = words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
  return `${list} ${plural}`;
}

/**
 * The types a condition route shows on a site: those it names that the site sells. On a site that
 * sells new and used only, /search/new-used-and-demo-cars is its new and used stock, and reads so.
 */
export function siteConditionTypes(
  segment: string,
  siteTypes: readonly SearchCarType[],
  itemNoun = 'car',
): SearchCarType[] | null {
  const named = conditionTypes(segment, itemNoun);
  return named === null ? null : named.filter((type) => siteTypes.includes(type));
}

/**
 * Why a configured link to the search pages would list nothing, or null when it lists stock. Only
 * the condition routes can be checked from the configuration; a make or dealership path depends on
 * stock (the e2e crawl of every header and footer link covers those).
 */
export function searchLinkProblem(href: string, siteTypes: readonly SearchCarType[], itemNoun = 'car'): string | null {
  const path = href.split(/[?#]/)[0] ?? '';
  const [root, first, second] = path.split('/').filter(Boolean);
  if (root !== 'search' || first === undefined || second !== undefined) return null;
  const looksLikeCondition = /^(new|used|demo)(-|$)/.test(first.toLowerCase());
  const types = siteConditionTypes(first, siteTypes, itemNoun);
  if (types === null) {
    return looksLikeCondition
      ? `'${href}' is not a search route: write the car types and the plural noun, e.g. /search/new-and-used-${pluralSlug(itemNoun)} or /search/used-cars`
      : null;
  }
  if (types.length === 0)
    return `'${href}' lists only car types this site does not sell (it sells ${siteTypes.join(', ')})`;
  return null;
}
