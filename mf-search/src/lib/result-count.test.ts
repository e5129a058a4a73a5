import { displayCount } from './result-count';

describe('displayCount (spec: threshold 1999)', () => {
  it('shows nbHits up to 1999, even where the in-stock facet says otherwise', () => {
    expect(displayCount(1999, { status: { in_stock: 5 } })).toBe(1999);
  });

  it('derives the total from the in-stock facet from 2000', () => {
    expect(displayCount(2000, { status: { in_stock: 2100, coming_soon: 40, sold: 12 } })).toBe(2140);
  });

  it('falls back to the sum of the car-type facet counts', () => {
    expect(displayCount(2500, { car_type: { new: 300, used: 2000, demo: 150 } })).toBe(2450);
  });

  it('keeps nbHits when neither facet was asked for', () => {
    expect(displayCount(2500, {})).toBe(2500);
  });
});
