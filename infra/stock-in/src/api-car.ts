import { randomBytes } from 'node:crypto';
import { slugify } from '@forecourt/shared-config/format';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import { imagesOf, photoPath, type PhotoRecord } from './car-photos';
import { advertisedFinance } from './advertised-finance';
import type { Car, CarStatus, Dealership, Location } from '@forecourt/data/stock-model';
import { fuelText, transmissionText } from './vehicle-text';
import { TRANSMISSIONS, type ApiCar, type CarInput, type PhotoStatus, type ReadCar } from './car-schema';

/**
 * A stored car with the Stock API's columns (migration 0019) and the photo URLs its dealer sent
 * (migration 0023; null for a car that never had any, as the demo seed's, whose images are its own).
 */
export type StoredCar = Car & {
  source: string;
  withdrawn_at: string | null;
  updated_at: string | null;
  photo_urls?: string[] | null;
};

/** Where a car written through the API (or a feed) is: one of the site's locations, by slug or id. */
export function findLocation(locations: readonly Location[], wanted: string): Location | undefined {
  return locations.find((location) => location.slug === wanted) ?? locations.find((location) => location.id === wanted);
}

const asTransmission = (value: string): CarInput['transmission'] =>
  (TRANSMISSIONS as readonly string[]).includes(value) ? (value as CarInput['transmission']) : 'none';

/** What the dealer wrote, read back from the stored car: what a write is compared with. */
export function inputOf(car: StoredCar): CarInput {
  return {
    item_type: car.item_type,
    car_type: car.car_type,
    // A withdrawn car reads as the status it would go back on sale with.
    status: car.status === 'archived' ? 'in_stock' : car.status,
    sold_at: car.sold_at,
    location: car.location.slug,
    year: car.year,
    make: car.make,
    model: car.model,
    badge: car.badge,
    series: car.series,
    colour: car.colour,
    price: car.price,
    before_price: car.before_price,
    offer_price: car.offer_price,
    subscription_price: car.subscription_price,
    price_type: car.price_type,
    preorder: car.preorder,
    km: car.km,
    vin: car.vin,
    nvic: car.nvic,
    regplate: car.regplate,
    rego_expiry: car.rego_expiry,
    build_date: car.build_date,
    compliance_date: car.compliance_date,
    tag: car.tag,
    reserved: car.reserved,
    certified: car.certified,
    fuel: car.simple_fuel,
    body: car.simple_body,
    transmission: asTransmission(car.simple_transmission),
    drive: car.drive,
    seats: car.seats,
    engine_size_litres: car.engine_size_litres,
    dealercomments: car.dealercomments,
    features: car.standard_equipment,
    categories: car.categories,
    // The dealer's URLs, not the site's addresses of the photos stored from them: the API answers what it was sent.
    photos: car.photo_urls ?? car.images.map((image) => image.image.url),
    video_url: car.video_url,
    external_video_url: car.external_video_url,
    show_on_dealer_website: car.show_on_dealer_website,
    custom_rank: car.custom_rank,
  };
}

/** The car as the API answers it. */
export function apiCarOf(car: StoredCar, origin: string): ApiCar {
  return {
    ...inputOf(car),
    status: car.status,
    stocknum: car.stocknum,
    id: car.id,
    slug: car.slug,
    url: new URL(car.path, origin).toString(),
    withdrawn: car.withdrawn_at !== null,
    source: car.source,
    updated_at: car.updated_at,
  };
}

/**
 * The car as a read answers it: each of the dealer's URLs with where its photo is. A URL with no
 * record has none to tell (a car the demo seed made names the platform's own images).
 */
export function readCarOf(car: StoredCar, origin: string, records: ReadonlyMap<string, PhotoRecord>): ReadCar {
  const statuses = (car.photo_urls ?? []).flatMap((url): PhotoStatus[] => {
    const record = records.get(url);
    if (!record) return [];
    return [
      {
        url,
        status: record.status,
        served_url:
          record.status === 'stored' && record.hash ? new URL(photoPath(record.hash), origin).toString() : null,
        attempts: record.attempts,
        last_error: record.last_error,
        // A failed photo is never claimed again, whatever its row says.
        next_attempt_at: record.status === 'failed' ? null : record.next_attempt_at.toISOString(),
      },
    ];
  });
  return { ...apiCarOf(car, origin), photo_statuses: statuses };
}

/** The car's identity: made once, when the car is first written, and kept for good after. */
export interface CarIdentity {
  id: string;
  slug: string;
  created_at: string;
  views: number;
}

/** A new car's identity. The id is random (a stock number can be reused across sites); the slug reads as the car and ends in its stock number. */
export function newIdentity(
  tenant: string,
  stocknum: string,
  input: Pick<CarInput, 'year' | 'make' | 'model' | 'badge'>,
  now: Date,
  slugSuffix?: string,
): CarIdentity {
  const name = carName(input);
  return {
    id: `${tenant}-${randomBytes(8).toString('hex')}`,
    slug: [slugify(name), slugify(stocknum), slugSuffix].filter(Boolean).join('-'),
    created_at: now.toISOString(),
    views: 0,
  };
}

