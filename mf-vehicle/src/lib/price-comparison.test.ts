import type { PriceComparison } from '../contract';
import { priceComparisonShown } from './price-comparison';

const answer = (overrides: Partial<PriceComparison> = {}): PriceComparison => ({
  fill: 40,
  listing_price: 30_000,
  market_range_min: 27_000,
  market_range_max: 34_000,
  confidence: 0.6,
  description: 'Priced in line with the market',
  ...overrides,
});

describe('price comparison visibility (spec §5)', () => {
  it('shows a complete answer with confidence above 0.2 and the listing inside the market', () => {
    expect(priceComparisonShown(answer())).toBe(true);
  });

  it('hides when any value is missing', () => {
    expect([
      priceComparisonShown(answer({ fill: null })),
      priceComparisonShown(answer({ description: null })),
      priceComparisonShown(null),
    ]).toEqual([false, false, false]);
  });

  it('hides at a confidence of 0.2 or lower, shows just above', () => {
    expect([
      priceComparisonShown(answer({ confidence: 0.2 })),
      priceComparisonShown(answer({ confidence: 0.21 })),
    ]).toEqual([false, true]);
  });

  it('hides when the market maximum is below the listing price', () => {
    expect(priceComparisonShown(answer({ market_range_max: 29_999 }))).toBe(false);
  });
});
