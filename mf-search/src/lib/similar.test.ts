import { pickSimilar, similarQuery } from './similar';
import { carHit } from './test-hit';

describe('similar cars (the platform rule for the similar cars block)', () => {
  test('in stock, the same body or make, within a quarter of the price either way', () => {
    expect(similarQuery({ make: 'Mazda', body: 'suv', price: 40_000 }, 8)).toEqual({
      filters: '(status:in_stock OR status:coming_soon) AND (body:"suv" OR make:"Mazda") AND price:30000 TO 50000',
      hitsPerPage: 9,
    });
  });

  test('an unpriced car (10 or less is not a price, spec) is compared on body and make only', () => {
    expect(similarQuery({ make: 'Toyota', body: 'ute', price: 10 }, 4).filters).toBe('(status:in_stock OR status:coming_soon) AND (body:"ute" OR make:"Toyota")');
  });

  test('the carousel never shows the car itself, nor a car not in stock, and stops at the count', () => {
    const car = carHit({ objectID: 'me', slug: 'me' });
    const hits = [carHit({ objectID: 'me', slug: 'me' }), carHit({ objectID: 'a', slug: 'a' }), carHit({ objectID: 'b', slug: 'b', status: 'sold' }), carHit({ objectID: 'c', slug: 'c', status: 'coming_soon' }), carHit({ objectID: 'd', slug: 'd' })];
    expect(pickSimilar(hits, car, 2).map((h) => h.objectID)).toEqual(['a', 'c']);
  });
});
