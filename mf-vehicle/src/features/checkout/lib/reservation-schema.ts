import { emailSchema, mobileSchema, REQUIRED, required } from '@forecourt/shared-config/contact';
import { z } from 'zod';
import { cardDigits, expiryProblem, INVALID_CARD_NUMBER, INVALID_CVC, isCardNumber, isCvc } from './card';

/**
 * The reservation's rules, once for the checkout form (browser) and the reservation API (server):
 * the shopper's name, email and mobile by the platform's contact rules (the lead forms' own), and
 * consent to the reservation terms.
 */

/** Not in the spec: the consent's message. */
export const TERMS_REQUIRED = 'You must agree to the reservation terms before reserving.';

const shopperFields = {
  name: required(100),
  email: emailSchema,
  phone: mobileSchema,
  terms: z.literal(true, { error: TERMS_REQUIRED }),
};

/**
 * `POST /api/vehicle/cars/{slug}/reservation`: the shopper and, when a deposit is due, the card as
 * its processor token and last four digits. There is no field for a card number: one sent anyway
 * is an unknown field, refused with the rest of the body unread.
 */
export const reservationBodySchema = z
  .object({
    ...shopperFields,
    payment: z
      .object({
        token: z
          .string({ error: REQUIRED })
          .regex(/^[A-Za-z0-9_]{8,200}$/, { error: 'must be a card token from the payment fields' }),
        last4: z.string({ error: REQUIRED }).regex(/^\d{4}$/, { error: 'must be the last 4 digits of the card' }),
      })
      .strict()
      .optional(),
  })
  .strict();
export type ReservationBody = z.input<typeof reservationBodySchema>;

const cardFields = (now: () => Date) => ({
  card_number: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, { error: REQUIRED })
    .refine((value) => isCardNumber(cardDigits(value)), { error: INVALID_CARD_NUMBER }),
  card_expiry: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, { error: REQUIRED })
    .superRefine((value, context) => {
      const problem = expiryProblem(value, now());
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
  card_cvc: z.string({ error: REQUIRED }).trim().min(1, { error: REQUIRED }).refine(isCvc, { error: INVALID_CVC }),
});

/** The checkout form: the shopper, and the card's fields when there is a deposit to pay (spec: none for $0). */
export function checkoutFormSchema(deposit: number, now: () => Date = () => new Date()) {
  const shopper = z.object(shopperFields);
  return deposit > 0 ? shopper.extend(cardFields(now)) : shopper;
}

export interface CheckoutValues {
  name: string;
  email: string;
  phone: string;
  terms: true;
  card_number?: string;
  card_expiry?: string;
  card_cvc?: string;
}
