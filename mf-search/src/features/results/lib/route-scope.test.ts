import { pageSize, routeScope } from './route-scope';

describe('routeScope', () => {
  it.each([
    ['/search/new-used-and-demo-cars', ''],
    ['/search', ''],
    ['/search/used-cars', 'car_type:used'],
    ['/search/new-and-demo-cars', '(car_type:new OR car_type:demo)'],
    ['/search/demo-cars', 'car_type:demo'],
    ['/search/land-rover', '(make_slug:"land-rover" OR dealership_slug:"land-rover" OR location_slug:"land-rover")'],
    ['/search/toyota/hilux', 'make_slug:"toyota" AND model_slug:"hilux"'],
    ['/used-car/toyota/hilux', 'car_type:used AND make_slug:"toyota" AND model_slug:"hilux"'],
    ['/special-offers', 'categories:"Special Offers"'],
  ])('%s filters %j', (path, filters) => {
    expect(routeScope(path).filters).toBe(filters);
  });

  it('keeps a quote in the address out of the filter', () => {
    expect(routeScope('/search/a%22%20OR%20tenant%3A%22x').filters).toBe(
      '(make_slug:"a or tenant:x" OR dealership_slug:"a or tenant:x" OR location_slug:"a or tenant:x")',
    );
  });

  it('names the car types a condition route shows', () => {
    expect(routeScope('/search/new-and-demo-cars').carTypes).toEqual(['new', 'demo']);
    expect(routeScope('/search/toyota').carTypes).toEqual([]);
  });

  it("lists a caravan site's new and used stock at /search/new-and-used-caravans, not a make of that name", () => {
    expect(routeScope('/search/new-and-used-caravans', 'caravan', ['new', 'used'])).toEqual({
      filters: '(car_type:new OR car_type:used)',
      carTypes: ['new', 'used'],
    });
  });

  it('keeps the route of a used-only site to used cars, so used-only promo cards still match', () => {
    expect(routeScope('/search/used-cars', 'car', ['used']).carTypes).toEqual(['used']);
  });
});

describe('pageSize', () => {
  it('lists 21 special offers a page on a site whose search shows 24', () => {
    expect(pageSize('/special-offers', 24)).toBe(21);
  });

  it("lists the site's own page size on its other search routes", () => {
    expect(pageSize('/search/used-cars', 24)).toBe(24);
  });
});
