import { css } from '@emotion/react';
import {
  DANGER,
  isInStock,
  media,
  paths,
  SURFACE,
  telHref,
  useSession,
  useTenant,
  WARNING,
} from '@forecourt/shared-config';
import { dealerTimeZone } from '@forecourt/shared-config/hours';
import { lazy, Suspense, useId, type ReactNode } from 'react';
import { useLocation, useParams, useSearchParams } from '@forecourt/shared-config/router';
import { titleFromSlug } from '../../../lib/vehicle-title';
import { useCar, type CarState } from '../../vehicle-page/api/car';
import { useReservationState, type ReservationState } from '../api/reservation-state';
import {
  alreadyReserved,
  holdEndText,
  notReservable,
  reservationTerms,
  reserveDeposit,
  soldText,
} from '../lib/reservation';

// The form, its rules and the platform's form kit load only once the car can be reserved: a
// shopper who finds it reserved or sold downloads none of it.
const ReservationForm = lazy(() => import(/* webpackChunkName: "checkout" */ './reservation-form'));

const noticeCss = css`
  label: mf-vehicle-checkout-notice;
  margin: 0 0 1.5rem;
  padding: 0.85rem 1rem;
  border-radius: 6px;
  background: ${WARNING.background};
  color: ${WARNING.text};
  p {
    margin: 0;
  }
  p + p {
    margin-top: 0.5rem;
  }
  a {
    color: inherit;
  }
`;
const alertCss = css`
  label: mf-vehicle-checkout-alert;
  margin: 0 0 1.5rem;
  padding: 0.75rem 1rem;
  border: 1px solid ${DANGER.border};
  border-left: 4px solid ${DANGER.text};
  border-radius: 6px;
  background: ${DANGER.background};
  color: ${DANGER.text};
  p {
    margin: 0 0 0.6rem;
  }
`;
const plainButtonCss = css`
  font: inherit;
  font-weight: 600;
  min-height: 2.75rem;
  padding: 0.5rem 1.1rem;
  border-radius: 6px;
  border: 1px solid ${SURFACE.border};
  background: ${SURFACE.background};
  color: ${SURFACE.text};
  cursor: pointer;
`;

/**
 * Reserve online: /cars/{slug}/checkout, /cars/{slug}/buy-online and
 * /checkout-journey?car_id={slug} all start here. The page says what reserving means (spec:
 * the deposit, the 48-hour hold, fully refundable), checks the car can still be reserved, then
 * offers the form; a site without online checkout gives its phone instead.
 */
