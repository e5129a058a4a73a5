/** @jest-environment node */
import { vehicleDescription, vehicleHead, vehicleJsonLd, type VehicleSummary } from './vehicle-head';

const SITE = { name: 'Harbourside Motors', origin: 'https://harbourside.example' };

function car(overrides: Partial<VehicleSummary> = {}): VehicleSummary {
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

describe('the price a vehicle page offers (spec: price display, the same rule as the cards)', () => {
  it('offers the reduced price when it is below the price', () => {
    expect(vehicleJsonLd(car({ price: 52_990, offer_price: 49_990 }), SITE)['offers']).toMatchObject({ price: 49_990 });
  });

  it('leaves the Offer without a price at $10 or less, rather than offering the car for $1', () => {
    expect(vehicleJsonLd(car({ price: 1 }), SITE)['offers']).not.toHaveProperty('price');
  });
});

describe('the head of a vehicle page', () => {
  it('describes the car in one line: condition, name, odometer, gearbox, fuel, price, where', () => {
    expect(vehicleDescription(car(), SITE)).toBe('Used 2021 Toyota Hilux SR5, 45,210 km, automatic, diesel, $52,990 Drive Away. At Harbourside Motors Alexandria, Sydney NSW (Harbourside Motors).');
  });

  it('sells a demonstrator as used and a new car as new', () => {
    expect(vehicleJsonLd(car({ car_type: 'demo' }), SITE)['itemCondition']).toBe('https://schema.org/UsedCondition');
    expect(vehicleJsonLd(car({ car_type: 'new' }), SITE)['itemCondition']).toBe('https://schema.org/NewCondition');
  });

  it('points link previews at the 1200 px picture on the site’s own origin', () => {
    expect(vehicleHead(car(), SITE).openGraph?.['image']).toBe('https://harbourside.example/media/cars/ha-1/1.jpg?w=1200');
  });
});
