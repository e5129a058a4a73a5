import type { VehicleSummary } from './vehicle-head';

/** A car as the vehicle page reads it, for the team's tests: a used 2021 Hilux at Harbourside's Alexandria yard. */
export function testCar(overrides: Partial<VehicleSummary> = {}): VehicleSummary {
  return {
    id: 'harbourside-motors-1',
    slug: '2021-toyota-hilux-sr5-ha010001',
    name: '2021 Toyota Hilux SR5',
    make: 'Toyota',
    model: 'Hilux',
    year: 2021,
    badge: 'SR5',
    km: 45210,
    price: 52990,
    offer_price: null,
    before_price: null,
    subscription_price: null,
    price_type: 'Drive Away',
    preorder: false,
    status: 'in_stock',
    car_type: 'used',
    fuel: 'diesel',
    transmission: 'automatic',
    body: 'ute',
    colour: 'White',
    vin: 'MR0HA3CD100000001',
    stocknum: 'HA010001',
    dealership_id: 'harbourside-motors-alexandria',
    dealership_name: 'Harbourside Motors Alexandria',
    city: 'Sydney',
    state: 'NSW',
    dealer_comments: '',
    images: ['/media/cars/ha-1/1.jpg?w=600'],
    ...overrides,
  };
}
