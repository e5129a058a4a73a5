import type { CarHit } from './hit';

/** A car as the index returns it, for the pure-logic tests; override what a test is about. */
export function carHit(overrides: Partial<CarHit> = {}): CarHit {
  return {
    objectID: 'c1',
    slug: '2021-mazda-cx-5-maxx-ha1',
    name: '2021 Mazda CX-5 Maxx',
    make: 'Mazda',
    model: 'CX-5',
    car_type: 'used',
    status: 'in_stock',
    price: 29_990,
    before_price: null,
    offer_price: null,
    subscription_price: null,
    price_type: 'Drive Away',
    preorder: false,
    item_type: 'car',
    km: 41_000,
    tag: null,
    reserved: false,
    certified: false,
    fuel: 'petrol',
    body: 'suv',
    created_at_timestamp: 0,
    sold_at_timestamp: null,
    primary_image_url: null,
    location_name: 'Alexandria',
    views: null,
    year: 2021,
    dealership_slug: 'harbourside-motors-alexandria',
    finance_quote_weekly: 120,
    finance_lender: { interestRate: 8.5, comparisonRate: 9.1, paymentWeek: 120, paymentMonth: 520 },
    ...overrides,
  };
}
