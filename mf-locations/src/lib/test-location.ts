import type { DealerLocation, OpeningHour } from '../contract';

/** Sales hours like the demo's: weekdays 8:30-5:30, Saturday 9-4, Sunday closed. */
export const SALES_HOURS: OpeningHour[] = [0, 1, 2, 3, 4, 5, 6].map((weekday) =>
  weekday === 0
    ? { weekday, status: 'Closed', formated_hours: 'Closed', open: null, close: null }
    : weekday === 6
      ? { weekday, status: 'Open', formated_hours: '9am - 4pm', open: '09:00', close: '16:00' }
      : { weekday, status: 'Open', formated_hours: '8:30am - 5:30pm', open: '08:30', close: '17:30' },
);

/** A location as the API answers it (Brisbane, sales), for tests; override what a test is about. */
export function testLocation(overrides: Partial<DealerLocation> = {}): DealerLocation {
  return {
    id: 'test-d1-l1',
    name: 'Test Motors Eagle Farm',
    slug: 'test-motors-eagle-farm',
    location_type: 'sales',
    location_subtype: [],
    manufacturers: [],
    primary: false,
    dealership_id: 'test-d1',
    dealership_slug: 'test-motors',
    dealership_name: 'Test Motors',
    dealer_license_number: null,
    motor_vehicle_repairer: null,
    image_url: '/media/locations/test-d1-l1.jpg',
    distribution_locations: [],
    reviews: { average_rating: 4.6, count: 673 },
    time_zone: 'Australia/Brisbane',
    address: {
      street: '1 Kingsford Smith Drive',
      city: 'Brisbane',
      state: 'QLD',
      postcode: '4009',
      lat: -27.4305,
      long: 153.0866,
      place_url: 'https://maps.example/eagle-farm',
    },
    contact_detail: { phone: '07 3000 0000', landline_phone: null, opening_hours: { sales: SALES_HOURS } },
    special_hours: [],
    booking_url: null,
    ...overrides,
  };
}
