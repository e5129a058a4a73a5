import { css } from '@emotion/react';
import {
  bodyLabel,
  capitalise,
  carFinanceFacts,
  formatKms,
  paths,
  priceDisplay,
  type PublicTenantConfig,
  RemoteFragment,
  removeFromCompare,
  signInHref,
  signOut,
  siteOffersFinance,
  specText,
  SURFACE,
  toggleWatchlist,
  useCompareList,
  useFavourites,
  useFirstPaintHandover,
  useSession,
  useTenant,
  useWatchlist,
  WARNING,
  weeklyFinance,
} from '@forecourt/shared-config';
import { carRepayment } from '@forecourt/shared-config/calculator';
import { formatPhone } from '@forecourt/shared-config/identity';
import type { ReactNode } from 'react';
import type { CarHit } from '../../../lib/hit';
import { CarCard, imageSources } from '../../results/components/car-card';
import { BreadcrumbNav } from '../../search-page/components/breadcrumb-nav';
import { useWatchlistSlugs } from '../api/watchlist';
import { useSavedCars, type SavedCars } from './use-saved-cars';
import { CARD_CELL_CSS, CARD_GRID_CSS } from '../../../lib/card-grid';

function PageFrame({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <section
      css={css`
        label: mf-search-saved-page;
        max-width: 72rem;
        margin: 0 auto;
        padding: 1.5rem;
      `}
    >
      <BreadcrumbNav crumbs={[{ label: 'Home', href: paths.home() }, { label: title }]} />
      <h1 css={{ margin: '0 0 0.25rem' }}>{title}</h1>
      <p css={{ margin: '0 0 1.25rem', color: SURFACE.muted }}>{intro}</p>
      {children}
    </section>
  );
}

/** What a saved list says while loading, when the search fails, and about cars no longer listed. */
function SavedState({
  state,
  noun,
  children,
}: {
  state: SavedCars;
  noun: string;
  children: (cars: CarHit[]) => ReactNode;
}) {
  const tenant = useTenant();
  if (state.status === 'loading') return <p role="status">{`Loading your ${noun}s…`}</p>;
  if (state.status === 'failed')
    return (
      <p role="alert">{`We could not load your ${noun}s just now. Please try again in a moment, or call us on ${tenant.contact.phone}.`}</p>
    );
  return (
    <>
      {state.gone.length > 0 && (
        <p
          role="status"
          css={{
            margin: '0 0 1rem',
            padding: '0.6rem 0.9rem',
            borderRadius: 6,
            background: WARNING.background,
            color: WARNING.text,
          }}
        >
          {`${state.gone.length} of your ${noun}s ${state.gone.length === 1 ? 'is' : 'are'} no longer listed (sold or taken off the site).`}
        </p>
      )}
      {children(state.cars)}
    </>
  );
}

/** `/favourites`: the cars the shopper favourited on this site, as result cards (where the site keeps favourites). */
export function FavouritesPage() {
  return useTenant().search.favourites ? <Favourites /> : <NotOffered />;
}

function Favourites() {
  const tenant = useTenant();
  const noun = tenant.search.itemNoun;
  const slugs = useFavourites();
  const state = useSavedCars(slugs);
  const nowSeconds = Math.floor(Date.now() / 1000);
  return (
    <PageFrame
      title="Your favourites"
      intro={`The ${noun}s you favourited at ${tenant.name}. They are kept in this browser only.`}
    >
      {slugs.length === 0 ? (
        <p>
          {`No favourites yet. Tap Favourite on a ${noun} to keep it here. `}
          <a href={paths.search()}>{`Browse our ${noun}s`}</a>
        </p>
      ) : (
        <SavedState state={state} noun={noun}>
          {(cars) => (
            <ol aria-label="Favourites" css={CARD_GRID_CSS}>
              {cars.map((car, index) => (
                <li key={car.objectID} css={CARD_CELL_CSS}>
                  <CarCard hit={car} nowSeconds={nowSeconds} priority={index < 3} />
                </li>
              ))}
            </ol>
          )}
        </SavedState>
      )}
    </PageFrame>
  );
}

/**
 * A saved-cars page the site switched off (favourites or compare): it says nothing about ticking
 * or tapping controls the site does not show, and leads back to the stock.
 */
function NotOffered() {
  const tenant = useTenant();
  const noun = tenant.search.itemNoun;
  return (
    <PageFrame title="Page not available" intro={`This page is not part of ${tenant.name}'s site.`}>
      <p>
        <a href={paths.search()}>{`Browse our ${noun}s`}</a>
      </p>
    </PageFrame>
  );
}

