import { countAt, quickFinderFilters, showMePath, showMeText } from './show-me';

describe("'Show Me N Cars' (spec §2: animated count over 1 s, to the results URL of the current filters)", () => {
  test('the results address carries the choice in the search page’s format', () => {
    expect(showMePath('/search/new-used-and-demo-cars', { make: 'Land Rover', body: 'suv', maxPrice: 40_000 })).toBe(
      '/search/new-used-and-demo-cars?body=suv&make=Land%20Rover&price=:40000',
    );
  });

  test('no choice goes to the stock page itself', () => {
    expect(showMePath('/search/used-cars', {})).toBe('/search/used-cars');
  });

  test('the button reads the count in the spec’s words, singular for one', () => {
    expect([showMeText(212, 'car'), showMeText(1, 'car'), showMeText(1500, 'caravan')]).toEqual([
      'Show Me 212 Cars',
      'Show Me 1 Car',
      'Show Me 1,500 Caravans',
    ]);
  });

  test('the count runs from the old number to the new one in 1 s, and is exact at the end', () => {
    expect(countAt(200, 100, 0)).toBe(200);
    const halfway = countAt(200, 100, 500);
    expect(halfway).toBeLessThan(200);
    expect(halfway).toBeGreaterThan(100);
    expect(countAt(200, 100, 999)).toBeGreaterThanOrEqual(100);
    expect(countAt(200, 100, 1000)).toBe(100);
  });

  test('the count’s search filters by the same choice', () => {
    expect(quickFinderFilters({ make: 'Kia', maxPrice: 30_000 })).toEqual({
      facetFilters: [['make:Kia']],
      numericFilters: ['price<=30000'],
    });
  });
});
