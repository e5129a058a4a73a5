/**
 * The market indicator (spec finance-leads-locations §4): 'appears when the price is more than
 * 499 below the state average market price (or the national average if no state value)'.
 */
export const MARKET_INDICATOR_GAP = 499;

export interface MarketAverages {
  state_average: number | null;
  national_average: number | null;
}

export function marketIndicator(
  price: number | null,
  market: MarketAverages,
): { below: number; scope: 'state' | 'national' } | null {
  if (price === null || price <= 0) return null;
  const scope = market.state_average !== null ? 'state' : 'national';
  const average = market.state_average ?? market.national_average;
  if (average === null) return null;
  const below = average - price;
  return below > MARKET_INDICATOR_GAP ? { below, scope } : null;
}
