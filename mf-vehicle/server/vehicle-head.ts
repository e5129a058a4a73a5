import { formatDollars, specText } from '@forecourt/shared-config/format';
import { askingPrice } from '@forecourt/shared-config/price';
import type { PageHead } from '@forecourt/shared-config/server';
import type { VehicleSummary } from '../src/contract';

/** The site a page belongs to: its name and the origin its pages are served from. */
export interface SiteRef {
  name: string;
  origin: string;
}

/** The Open Graph picture: the media service's 1200 px width, as link previews ask. */
const SHARE_IMAGE_WIDTH = 1200;

function availability(status: string): string {
  if (status === 'in_stock') return 'https://schema.org/InStock';
  if (status === 'coming_soon') return 'https://schema.org/PreOrder';
  return 'https://schema.org/SoldOut';
}

function absolute(site: SiteRef, path: string): string {
  return new URL(path, site.origin).toString();
}

function shareImage(site: SiteRef, image: string | undefined): string | undefined {
  if (!image) return undefined;
  return absolute(site, `${image.split('?')[0]}?w=${SHARE_IMAGE_WIDTH}`);
}

/** A value as the feed writes it, or null where it says the car has none (a caravan's 'none' transmission). */
const present = (value: string) => (specText(value) === null ? null : value);

/** One line a search result or a link preview shows under the title. */
export function vehicleDescription(car: VehicleSummary, site: SiteRef): string {
  const price = askingPrice(car);
  const parts = [
    `${car.car_type === 'new' ? 'New' : car.car_type === 'demo' ? 'Demo' : 'Used'} ${car.name}`,
    `${car.km.toLocaleString('en-AU')} km`,
    present(car.transmission),
    present(car.fuel),
    price !== null ? `${formatDollars(price)} ${car.price_type}`.trim() : null,
  ].filter(Boolean);
  return `${parts.join(', ')}. At ${car.dealership_name}, ${car.city} ${car.state} (${site.name}).`;
}

/**
 * schema.org Product + Car with its Offer, as search engines read a vehicle listing: price in
 * AUD when there is one, availability from the status (coming soon is a pre-order, sold is sold
 * out), the condition from new/used/demo (a demonstrator is sold as used), the odometer in km.
 */
export function vehicleJsonLd(car: VehicleSummary, site: SiteRef): Record<string, unknown> {
  const url = absolute(site, `/cars/${encodeURIComponent(car.slug)}`);
  const price = askingPrice(car);
  return {
    '@context': 'https://schema.org',
    '@type': ['Product', 'Car'],
    name: car.name,
    url,
    sku: car.stocknum,
    vehicleIdentificationNumber: car.vin,
    brand: { '@type': 'Brand', name: car.make },
    manufacturer: { '@type': 'Organization', name: car.make },
    model: car.model,
    vehicleModelDate: String(car.year),
    ...(car.badge ? { vehicleConfiguration: car.badge } : {}),
    bodyType: car.body,
    color: car.colour,
    // A caravan's feed says 'none': no such property, rather than a 'none' transmission.
    ...(present(car.fuel) ? { fuelType: car.fuel } : {}),
    ...(present(car.transmission) ? { vehicleTransmission: car.transmission } : {}),
    mileageFromOdometer: { '@type': 'QuantitativeValue', value: car.km, unitCode: 'KMT' },
    itemCondition: car.car_type === 'new' ? 'https://schema.org/NewCondition' : 'https://schema.org/UsedCondition',
    image: car.images.map((image) => absolute(site, image)),
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'AUD',
      ...(price !== null ? { price } : {}),
      availability: availability(car.status),
      itemCondition: car.car_type === 'new' ? 'https://schema.org/NewCondition' : 'https://schema.org/UsedCondition',
      seller: {
        '@type': 'AutoDealer',
        name: car.dealership_name,
        address: {
          '@type': 'PostalAddress',
          addressLocality: car.city,
          addressRegion: car.state,
          addressCountry: 'AU',
        },
      },
    },
  };
}

/** The vehicle page's head: title, description, canonical address, Open Graph and JSON-LD. */
export function vehicleHead(car: VehicleSummary, site: SiteRef): PageHead {
  const url = absolute(site, `/cars/${encodeURIComponent(car.slug)}`);
  const description = vehicleDescription(car, site);
  const title = `${car.name} for sale in ${car.city} | ${site.name}`;
  const image = shareImage(site, car.images[0]);
  return {
    status: 200,
    title,
    description,
    canonical: url,
    openGraph: { type: 'product', title, description, url, site_name: site.name, ...(image ? { image } : {}) },
    jsonLd: [vehicleJsonLd(car, site)],
  };
}
