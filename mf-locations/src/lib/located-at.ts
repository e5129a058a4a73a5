/** Spec: "Announcement bar 'Located at {city}'". */
export const locatedAtText = (city: string): string => `Located at ${city}`;

/**
 * Spec: the bar shows 'on a vehicle page when the car's city differs from the dealership's
 * primary city'. Cities compare without case or surrounding spaces; without either city there is
 * nothing to compare, and no bar.
 */
export function locatedAtShown(carCity: string, primaryCity: string | null): boolean {
  const car = carCity.trim().toLowerCase();
  const primary = (primaryCity ?? '').trim().toLowerCase();
  return car !== '' && primary !== '' && car !== primary;
}
