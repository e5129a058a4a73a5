import { css } from '@emotion/react';
import { SURFACE, useSession, useTenant } from '@forecourt/shared-config';
import { CheckboxField, FORM_ERROR, SchemaForm, SubmitButton, TextField, useForm } from '@forecourt/shared-config/form';
import { dealerTimeZone } from '@forecourt/shared-config/hours';
import { formatPhone } from '@forecourt/shared-config/identity';
import { useEffect, useMemo, useState } from 'react';
import { depositText } from '../../../lib/reserve-copy';
import { createReserver, type ReservationMade } from '../api/reserve';
import { cardNumberInput, cardToken, expiryInput } from '../lib/card';
import { holdEndText } from '../lib/reservation';
import { refusalErrors } from '../lib/reservation-errors';
import { checkoutFormSchema, type CheckoutValues, type ReservationBody } from '../lib/reservation-schema';
import { ReservationConfirmation } from './reservation-confirmation';

export interface ReservationFormProps {
  slug: string;
  /** The car's name, for the form's name and the confirmation. */
  carName: string;
  /** In dollars (spec: '$200' unless the site configures another; 0 asks for no card). */
  deposit: number;
}

const digitsOnly = (value: string) => value.replace(/\D/g, '');

const twoColumns = css`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(15rem, 1fr));
  column-gap: 1rem;
`;

/**
 * The reservation form (loaded by the checkout page once the car is free): the shopper, the card
 * when there is a deposit, consent to the terms. On submit the card becomes the processor's
 * token in this page, and only the token and its last four digits are sent; the API's answer
 * becomes the confirmation, or goes back on the field it is about or in the form's red alert.
 */
export default function ReservationForm({ slug, carName, deposit }: ReservationFormProps) {
  const tenant = useTenant();
  const noun = tenant.search.itemNoun;
  const [made, setMade] = useState<ReservationMade | null>(null);
  const schema = useMemo(() => checkoutFormSchema(deposit), [deposit]);
  const reserve = useMemo(() => createReserver(slug), [slug]);
  const amount = depositText(deposit);
  if (made) return <ReservationConfirmation reservation={made} slug={slug} carName={carName} />;

  const onSubmit = async (values: CheckoutValues): Promise<Record<string, string> | undefined> => {
    const payment = deposit > 0 && values.card_number ? cardToken(values.card_number) : undefined;
    // Built field by field, so nothing typed in the card fields but the token and last four is sent.
    const body: ReservationBody = {
      name: values.name,
      email: values.email,
      phone: values.phone,
      terms: true,
      ...(payment ? { payment } : {}),
    };
    const outcome = await reserve(body);
    if (outcome.status === 'reserved') {
      setMade(outcome.reservation);
      return undefined;
    }
    if (outcome.status === 'unreachable')
      return {
        [FORM_ERROR]: `Your reservation could not be sent. Please check your connection and try again, or call us on ${tenant.contact.phone}.`,
      };
    const held =
      outcome.code === 409 && outcome.heldUntil
        ? ` It is held until ${holdEndText(new Date(outcome.heldUntil), dealerTimeZone(tenant.contact))}.`
        : '';
    return refusalErrors({ ...outcome, message: `${outcome.message}${held}` }, deposit > 0);
  };

  return (
    <div
      css={css`
        label: mf-vehicle-checkout-form;
        margin: 0 0 1.5rem;
      `}
    >
      <SchemaForm<CheckoutValues> label={`Reserve the ${carName}`} schema={schema} onSubmit={onSubmit}>
        <MobileFromSession />
        <div css={twoColumns}>
          <TextField name="name" label="Full name" required autoComplete="name" maxLength={100} />
          <TextField
            name="email"
            label="Email address"
            type="email"
            inputMode="email"
            required
            autoComplete="email"
            maxLength={254}
          />
          <TextField
            name="phone"
            label="Mobile number"
            type="tel"
            inputMode="tel"
            required
            autoComplete="tel"
            placeholder="04XX XXX XXX"
            maxLength={32}
          />
        </div>
        {amount && (
          <fieldset
            css={css`
              label: mf-vehicle-checkout-card;
              margin: 0.5rem 0 1rem;
              padding: 1rem 1.25rem 0;
              border: 1px solid ${SURFACE.border};
              border-radius: ${SURFACE.radius};
              min-width: 0;
            `}
          >
            <legend css={{ padding: '0 0.35rem', fontWeight: 700 }}>{`Card for the ${amount} deposit`}</legend>
            <p css={{ margin: '0 0 1rem', color: SURFACE.muted, fontSize: '0.9375rem' }}>
              Your card number goes only to our payment provider; we keep its last four digits for your receipt.
            </p>
            <TextField
              name="card_number"
              label="Card number"
              required
              inputMode="numeric"
              autoComplete="cc-number"
              maxLength={23}
              parse={cardNumberInput}
            />
            <div
              css={css`
                display: grid;
                grid-template-columns: repeat(2, minmax(0, 1fr));
                column-gap: 1rem;
              `}
            >
              <TextField
                name="card_expiry"
                label="Expiry (MM/YY)"
                required
                inputMode="numeric"
                autoComplete="cc-exp"
                placeholder="MM/YY"
                maxLength={7}
                parse={expiryInput}
              />
              <TextField
                name="card_cvc"
                label="Security code (CVC)"
                required
                inputMode="numeric"
                autoComplete="cc-csc"
                maxLength={4}
                parse={digitsOnly}
              />
            </div>
          </fieldset>
        )}
        <CheckboxField
          name="terms"
          summaryLabel="Reservation terms"
          label={`I agree to the reservation terms above for the ${carName}.`}
        />
        <SubmitButton busyText="Reserving…">{amount ? `Reserve for ${amount}` : `Reserve this ${noun}`}</SubmitButton>
      </SchemaForm>
    </div>
  );
}

/**
 * A signed-in shopper's mobile, put in for them. The shell may learn who is signed in after the
 * form opens, so this follows the session rather than the form's first values; a number already
 * typed is left alone.
 */
function MobileFromSession() {
  const session = useSession();
  const form = useForm();
  const phone = session.status === 'signed-in' ? formatPhone(session.user.phone) : null;
  useEffect(() => {
    if (phone && !form.getState().values['phone']) form.change('phone', phone);
  }, [form, phone]);
  return null;
}
