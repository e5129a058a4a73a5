import { css } from '@emotion/react';
import { paths, SUCCESS, SURFACE, useTenant } from '@forecourt/shared-config';
import { dealerTimeZone } from '@forecourt/shared-config/hours';
import { useEffect, useState } from 'react';
import { depositText } from '../../../lib/reserve-copy';
import { reservationStatusText, SIGN_IN_FOR_RESERVATIONS, type MyReservation } from '../lib/my-reservations';

type State = { status: 'loading' } | { status: 'ready'; reservations: MyReservation[] } | { status: 'signed-out' } | { status: 'failed' };

/**
 * mf_vehicle/MyReservations (props `{}`): the signed-in shopper's reservations on this site,
 * newest first, as the garage page shows them: the car, where the reservation stands ('Held
 * until …' on the dealer's clock, 'Expired', 'Cancelled', 'Completed') and the deposit.
 */
export default function MyReservations() {
  const tenant = useTenant();
  const noun = tenant.search.itemNoun;
  const timeZone = dealerTimeZone(tenant.contact);
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let cancelled = false;
    Promise.resolve()
      .then(() => fetch('/api/vehicle/reservations/mine', { headers: { accept: 'application/json' }, credentials: 'same-origin' }))
      .then(async (response) => {
        if (response.status === 401) return { status: 'signed-out' } as const;
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return { status: 'ready', reservations: ((await response.json()) as { reservations: MyReservation[] }).reservations } as const;
      })
      .then((next) => {
        if (!cancelled) setState(next);
      })
      .catch((error: unknown) => {
        console.error('[mf-vehicle] the shopper’s reservations could not be read', error);
        if (!cancelled) setState({ status: 'failed' });
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const body = (() => {
    if (state.status === 'loading') return <p role="status">Loading your reservations…</p>;
    if (state.status === 'failed') return <p role="alert">{`We could not load your reservations just now. Please try again in a moment, or call us on ${tenant.contact.phone}.`}</p>;
    if (state.status === 'signed-out') return <p>{SIGN_IN_FOR_RESERVATIONS}</p>;
    if (state.reservations.length === 0) {
      return (
        <p>
          {'You have no reservations. '}
          <a href={paths.search()}>{`Browse our ${noun}s`}</a>
        </p>
      );
    }
    return (
      <ol aria-label="Your reservations" css={css`list-style: none; margin: 0; padding: 0; display: grid; gap: 0.5rem;`}>
        {state.reservations.map((reservation) => {
          const deposit = depositText(reservation.deposit);
          return (
            <li key={reservation.id} css={css`display: flex; flex-wrap: wrap; justify-content: space-between; gap: 0.25rem 1rem; padding: 0.75rem 1rem; border: 1px solid ${SURFACE.border}; border-radius: ${SURFACE.radius};`}>
              <span css={{ display: 'grid', gap: '0.15rem', minWidth: 0 }}>
                {reservation.car ? <a href={paths.car(reservation.car.slug)}>{reservation.car.name}</a> : <span>{`A ${noun} no longer on our site`}</span>}
                <span css={{ color: SURFACE.muted, fontSize: '0.875rem' }}>
                  {'Reserved '}
                  <time dateTime={reservation.createdAt}>{new Date(reservation.createdAt).toLocaleDateString('en-AU', { dateStyle: 'medium', timeZone })}</time>
                  {deposit && ` · Deposit ${deposit}`}
                </span>
              </span>
              <strong css={{ color: reservation.status === 'held' ? SUCCESS.strong : SURFACE.muted }}>{reservationStatusText(reservation, timeZone)}</strong>
            </li>
          );
        })}
      </ol>
    );
  })();
  return <div data-boundary="mf-vehicle">{body}</div>;
}
