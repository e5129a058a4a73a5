import type { DealerLocation, LocationType } from '../contract';

/** Spec: 'Location block shows the primary location, sales, service, parts, service-and-parts, all, or one location by id'. */
export type BlockMode = 'primary' | 'sales' | 'service' | 'parts' | 'service-and-parts' | 'all';
/** Spec: 'Location filter modes: buying, sales, service, service-no-make, parts, parts-no-make'. */
export type FilterMode = 'buying' | 'sales' | 'service' | 'service-no-make' | 'parts' | 'parts-no-make';

/** Spec: 'Location list limits: 20 cities, 40 dealerships'. */
export const MAX_CITIES = 20;
export const MAX_DEALERSHIPS = 40;

/** A location serves a type when it is that type, or keeps that type's hours (one listing for a yard with a workshop). */
export function serves(location: DealerLocation, type: LocationType): boolean {
  return location.location_type === type || (location.contact_detail.opening_hours[type]?.length ?? 0) > 0;
}

/** The locations a block shows, in the site's order. */
export function blockLocations(
  locations: readonly DealerLocation[],
  selection: { mode: BlockMode } | { id: string },
): DealerLocation[] {
  if ('id' in selection) return locations.filter((location) => location.id === selection.id);
  switch (selection.mode) {
    case 'primary': {
      const primary =
        locations.find((location) => location.primary) ?? locations.find((location) => serves(location, 'sales'));
      return primary ? [primary] : [];
    }
    case 'service-and-parts':
      return locations.filter((location) => serves(location, 'service') || serves(location, 'parts'));
    case 'all':
      return [...locations];
    default:
      return locations.filter((location) => serves(location, selection.mode as LocationType));
  }
}

/** Works on the make: a location that lists no makes works on every make. */
function worksOn(location: DealerLocation, make: string | undefined): boolean {
  if (!make || location.manufacturers.length === 0) return true;
  return location.manufacturers.some((name) => name.toLowerCase() === make.toLowerCase());
}

/**
 * A block narrowed by a filter mode: 'buying' keeps the car-buying centres and the yards that
 * also buy (subtype 'buying'); 'service' and 'parts' keep those that serve the type and work on
 * the car's make; their '-no-make' forms any make.
 */
export function filterLocations(
  locations: readonly DealerLocation[],
  mode: FilterMode,
  make?: string,
): DealerLocation[] {
  switch (mode) {
    case 'buying':
      return locations.filter(
        (location) => location.location_type === 'car-buying' || location.location_subtype.includes('buying'),
      );
    case 'sales':
      return locations.filter((location) => serves(location, 'sales'));
    case 'service':
    case 'parts':
      return locations.filter((location) => serves(location, mode) && worksOn(location, make));
    case 'service-no-make':
      return locations.filter((location) => serves(location, 'service'));
    case 'parts-no-make':
      return locations.filter((location) => serves(location, 'parts'));
  }
}

const collator = new Intl.Collator('en-AU');

/** The cities the site's locations are in, A to Z, at most 20. */
export function cityList(locations: readonly DealerLocation[]): string[] {
  return [...new Set(locations.map((location) => location.address.city))].sort(collator.compare).slice(0, MAX_CITIES);
}

/** The site's locations by dealership, in the site's order, at most 40 dealerships. */
export function dealershipList(
  locations: readonly DealerLocation[],
): Array<{ slug: string; name: string; locations: DealerLocation[] }> {
  const groups = new Map<string, { slug: string; name: string; locations: DealerLocation[] }>();
  for (const location of locations) {
    const group = groups.get(location.dealership_slug) ?? {
      slug: location.dealership_slug,
      name: location.dealership_name,
      locations: [],
    };
    group.locations.push(location);
    groups.set(location.dealership_slug, group);
  }
  return [...groups.values()].slice(0, MAX_DEALERSHIPS);
}

/** A dealership's main location: the site's primary one if it is the dealership's, else its first that sells, else its first. */
export function dealershipPrimary(locations: readonly DealerLocation[], dealershipSlug: string): DealerLocation | null {
  const own = locations.filter((location) => location.dealership_slug === dealershipSlug);
  return (
    own.find((location) => location.primary) ?? own.find((location) => serves(location, 'sales')) ?? own[0] ?? null
  );
}