const carName = (input: Pick<CarInput, 'year' | 'make' | 'model' | 'badge'>) =>
  [String(input.year), input.make, input.model, input.badge].filter(Boolean).join(' ');

/**
 * The stored car a write makes: the dealer's fields, the identity it keeps, and what the
 * platform derives (the location's dealership, city and state; display texts; finance figures).
 */
export function carOf(
  input: CarInput,
  context: {
    tenant: TenantConfig;
    stocknum: string;
    identity: CarIdentity;
    location: Location;
    dealership: Dealership;
    previous: StoredCar | null;
    now: Date;
    source: string;
    photoHashes: ReadonlyMap<string, string>;
  },
): StoredCar {
  const { tenant, location, dealership, previous, now } = context;
  const status = input.status as CarStatus;
  // A car that becomes sold without a time sold now; one that was sold keeps its time.
  const soldAt =
    status === 'sold'
      ? (input.sold_at ?? (previous?.status === 'sold' ? previous.sold_at : null) ?? now.toISOString())
      : input.sold_at;
  // Only photos already stored are shown, at the site's own address (a shopper's browser never
  // loads the dealer's host); the others appear as they are fetched (infra/stock-in/src/car-photos.ts, applyPhoto).
  const images = imagesOf(input.photos, context.photoHashes);
  const priced = {
    price: input.price,
    offer_price: input.offer_price,
    before_price: input.before_price,
    subscription_price: input.subscription_price,
    preorder: input.preorder,
    price_type: input.price_type,
  };
  return {
    id: context.identity.id,
    tenant: tenant.slug,
    slug: context.identity.slug,
    path: `/cars/${context.identity.slug}`,
    name: carName(input),
    item_type: input.item_type,
    year: input.year,
    make: input.make,
    model: input.model,
    badge: input.badge,
    series: input.series,
    colour: input.colour,
    ...priced,
    km: input.km,
    stocknum: context.stocknum,
    vin: input.vin,
    nvic: input.nvic,
    regplate: input.regplate,
    rego_expiry: input.rego_expiry,
    build_date: input.build_date,
    compliance_date: input.compliance_date,
    status,
    sold_at: soldAt,
    car_type: input.car_type,
    tag: input.tag,
    reserved: input.reserved,
    certified: input.certified,
    created_at: context.identity.created_at,
    views: context.identity.views,
    fuel: fuelText(input.fuel.toLowerCase()),
    simple_fuel: input.fuel.toLowerCase(),
    body: input.body.toLowerCase(),
    simple_body: input.body.toLowerCase(),
    transmission: transmissionText(input.transmission),
    simple_transmission: input.transmission,
    drive: input.drive,
    seats: input.seats,
    engine_size: input.engine_size_litres === null ? null : Math.round(input.engine_size_litres * 1000),
    engine_size_litres: input.engine_size_litres,
    dealercomments: input.dealercomments,
    dealership_id: dealership.id,
    dealership_slug: dealership.slug,
    dealership_name: dealership.name,
    location_id: location.id,
    city: location.address.city,
    state: location.address.state,
    images,
    photo_urls: input.photos,
    primary_image_url: images[0]?.image.url ?? null,
    video_url: input.video_url,
    external_video_url: input.external_video_url,
    // 360 spins and hotspots come with photo imports, not through this API yet.
    spin_images: previous?.spin_images ?? [],
    spin_code: previous?.spin_code ?? null,
    spin_interior_image: previous?.spin_interior_image ?? null,
    hotspots: previous?.hotspots ?? { exterior: [], interior: [] },
    standard_equipment: input.features,
    filtered_features: input.features,
    categories: input.categories,
    variant: previous?.variant ?? {
      cylinders: null,
      enginesize: input.engine_size_litres === null ? null : Math.round(input.engine_size_litres * 1000),
      enginesize_litres: input.engine_size_litres,
      induction: null,
      fuelconsumptioncombined: null,
      fuelcapacity: null,
      grossvehiclemass: null,
      vehiclelength: null,
      vehicleheight: null,
      vehiclewidth: null,
      towingcapacitybraked: null,
      bodyconfiguration: null,
      torque: null,
      ancaprating: null,
    },
    location: {
      id: location.id,
      name: location.name,
      slug: location.slug,
      phone: location.contact_detail.phone,
      distribution_locations: location.distribution_locations,
      address_id: `${location.id}-address`,
    },
    ...advertisedFinance(tenant, priced),
    payment_processors: previous?.payment_processors ?? [],
    file: previous?.file ?? null,
    show_on_dealer_website: input.show_on_dealer_website,
    custom_rank: input.custom_rank,
    source: context.source,
    withdrawn_at: null,
    updated_at: now.toISOString(),
  };
}
