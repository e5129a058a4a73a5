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

  it("reads a caravan site's /search/new-and-used-caravans as New and used caravans", () => {
    expect(searchHeading('/search/new-and-used-caravans', 'caravan', ['new', 'used'])).toBe('New and used caravans');
  });

  it('names only the types the site sells: New and used caravans for the all-stock route on a site without demo', () => {
    expect(searchHeading('/search/new-used-and-demo-cars', 'caravan', ['new', 'used'])).toBe('New and used caravans');
  });
});

describe.each(['motorcycle', 'truck'])('the search headings of a %s site', (itemNoun) => {
  it('never say car', () => {
    const headings = [
      '/search',
      '/search/new-used-and-demo-cars',
      `/search/used-${itemNoun}s`,
      '/search/honda',
      '/search/honda/cb500',
      '/used-car',
      '/used-car/honda',
    ].map((path) => searchHeading(path, itemNoun));
    expect(headings.filter((heading) => /\bcars?\b/i.test(heading))).toEqual([]);
  });
});
