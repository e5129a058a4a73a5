import { css } from '@emotion/react';
import {
  formatDollars,
  formatNumber,
  mediaSources,
  paths,
  RemoteFragment,
  SURFACE,
  telHref,
  useFirstPaintHandover,
  useTenant,
} from '@forecourt/shared-config';
import { useId, useMemo } from 'react';
import { useLocation, useSearchParams } from '@forecourt/shared-config/router';
import { FinanceEnquiryForm } from '../../finance-enquiry/components/finance-enquiry-form';
import { readFinanceQuery } from '../../finance-enquiry/lib/finance-query';
import {
  useFeaturedCars,
  useFinanceCar,
  type FeaturedCar,
  type FinancePanelCar,
  type Loaded,
} from '../api/finance-cars';
import { firstChosen, firstFeatured, useFinanceFirstPaint } from '../lib/first-paint';
import {
  chosenCarShowsFinance,
  EQUIFAX_FINANCE_INTRO,
  FINANCE_STEPS,
  financeHeading,
  GET_FINANCE_NOW,
  isGetFinanceNow,
} from '../lib/finance-page';

const card = css`
  label: mf-finance-card;
  padding: 1rem 1.25rem;
  border: 1px solid ${SURFACE.border};
  border-radius: ${SURFACE.radius};
  background: ${SURFACE.background};
`;
/** Spec: the panel beside the form is hidden on small screens. */
const hiddenOnSmall = css`
  @media (max-width: 767.98px) {
    display: none;
  }
`;

/** Widths a car's photo is offered at here: a card of 14-20rem, or the panel beside the form, on screens up to 3x. */
const PHOTO_WIDTHS = [300, 400, 600, 800] as const;
/** How wide the photo shows: the featured grid's one column on a phone, a card of about 20rem beside others, the panel's 20rem. */
const FEATURED_SIZES = '(min-width: 600px) 20rem, calc(100vw - 4.5rem)';
const PANEL_SIZES = '20rem';

/** A car's photo at the size it shows, from the media service (or as it is, from elsewhere). */
function CarPhoto({
  url,
  sizes,
  lazy,
  marginBottom,
}: {
  url: string;
  sizes: string;
  lazy: boolean;
  marginBottom: string;
}) {
  const sources = mediaSources(url, PHOTO_WIDTHS, 400);
  return (
    <img
      src={sources?.src ?? url}
      srcSet={sources?.srcSet}
      sizes={sources ? sizes : undefined}
      alt=""
      width={320}
      height={213}
      loading={lazy ? 'lazy' : undefined}
      css={{ width: '100%', height: 'auto', borderRadius: 6, marginBottom }}
    />
  );
}

/** The chosen car beside the form: photo, name, price and its lender's disclaimer. */
function ChosenCar({ car, headingId, noun }: { car: FinancePanelCar; headingId: string; noun: string }) {
  return (
    <>
      <h2 id={headingId} css={{ fontSize: '1.125rem', margin: '0 0 0.75rem' }}>
        Your chosen {noun}
      </h2>
      {car.primary_image_url && (
        <CarPhoto url={car.primary_image_url} sizes={PANEL_SIZES} lazy={false} marginBottom="0.75rem" />
      )}
      <p css={{ margin: '0 0 0.25rem', fontWeight: 700 }}>
        <a href={paths.car(car.slug)}>{car.name}</a>
      </p>
      {car.price > 10 && (
        <p css={{ margin: '0 0 0.75rem', fontSize: '1.25rem', fontWeight: 700 }}>{formatDollars(car.price)}</p>
      )}
      {car.disclaimer && <p css={{ margin: 0, color: SURFACE.muted, fontSize: '0.8125rem' }}>{car.disclaimer}</p>}
    </>
  );
}

/** Spec: 'a Get Finance Now page with six featured used cars and links to used cars'. */
function FeaturedUsedCars({ featured, noun }: { featured: Loaded<FeaturedCar[]>; noun: string }) {
  const headingId = useId();
  if (featured.status !== 'ready' || featured.value.length === 0) return null;
  return (
    <section aria-labelledby={headingId} css={{ marginTop: '2rem' }}>
      <h2 id={headingId} css={{ fontSize: '1.25rem', margin: '0 0 0.75rem' }}>
        Used {noun}s you can finance today
      </h2>
      <ul
        css={css`
          label: mf-finance-featured;
          display: grid;
          grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr));
          gap: 1rem;
          margin: 0 0 1rem;
          padding: 0;
          list-style: none;
        `}
      >
        {featured.value.map((car) => (
          <li key={car.id} css={card}>
            {car.primary_image_url && (
              <CarPhoto url={car.primary_image_url} sizes={FEATURED_SIZES} lazy marginBottom="0.5rem" />
            )}
            <a href={paths.car(car.slug)} css={{ fontWeight: 700 }}>
              {car.name}
            </a>
            <p css={{ margin: '0.25rem 0 0' }}>
              {formatDollars(car.price)} · {formatNumber(car.km)} km
            </p>
          </li>
        ))}
      </ul>
      <p css={{ margin: 0 }}>
        <a href={paths.search('used')}>See all our used {noun}s</a>
      </p>
    </section>
  );
}

