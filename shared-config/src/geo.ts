/** Spec (finance-leads-locations §9): Earth radius 6371 km for distance calculation. */
export const EARTH_RADIUS_KM = 6371;

export interface Point {
  lat: number;
  lng: number;
}

/**
 * Great-circle distance by the haversine formula, in km: the delivery estimate's distance from
 * the yard and the nearest location to a shopper's postcode both use it.
 */
export function haversineKm(a: Point, b: Point): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
