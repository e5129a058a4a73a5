import { css } from '@emotion/react';
import { paths, SUCCESS, SURFACE, useTenant } from '@forecourt/shared-config';
import { dealerTimeZone } from '@forecourt/shared-config/hours';
import { depositText } from '../../../lib/reserve-copy';
import { useMyReservations } from '../api/my-reservations';
import { reservationStatusText, SIGN_IN_FOR_RESERVATIONS } from '../lib/my-reservations';

/**
 * mf_vehicle/MyReservations (props `{}`): the signed-in shopper's reservations on this site,
 * newest first, as the garage page shows them: the car, where the reservation stands ('Held
 * until …' on the dealer's clock, 'Expired', 'Cancelled', 'Completed') and the deposit.
 */
export default function MyReservations() {
  const tenant = useTenant();
  const noun = tenant.search.itemNoun;
  const timeZone = dealerTimeZone(tenant.contact);
  const state = useMyReservations();

  const body = (() => {
    if (state.status === 'loading') return <p role="status">Loading your reservations…</p>;
    if (state.status === 'failed' || state.status === 'missing')
      return (
        <p role="alert">{`We could not load your reservations just now. Please try again in a moment, or call us on ${tenant.contact.phone}.`}</p>
      );
    if (state.status === 'signed-out') return <p>{SIGN_IN_FOR_RESERVATIONS}</p>;
    if (state.data.reservations.length === 0) {
      return (
        <p>
          {'You have no reservations. '}
          <a href={paths.search()}>{`Browse our ${noun}s`}</a>
        </p>
      );
    }
    return (
      <ol
        aria-label="Your reservations"
        css={css`
          list-style: none;
          margin: 0;
          padding: 0;
          display: grid;
          gap: 0.5rem;
        `}
      >
        {state.data.reservations.map((reservation) => {
          const deposit = depositText(reservation.deposit);
          return (
            <li
              key={reservation.id}
              css={css`
                display: flex;
                flex-wrap: wrap;
                justify-content: space-between;
                gap: 0.25rem 1rem;
                padding: 0.75rem 1rem;
                border: 1px solid ${SURFACE.border};
                border-radius: ${SURFACE.radius};
              `}
            >
              <span css={{ display: 'grid', gap: '0.15rem', minWidth: 0 }}>
                {reservation.car ? (
                  <a href={paths.car(reservation.car.slug)}>{reservation.car.name}</a>
                ) : (
                  <span>{`A ${noun} no longer on our site`}</span>
                )}
                <span css={{ color: SURFACE.muted, fontSize: '0.875rem' }}>
                  {'Reserved '}
                  <time dateTime={reservation.createdAt}>
                    {new Date(reservation.createdAt).toLocaleDateString('en-AU', { dateStyle: 'medium', timeZone })}
                  </time>
                  {deposit && ` · Deposit ${deposit}`}
                </span>
              </span>
              <strong css={{ color: reservation.status === 'held' ? SUCCESS.strong : SURFACE.muted }}>
                {reservationStatusText(reservation, timeZone)}
              </strong>
            </li>
          );
        })}
      </ol>
    );
  })();
  return <div data-boundary="mf-vehicle">{body}</div>;
}
