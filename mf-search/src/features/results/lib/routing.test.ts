import { fromQueryString, searchStateToUi, toQueryString, uiToSearchState } from './routing';

describe('InstantSearch state <-> address bar', () => {
  it('writes a refined state as the spec’s parameters', () => {
    const ui = { query: 'ute', page: 2, refinementList: { make: ['Toyota'] }, range: { price: '10000:40000' } };
    expect(toQueryString(uiToSearchState(ui))).toBe('?query=ute&make=Toyota&price=10000:40000&page=2');
  });

  it('reads the address back into the same InstantSearch state', () => {
    const ui = {
      query: 'ute',
      page: 2,
      sortBy: 'cars_price_asc',
      refinementList: { make: ['Toyota', 'Ford'] },
      range: { price: ':40000' },
    };
    expect(searchStateToUi(fromQueryString(toQueryString(uiToSearchState(ui))))).toEqual(ui);
  });

  it('drops empty refinements and the first page', () => {
    expect(toQueryString(uiToSearchState({ page: 1, refinementList: { make: [] } }))).toBe('');
  });
});
