import { paths } from '@forecourt/shared-config/paths';
import { conditionTypes, SEARCH_CAR_TYPES, type SearchCarType } from '@forecourt/shared-config/search-routes';
import { searchHeading, titleCase } from './search-heading';

export interface Crumb {
  label: string;
  /** Absent on the last crumb, the current page. */
  href?: string;
}

/**
 * The breadcrumb of a search route. Spec (finance §9): Home > body type and condition > make >
 * model (only for a configured model) > body type > current title. On search pages the condition
 * is the route's stock page (all stock, or used for /used-car/...), then the make, then the page
 * itself; the vehicle page adds the model and body type for its car. A site with
 * `search.usedCarPaths` links its make crumb to `/used-car/{make}` whichever route the page is on.
 */
export function searchBreadcrumb(
  pathname: string,
  itemNoun = 'car',
  siteTypes: readonly SearchCarType[] = SEARCH_CAR_TYPES,
  site: { usedCarPaths: boolean } = { usedCarPaths: false },
): Crumb[] {
  const [root, first, second] = pathname
    .split('/')
    .filter(Boolean)
    .map((p) => {
      try {
        return decodeURIComponent(p);
      } catch {
        return '';
      }
    });
  const home: Crumb = { label: 'Home', href: '/' };
  const current: Crumb = { label: searchHeading(pathname, itemNoun, siteTypes) };
  if (root === 'special-offers') return [home, current];
  if (root === 'used-car') {
    const used: Crumb = { label: searchHeading('/search/used-cars', itemNoun, siteTypes), href: '/search/used-cars' };
    if (!first) return [home, current];
    return second
      ? [
          home,
          used,
          {
            label: titleCase(first),
            href: paths.searchMake(encodeURIComponent(first), undefined, { usedCarPaths: true }),
          },
          current,
        ]
      : [home, used, current];
  }
  const isCondition = first === undefined || conditionTypes(first, itemNoun) !== null;
  if (isCondition) return [home, current];
  const all: Crumb = {
    label: searchHeading('/search/new-used-and-demo-cars', itemNoun, siteTypes),
    href: '/search/new-used-and-demo-cars',
  };
  return second
    ? [
        home,
        all,
        { label: titleCase(first), href: paths.searchMake(encodeURIComponent(first), undefined, site) },
        current,
      ]
    : [home, all, current];
}
