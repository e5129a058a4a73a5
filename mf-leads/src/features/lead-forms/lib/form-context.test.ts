import { enquiryDefaults, locationChoices, type LeadCarFacts, type LeadLocation } from './form-context';

const hours: LeadLocation['weekly'] = [];
const location = (id: string, name: string, type: string, distribution: string[] = []): LeadLocation => ({
  id,
  name,
  type,
  distribution_locations: distribution,
  weekly: hours,
  special: [],
});
const group = ['Harbourside Alexandria', 'Harbourside Parramatta'];
const LOCATIONS = [
  location('alx', 'Harbourside Alexandria', 'sales', group),
  location('par', 'Harbourside Parramatta', 'sales', group),
  location('alx-svc', 'Harbourside Alexandria Service', 'service'),
  location('solo', 'Harbourside Penrith', 'sales'),
];

describe('the locations a form offers', () => {
  it("offers a car's distribution locations for its test drive", () => {
    expect(locationChoices('test-drive', { location_id: 'alx' }, LOCATIONS).map((l) => l.id)).toEqual(['alx', 'par']);
  });

  it("offers only the car's own location when it has no others", () => {
    expect(locationChoices('test-drive', { location_id: 'solo' }, LOCATIONS).map((l) => l.id)).toEqual(['solo']);
  });

  it('offers no location on an enquiry about a car: the car says where', () => {
    expect(locationChoices('enquiry', { location_id: 'alx' }, LOCATIONS)).toEqual([]);
  });

  it('offers the service locations for a service booking and the sales ones otherwise', () => {
    expect(locationChoices('service', null, LOCATIONS).map((l) => l.id)).toEqual(['alx-svc']);
    expect(locationChoices('enquiry', null, LOCATIONS).map((l) => l.id)).toEqual(['alx', 'par', 'solo']);
  });
});

describe('the enquiry defaults (spec §3)', () => {
  it("file the lead under the car's stock details", () => {
    const car: LeadCarFacts = {
      id: 'c1',
      slug: 's',
      name: '2021 Toyota Hilux SR5',
      make: 'Toyota',
      model: 'Hilux',
      manufacturer_slug: 'toyota',
      stocknum: 'HA0001',
      car_type: 'used',
      status: 'in_stock',
      dealership_id: 'd1',
      dealership_slug: 'harbourside',
      location_id: 'alx',
    };
    expect(enquiryDefaults(car)).toEqual({
      dealership_slug: 'harbourside',
      manufacturer_slug: 'toyota',
      stock_number: 'HA0001',
      'Vehicle Make': 'Toyota',
      'Vehicle Model': 'Hilux',
      car_type: 'used',
      car_id: 'c1',
      vehicle_status: 'in_stock',
    });
  });
});
