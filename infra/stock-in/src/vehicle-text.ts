/**
 * How a car's simple facets (what search filters on) read on its page, as dealers' feeds spell
 * them: one rule for the seed and the Stock API, so a car reads alike whoever wrote it.
 */

/** 'diesel' -> 'Diesel', 'hybrid' -> 'Petrol hybrid', 'none' -> 'Not applicable'. */
export function fuelText(fuel: string): string {
  if (fuel === 'none') return 'Not applicable';
  if (fuel === 'diesel') return 'Diesel';
  if (fuel === 'electric') return 'Electric';
  return fuel.includes('hybrid') ? `Petrol ${fuel}` : 'Unleaded Petrol';
}

/** 'automatic' -> 'Automatic', 'none' (a caravan) -> 'Not applicable'. */
export function transmissionText(transmission: 'automatic' | 'manual' | 'none'): string {
  if (transmission === 'none') return 'Not applicable';
  return transmission === 'automatic' ? 'Automatic' : 'Manual';
}
