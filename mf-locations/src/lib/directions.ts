import type { DealerLocation } from '../contract';

/** A maps link that asks for directions to the location's street address (spec: 'directions link', 'Get Directions'). */
export function directionsUrl(address: DealerLocation['address']): string {
  const destination = `${address.street}, ${address.city} ${address.state} ${address.postcode}`;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}
