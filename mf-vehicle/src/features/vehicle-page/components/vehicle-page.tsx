import { css } from '@emotion/react';
import {
  askingPrice,
  BadgeTag,
  bodyLabel,
  canSave,
  capitalise,
  carBadge,
  formatDollars,
  isInStock,
  paths,
  pixelViewContent,
  priceDisplay,
  PriceTag,
  readableTextOn,
  recordViewedCar,
  RemoteFragment,
  slugify,
  SUCCESS,
  SURFACE,
  telHref,
  toggleCompare,
  toggleFavourite,
  toggleWatchlist,
  track,
  useCompareList,
  useFavourites,
  useFirstPaintHandover,
  useSession,
  useTenant,
  useWatchlist,
  WARNING,
  watchlistToggleShown,
} from '@forecourt/shared-config';
import { useEffect, useId, useState } from 'react';
import { useParams } from '@forecourt/shared-config/router';
import type { CalculatorProps, FinanceEstimate } from '@forecourt/shared-config/price';
import type { VehicleSummary } from '../../../contract';
import KeyInfo from '../../key-info/components/key-info';
import { LeadDialogLink, LeadDialogsHost } from '../../lead-dialogs/components/lead-dialogs';
import { Collapsible } from '../../details/components/collapsible';
import { FeatureBanner } from '../../details/components/feature-banner';
import { FuelCostCalculator } from '../../details/components/fuel-cost-calculator';
import { InfoTabs } from '../../details/components/info-tabs';
import { UsedCarChecks } from '../../details/components/used-car-checks';
import { DeliveryCalculator } from '../../delivery/components/delivery-calculator';
import { CustomSlider } from '../../gallery/components/custom-slider';
import { Gallery } from '../../gallery/components/gallery';
import { PriceComparisonBlock } from '../../price-comparison/components/price-comparison';
import { ShareBar } from '../../share/components/share-bar';
import { StickyParts } from '../../sticky/components/sticky-parts';
import { fuelCalculatorShown } from '../../../lib/fuel-cost';
import { pageShowsFinance } from '../../../lib/finance-facts';
import { marketIndicator } from '../../../lib/market';
import { maskPhone, PHONE_CLICK_EVENT, phoneClickLabel } from '../../../lib/phone-reveal';
import { bodyPlural } from '../../../lib/body-plural';
import {
  historyReportLabel,
  priceQuestionAnswer,
  soldText,
  testDriveButtonText,
  tradeInQuestion,
} from '../../../lib/item-copy';
import { reserveButtonText } from '../../../lib/reserve-copy';
import { specificationRows } from '../../../lib/specifications';
import { useFirstCar } from '../lib/first-paint';
import { recordCarView, useCar } from '../api/car';

/** Spec (search-and-vehicle §4 and the SOLD text): a sold car's page offers to find a similar one. */

/**
 * Spec §2: the page's disclaimer (its wording is the platform's; the spec names only the block).
 * It speaks of the estimates the page shows and no others: on a caravan yard without finance it
 * had spoken of finance and fuel figures the page never showed.
 */
export function pageDisclaimer(shows: { finance: boolean; fuel: boolean }): string {
  const listing =
    'While we make every effort to keep this listing accurate, details, prices and availability can change and errors can occur. Please confirm every detail with the dealer before you buy.';
  const estimates =
    shows.finance && shows.fuel
      ? 'Finance and fuel figures are'
      : shows.finance
        ? 'Finance figures are'
        : shows.fuel
          ? 'Fuel figures are'
          : null;
  return estimates ? `${listing} ${estimates} estimates only, not offers.` : listing;
}

const buttonCss = (background: string) => css`
  display: flex;
  align-items: center;
  justify-content: center;
  min-height: 2.75rem;
  padding: 0.55rem 1rem;
  border-radius: 6px;
  font-weight: 600;
  text-decoration: none;
  text-align: center;
  color: ${readableTextOn(background)};
  background: ${background};
  border: 1px solid ${background === SURFACE.background ? SURFACE.border : background};
`;

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
        <a href={telHref(phone)} aria-label={`Call ${car?.dealership_name ?? tenant.name} on ${phone}`} css={big}>
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
        css={css`
          padding: 0.45rem 0.9rem;
          font: inherit;
          font-weight: 600;
          border: 1px solid ${SURFACE.border};
          border-radius: 6px;
          background: ${SURFACE.background};
          cursor: pointer;
        `}
      >
        Show number
      </button>
    </p>
  );
}

