import type { PriceComparison } from '../contract';

/** Spec (search-and-vehicle §5): confidence of 0.2 or lower hides the block. */
export const MIN_CONFIDENCE = 0.2;

/**
 * Spec (§5): 'The price-comparison block is hidden when any value is missing, when confidence is
 * 0.2 or lower, or when the market maximum is below the listing price.'
 */
export function priceComparisonShown(
  answer: PriceComparison | null,
): answer is { [K in keyof PriceComparison]: NonNullable<PriceComparison[K]> } {
  if (!answer) return false;
  const values = [
    answer.fill,
    answer.listing_price,
    answer.market_range_min,
    answer.market_range_max,
    answer.confidence,
    answer.description,
  ];
  if (values.some((v) => v === null || v === undefined || v === '')) return false;
  if ((answer.confidence ?? 0) <= MIN_CONFIDENCE) return false;
  return (answer.market_range_max ?? 0) >= (answer.listing_price ?? 0);
}
