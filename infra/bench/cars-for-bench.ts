import { parseTenantConfigs } from '@forecourt/shared-config/tenant';
import fs from 'node:fs';
import path from 'node:path';
import { generateTenantStock } from '@forecourt/demo-data/seed/generate';

/**
 * The benchmark's records: the project's own seed stock (the demo tenants' generator, the same
 * distributions `npm start` serves), flattened to the fields the four query shapes use, so ours,
 * Orama and itemsjs index the very same records.
 */
export interface BenchCar {
  objectID: string;
  slug: string;
  name: string;
  make: string;
  model: string;
  badge: string;
  year: number;
  price: number;
  km: number;
  status: string;
  car_type: 'new' | 'used' | 'demo';
  tag: string | null;
  certified: boolean;
  reserved: boolean;
  simple_body: string;
  simple_fuel: string;
  simple_transmission: string;
  drive: string;
  seats: number;
  colour: string;
  city: string;
  state: string;
  location_name: string;
  dealership_name: string;
  dealership_slug: string;
  created_at_timestamp: number;
  sold_at_timestamp: number | null;
  show_on_dealer_website: boolean;
  custom_rank: number;
  make_model: string;
}

/** Fixed "now" (unix seconds) so runs are comparable: the seed's reference day. */
export const BENCH_NOW = Date.UTC(2026, 10, 22) / 1000;

const tenantsDir = path.resolve(__dirname, '..', 'tenants');

export function generateCars(count: number, seed = 1): BenchCar[] {
  const tenants = parseTenantConfigs(
    fs
      .readdirSync(tenantsDir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => ({ source: f, raw: JSON.parse(fs.readFileSync(path.join(tenantsDir, f), 'utf8')) })),
  );
  const perTenant = Math.ceil(count / tenants.length);
  const cars: BenchCar[] = [];
  tenants.forEach((tenant, i) => {
    for (const car of generateTenantStock(
      tenant,
      { seed, carsPerTenant: perTenant, now: new Date(BENCH_NOW * 1000) },
      i,
    ).cars) {
      if (cars.length === count) break;
      cars.push({
        objectID: car.id,
        slug: car.slug,
        name: car.name,
        make: car.make,
        model: car.model,
        badge: car.badge ?? '',
        year: car.year,
        price: car.price,
        km: car.km,
        status: car.status,
        car_type: car.car_type,
        tag: car.tag,
        certified: car.certified,
        reserved: car.reserved,
        simple_body: car.simple_body,
        simple_fuel: car.simple_fuel,
        simple_transmission: car.simple_transmission,
        drive: car.drive,
        seats: car.seats,
        colour: car.colour,
        city: car.city,
        state: car.state,
        location_name: car.location.name,
        dealership_name: car.dealership_name,
        dealership_slug: car.dealership_slug,
        created_at_timestamp: Math.floor(Date.parse(car.created_at) / 1000),
        sold_at_timestamp: car.sold_at ? Math.floor(Date.parse(car.sold_at) / 1000) : null,
        show_on_dealer_website: car.show_on_dealer_website,
        custom_rank: car.custom_rank,
        make_model: `${car.make} ${car.model}`,
      });
    }
  });
  return cars;
}
