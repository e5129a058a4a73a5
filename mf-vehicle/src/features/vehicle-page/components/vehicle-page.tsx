import { css } from '@emotion/react';
import { capitalise, NO_PRICE_TEXT, paths, PriceTag, priceDisplay, RemoteFragment, telHref, track, useFirstPaintHandover, useTenant } from '@forecourt/shared-config';
import { useId, useState } from 'react';
import { useParams } from '@forecourt/shared-config/router';
import type { VehicleSummary } from '../../../../server/vehicle-head';
import KeyInfo from '../../key-info/components/key-info';
import { commentParagraphs, COMMENTS_PENDING, shortComments } from '../../../lib/dealer-comments';
import { maskPhone, PHONE_CLICK_EVENT, phoneClickLabel } from '../../../lib/phone-reveal';
import { useFirstCar } from '../lib/first-paint';
import { useCar } from '../lib/use-car';

/** Spec (search-and-vehicle §4 and the SOLD text): a sold car's page offers to find a similar one. */
export const SOLD_TEXT = "Unfortunately this car recently sold. But don't worry, we can help you find a similar one!";

const linkList = css`label: mf-vehicle-actions; display: flex; flex-wrap: wrap; gap: 0.75rem; list-style: none; margin: 0; padding: 0;`;

/**
 * The dealer's phone: masked until the shopper asks for it (unless the site shows it revealed),
 * then revealed as a call link. Revealing sends event 25 ('New Car' / 'Used Car') with the
 * reveal-tracking fields (car_id, dealership_id, website_id) in one call to the platform's events
 * endpoint (the spec does not name the tracking path; one request records both). A failure is
 * logged only, by `track`.
 */