/** Save to the watchlist (SAVE / SAVED), Favourite and Compare, by the shared rules of which cars offer them. */
function SaveControls({ car }: { car: VehicleSummary }) {
  const tenant = useTenant();
  const session = useSession();
  const watchlist = useWatchlist();
  const favourites = useFavourites();
  const compare = useCompareList();
  const saved = watchlist?.includes(car.id) ?? false;
  const savable = canSave(
    { ...car, primary_image_url: car.images[0] ?? null },
    tenant.search.saveUsedPricedWithImagesOnly,
  );
  const here = paths.car(car.slug);
  const toggle = css`
    display: inline-flex;
    align-items: center;
    gap: 0.35rem;
    min-height: 2.5rem;
    padding: 0.4rem 0.8rem;
    font: inherit;
    font-size: 0.9rem;
    font-weight: 600;
    border: 1px solid ${SURFACE.border};
    border-radius: 6px;
    background: ${SURFACE.background};
    color: ${SURFACE.text};
    text-decoration: none;
    cursor: pointer;
    &[aria-pressed='true'] {
      border-color: currentColor;
      color: ${tenant.theme.primary};
    }
  `;
  const watchlistShown = watchlistToggleShown(car.status, saved);
  return (
    <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
      {watchlistShown &&
        (session.status === 'signed-in' ? (
          <button
            type="button"
            aria-pressed={saved}
            onClick={() => void toggleWatchlist({ id: car.id, name: car.name })}
            css={toggle}
          >
            {saved ? 'SAVED' : 'SAVE'}
            <span css={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
              {saved ? ' in your watchlist' : ' to your watchlist'}
            </span>
          </button>
        ) : (
          <a href={paths.signIn('watchlist', here, here)} css={toggle}>
            SAVE
            <span css={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
              {' '}
              to your watchlist
            </span>
          </a>
        ))}
      {savable && tenant.search.favourites && (
        <button
          type="button"
          aria-pressed={favourites.includes(car.slug)}
          onClick={() =>
            toggleFavourite({
              id: car.id,
              name: car.name,
              slug: car.slug,
              make: car.make,
              model: car.model,
              primary_image_url: car.images[0] ?? null,
            })
          }
          css={toggle}
        >
          Favourite
        </button>
      )}
      {savable && tenant.search.compare && (
        <button
          type="button"
          aria-pressed={compare.includes(car.slug)}
          onClick={() => toggleCompare(car.slug, tenant.search.itemNoun)}
          css={toggle}
        >
          Compare
        </button>
      )}
    </div>
  );
}

/**
 * Records the view: the car goes to the front of this browser's recently viewed (the spec's
 * viewed-car entry), and once per browser session it counts towards the car's view count.
 * Failures do not matter to the shopper.
 */
function useRecordView(car: VehicleSummary | null) {
  const slug = car?.slug ?? '';
  useEffect(() => {
    if (!car) return;
    recordViewedCar({
      id: car.id,
      stocknum: car.stocknum,
      make: car.make,
      model: car.model,
      body: car.body,
      simple_body: car.body,
    });
    // The marketing pixel's ViewContent, on every view (the ad account counts views, not visitors).
    void pixelViewContent({ price: askingPrice(car), make: car.make, model: car.model, year: car.year });
    const key = `forecourt:viewed:${slug}`;
    try {
      if (window.sessionStorage.getItem(key)) return;
      window.sessionStorage.setItem(key, '1');
    } catch {
      // No storage: count the view anyway.
    }
    void recordCarView(slug);
    // Once per car shown, whatever else of it changes.
  }, [slug]);
}

/** `/cars/{slug}`: the site's car, read from stock; a car that is not there (the server answered 404) says so. */
export function VehiclePage() {
  const { slug = '' } = useParams();
  const first = useFirstCar(slug);
  const car = useCar(
    slug,
    first ? (first.car ? { status: 'found', car: first.car } : { status: 'missing' }) : undefined,
  );
  // Once it shows the car (or that there is none), the page takes over from the server's first paint.
  useFirstPaintHandover('mf-vehicle', car.status !== 'loading');
  if (car.status === 'missing') return <CarNotFound />;
  return <VehicleDetails slug={slug} car={car.status === 'found' ? car.car : null} failed={car.status === 'failed'} />;
}

function CarNotFound() {
  const tenant = useTenant();
  const noun = tenant.search.itemNoun;
  return (
    <section
      css={css`
        label: mf-vehicle-not-found;
        max-width: 40rem;
        margin: 3rem auto;
        padding: 0 1.5rem;
      `}
    >
      <h1>{`This ${noun} is not on our site`}</h1>
      <p>{`It may have sold, or the address may be wrong. ${tenant.name} has plenty more to choose from.`}</p>
      <p>
        <a href={paths.search()}>{`Browse all our ${noun}s`}</a> or <a href={paths.home()}>go to the home page</a>.
      </p>
    </section>
  );
}

/** The sidebar's actions: in stock, reserve / finance / test drive / trade-in / enquire; sold, the SOLD message. */
function Actions({ car }: { car: VehicleSummary }) {
  const tenant = useTenant();
  const settings = tenant.vehicle;
  const leads = tenant.features['mf-leads'];
  if (!isInStock(car.status)) {
    return (
      <div
        role="status"
        css={{ padding: '0.85rem 1rem', borderRadius: 6, background: WARNING.background, color: WARNING.text }}
      >
        <p css={{ margin: '0 0 0.6rem' }}>
          <strong>SOLD</strong> {soldText(car.item_type)}
        </p>
        {leads && (
          <LeadDialogLink
            dialog="FindSimilarDialog"
            href={paths.findSimilar(car.id)}
            css={buttonCss(tenant.theme.primary)}
          >
            Find Me Something Similar
          </LeadDialogLink>
        )}
      </div>
    );
  }
  return (
    <div css={{ display: 'grid', gap: '0.5rem' }}>
      {settings.onlineCheckout && (
        <a href={paths.checkout(car.slug, tenant.vehicle.checkoutPath)} css={buttonCss(tenant.theme.primary)}>
          {reserveButtonText(settings.reserveDeposit, car.item_type)}
        </a>
      )}
      {leads && (
        <LeadDialogLink
          dialog="EnquireDialog"
          href={`${paths.contact()}?car_id=${encodeURIComponent(car.id)}`}
          css={buttonCss(SURFACE.background)}
        >
          Enquire Now
        </LeadDialogLink>
      )}
      {pageShowsFinance(tenant, car) && (
        <a href={paths.personalisedFinance(car.id)} css={buttonCss(SURFACE.background)}>
          Get Finance
        </a>
      )}
      {leads && (
        <LeadDialogLink
          dialog="TestDriveDialog"
          href={`${paths.bookTestDrive()}?car_id=${encodeURIComponent(car.id)}`}
          css={buttonCss(SURFACE.background)}
        >
          {testDriveButtonText(car.item_type)}
        </LeadDialogLink>
      )}
      {leads && (
        <LeadDialogLink
          dialog="RequestPhotosDialog"
          href={`${paths.contact()}?car_id=${encodeURIComponent(car.id)}`}
          css={buttonCss(SURFACE.background)}
        >
          Request Photos
        </LeadDialogLink>
      )}
      {/* Spec §5: trade-in buttons hidden when trade-in is not enabled (the leads team's pages, or the site's online valuation, leads.tradeIn, are off). */}
      {leads && tenant.leads.tradeIn && (
        <a href={paths.tradeIn(car.id)} css={buttonCss(SURFACE.background)}>
          Trade-In Valuation
        </a>
      )}
    </div>
  );
}

/**
 * Reports about the car (spec §5, §6): the history report only when the car has a file; the
 * plugin switches' AutoGauge report (used cars only: the price comparison below), car analysis
 * (the brochure PDF) and PPSR report (the car's history file, which carries the encumbrance
 * check) where the site has them.
 */
function Reports({ car }: { car: VehicleSummary }) {
  const { vehicle } = useTenant();
  const links = [
    car.file ? { label: historyReportLabel(car.item_type), href: car.file } : null,
    vehicle.plugins.autogaugeReport && car.car_type === 'used'
      ? { label: 'AutoGauge price report', href: '#price-comparison' }
      : null,
    vehicle.plugins.carAnalysis
      ? { label: 'Download car analysis', href: `/api/cars/${encodeURIComponent(car.slug)}/pdf` }
      : null,
    vehicle.plugins.ppsrReport && car.file ? { label: 'Download PPSR report', href: car.file } : null,
  ].filter((link): link is { label: string; href: string } => link !== null);
  if (links.length === 0) return null;
  return (
    <ul
      aria-label="Reports"
      css={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem 1rem', listStyle: 'none', margin: 0, padding: 0 }}
    >
      {links.map((link) => (
        <li key={link.label}>
          <a href={link.href}>{link.label}</a>
        </li>
      ))}
    </ul>
  );
}

function Sidebar({ car }: { car: VehicleSummary }) {
  const tenant = useTenant();
  const callId = useId();
  const price = priceDisplay(car, tenant.pricing);
  const market = marketIndicator(askingPrice(car), car.market);
  const phone = car.location.phone || tenant.contact.phone;
  return (
    <div
      css={css`
        label: mf-vehicle-sidebar;
        display: grid;
        gap: 1rem;
        align-content: start;
      `}
    >
      <div>
        <PriceTag price={price} size="page" />
        {market && (
          <p
            data-market-indicator
            css={{
              margin: '0.4rem 0 0',
              display: 'inline-block',
              padding: '0.2rem 0.6rem',
              borderRadius: 999,
              fontSize: '0.875rem',
              fontWeight: 600,
              color: SUCCESS.strong,
              background: SUCCESS.background,
            }}
          >
            {`${formatDollars(market.below)} below the ${market.scope === 'state' ? `${car.state} ` : 'national '}market average`}
          </p>
        )}
      </div>
      <SaveControls car={car} />
      <Actions car={car} />
      {tenant.vehicle.onlineCheckout && isInStock(car.status) && <PaymentsAccepted />}
      <section
        aria-labelledby={callId}
        css={css`
          label: mf-vehicle-call-dealer;
          padding: 1rem 1.25rem;
          border: 1px solid ${SURFACE.border};
          border-radius: ${SURFACE.radius};
        `}
      >
        <h2 id={callId} css={{ fontSize: '1.125rem', margin: '0 0 0.5rem' }}>
          Call the dealer
        </h2>
        <DealerPhone phone={phone} car={car} />
        {tenant.features['mf-locations'] && car.location.slug && (
          <p css={{ margin: '0.6rem 0 0' }}>
            <a href={paths.ourLocation(car.location.slug)}>{car.location.name}</a>
            {`, ${car.city} ${car.state}`}
          </p>
        )}
        <p css={{ margin: '0.4rem 0 0' }}>
          <a href={paths.searchDealer(car.dealership_slug)}>{`See more from ${car.dealership_name}`}</a>
        </p>
      </section>
      <Reports car={car} />
    </div>
  );
}

/**
 * Spec (finance §9): 'Home > body type and condition > make > model (only for a configured model)
 * > body type > current title'. Each step is a search of the site's stock: the condition's cars of
 * this body type ('Used utes'), the make's, the model's (named only when it is one of the site's
 * configured models, its catalogue), the make's cars of this body type ('Ute'). A car without a
 * body type skips the two body steps and its condition reads in the site's noun ('Used cars').
 * The make and model steps follow the site's `/used-car/...` paths where it has them.
 */
export function vehicleBreadcrumb(
  car: VehicleSummary | null,
  site: { itemNoun: string; usedCarPaths: boolean },
): Array<{ label: string; href?: string }> {
  const noun = site.itemNoun;
  const home = { label: 'Home', href: paths.home() };
  if (!car)
    return [home, { label: `${capitalise(noun)}s`, href: paths.search() }, { label: `${capitalise(noun)} details` }];
  const condition = car.car_type === 'new' ? 'new' : car.car_type === 'demo' ? 'demo' : 'used';
  const make = slugify(car.make);
  const body = car.body.trim();
  const withBody = (href: string) => (body ? `${href}?${new URLSearchParams({ body })}` : href);
  return [
    home,
    {
      label: `${capitalise(condition)} ${body ? bodyPlural(body) : `${noun}s`}`,
      href: withBody(paths.search(condition)),
    },
    { label: car.make, href: paths.searchMake(make, undefined, site) },
    ...(car.catalogue_model ? [{ label: car.model, href: paths.searchMake(make, slugify(car.model), site) }] : []),
    ...(body ? [{ label: bodyLabel(body), href: withBody(paths.searchMake(make, undefined, site)) }] : []),
    { label: car.name },
  ];
}

/** The car's tag badge, by the same rule as the result cards (shared-config's `carBadge`). */
function VehicleBadge({ car }: { car: VehicleSummary }) {
  const { search } = useTenant();
  const badge = carBadge(car, search.badges, Math.floor(Date.now() / 1000));
  if (!badge) return null;
  return <BadgeTag badge={badge} size="page" css={{ marginRight: '0.5rem' }} />;
}

/** Spec: 'Payment-accepted strip: Mastercard, Visa, Maestro, Google Pay, Apple Pay'. */
export const PAYMENT_METHODS = ['Mastercard', 'Visa', 'Maestro', 'Google Pay', 'Apple Pay'] as const;

function PaymentsAccepted() {
  return (
    <p css={{ margin: 0, fontSize: '0.85rem', color: SURFACE.muted }}>
      {'Deposits accepted by '}
      {PAYMENT_METHODS.map((method, i) => (
        <span key={method}>
          <span
            css={{
              display: 'inline-block',
              padding: '0.05rem 0.4rem',
              border: `1px solid ${SURFACE.border}`,
              borderRadius: 4,
              color: SURFACE.text,
              fontWeight: 600,
            }}
          >
            {method}
          </span>
          {i < PAYMENT_METHODS.length - 1 ? ' ' : ''}
        </span>
      ))}
    </p>
  );
}

/**
 * The car's page. `car` is null while it loads (the heading says so, the layout is in place) or
 * when it could not be read (`failed`: the page says so and offers the dealer's phone).
 */
export function VehicleDetails({
  slug,
  car,
  failed = false,
}: {
  slug: string;
  car: VehicleSummary | null;
  failed?: boolean;
}) {
  const tenant = useTenant();
  const headingId = useId();
  const noun = tenant.search.itemNoun;
  const onlineTradeIn = tenant.features['mf-leads'] && tenant.leads.tradeIn;
  const tradeIn = tradeInQuestion(noun, onlineTradeIn);
  const title = car?.name ?? (failed ? `${capitalise(noun)} details` : `Loading this ${noun}…`);
  const { phone, city, state } = tenant.contact;
  useRecordView(car);
  const economy = car ? Number(car.variant['fuelconsumptioncombined']) || null : null;
  // mf-finance's calculator tells the page its estimate; the sticky header shows the same figure.
  const [estimate, setEstimate] = useState<FinanceEstimate | null>(null);
  const page = (
    <article
      aria-labelledby={headingId}
      css={css`
        label: mf-vehicle-page;
        max-width: 72rem;
        margin: 0 auto;
        padding: 1.5rem;
        @media (max-width: 576px) {
          padding: 1rem;
        }
      `}
    >
      <nav aria-label="Breadcrumb">
        <ol
          css={css`
            label: mf-vehicle-breadcrumb;
            display: flex;
            flex-wrap: wrap;
            gap: 0.5rem;
            list-style: none;
            margin: 0 0 1rem;
            padding: 0;
            li + li::before {
              content: '›';
              margin-right: 0.5rem;
              color: ${SURFACE.faint};
            }
          `}
        >
          {vehicleBreadcrumb(car, tenant.search).map((crumb, i) => (
            <li key={i} aria-current={crumb.href ? undefined : 'page'}>
              {crumb.href ? <a href={crumb.href}>{crumb.label}</a> : crumb.label}
            </li>
          ))}
        </ol>
      </nav>
      <h1 id={headingId} css={{ margin: '0 0 0.25rem', fontSize: 'clamp(1.5rem, 4vw, 2.25rem)' }}>
        {title}
      </h1>
      <p css={{ margin: '0 0 0.75rem', color: SURFACE.muted }}>
        {car && <VehicleBadge car={car} />}
        {car
          ? `Offered by ${car.dealership_name}, ${car.city} ${car.state}`
          : `Offered by ${tenant.name}, ${city} ${state}`}
      </p>
      {failed && (
        <p role="alert" css={{ margin: '0 0 1rem' }}>
          {`We could not load this ${noun} just now. Please try again in a moment, or call us on ${phone}.`}
        </p>
      )}
      {car && (
        <>
          <div css={{ marginBottom: '1rem' }}>
            <ShareBar name={car.name} slug={car.slug} />
          </div>
          <div
            css={css`
              label: mf-vehicle-top;
              display: grid;
              gap: 1.5rem;
              @media (min-width: 992px) {
                grid-template-columns: minmax(0, 1.7fr) minmax(18rem, 1fr);
              }
            `}
          >
            <div css={{ minWidth: 0 }}>
              <Gallery car={car} />
              <CustomSlider slides={car.custom_slides} />
            </div>
            <Sidebar car={car} />
          </div>
          {/*
            mf-locations's 'Located at {city}' bar: shown only when the car is away from its
            dealership's main city, which mf-locations learns after the page is up. Under the
            gallery and price, not above them: appearing there it moved the whole first screen
            (Lighthouse: a layout shift of 0.091 on a phone); here it moves only what is below the
            fold. The car's city is already in the first screen ('Offered by ..., {city}').
          */}
          {tenant.features['mf-locations'] && (
            <div css={{ '&:has(aside)': { marginTop: '1.5rem' } }}>
              <RemoteFragment
                id="mf_locations/LocatedAt"
                props={{ carCity: car.city, dealershipSlug: car.dealership_slug, locationSlug: car.location.slug }}
              />
            </div>
          )}
          <div
            css={css`
              label: mf-vehicle-page-grid;
              display: grid;
              grid-template-columns: repeat(auto-fit, minmax(min(100%, 20rem), 1fr));
              gap: 1rem;
              margin-top: 1.5rem;
              align-items: start;
            `}
          >
            <div css={{ display: 'grid', gap: '1rem', alignContent: 'start' }}>
              <KeyInfo items={specificationRows(car, new Date(), tenant.vehicle.showUnregistered)} initialCount={4} />
              <UsedCarChecks carType={car.car_type} />
            </div>
            <div css={{ display: 'grid', gap: '1rem', alignContent: 'start' }}>
              {/* mf-finance's calculator, where the shared finance rule shows finance for the car (the calculator asks the same rule). */}
              {pageShowsFinance(tenant, car) && (
                <div id="finance-calculator">
                  <RemoteFragment<CalculatorProps>
                    id="mf_finance/Calculator"
                    props={{ carId: car.id, onEstimate: setEstimate }}
                  />
                </div>
              )}
              {fuelCalculatorShown(car) && <FuelCostCalculator economy={economy} />}
              {tenant.vehicle.delivery && isInStock(car.status) && <DeliveryCalculator carId={car.id} />}
              <div id="price-comparison">
                <PriceComparisonBlock slug={car.slug} itemType={car.item_type} />
              </div>
            </div>
          </div>
          <InfoTabs car={car} />
          <section aria-label="Questions" css={{ marginTop: '1.5rem' }}>
            <h2 css={{ fontSize: '1.25rem', margin: '0 0 0.25rem' }}>Questions shoppers ask</h2>
            <Collapsible header={tradeIn.question}>{tradeIn.answer}</Collapsible>
            <Collapsible header={`Can you deliver the ${noun} to me?`}>
              {tenant.vehicle.delivery
                ? 'Yes. Enter your postcode in the delivery calculator for an estimate, or ask us for a quote.'
                : 'Ask us: we arrange delivery across Australia on request.'}
            </Collapsible>
            <Collapsible header="Is the price negotiable?">
              {priceQuestionAnswer({ finance: car !== null && pageShowsFinance(tenant, car), tradeIn: onlineTradeIn })}
            </Collapsible>
          </section>
        </>
      )}
      {/* One feature banner on the page: the footer's, on sites whose chrome shows it. */}
      {!tenant.chrome.featureBanner && <FeatureBanner />}
      {/* mf-search's similar cars block (a carousel of the same cards as the results grid). */}
      {tenant.features['mf-search'] && <RemoteFragment id="mf_search/SimilarCars" props={{ slug }} />}
      <p css={{ marginTop: '2rem', fontSize: '0.8rem', color: SURFACE.muted }}>
        {pageDisclaimer({
          finance: car !== null && pageShowsFinance(tenant, car),
          fuel: car !== null && fuelCalculatorShown(car),
        })}
      </p>
      {car && <StickyParts car={car} estimate={estimate} />}
    </article>
  );
  // mf-leads's dialogs (Enquire Now, test drive, photos, find similar) and mf-finance's popup open over this page.
  return car && (tenant.features['mf-leads'] || tenant.features['mf-finance']) ? (
    <LeadDialogsHost car={car}>{page}</LeadDialogsHost>
  ) : (
    page
  );
}
