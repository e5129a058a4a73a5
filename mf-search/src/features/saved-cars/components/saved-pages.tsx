import { css } from '@emotion/react';
import { capitalise, NO_PRICE_TEXT, paths, priceDisplay, removeFromCompare, SURFACE, useCompareList, useFavourites, useTenant, weeklyFinance } from '@forecourt/shared-config';
import type { ReactNode } from 'react';
import type { CarHit } from '../../../lib/hit';
import { CarCard, imageSources } from '../../results/components/car-card';
import { BreadcrumbNav } from '../../search-page/components/breadcrumb-nav';
import { useSavedCars, type SavedCars } from './use-saved-cars';

function PageFrame({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <section css={css`label: mf-search-saved-page; max-width: 72rem; margin: 0 auto; padding: 1.5rem;`}>
      <BreadcrumbNav crumbs={[{ label: 'Home', href: paths.home() }, { label: title }]} />
      <h1 css={{ margin: '0 0 0.25rem' }}>{title}</h1>
      <p css={{ margin: '0 0 1.25rem', color: '#475467' }}>{intro}</p>
      {children}
    </section>
  );
}

/** What a saved list says while loading, when the search fails, and about cars no longer listed. */
function SavedState({ state, noun, children }: { state: SavedCars; noun: string; children: (cars: CarHit[]) => ReactNode }) {
  const tenant = useTenant();
  if (state.status === 'loading') return <p role="status">{`Loading your ${noun}s…`}</p>;
  if (state.status === 'failed') return <p role="alert">{`We could not load your ${noun}s just now. Please try again in a moment, or call us on ${tenant.contact.phone}.`}</p>;
  return (
    <>
      {state.gone.length > 0 && (
        <p role="status" css={{ margin: '0 0 1rem', padding: '0.6rem 0.9rem', borderRadius: 6, background: '#fffaeb', color: '#7a2e0e' }}>
          {`${state.gone.length} of your ${noun}s ${state.gone.length === 1 ? 'is' : 'are'} no longer listed (sold or taken off the site).`}
        </p>
      )}
      {children(state.cars)}
    </>
  );
}

/** `/favourites`: the cars the shopper favourited on this site, as result cards. */
export function FavouritesPage() {
  const tenant = useTenant();
  const noun = tenant.search.itemNoun;
  const slugs = useFavourites();
  const state = useSavedCars(tenant.search.favourites ? slugs : []);
  const nowSeconds = Math.floor(Date.now() / 1000);
  return (
    <PageFrame title="Your favourites" intro={`The ${noun}s you favourited at ${tenant.name}. They are kept in this browser only.`}>
      {!tenant.search.favourites || slugs.length === 0 ? (
        <p>
          {`No favourites yet. Tap Favourite on a ${noun} to keep it here. `}
          <a href={paths.search()}>{`Browse our ${noun}s`}</a>
        </p>
      ) : (
        <SavedState state={state} noun={noun}>
          {(cars) => (
            <ol aria-label="Favourites" css={css`list-style: none; margin: 0; padding: 0; display: grid; gap: 1rem; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));`}>
              {cars.map((car, index) => (
                <li key={car.objectID} css={{ display: 'flex' }}>
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

/** The rows of the comparison, each what a shopper weighs between cars. */
const COMPARE_ROWS: Array<{ label: string; value: (car: CarHit) => string }> = [
  {
    label: 'Price',
    value: (car) => {
      const price = priceDisplay(car, { subscriptionDealer: false, noPriceText: NO_PRICE_TEXT });
      return [price.text, price.suffix].filter(Boolean).join(' ');
    },
  },
  { label: 'Finance', value: (car) => weeklyFinance(car.weekly_price) },
  { label: 'Kilometres', value: (car) => `${car.km.toLocaleString('en-AU')} kms` },
  { label: 'Condition', value: (car) => capitalise(car.car_type) },
  { label: 'Body', value: (car) => capitalise(car.body) },
  { label: 'Fuel', value: (car) => capitalise(car.fuel) },
  { label: 'Location', value: (car) => car.location_name },
];

/** `/compare`: the cars picked for comparing, side by side (up to shared-config's COMPARE_LIMIT). */
export function ComparePage() {
  const tenant = useTenant();
  const noun = tenant.search.itemNoun;
  const slugs = useCompareList();
  const state = useSavedCars(tenant.search.compare ? slugs : []);
  return (
    <PageFrame title={`Compare ${noun}s`} intro={`Side by side, the ${noun}s you picked at ${tenant.name}.`}>
      {!tenant.search.compare || slugs.length === 0 ? (
        <p>
          {`No ${noun}s to compare yet. Tick Compare on up to 3 ${noun}s in the search results. `}
          <a href={paths.search()}>{`Browse our ${noun}s`}</a>
        </p>
      ) : (
        <SavedState state={state} noun={noun}>
          {(cars) => (
            <div css={{ overflowX: 'auto' }}>
              <table css={css`border-collapse: collapse; min-width: 100%; & th, & td { padding: 0.6rem 0.75rem; border-bottom: 1px solid ${SURFACE.border}; text-align: left; vertical-align: top; } & tbody th { color: ${SURFACE.muted}; font-weight: 600; white-space: nowrap; }`}>
                <caption css={{ textAlign: 'left', padding: '0 0 0.5rem', color: SURFACE.muted }}>{`${cars.length} ${cars.length === 1 ? noun : `${noun}s`} compared`}</caption>
                <thead>
                  <tr>
                    <td />
                    {cars.map((car) => {
                      const image = imageSources(car.primary_image_url);
                      return (
                        <th key={car.objectID} scope="col" css={{ minWidth: '12rem' }}>
                          {image && <img src={image.src} alt="" width={600} height={400} css={{ width: '100%', height: 'auto', borderRadius: 6, display: 'block', marginBottom: '0.5rem' }} />}
                          <a href={paths.car(car.slug)}>{car.name}</a>
                          <div>
                            <button type="button" onClick={() => removeFromCompare(car.slug)} aria-label={`Remove ${car.name} from the comparison`} css={{ marginTop: '0.4rem', font: 'inherit', fontSize: '0.85rem', background: 'none', border: 0, padding: 0, textDecoration: 'underline', cursor: 'pointer' }}>
                              Remove
                            </button>
                          </div>
                        </th>
                      );
                    })}
                  </tr>
                </thead>
                <tbody>
                  {COMPARE_ROWS.map((row) => (
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