/** The comparison's finance row: the car's weekly figure where the shared finance rule shows finance for it. */
function financeRow(tenant: PublicTenantConfig): Array<{ label: string; value: (car: CarHit) => string }> {
  if (!siteOffersFinance(tenant)) return [];
  return [
    {
      label: 'Finance',
      value: (car) => {
        const figure = carRepayment(tenant, carFinanceFacts(car));
        return figure ? weeklyFinance(figure.weekly) : 'Not available';
      },
    },
  ];
}

/** The rows of the comparison, each what a shopper weighs between cars. */
const compareRows = (
  pricing: PublicTenantConfig['pricing'],
): Array<{ label: string; value: (car: CarHit) => string }> => [
  {
    label: 'Price',
    value: (car) => {
      const price = priceDisplay(car, pricing);
      return [price.text, price.suffix].filter(Boolean).join(' ');
    },
  },
  { label: 'Kilometres', value: (car) => formatKms(car.km) },
  { label: 'Condition', value: (car) => capitalise(car.car_type) },
  { label: 'Body', value: (car) => (specText(car.body) === null ? '' : bodyLabel(car.body)) },
  { label: 'Fuel', value: (car) => specText(car.fuel) ?? '' },
  { label: 'Location', value: (car) => car.location_name },
];

/** `/compare`: the cars picked for comparing, side by side (up to shared-config's COMPARE_LIMIT), where the site has Compare. */
export function ComparePage() {
  return useTenant().search.compare ? <Compare /> : <NotOffered />;
}

