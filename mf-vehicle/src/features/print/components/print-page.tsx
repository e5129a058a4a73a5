import { css } from '@emotion/react';
import { capitalise, mediaAt, paths, priceDisplay, PriceTag, SURFACE, useTenant } from '@forecourt/shared-config';
import { useId } from 'react';
import { useSearchParams } from '@forecourt/shared-config/router';
import KeyInfo from '../../key-info/components/key-info';
import { useCar } from '../../vehicle-page/api/car';
import { commentParagraphs } from '../../../lib/dealer-comments';
import { specificationRows } from '../../../lib/specifications';
import { titleFromSlug } from '../../../lib/vehicle-title';

/**
 * /print?car_id={slug}: the printable vehicle page, opened in a new tab from the vehicle page:
 * the car read from stock (name, price, main photo, every specification, the dealer's comments,
 * the yard and its phone), laid out for paper; the buttons do not print.
 */
export function PrintPage() {
  const [query] = useSearchParams();
  const tenant = useTenant();
  const headingId = useId();
  const noun = tenant.search.itemNoun;
  const slug = query.get('car_id') ?? '';
  const state = useCar(slug || '-');
  const car = slug && state.status === 'found' ? state.car : null;
  const title = car?.name ?? (slug ? titleFromSlug(slug) : `${capitalise(noun)} details`);
  return (
    <article
      aria-labelledby={headingId}
      css={css`
        label: mf-vehicle-print;
        max-width: 48rem;
        margin: 0 auto;
        padding: 1.5rem;
        @media print {
          padding: 0;
        }
      `}
    >
      <h1 id={headingId} css={{ margin: '0 0 0.25rem' }}>
        {title}
      </h1>
      <p css={{ margin: '0 0 1rem', color: SURFACE.muted }}>
        {car
          ? `${car.location.name} · ${car.city} ${car.state} · ${car.location.phone || tenant.contact.phone}`
          : `${tenant.name} · ${tenant.contact.city} ${tenant.contact.state} · ${tenant.contact.phone}`}
      </p>
      {!slug ? (
        <p>
          No {noun} was chosen to print. <a href={paths.search()}>Browse our {noun}s</a>
        </p>
      ) : (
        <>
          <p
            css={css`
              label: mf-vehicle-print-actions;
              display: flex;
              gap: 1rem;
              align-items: center;
              @media print {
                display: none;
              }
            `}
          >
            <button type="button" onClick={() => window.print()}>
              Print this page
            </button>
            <a href={paths.car(slug)}>Back to the {noun} page</a>
          </p>
          {state.status === 'loading' && <p role="status">{`Loading this ${noun}…`}</p>}
          {state.status === 'missing' && <p role="alert">{`This ${noun} is not on our site any more.`}</p>}
          {state.status === 'failed' && (
            <p role="alert">{`We could not load this ${noun} just now. Please try again in a moment.`}</p>
          )}
          {car && (
            <div css={{ display: 'grid', gap: '1rem' }}>
              <PriceTag price={priceDisplay(car, tenant.pricing)} size="page" />
              {car.images[0] && (
                <img
                  src={mediaAt(car.images[0], 800)}
                  alt={car.name}
                  width={800}
                  height={533}
                  css={{ width: '100%', height: 'auto', borderRadius: 8 }}
                />
              )}
              <KeyInfo items={specificationRows(car, new Date(), tenant.vehicle.showUnregistered)} />
              {commentParagraphs(car.dealer_comments).length > 0 && (
                <section>
                  <h2 css={{ fontSize: '1.125rem', margin: '0 0 0.5rem' }}>Dealer comments</h2>
                  {commentParagraphs(car.dealer_comments).map((paragraph, i) => (
                    <p key={i} css={{ margin: '0 0 0.5rem' }} data-dealer-text>
                      {paragraph}
                    </p>
                  ))}
                </section>
              )}
            </div>
          )}
        </>
      )}
    </article>
  );
}
