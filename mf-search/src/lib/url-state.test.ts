import { queryStringToState, stateToQueryString, withChange, type SearchState } from './url-state';

const attributes = { refinements: new Set(['make', 'model', 'body', 'car_type']), ranges: new Set(['price', 'km']) };

describe('search state in the address bar', () => {
  it('writes query, one parameter per attribute, ranges as min:max, sortBy and page', () => {
    const state: SearchState = {
      query: 'cx-5',
      page: 2,
      sortBy: 'cars_price_asc',
      refinements: { make: ['Mazda', 'Toyota'] },
      ranges: { price: { min: 10_000, max: 40_000 } },
    };
    expect(stateToQueryString(state, attributes.ranges)).toBe(
      '?query=cx-5&make=Mazda,Toyota&price=10000:40000&sortBy=cars_price_asc&page=2',
    );
  });

  it('reads back exactly what it wrote', () => {
    const state: SearchState = {
      query: 'ute 4x4',
      page: 3,
      refinements: { make: ['Land Rover', 'A,B'], body: ['suv'] },
      ranges: { km: { max: 50_000 } },
    };
    expect(queryStringToState(stateToQueryString(state, attributes.ranges), attributes)).toEqual(state);
  });

  it('keeps an open-ended range', () => {
    expect(queryStringToState('?price=:30000', attributes).ranges).toEqual({ price: { max: 30_000 } });
    expect(queryStringToState('?price=5000:', attributes).ranges).toEqual({ price: { min: 5_000 } });
  });

  it('ignores unknown attributes, a broken escape, and a page that is not a whole number above 1', () => {
    expect(queryStringToState('?colour=Red&make=%E0%A4%A&page=abc&utm_source=x', attributes)).toEqual({
      query: '',
      refinements: {},
      ranges: {},
    });
    expect(queryStringToState('?page=1', attributes).page).toBeUndefined();
  });

  it('reads + as a space in the query, as forms send it', () => {
    expect(queryStringToState('?query=land+cruiser', attributes).query).toBe('land cruiser');
  });

  it('writes nothing for the first page and an empty state', () => {
    expect(stateToQueryString({ query: '', page: 1, refinements: {}, ranges: {} }, attributes.ranges)).toBe('');
  });

  it('clears the page when the query or a filter changes', () => {
    const onPage2: SearchState = { query: '', page: 2, refinements: {}, ranges: {} };
    expect(withChange(onPage2, { refinements: { make: ['Kia'] } })).toEqual({
      query: '',
      refinements: { make: ['Kia'] },
      ranges: {},
    });
    expect(withChange(onPage2, { query: 'kia' }).page).toBeUndefined();
  });
});