function DealerPhone({ phone, car }: { phone: string; car: VehicleSummary | null }) {
  const tenant = useTenant();
  const [revealed, setRevealed] = useState(tenant.vehicle.phoneRevealed);
  if (!phone) {
    console.warn('No phone number available for car');
    return null;
  }
  const big = { fontSize: '1.25rem', fontWeight: 700 } as const;
  if (revealed) {
    return (
      <p css={{ margin: 0 }}>
        <a href={telHref(phone)} aria-label={`Call ${tenant.name} on ${phone}`} css={big}>
          {phone}
        </a>
      </p>
    );
  }
  return (
    <p css={{ margin: 0, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.75rem' }}>
      <span css={big} aria-hidden="true">
        {maskPhone(phone)}
      </span>
      <button
        type="button"
        onClick={() => {
          setRevealed(true);
          void track(PHONE_CLICK_EVENT, {
            label: phoneClickLabel(car?.car_type ?? 'used'),
            car_id: car?.id ?? null,
            dealership_id: car?.dealership_id ?? null,
            website_id: tenant.slug,
          });
        }}
        css={css`padding: 0.45rem 0.9rem; font: inherit; font-weight: 600; border: 1px solid #d0d5dd; border-radius: 6px; background: #fff; cursor: pointer;`}
      >
        Show number
      </button>
    </p>
  );
}

/** The dealer's comments: paragraphs split on '|', cut at 400 characters with Show more / Show less, or the pending text. */
function DealerComments({ text }: { text: string }) {
  const headingId = useId();
  const bodyId = useId();
  const [open, setOpen] = useState(false);
  const paragraphs = commentParagraphs(text);
  const short = shortComments(paragraphs);
  const shown = open ? paragraphs : short.paragraphs;
  return (
    <section aria-labelledby={headingId} css={css`label: mf-vehicle-comments; margin-top: 1.5rem;`}>
      <h2 id={headingId} css={{ fontSize: '1.125rem', margin: '0 0 0.5rem' }}>
        Dealer comments
      </h2>
      <div id={bodyId}>
        {paragraphs.length === 0 ? (
          <p css={{ margin: 0, color: '#475467' }}>{COMMENTS_PENDING}</p>
        ) : (
          shown.map((paragraph, i) => (
            <p key={i} css={{ margin: '0 0 0.5rem' }}>
              {paragraph}
            </p>
          ))
        )}
      </div>
      {short.cut && (
        <button type="button" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((v) => !v)} css={{ font: 'inherit', padding: 0, border: 0, background: 'none', textDecoration: 'underline', cursor: 'pointer' }}>
          {open ? 'Show less' : 'Show more'}
        </button>
      )}
    </section>
  );
}

/** `/cars/{slug}`: the site's car, read from stock; a car that is not there (the server answered 404) says so. */
export function VehiclePage() {
  const { slug = '' } = useParams();
  const first = useFirstCar(slug);
  const car = useCar(slug, first ? (first.car ? { status: 'found', car: first.car } : { status: 'missing' }) : undefined);
  // Once it shows the car (or that there is none), the page takes over from the server's first paint.
  useFirstPaintHandover('mf-vehicle', car.status !== 'loading');
  if (car.status === 'missing') return <CarNotFound />;
  return <VehicleDetails slug={slug} car={car.status === 'found' ? car.car : null} failed={car.status === 'failed'} />;
}

function CarNotFound() {
  const tenant = useTenant();
  const noun = tenant.search.itemNoun;
  return (
    <section css={css`label: mf-vehicle-not-found; max-width: 40rem; margin: 3rem auto; padding: 0 1.5rem;`}>
      <h1>{`This ${noun} is not on our site`}</h1>
      <p>{`It may have sold, or the address may be wrong. ${tenant.name} has plenty more to choose from.`}</p>
      <p>
        <a href={paths.search()}>{`Browse all our ${noun}s`}</a> or <a href={paths.home()}>go to the home page</a>.
      </p>
    </section>
  );
}

/**
 * The car's page. `car` is null while it loads (the heading says so, the layout is in place) or
 * when it could not be read (`failed`: the page says so and offers the dealer's phone).
 */
export function VehicleDetails({ slug, car, failed = false }: { slug: string; car: VehicleSummary | null; failed?: boolean }) {
  const tenant = useTenant();
  const headingId = useId();
  const callId = useId();
  const noun = tenant.search.itemNoun;
  const title = car?.name ?? (failed ? `${capitalise(noun)} details` : `Loading this ${noun}…`);
  const { phone, city, state } = tenant.contact;
  const price = car ? priceDisplay(car, { subscriptionDealer: false, noPriceText: NO_PRICE_TEXT }) : null;
  return (
    <article aria-labelledby={headingId} css={css`label: mf-vehicle-page; max-width: 72rem; margin: 0 auto; padding: 1.5rem;`}>
      <nav aria-label="Breadcrumb">
        <ol css={css`label: mf-vehicle-breadcrumb; display: flex; flex-wrap: wrap; gap: 0.5rem; list-style: none; margin: 0 0 1rem; padding: 0; li + li::before { content: '›'; margin-right: 0.5rem; color: #667085; }`}>
          <li>
            <a href={paths.home()}>Home</a>
          </li>
          <li>
            <a href={paths.search()}>{capitalise(noun)}s</a>
          </li>
          <li aria-current="page">{car?.name ?? `${capitalise(noun)} details`}</li>
        </ol>
      </nav>
      <h1 id={headingId} css={{ margin: '0 0 0.25rem' }}>
        {title}
      </h1>
      <p css={{ margin: '0 0 0.75rem', color: '#475467' }}>{car ? `Offered by ${car.dealership_name}, ${car.city} ${car.state}` : `Offered by ${tenant.name}, ${city} ${state}`}</p>
      {failed && (
        <p role="alert" css={{ margin: '0 0 1rem' }}>
          {`We could not load this ${noun} just now. Please try again in a moment, or call us on ${phone}.`}
        </p>
      )}
      {price && <PriceTag price={price} size="page" css={{ margin: '0 0 1.5rem' }} />}
      {car?.status === 'sold' && (
        <p role="status" css={{ margin: '0 0 1.5rem', padding: '0.75rem 1rem', borderRadius: 6, background: '#fffaeb', color: '#7a2e0e' }}>
          {SOLD_TEXT} <a href={`${paths.contact()}?car_id=${encodeURIComponent(slug)}`}>Find Me Something Similar</a>
        </p>
      )}
      <div css={css`label: mf-vehicle-page-grid; display: grid; grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr)); gap: 1rem;`}>
        {car && (
          <KeyInfo
            items={[
              { label: 'Year', value: car.year },
              { label: 'Kilometres', value: `${car.km.toLocaleString('en-AU')} kms` },
              { label: 'Transmission', value: capitalise(car.transmission) },
              { label: 'Fuel', value: capitalise(car.fuel) },
              { label: 'Body', value: capitalise(car.body) },
              { label: 'Colour', value: car.colour },
              { label: 'Stock number', value: car.stocknum },
              { label: 'Location', value: `${car.city}, ${car.state}` },
            ]}
          />
        )}
        <section aria-labelledby={callId} css={css`label: mf-vehicle-call-dealer; padding: 1rem 1.25rem; border: 1px solid #d0d5dd; border-radius: 8px;`}>
          <h2 id={callId} css={{ fontSize: '1.125rem', margin: '0 0 0.75rem' }}>
            Call the dealer
          </h2>
          <DealerPhone phone={phone} car={car} />
        </section>
      </div>
      {car && <DealerComments text={car.dealer_comments} />}
      <nav aria-label={`This ${noun}`} css={{ marginTop: '1.5rem' }}>
        <ul css={linkList}>
          <li>
            <a href={paths.checkout(slug)}>Reserve online</a>
          </li>
          {tenant.features['mf-finance'] && (
            <li>
              <a href={paths.finance()}>Get finance</a>
            </li>
          )}
          {tenant.features['mf-leads'] && (
            <>
              <li>
                <a href={paths.bookTestDrive()}>Book a test drive</a>
              </li>
              <li>
                <a href={paths.tradeIn()}>Trade-in valuation</a>
              </li>
            </>
          )}
          <li>
            <a href={paths.print(slug)} target="_blank" rel="noopener">
              Print this {noun}
            </a>
          </li>
        </ul>
      </nav>
      {/* mf-search's similar cars block (a carousel of the same cards as the results grid). */}
      {tenant.features['mf-search'] && <RemoteFragment id="mf_search/SimilarCars" props={{ slug }} />}
    </article>
  );
}
