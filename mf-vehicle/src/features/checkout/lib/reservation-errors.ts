import { FORM_ERROR } from '@forecourt/shared-config/form';
import type { ReservationRefusal } from '../api/reserve';

/** The shopper's fields as the API names them (the form uses the same names). */
const SHOPPER_FIELDS = new Set(['name', 'email', 'phone', 'terms']);

/**
 * Where the form shows a refusal: on the field it is about (a 400 naming a shopper's field; a
 * declined card or a refused card token on the card number, the field the shopper would change),
 * otherwise in the form's red alert. Nothing is dropped: a field the form does not show (the API
 * asking for a card the page did not ask for) goes to the alert too.
 */
export function refusalErrors(
  refusal: Pick<ReservationRefusal, 'code' | 'message' | 'field'>,
  cardShown: boolean,
): Record<string, string> {
  const field = refusal.field?.split('.')[0] ?? null;
  // A 400 reads 'email: Please enter a valid email address.': under the field, the field is named already.
  const words =
    refusal.field && refusal.message.startsWith(`${refusal.field}: `)
      ? refusal.message.slice(refusal.field.length + 2)
      : refusal.message;
  if (cardShown && (refusal.code === 402 || (refusal.code === 400 && field === 'payment')))
    return { card_number: words };
  if (refusal.code === 400 && field && SHOPPER_FIELDS.has(field)) return { [field]: words };
  return { [FORM_ERROR]: refusal.message };
}
