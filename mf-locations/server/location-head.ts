import type { PageHead } from '@forecourt/shared-config/server';
import type { DealerLocation, LocationType, OpeningHour } from '../src/contract';

interface SiteRef {
  name: string;
  origin: string;
}

/** The slug of a location page's path (`/our-location/{slug}`, `/locations/{slug}`), else null. */
export function locationPageSlug(pathname: string): string | null {
  const match = /^\/(?:our-location|locations)\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/** schema.org's LocalBusiness kind for each location type. */
const BUSINESS_TYPE: Record<LocationType, string> = {
  sales: 'AutoDealer',
  'car-buying': 'AutoDealer',
  service: 'AutoRepair',
  parts: 'AutoPartsStore',
};
const DAY_OF_WEEK = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The weekly hours as schema.org reads them: one entry per open day. */
function weeklySpecification(hours: readonly OpeningHour[]): Array<Record<string, unknown>> {
  return hours
    .filter((day) => day.status === 'Open' && day.open && day.close)
    .map((day) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: `https://schema.org/${DAY_OF_WEEK[day.weekday]}`,
      opens: day.open,
      closes: day.close,
    }));
}

/**
 * A special day (a public holiday) as schema.org reads it: the date as its own validity, with
 * its hours, or 00:00 to 00:00 for a day it is closed (search engines' convention for 'closed').
 */
function specialSpecification(location: DealerLocation): Array<Record<string, unknown>> {
  return location.special_hours.map((day) => {
    const open = day.status === 'Open' && day.start_hour && day.end_hour;
    return {
      '@type': 'OpeningHoursSpecification',
      validFrom: day.date,
      validThrough: day.date,
      opens: open ? day.start_hour : '00:00',
      closes: open ? day.end_hour : '00:00',
    };
  });
}

function pageUrl(site: SiteRef, location: DealerLocation): string {
  return new URL(`/our-location/${encodeURIComponent(location.slug)}`, site.origin).toString();
}

/**
 * One location as a LocalBusiness (AutoDealer for a sales yard or car-buying centre, AutoRepair
 * for a service centre, AutoPartsStore for parts): name, address, geo, telephone, opening hours
 * and special days, its picture, the dealership's rating where the site shows reviews, and the
 * other departments' hours of a one-listing location as its departments.
 */
export function locationJsonLd(location: DealerLocation, site: SiteRef): Record<string, unknown> {
  const own = location.contact_detail.opening_hours[location.location_type] ?? [];
  const departments = (Object.keys(location.contact_detail.opening_hours) as LocationType[]).filter(
    (type) => type !== location.location_type,
  );
  return {
    '@context': 'https://schema.org',
    '@type': BUSINESS_TYPE[location.location_type],
    '@id': pageUrl(site, location),
    name: location.name,
    url: pageUrl(site, location),
    image: new URL(location.image_url, site.origin).toString(),
    telephone: location.contact_detail.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: location.address.street,
      addressLocality: location.address.city,
      addressRegion: location.address.state,
      postalCode: location.address.postcode,
      addressCountry: 'AU',
    },
    geo: { '@type': 'GeoCoordinates', latitude: location.address.lat, longitude: location.address.long },
    hasMap: location.address.place_url,
    openingHoursSpecification: [...weeklySpecification(own), ...specialSpecification(location)],
    parentOrganization: { '@type': 'AutoDealer', name: location.dealership_name },
    ...(location.reviews && location.reviews.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: location.reviews.average_rating,
            reviewCount: location.reviews.count,
            bestRating: 5,
          },
        }
      : {}),
    ...(departments.length
      ? {
          department: departments.map((type) => ({
            '@type': BUSINESS_TYPE[type],
            name: `${location.name} ${type[0]!.toUpperCase()}${type.slice(1)}`,
            telephone: location.contact_detail.phone,
            openingHoursSpecification: weeklySpecification(location.contact_detail.opening_hours[type] ?? []),
          })),
        }
      : {}),
  };
}

/**
 * The head of a location page: one location (`/our-location/{slug}`, `/locations/{slug}`), or a
 * dealership's locations (`/locations/{dealership slug}`), each as its own LocalBusiness.
 */
export function locationHead(locations: readonly DealerLocation[], slug: string, site: SiteRef): PageHead {
  const single = locations.find((location) => location.slug === slug);
  const first = single ?? locations[0]!;
  const name = single ? single.name : first.dealership_name;
  const { street, city, state, postcode } = first.address;
  const title = `${name} | ${single ? `${city} ${state}` : 'Our locations'} | ${site.name}`;
  const description = single
    ? `${name}, ${street}, ${city} ${state} ${postcode}. Call ${first.contact_detail.phone}. Opening hours, directions and stock.`
    : `${name}: ${locations.length} location${locations.length === 1 ? '' : 's'} — ${[...new Set(locations.map((location) => location.address.city))].join(', ')}. Opening hours, directions and stock.`;
  const canonical = single
    ? pageUrl(site, single)
    : new URL(`/locations/${encodeURIComponent(slug)}`, site.origin).toString();
  return {
    status: 200,
    title,
    description,
    canonical,
    openGraph: {
      type: 'website',
      title,
      description,
      url: canonical,
      site_name: site.name,
      image: new URL(first.image_url, site.origin).toString(),
    },
    jsonLd: (single ? [single] : locations).map((location) => locationJsonLd(location, site)),
  };
}
