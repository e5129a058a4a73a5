import type { DealerLocation } from '../../../contract';

/** What a location page's slug names among the site's locations. */
export type LocationPageSubject =
  | { kind: 'location'; location: DealerLocation }
  | { kind: 'dealership'; slug: string; locations: DealerLocation[] }
  | { kind: 'none' };

/**
 * `/our-location/{slug}` and `/locations/{slug}`: one of the site's locations by its slug, else a
 * dealership's locations by the dealership's slug, else nothing the site shows (its not-found
 * page). The page and its first paint on the server decide alike.
 */
export function locationPageSubject(all: readonly DealerLocation[], slug: string): LocationPageSubject {
  const location = all.find((candidate) => candidate.slug === slug);
  if (location) return { kind: 'location', location };
  const locations = all.filter((candidate) => candidate.dealership_slug === slug);
  return locations.length > 0 ? { kind: 'dealership', slug, locations } : { kind: 'none' };
}

/** The dealership whose reviews the page shows: the location's own, or the dealership's. */
export function reviewedDealership(subject: LocationPageSubject): string | null {
  if (subject.kind === 'location') return subject.location.dealership_slug;
  return subject.kind === 'dealership' ? subject.slug : null;
}
