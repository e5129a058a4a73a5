import { apiWrite } from '@forecourt/shared-config';
import { DELIVERY_NO_ESTIMATE } from '@forecourt/shared-config/delivery';
import { deliveryQuoteSchema, type DeliveryQuote } from '../../../contract';

/**
 * The delivery estimate for a postcode (`POST /api/delivery-quote`): the region and price, or
 * the text to show: the server's for a postcode it refused (400), else the spec's 'Sorry, we
 * can't provide an estimate' (no place, beyond the last tier, or no answer).
 */
export async function quoteDelivery(
  postcode: string,
  carId: string,
): Promise<{ ok: true; quote: DeliveryQuote } | { ok: false; message: string }> {
  const result = await apiWrite('/api/delivery-quote', {
    body: { postcode, car_id: carId },
    schema: deliveryQuoteSchema,
  });
  if (result.ok) return { ok: true, quote: result.data };
  if (result.status === 0) console.error('[mf-vehicle] delivery quote failed: no answer');
  return { ok: false, message: result.status === 400 && result.message ? result.message : DELIVERY_NO_ESTIMATE };
}
