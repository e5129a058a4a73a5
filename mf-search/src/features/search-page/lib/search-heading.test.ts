import { searchHeading } from './search-heading';

describe('searchHeading', () => {
  it('names the default search', () => {
    expect(searchHeading('/search/new-used-and-demo-cars')).toBe('New, used and demo cars');
  });

  it('names a condition search', () => {
    expect(searchHeading('/search/used-cars')).toBe('Used cars');
  });

  it('names a make and model search', () => {
    expect(searchHeading('/search/toyota/land-cruiser')).toBe('Toyota Land Cruiser cars');
  });

  it('uses the tenant item noun', () => {
    expect(searchHeading('/search/used-cars', 'caravan')).toBe('Used caravans');
  });

  it('names the used-car path variant', () => {
    expect(searchHeading('/used-car/mazda')).toBe('Used Mazda cars');
  });

  it('names special offers', () => {
    expect(searchHeading('/special-offers')).toBe('Special offers');
  });
});
