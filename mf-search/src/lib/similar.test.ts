import { moveHandle } from './range-slider';
import { pickSimilar, similarQuery, similarSlider } from './similar';
import { carHit } from './test-hit';

describe('similar cars (the platform rule for the similar cars block)', () => {
  test('in stock, the same body or make, within a quarter of the price either way', () => {
    expect(similarQuery({ make: 'Mazda', body: 'suv', price: 40_000 }, 8)).toEqual({
      filters: '(status:in_stock OR status:coming_soon) AND (body:"suv" OR make:"Mazda") AND price:30000 TO 50000',
      hitsPerPage: 9,
    });
  });

  test('an unpriced car (10 or less is not a price, spec) is compared on body and make only', () => {
    expect(similarQuery({ make: 'Toyota', body: 'ute', price: 10 }, 4).filters).toBe(
      '(status:in_stock OR status:coming_soon) AND (body:"ute" OR make:"Toyota")',
    );
  });

  test('the carousel never shows the car itself, nor a car not in stock, and stops at the count', () => {
    const car = carHit({ objectID: 'me', slug: 'me' });
    const hits = [
      carHit({ objectID: 'me', slug: 'me' }),
      carHit({ objectID: 'a', slug: 'a' }),
      carHit({ objectID: 'b', slug: 'b', status: 'sold' }),
      carHit({ objectID: 'c', slug: 'c', status: 'coming_soon' }),
      carHit({ objectID: 'd', slug: 'd' }),
    ];
    expect(pickSimilar(hits, car, 2).map((h) => h.objectID)).toEqual(['a', 'c']);
  });
});

describe("the similar slider (spec §5: 'Sliders (price, km, similar) snap to multiples of 1000 and are clamped to the facet min and max')", () => {
  test('starts at a quarter either way of the car’s price, in whole thousands', () => {
    expect(similarSlider({ price: 29_990 }, { min: 4_990, max: 88_990 })).toEqual({
      bounds: { min: 4_000, max: 89_000 },
      range: { min: 22_000, max: 38_000 },
    });
  });

  test('is clamped to the facet’s min and max', () => {
    expect(similarSlider({ price: 80_000 }, { min: 12_500, max: 84_200 })).toEqual({
      bounds: { min: 12_000, max: 85_000 },
      range: { min: 60_000, max: 85_000 },
    });
  });

  test('runs 0 to 100000 where the similar cars give no price facet', () => {
    expect(similarSlider({ price: 40_000 }, undefined)?.bounds).toEqual({ min: 0, max: 100_000 });
  });

  test('has no slider for an unpriced car (10 or less is not a price)', () => {
    expect(similarSlider({ price: 10 }, { min: 4_990, max: 88_990 })).toBeNull();
  });

  test('a handle moved to 45,600 snaps to 46,000 and the search asks for that range', () => {
    const slider = similarSlider({ price: 40_000 }, { min: 4_990, max: 88_990 })!;
    const moved = moveHandle(slider.range, 'max', 45_600, slider.bounds);
    expect(moved).toEqual({ min: 30_000, max: 46_000 });
    expect(similarQuery({ make: 'Mazda', body: 'suv', price: 40_000 }, 8, moved).filters).toBe(
      '(status:in_stock OR status:coming_soon) AND (body:"suv" OR make:"Mazda") AND price:30000 TO 46000',
    );
  });

  test('ignores a price typed outside the facet, and the handles never cross', () => {
    const slider = similarSlider({ price: 40_000 }, { min: 4_990, max: 88_990 })!;
    expect(moveHandle(slider.range, 'max', 120_000, slider.bounds)).toBe(slider.range);
    expect(moveHandle(slider.range, 'min', 70_000, slider.bounds)).toEqual({ min: 50_000, max: 50_000 });
  });
});