function Compare() {
  const tenant = useTenant();
  const noun = tenant.search.itemNoun;
  const slugs = useCompareList();
  const state = useSavedCars(slugs);
  return (
    <PageFrame title={`Compare ${noun}s`} intro={`Side by side, the ${noun}s you picked at ${tenant.name}.`}>
      {slugs.length === 0 ? (
        <p>
          {`No ${noun}s to compare yet. Tick Compare on up to 3 ${noun}s in the search results. `}
          <a href={paths.search()}>{`Browse our ${noun}s`}</a>
        </p>
      ) : (
        <SavedState state={state} noun={noun}>
          {(cars) => (
            <div css={{ overflowX: 'auto' }}>
              <table
                css={css`
                  border-collapse: collapse;
                  min-width: 100%;
                  & th,
                  & td {
                    padding: 0.6rem 0.75rem;
                    border-bottom: 1px solid ${SURFACE.border};
                    text-align: left;
                    vertical-align: top;
                  }
                  & tbody th {
                    color: ${SURFACE.muted};
                    font-weight: 600;
                    white-space: nowrap;
                  }
                `}
              >
                <caption
                  css={{ textAlign: 'left', padding: '0 0 0.5rem', color: SURFACE.muted }}
                >{`${cars.length} ${cars.length === 1 ? noun : `${noun}s`} compared`}</caption>
                <thead>
                  <tr>
                    <td />
                    {cars.map((car) => {
                      const image = imageSources(car.primary_image_url);
                      return (
                        <th key={car.objectID} scope="col" css={{ minWidth: '12rem' }}>
                          {image && (
                            <img
                              src={image.src}
                              alt=""
                              width={600}
                              height={400}
                              css={{
                                width: '100%',
                                height: 'auto',
                                borderRadius: 6,
                                display: 'block',
                                marginBottom: '0.5rem',
                              }}
                            />
                          )}
                          <a href={paths.car(car.slug)}>{car.name}</a>
                          <div>
                            <button
                              type="button"
                              onClick={() => removeFromCompare(car.slug)}
                              aria-label={`Remove ${car.name} from the comparison`}
                              css={{
                                marginTop: '0.4rem',
                                font: 'inherit',
                                fontSize: '0.85rem',
                                background: 'none',
                                border: 0,
                                padding: 0,
                                textDecoration: 'underline',
                                cursor: 'pointer',
                              }}
                            >
                              Remove
                            </button>
                          </div>
                        </th>
                      );
                    })}
                  </tr>
                </thead>
                <tbody>
                  {[
                    ...compareRows(tenant.pricing).slice(0, 1),
                    ...financeRow(tenant),
                    ...compareRows(tenant.pricing).slice(1),
                  ].map((row) => (
                    <tr key={row.label}>
                      <th scope="row">{row.label}</th>
                      {cars.map((car) => (
                        <td key={car.objectID}>{row.value(car)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </SavedState>
      )}
    </PageFrame>
  );
}

/** A signed-in shopper's watchlist as result cards, each with Remove (the watchlist page and the garage). */
function WatchlistCars() {
  const tenant = useTenant();
  const noun = tenant.search.itemNoun;
  const ids = useWatchlist();
  const entries = useWatchlistSlugs();
  const state = useSavedCars(entries.status === 'ready' ? entries.slugs : []);
  const nowSeconds = Math.floor(Date.now() / 1000);
  if (entries.status === 'failed')
    return (
      <p role="alert">{`We could not load your watchlist just now. Please try again in a moment, or call us on ${tenant.contact.phone}.`}</p>
    );
  if (entries.status === 'ready' && entries.slugs.length === 0) {
    return (
      <p>
        {`Your watchlist is empty. Tap Save on a ${noun}'s page to keep it here. `}
        <a href={paths.search()}>{`Browse our ${noun}s`}</a>
      </p>
    );
  }
  return (
    <SavedState state={entries.status === 'loading' ? { status: 'loading' } : state} noun={noun}>
      {(cars) => (
        <ol aria-label="Watchlist" css={CARD_GRID_CSS}>
          {cars
            .filter((car) => ids === null || ids.includes(car.objectID))
            .map((car, index) => (
              <li key={car.objectID} css={{ display: 'flex', flexDirection: 'column', gap: '0.5rem' }}>
                <CarCard hit={car} nowSeconds={nowSeconds} priority={index < 3} />
                <button
                  type="button"
                  onClick={() => void toggleWatchlist({ id: car.objectID, name: car.name })}
                  aria-label={`Remove ${car.name} from your watchlist`}
                  css={{
                    font: 'inherit',
                    alignSelf: 'flex-start',
                    background: 'none',
                    border: 0,
                    padding: 0,
                    textDecoration: 'underline',
                    cursor: 'pointer',
                  }}
                >
                  Remove
                </button>
              </li>
            ))}
        </ol>
      )}
    </SavedState>
  );
}

function SignOutButton() {
  return (
    <button
      type="button"
      onClick={() => void signOut()}
      css={{
        font: 'inherit',
        fontWeight: 600,
        padding: '0.5rem 1rem',
        borderRadius: 6,
        border: `1px solid ${SURFACE.border}`,
        background: SURFACE.background,
        cursor: 'pointer',
        marginBottom: '1rem',
      }}
    >
      Sign out
    </button>
  );
}

/**
 * `/watchlist`: the cars a signed-in shopper saved on this site, kept on the server (so on every
 * device they sign in on). Signed out, it offers to sign in; each card can be removed.
 */
export function WatchlistPage() {
  const tenant = useTenant();
  const noun = tenant.search.itemNoun;
  const session = useSession();
  if (session.status !== 'signed-in') {
    return (
      <PageFrame
        title="Your watchlist"
        intro={`Save ${noun}s to your watchlist at ${tenant.name} and see them on any device.`}
      >
        <p>
          <a href={signInHref('watchlist')}>Sign in</a>
          {` with your mobile number to see your watchlist.`}
        </p>
      </PageFrame>
    );
  }
  return (
    <PageFrame
      title="Your watchlist"
      intro={`The ${noun}s you saved at ${tenant.name}, signed in as ${formatPhone(session.user.phone)}.`}
    >
      <SignOutButton />
      <WatchlistCars />
    </PageFrame>
  );
}

/**
 * `/my-garage` and the site's branded garage (spec: '/mymotorama, /mybigboxcars, /myblinkr,
 * /myservco, /my-garage', always behind sign-in): the shopper's saved cars, and through the
 * other teams' fragments their enquiries and reservations, on one page. The server sends a
 * signed-out visitor to sign in first; a session that ends on the page offers it again.
 *
 * The server paints it first (server/first-paint.tsx) from the same session: the frame, the
 * words and the section headings, the saved cars loading and the fragments not yet there. The
 * first render here is that same markup whatever the answers will be, so it takes over at once.
 */
export function GaragePage() {
  const tenant = useTenant();
  const noun = tenant.search.itemNoun;
  const session = useSession();
  useFirstPaintHandover('mf-search', true);
  const title = 'My Garage';
  if (session.status !== 'signed-in') {
    return (
      <PageFrame title={title} intro={`Your saved ${noun}s, enquiries and reservations at ${tenant.name}.`}>
        <p>
          <a href={signInHref('my-garage')}>Sign in</a>
          {` with your mobile number to open your garage.`}
        </p>
      </PageFrame>
    );
  }
  const heading = css`
    font-size: 1.35rem;
    margin: 2rem 0 0.75rem;
  `;
  return (
    <PageFrame
      title={title}
      intro={`Your saved ${noun}s, enquiries and reservations at ${tenant.name}, signed in as ${formatPhone(session.user.phone)}.`}
    >
      <SignOutButton />
      <h2 css={heading}>{`Saved ${noun}s`}</h2>
      <WatchlistCars />
      {tenant.features['mf-leads'] && (
        <>
          <h2 css={heading}>Enquiries</h2>
          <RemoteFragment id="mf_leads/MyEnquiries" props={{}} />
        </>
      )}
      {tenant.features['mf-vehicle'] && tenant.vehicle.onlineCheckout && (
        <>
          <h2 css={heading}>Reservations</h2>
          <RemoteFragment id="mf_vehicle/MyReservations" props={{}} />
        </>
      )}
    </PageFrame>
  );
}
