import { fallbackFilters, fallbackUrl } from './fallback';

describe('the fallback fetch (spec §7: search_filters, limit -> vehicles) when the index cannot answer', () => {
  test('carries the make, model, body and condition lists and the price range', () => {
    expect(
      fallbackFilters(
        {
          refinementList: { make: ['Toyota'], body: ['suv', 'ute'], fuel: ['diesel'] },
          range: { price: '5000:40000', km: ':50000' },
        },
        [],
      ),
    ).toEqual({
      make: ['Toyota'],
      body: ['suv', 'ute'],
      price: { min: 5000, max: 40000 },
    });
  });

  test('an open-ended price keeps only the side given', () => {
    expect(fallbackFilters({ range: { price: ':30000' } }, []).price).toEqual({ max: 30000 });
  });

  test('a page of one condition asks for that condition unless the shopper chose', () => {
    expect(fallbackFilters({}, ['used']).car_type).toEqual(['used']);
    expect(fallbackFilters({ refinementList: { car_type: ['demo'] } }, ['new', 'demo']).car_type).toEqual(['demo']);
  });

  test('the address names search_filters and limit', () => {
    expect(fallbackUrl({ make: ['Kia'] }, 21)).toBe(
      '/api/search/fallback?search_filters=%7B%22make%22%3A%5B%22Kia%22%5D%7D&limit=21',
    );
  });
});
