/**
 * The delivery estimate's texts and input rule, shared by mf-vehicle's calculator and infra's
 * quote route (its answer's schema is mf-vehicle's contract, which the route imports).
 */

/** Spec (search-and-vehicle §5, §8). */
export const DELIVERY_POSTCODE_REQUIRED = 'Please enter a postcode.';
export const DELIVERY_NO_ESTIMATE =
  "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.";
/** Spec (finance-leads-locations §5, postcodes): exactly 4 digits. */
export const INVALID_POSTCODE = 'Invalid postcode. Please enter a 4-digit number.';

/** What is wrong with a delivery postcode as typed, or null. */
export function deliveryPostcodeProblem(value: string): string | null {
  const postcode = value.trim();
  if (postcode === '') return DELIVERY_POSTCODE_REQUIRED;
  if (!/^\d{4}$/.test(postcode)) return INVALID_POSTCODE;
  return null;
}

/** One distance tier of a site's delivery prices: up to `upToKm` from the car's yard costs `price` dollars. */
export interface DeliveryTier {
  upToKm: number;
  price: number;
}
