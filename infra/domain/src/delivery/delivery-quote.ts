import type { DeliveryTier } from '@forecourt/shared-config/delivery';

/**
 * The price of delivering `distanceKm` from the yard: the first tier (by distance) that reaches
 * it; null past the last tier (the dealer quotes those by hand: the spec's 'Sorry, we can't
 * provide an estimate' answer).
 */
export function tierPrice(distanceKm: number, tiers: readonly DeliveryTier[]): number | null {
  const tier = [...tiers].sort((a, b) => a.upToKm - b.upToKm).find((t) => distanceKm <= t.upToKm);
  return tier ? tier.price : null;
}
