import { specText } from '@forecourt/shared-config';

/**
 * The fuel cost calculator (spec finance-leads-locations §9): 'price default 1.70, distance
 * default 250 kms, economy fallback 10 L/100km, hidden for electric cars; fuel cost =
 * distance/100 x economy x fuel price'.
 */
export const FUEL_PRICE_DEFAULT = 1.7;
export const DISTANCE_DEFAULT_KM = 250;
export const ECONOMY_FALLBACK_L_PER_100KM = 10;

export function fuelCost(
  distanceKm: number,
  economyLPer100Km: number | null | undefined,
  pricePerLitre: number,
): number {
  const economy = economyLPer100Km && economyLPer100Km > 0 ? economyLPer100Km : ECONOMY_FALLBACK_L_PER_100KM;
  return (Math.max(0, distanceKm) / 100) * economy * Math.max(0, pricePerLitre);
}

/**
 * Hidden for electric cars (they buy no fuel; hybrids still do) and for what burns no fuel of its
 * own: a caravan is towed, and its feed says 'none' (or 'Not applicable') for fuel.
 */
export function fuelCalculatorShown(car: { fuel: string; item_type: string }): boolean {
  if (car.item_type === 'caravan' || specText(car.fuel) === null) return false;
  return !/^electric$|^ev$|battery electric/i.test(car.fuel.trim());
}
