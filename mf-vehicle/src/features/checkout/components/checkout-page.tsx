import { css } from '@emotion/react';
import { paths, telHref, useTenant } from '@forecourt/shared-config';
import { useId } from 'react';
import { useParams, useSearchParams } from '@forecourt/shared-config/router';
import { titleFromSlug } from '../../../lib/vehicle-title';
import { useCar } from '../../vehicle-page/lib/use-car';
import { reservationTerms, reserveDeposit } from '../lib/reservation';

/**
 * Reserve online: /cars/{slug}/checkout, /cars/{slug}/buy-online and
 * /checkout-journey?car_id={slug} all start here.
 */
export function CheckoutPage() {
  const params = useParams();
  const [query] = useSearchParams();
  const tenant = useTenant();
  const headingId = useId();
  const termsId = useId();
  const noun = tenant.search.itemNoun;
  const slug = params.slug ?? query.get('car_id') ?? '';
  const terms = reservationTerms(reserveDeposit(tenant.vehicle.reserveDeposit), noun);
  const car = useCar(slug || '-');
  return (
    <article aria-labelledby={headingId} css={css`label: mf-vehicle-checkout; max-width: 48rem; margin: 0 auto; padding: 1.5rem;`}>
      <h1 id={headingId} css={{ margin: '0 0 0.25rem' }}>
        Reserve this {noun} online
      </h1>
      {slug ? (
        <p css={{ margin: '0 0 1.5rem' }}>
          <a href={paths.car(slug)}>{car.status === 'found' ? car.car.name : titleFromSlug(slug)}</a>
        </p>
      ) : (
        <p css={{ margin: '0 0 1.5rem' }}>
          Choose a {noun} to reserve from <a href={paths.search()}>our stock</a>.
        </p>
      )}
      <section aria-labelledby={termsId} css={css`label: mf-vehicle-checkout-terms; padding: 1rem 1.25rem; border: 1px solid #d0d5dd; border-radius: 8px;`}>
        <h2 id={termsId} css={{ fontSize: '1.125rem', margin: '0 0 0.75rem' }}>
          How reserving works
        </h2>
        <ul css={{ margin: 0, paddingLeft: '1.25rem' }}>
          {terms.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
      <p css={{ marginTop: '1.5rem' }}>
        Questions about reserving? Call {tenant.name} on <a href={telHref(tenant.contact.phone)}>{tenant.contact.phone}</a>.
      </p>
    </article>
  );
}
