import { carsBySlugRequests, inSavedOrder } from './cars-by-slug';

describe('reading saved cars by slug', () => {
  it('asks for exactly the saved slugs, as many as there are', () => {
    expect(carsBySlugRequests('cars', ['2021-toyota-hilux', '2020-mazda-cx-5'])).toEqual([
      {
        indexName: 'cars',
        filters: 'slug:"2021-toyota-hilux" OR slug:"2020-mazda-cx-5"',
        hitsPerPage: 2,
      },
    ]);
  });

  it('asks for 250 saved cars in three searches of at most 100', () => {
    const slugs = Array.from({ length: 250 }, (_, i) => `car-${i}`);
    expect(carsBySlugRequests('cars', slugs).map((request) => request.hitsPerPage)).toEqual([100, 100, 50]);
  });

  it('keeps the order the shopper saved them in, and names the ones no longer listed', () => {
    const hits = [{ slug: 'b' }, { slug: 'a' }];
    expect(inSavedOrder(hits, ['a', 'x', 'b'])).toEqual({ cars: [{ slug: 'a' }, { slug: 'b' }], gone: ['x'] });
  });
});