/** `creditCheck`: the Equifax finance page (tenant `finance.equifaxFinance`), the enquiry with the shopper's consent to a credit check. */
export function FinancePage({ creditCheck = false }: { creditCheck?: boolean }) {
  const tenant = useTenant();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const query = useMemo(() => readFinanceQuery(searchParams), [searchParams]);
  const first = useFinanceFirstPaint();
  const chosen = useFinanceCar(query.carId, firstChosen(first, query.carId));
  const car = query.carId && chosen.status === 'ready' ? chosen.value : null;
  const headingId = useId();
  const panelId = useId();
  const noun = tenant.search.itemNoun;
  const getFinanceNow = isGetFinanceNow(query.carId, tenant.finance);
  const featured = useFeaturedCars(getFinanceNow, firstFeatured(first));
  // Once it shows what the server's first paint showed (the chosen car and the featured cars read),
  // the page takes over from it.
  useFirstPaintHandover(
    'mf-finance',
    !(query.carId && chosen.status === 'loading') && !(getFinanceNow && featured.status === 'loading'),
  );
  return (
    <article
      aria-labelledby={headingId}
      css={css`
        label: mf-finance-page;
        max-width: 72rem;
        margin: 0 auto;
        padding: 1.5rem;
      `}
    >
      <h1 id={headingId} css={{ margin: '0 0 0.25rem' }}>
        {getFinanceNow ? GET_FINANCE_NOW : financeHeading(pathname, tenant.finance.link)}
      </h1>
      <p css={{ margin: '0 0 1.5rem', color: SURFACE.muted }}>
        Finance your next {noun} with {tenant.name}. Prefer to talk? Call our finance team on{' '}
        <a href={telHref(tenant.contact.phone)}>{tenant.contact.phone}</a>.
      </p>
      {creditCheck && <p css={{ margin: '0 0 1.5rem' }}>{EQUIFAX_FINANCE_INTRO}</p>}
      <div
        css={css`
          label: mf-finance-layout;
          display: grid;
          grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
          align-items: start;
          gap: 1.5rem;
          @media (max-width: 767.98px) {
            grid-template-columns: minmax(0, 1fr);
          }
        `}
      >
        <section aria-label="Finance enquiry" css={card}>
          {/* The form starts from the chosen car's price, so it waits for the car (a moment). */}
          {query.carId && chosen.status === 'loading' ? (
            <p aria-busy="true">Loading your finance options…</p>
          ) : (
            <FinanceEnquiryForm
              query={query}
              car={car}
              variant="page"
              creditCheck={creditCheck}
              financeShown={chosenCarShowsFinance(tenant, car)}
            />
          )}
        </section>
        <aside aria-labelledby={panelId} css={[card, hiddenOnSmall]}>
          {car ? (
            <ChosenCar car={car} headingId={panelId} noun={noun} />
          ) : (
            <>
              <h2 id={panelId} css={{ fontSize: '1.125rem', margin: '0 0 0.75rem' }}>
                How it works
              </h2>
              {query.carId && chosen.status === 'missing' && (
                <p
                  css={{ margin: '0 0 0.75rem' }}
                >{`That ${noun} is no longer listed, but we can still help you with finance.`}</p>
              )}
              <ol css={{ margin: 0, paddingLeft: '1.25rem' }}>
                {FINANCE_STEPS.map((step) => (
                  <li key={step.title} css={{ marginBottom: '0.5rem' }}>
                    <strong>{step.title}</strong>
                    <br />
                    {step.text}
                  </li>
                ))}
              </ol>
            </>
          )}
        </aside>
      </div>
      {getFinanceNow && <FeaturedUsedCars featured={featured} noun={noun} />}
      {/* The search team's budget finder (finance spec §9): repayments and deposit to a price ceiling, then the search. */}
      {tenant.features['mf-search'] && (
        <div css={{ marginTop: '2rem', maxWidth: '40rem' }}>
          <RemoteFragment id="mf_search/BudgetFinder" props={{}} />
        </div>
      )}
    </article>
  );
}
