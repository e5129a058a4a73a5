import type { DeliveryTier } from '@forecourt/shared-config/delivery';

/** Spec (finance-leads-locations §9): Earth radius 6371 km for distances. */
export const EARTH_RADIUS_KM = 6371;

export interface Point {
  lat: number;
  lng: number;
}

/** Great-circle distance by the haversine formula, in km. */
export function haversineKm(a: Point, b: Point): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The price of delivering `distanceKm` from the yard: the first tier (by distance) that reaches
 * it; null past the last tier (the dealer quotes those by hand: the spec's 'Sorry, we can't
 * provide an estimate' answer).
 */
export function tierPrice(distanceKm: number, tiers: readonly DeliveryTier[]): number | null {
  const tier = [...tiers].sort((a, b) => a.upToKm - b.upToKm).find((t) => distanceKm <= t.upToKm);
  return tier ? tier.price : null;
}
