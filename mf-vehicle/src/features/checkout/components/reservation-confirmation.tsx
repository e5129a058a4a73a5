import { css } from '@emotion/react';
import { DANGER, media, paths, SUCCESS, SURFACE, useTenant } from '@forecourt/shared-config';
import { FormAlert } from '@forecourt/shared-config/form';
import { dealerTimeZone } from '@forecourt/shared-config/hours';
import { useEffect, useId, useRef, useState } from 'react';
import { depositText } from '../../../lib/reserve-copy';
import { cancelReservation, type ReservationMade } from '../api/reserve';
import { holdEndText } from '../lib/reservation';

type CancelState =
  { status: 'idle' } | { status: 'cancelling' } | { status: 'cancelled' } | { status: 'failed'; message: string };

const boxCss = css`
  label: mf-vehicle-checkout-confirmation;
  margin: 0 0 1.5rem;
  padding: 1rem 1.25rem;
  border: 1px solid ${SURFACE.border};
  border-left: 4px solid ${SUCCESS.bright};
  border-radius: ${SURFACE.radius};
`;
const detailsCss = css`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: 0.4rem 1rem;
  margin: 0 0 1rem;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  ${media.smDown} {
    grid-template-columns: minmax(0, 1fr);
    dd + dt {
      margin-top: 0.4rem;
    }
  }
`;

/**
 * What the shopper keeps from a reservation: its number, when the hold ends (on the dealer's
 * clock) and the deposit held (none named for $0, spec), with the way to change their mind.
 * The heading takes focus, so a keyboard or screen-reader shopper carries on from the answer
 * rather than from a form that is gone.
 */
export function ReservationConfirmation({
  reservation,
  slug,
  carName,
}: {
  reservation: ReservationMade;
  slug: string;
  carName: string;
}) {
  const tenant = useTenant();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [cancel, setCancel] = useState<CancelState>({ status: 'idle' });
  const cancelled = cancel.status === 'cancelled';
  useEffect(() => {
    headingRef.current?.focus();
  }, [cancelled]);
  const amount = depositText(reservation.deposit);
  const heading = (text: string) => (
    <h2
      id={headingId}
      ref={headingRef}
      tabIndex={-1}
      css={{ fontSize: '1.35rem', margin: '0 0 0.5rem', outline: 'none' }}
    >
      {text}
    </h2>
  );

  if (cancelled) {
    return (
      <section
        role="status"
        aria-labelledby={headingId}
        css={[
          boxCss,
          css`
            border-left-color: ${SURFACE.border};
          `,
        ]}
      >
        {heading('Your reservation is cancelled')}
        <p
          css={{ margin: '0 0 0.5rem' }}
        >{`Reservation ${reservation.id} is cancelled: the ${carName} is no longer held for you${amount ? ` and your ${amount} deposit will not be taken` : ''}.`}</p>
        <p css={{ margin: 0 }}>
          <a href={paths.car(slug)}>{`Back to the ${carName}`}</a>
        </p>
      </section>
    );
  }

  const onCancel = async () => {
    setCancel({ status: 'cancelling' });
    const outcome = await cancelReservation(reservation.id);
    if (outcome.status === 'cancelled') setCancel({ status: 'cancelled' });
    else
      setCancel({
        status: 'failed',
        message:
          outcome.status === 'refused'
            ? outcome.message
            : `Your reservation could not be cancelled just now. Please try again, or call us on ${tenant.contact.phone}.`,
      });
  };

  return (
    <section role="status" aria-labelledby={headingId} css={boxCss}>
      {heading(`Your ${tenant.search.itemNoun} is reserved`)}
      <p
        css={{ margin: '0 0 1rem' }}
      >{`We are holding the ${carName} for you. Quote your reservation number if you call us.`}</p>
      <dl css={detailsCss}>
        <dt>Reservation number</dt>
        <dd>{reservation.id}</dd>
        <dt>Held until</dt>
        <dd>
          <time dateTime={reservation.heldUntil}>
            {holdEndText(new Date(reservation.heldUntil), dealerTimeZone(tenant.contact))}
          </time>
        </dd>
        {amount && (
          <>
            <dt>Deposit held</dt>
            <dd>{`${amount}, 100% refundable`}</dd>
          </>
        )}
      </dl>
      {cancel.status === 'failed' && <FormAlert title={cancel.message} />}
      <button
        type="button"
        onClick={() => void onCancel()}
        disabled={cancel.status === 'cancelling'}
        aria-busy={cancel.status === 'cancelling' || undefined}
        css={css`
          font: inherit;
          font-weight: 600;
          min-height: 2.75rem;
          padding: 0.5rem 1.1rem;
          border-radius: 6px;
          border: 1px solid ${SURFACE.border};
          background: ${SURFACE.background};
          color: ${DANGER.text};
          cursor: pointer;
          &:disabled {
            cursor: progress;
            opacity: 0.75;
          }
        `}
      >
        {cancel.status === 'cancelling' ? 'Cancelling…' : 'Cancel reservation'}
      </button>
    </section>
  );
}
