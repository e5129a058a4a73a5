import { SALES_HOURS, testLocation } from './test-location';
import {
  blockLocations,
  cityList,
  dealershipList,
  dealershipPrimary,
  filterLocations,
  MAX_CITIES,
  MAX_DEALERSHIPS,
} from './select';

const hoursOf = (types: Array<'sales' | 'service' | 'parts'>) => ({
  phone: '07 3000 0000',
  landline_phone: null,
  opening_hours: Object.fromEntries(types.map((type) => [type, SALES_HOURS])),
});
const yard = testLocation({ id: 'yard', slug: 'yard', primary: true, contact_detail: hoursOf(['sales']) });
const workshop = testLocation({
  id: 'workshop',
  slug: 'workshop',
  location_type: 'service',
  manufacturers: ['Ford'],
  contact_detail: hoursOf(['service']),
});
const parts = testLocation({
  id: 'parts',
  slug: 'parts',
  location_type: 'parts',
  manufacturers: ['Kia'],
  contact_detail: hoursOf(['parts']),
});
const buying = testLocation({ id: 'buying', slug: 'buying', location_type: 'car-buying', contact_detail: hoursOf([]) });
const oneListing = testLocation({ id: 'one', slug: 'one', contact_detail: hoursOf(['sales', 'service']) });
const all = [yard, workshop, parts, buying];
const ids = (list: Array<{ id: string }>) => list.map((location) => location.id);

describe('block modes', () => {
  it('shows the primary location for primary', () => {
    expect(ids(blockLocations(all, { mode: 'primary' }))).toEqual(['yard']);
  });

  it('falls back to the first sales location when none is marked primary', () => {
    expect(ids(blockLocations([workshop, { ...yard, primary: false }], { mode: 'primary' }))).toEqual(['yard']);
  });

  it('shows service and parts locations for service-and-parts', () => {
    expect(ids(blockLocations(all, { mode: 'service-and-parts' }))).toEqual(['workshop', 'parts']);
  });

  it('counts a one-listing yard with workshop hours as a service location', () => {
    expect(ids(blockLocations([yard, oneListing], { mode: 'service' }))).toEqual(['one']);
  });

  it('shows one location by id, or none for an unknown id', () => {
    expect(ids(blockLocations(all, { id: 'parts' }))).toEqual(['parts']);
    expect(blockLocations(all, { id: 'nowhere' })).toEqual([]);
  });
});

describe('filter modes', () => {
  it('keeps car-buying centres and yards that also buy for buying', () => {
    const buysToo = { ...yard, id: 'buys', location_subtype: ['buying'] };
    expect(ids(filterLocations([...all, buysToo], 'buying'))).toEqual(['buying', 'buys']);
  });

  it("keeps only service locations that work on the car's make for service", () => {
    expect(ids(filterLocations(all, 'service', 'Kia'))).toEqual([]);
    expect(ids(filterLocations(all, 'service', 'ford'))).toEqual(['workshop']);
  });

  it('ignores the make for service-no-make and parts-no-make', () => {
    expect(ids(filterLocations(all, 'service-no-make'))).toEqual(['workshop']);
    expect(ids(filterLocations(all, 'parts-no-make'))).toEqual(['parts']);
  });

  it('lets a location that lists no makes serve every make', () => {
    expect(ids(filterLocations([oneListing], 'service', 'Toyota'))).toEqual(['one']);
  });
});

describe('list limits (spec: 20 cities, 40 dealerships)', () => {
  const many = Array.from({ length: 45 }, (_, i) =>
    testLocation({
      id: `l${i}`,
      dealership_slug: `dealer-${String(i).padStart(2, '0')}`,
      dealership_name: `Dealer ${i}`,
      address: { ...yard.address, city: `City ${String(i).padStart(2, '0')}` },
    }),
  );

  it('lists at most 20 cities, A to Z', () => {
    const cities = cityList(many);
    expect(cities).toHaveLength(MAX_CITIES);
    expect(cities[0]).toBe('City 00');
    expect(cities.at(-1)).toBe('City 19');
  });

  it('lists at most 40 dealerships, each with its locations', () => {
    const groups = dealershipList(many);
    expect(groups).toHaveLength(MAX_DEALERSHIPS);
    expect(groups[0]).toMatchObject({ slug: 'dealer-00', name: 'Dealer 0' });
  });
});

describe("a dealership's primary location", () => {
  it('is its sales yard rather than its workshop', () => {
    const sameDealer = [workshop, { ...yard, primary: false }];
    expect(dealershipPrimary(sameDealer, 'test-motors')?.id).toBe('yard');
  });

  it('is none for a dealership the site does not show', () => {
    expect(dealershipPrimary(all, 'summit-fleet-sales')).toBeNull();
  });
});