export function CheckoutPage() {
  const params = useParams();
  const [query] = useSearchParams();
  const tenant = useTenant();
  const headingId = useId();
  const termsId = useId();
  const noun = tenant.search.itemNoun;
  const slug = params.slug ?? query.get('car_id') ?? '';
  const online = tenant.vehicle.onlineCheckout;
  const deposit = reserveDeposit(tenant.vehicle.reserveDeposit);
  const terms = reservationTerms(deposit, noun);
  const car = useCar(slug || '-');
  const reservation = useReservationState(slug, online && slug !== '');
  const carName = car.status === 'found' ? car.car.name : titleFromSlug(slug);
  return (
    <article
      aria-labelledby={headingId}
      css={css`
        label: mf-vehicle-checkout;
        max-width: 48rem;
        margin: 0 auto;
        padding: 1.5rem;
        ${media.smDown} {
          padding: 1rem;
        }
      `}
    >
      <h1 id={headingId} css={{ margin: '0 0 0.25rem', fontSize: 'clamp(1.5rem, 4vw, 2.25rem)' }}>
        {online ? `Reserve this ${noun} online` : `Reserve this ${noun}`}
      </h1>
      {slug ? (
        <p css={{ margin: '0 0 1.5rem' }}>
          <a href={paths.car(slug)}>{carName}</a>
        </p>
      ) : (
        <p css={{ margin: '0 0 1.5rem' }}>
          Choose a {noun} to reserve from <a href={paths.search()}>our stock</a>.
        </p>
      )}
      {online ? (
        <>
          <section
            aria-labelledby={termsId}
            css={css`
              label: mf-vehicle-checkout-terms;
              margin: 0 0 1.5rem;
              padding: 1rem 1.25rem;
              border: 1px solid ${SURFACE.border};
              border-radius: ${SURFACE.radius};
            `}
          >
            <h2 id={termsId} css={{ fontSize: '1.125rem', margin: '0 0 0.75rem' }}>
              How reserving works
            </h2>
            <ul css={{ margin: 0, paddingLeft: '1.25rem' }}>
              {terms.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </section>
          {slug && (
            <Reserve
              slug={slug}
              carName={carName}
              car={car}
              reservation={reservation.state}
              retry={reservation.retry}
              deposit={deposit}
            />
          )}
        </>
      ) : (
        <div css={noticeCss}>
          <p>
            {`${tenant.name} does not take reservations online. To reserve this ${noun}, call us on `}
            <a href={telHref(tenant.contact.phone)}>{tenant.contact.phone}</a>.
          </p>
        </div>
      )}
      {online && (
        <p css={{ margin: 0 }}>
          Questions about reserving? Call {tenant.name} on{' '}
          <a href={telHref(tenant.contact.phone)}>{tenant.contact.phone}</a>.
        </p>
      )}
    </article>
  );
}

interface ReserveProps {
  slug: string;
  carName: string;
  car: CarState;
  reservation: ReservationState;
  retry: () => void;
  deposit: number;
}

/** The form, once the car is known to be free; otherwise why it cannot be reserved. */
function Reserve({ slug, carName, car, reservation, retry, deposit }: ReserveProps) {
  const tenant = useTenant();
  const session = useSession();
  const location = useLocation();
  const noun = tenant.search.itemNoun;
  const browse = <a href={paths.search()}>{`Browse our other ${noun}s`}</a>;
  const notice = (...lines: ReactNode[]) => (
    <div role="status" css={noticeCss}>
      {lines.map((line, index) => (
        <p key={index}>{line}</p>
      ))}
    </div>
  );
  if (reservation.status === 'loading' || car.status === 'loading')
    return <p role="status" css={{ margin: '0 0 1.5rem' }}>{`Checking the ${noun} is still available…`}</p>;
  if (reservation.status === 'failed') {
    return (
      <div role="alert" css={alertCss}>
        <p>{`We could not check whether this ${noun} is still available. Please try again in a moment, or call us on ${tenant.contact.phone}.`}</p>
        <button type="button" onClick={retry} css={plainButtonCss}>
          Try again
        </button>
      </div>
    );
  }
  if (reservation.status === 'missing' || car.status === 'missing')
    return notice(`This ${noun} is not on our site.`, browse);
  if (car.status === 'found' && !isInStock(car.car.status))
    return notice(car.car.status === 'sold' ? soldText(car.car) : notReservable(car.car), browse);
  if (reservation.status === 'reserved') {
    const ends = reservation.heldUntil
      ? ` It is held until ${holdEndText(new Date(reservation.heldUntil), dealerTimeZone(tenant.contact))}.`
      : '';
    return notice(`${alreadyReserved({ name: carName })}${ends}`, browse);
  }
  // A hold is made by a shopper whose mobile is confirmed (the one-time code of signing in), on
  // every site: the server refuses one from anybody else, so the page says so first and leads
  // there and back, rather than letting the shopper fill in a form that cannot be sent.
  if (session.status !== 'signed-in') {
    const here = `${location.pathname}${location.search}`;
    return (
      <div role="status" css={noticeCss}>
        <p>{`To hold this ${noun} for you we first confirm your mobile number with a one-time code.`}</p>
        <p>
          <a href={paths.signIn('checkout', here, here)}>Confirm my mobile number</a>
        </p>
      </div>
    );
  }
  return (
    <Suspense
      fallback={
        <p role="status" css={{ margin: '0 0 1.5rem' }}>
          Loading the reservation form…
        </p>
      }
    >
      <ReservationForm slug={slug} carName={carName} deposit={deposit} />
    </Suspense>
  );
}
