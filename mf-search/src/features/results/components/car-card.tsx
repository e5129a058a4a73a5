import { css } from '@emotion/react';
import {
  alpha,
  type Badge,
  BadgeTag,
  canSave,
  carBadge,
  DANGER,
  type FavouriteEntry,
  formatKms,
  isInStock,
  mediaSources,
  paths,
  priceDisplay,
  PriceTag,
  readableTextOn,
  SUCCESS,
  SURFACE,
  toggleCompare,
  toggleFavourite,
  toggleWatchlist,
  useCompareList,
  useFavourites,
  useSession,
  useTenant,
  useWatchlist,
  weeklyFinance,
} from '@forecourt/shared-config';
import { cardRepayment, type CarHit } from '../../../lib/hit';
import { viewCountText } from '../../../lib/views';
import { useSearchServer } from '../../../app/first-paint';
import { FindSimilarLink } from './find-similar';

/** Card image widths the media service renders (its fixed set), for the browser to pick from. */
const CARD_WIDTHS = [300, 400, 600] as const;

/**
 * How wide a card is, for the browser's choice from srcset: three columns beside the filters from
 * 900 px (the grid's 16rem minimum in a 72rem page), two on a tablet, one on a phone.
 */
export const CARD_SIZES = '(min-width: 900px) 270px, (min-width: 600px) 45vw, calc(100vw - 3rem)';

export function imageSources(url: string | null): { src: string; srcSet: string } | null {
  return mediaSources(url, CARD_WIDTHS, 400);
}

const saveCss = css`
  position: absolute;
  top: 0.5rem;
  right: 0.5rem;
  padding: 0.2rem 0.55rem;
  border-radius: 4px;
  border: 0;
  font: inherit;
  font-size: 0.8rem;
  font-weight: 700;
  text-decoration: none;
  color: ${SURFACE.text};
  background: ${alpha(SURFACE.background, 92)};
  cursor: pointer;
  &[aria-pressed='true'] {
    color: ${SURFACE.onInverse};
    background: ${SUCCESS.text};
  }
`;

/**
 * The card's Save control (spec §4, watchlist: SAVE / SAVED). Signed in, it saves to and removes
 * from the shopper's watchlist (shared-config's `toggleWatchlist`: optimistic, toast, event 39).
 * Signed out, it is a link to sign in (spec: /sign-in?type=watchlist&redirect={path}&back={path})
 * that comes back to this search.
 */
function SaveControl({ id, name }: { id: string; name: string }) {
  const session = useSession();
  const watchlist = useWatchlist();
  // The page's own address; on the server (first paint) the request's. Not the router's: the card
  // is also shown inside other teams' pages (the similar-cars fragment).
  const location = useSearchServer()?.url ?? window.location;
  if (session.status === 'signed-in') {
    const saved = watchlist?.includes(id) ?? false;
    return (
      <button
        type="button"
        aria-pressed={saved}
        aria-label={`Save ${name} to your watchlist`}
        onClick={() => void toggleWatchlist({ id, name })}
        css={saveCss}
      >
        {saved ? 'SAVED' : 'SAVE'}
      </button>
    );
  }
  const here = `${location.pathname}${location.search}`;
  return (
    <a href={paths.signIn('watchlist', here, here)} aria-label={`Save ${name} to your watchlist`} css={saveCss}>
      SAVE
    </a>
  );
}

/** The card's tag badge (shared-config's BadgeTag), over the photo's top left corner. */
function CardBadge({ badge }: { badge: Badge }) {
  return (
    <BadgeTag
      badge={badge}
      size="card"
      css={css`
        label: mf-search-card-badge;
        position: absolute;
        top: 0.5rem;
        left: 0.5rem;
      `}
    />
  );
}

const toggleCss = css`
  display: inline-flex;
  align-items: center;
  gap: 0.35rem;
  min-height: 2.25rem;
  padding: 0.3rem 0.6rem;
  font: inherit;
  font-size: 0.85rem;
  border: 1px solid ${SURFACE.border};
  border-radius: 6px;
  background: ${SURFACE.background};
  color: ${SURFACE.text};
  cursor: pointer;
  &[aria-pressed='true'] {
    border-color: currentColor;
    font-weight: 600;
  }
`;

/**
 * The card's Favourite switch and Compare toggle (spec §4, 'Favourites toggle'), each where the
 * site has it (`search.favourites`, `search.compare`). The state is the shopper's, kept by
 * shared-config in this browser, so every team's pages agree on it.
 */
function SavedCarToggles({ car }: { car: FavouriteEntry }) {
  const { slug, name } = car;
  const { search } = useTenant();
  const favourites = useFavourites();
  const compare = useCompareList();
  if (!search.favourites && !search.compare) return null;
  const favourite = favourites.includes(slug);
  const comparing = compare.includes(slug);
  return (
    <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
      {search.favourites && (
        <button
          type="button"
          aria-pressed={favourite}
          aria-label={`Favourite ${name}`}
          onClick={() => toggleFavourite(car)}
          css={[
            toggleCss,
            css`
              color: ${favourite ? DANGER.text : SURFACE.text};
            `,
          ]}
        >
          <svg
            aria-hidden="true"
            width="16"
            height="16"
            viewBox="0 0 24 24"
            fill={favourite ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M12 21s-7.5-4.6-9.5-9.2C1.2 8.6 3.3 5 6.8 5c2 0 3.4 1.1 4.2 2.4C11.8 6.1 13.2 5 15.2 5c3.5 0 5.6 3.6 4.3 6.8C19.5 16.4 12 21 12 21z" />
          </svg>
          Favourite
        </button>
      )}
      {search.compare && (
        <button
          type="button"
          aria-pressed={comparing}
          aria-label={`Compare ${name}`}
          onClick={() => toggleCompare(slug, search.itemNoun)}
          css={toggleCss}
        >
          <svg
            aria-hidden="true"
            width="16"
            height="16"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <rect x="3" y="3" width="18" height="18" rx="3" />
            {comparing && <path d="m7 12 3.5 3.5L17 9" />}
          </svg>
          Compare
        </button>
      )}
    </div>
  );
}

const actionCss = (primary: string) => css`
  margin-top: auto;
  display: inline-block;
  text-align: center;
  padding: 0.55rem 1rem;
  border-radius: 6px;
  font-weight: 600;
  text-decoration: none;
  color: ${readableTextOn(primary)};
  background: ${primary};
`;

/** One result: image, location overlay, badge, title link, price, weekly finance and the action the car's status allows. */
export interface CarCardProps {
  hit: CarHit;
  nowSeconds: number;
  /** The first row: loaded at once, not lazily (the page's largest paint). */
  priority?: boolean;
  /** Sold cars that followed this one in the results and are folded into its card. */
  alsoSold?: number;
}

export function CarCard({ hit, nowSeconds, priority = false, alsoSold = 0 }: CarCardProps) {
  const tenant = useTenant();
  const image = imageSources(hit.primary_image_url);
  const badge = carBadge(hit, tenant.search.badges, nowSeconds);
  const price = priceDisplay(hit, tenant.pricing);
  const weekly = cardRepayment(hit, tenant);
  const inStock = isInStock(hit.status);
  const views = tenant.search.showViews ? viewCountText(hit.views) : null;
  return (
    <article
      aria-label={hit.name}
      css={css`
        label: mf-search-card;
        display: flex;
        flex-direction: column;
        border: 1px solid ${SURFACE.border};
        border-radius: ${SURFACE.radius};
        overflow: hidden;
        background: ${SURFACE.background};
      `}
    >
      <div
        css={css`
          position: relative;
          aspect-ratio: 3 / 2;
          background: ${SURFACE.fill};
        `}
      >
        {image ? (
          <img
            src={image.src}
            srcSet={image.srcSet}
            sizes={CARD_SIZES}
            alt=""
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            width={600}
            height={400}
            css={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        ) : (
          <div
            role="img"
            aria-label="No photo yet"
            css={css`
              display: grid;
              place-items: center;
              height: 100%;
              color: ${SURFACE.muted};
            `}
          >
            No photo yet
          </div>
        )}
        {badge && <CardBadge badge={badge} />}
        {canSave(hit, tenant.search.saveUsedPricedWithImagesOnly) && <SaveControl id={hit.objectID} name={hit.name} />}
        <span
          css={css`
            position: absolute;
            bottom: 0.5rem;
            left: 0.5rem;
            padding: 0.1rem 0.4rem;
            border-radius: 4px;
            font-size: 0.8rem;
            color: ${SURFACE.onInverse};
            background: ${alpha(SURFACE.inverse, 75)};
          `}
        >
          {hit.location_name}
        </span>
      </div>
      <div
        css={css`
          display: flex;
          flex-direction: column;
          gap: 0.35rem;
          padding: 0.75rem 1rem 1rem;
          flex: 1;
        `}
      >
        <h2 css={{ fontSize: '1.05rem', margin: 0 }}>
          <a href={paths.car(hit.slug)} css={{ color: 'inherit' }}>
            {hit.name}
          </a>
        </h2>
        <p css={{ margin: 0, color: SURFACE.muted, fontSize: '0.9rem' }}>
          {hit.item_type === 'caravan' && !(hit.km > 0) ? hit.car_type : `${formatKms(hit.km)} · ${hit.car_type}`}
        </p>
        {views && (
          <p data-views css={{ margin: 0, color: SURFACE.muted, fontSize: '0.85rem' }}>
            {views}
          </p>
        )}
        <PriceTag price={price} size="card" css={{ margin: '0.25rem 0 0' }} />
        {/* The car's one weekly figure, as its page shows it; none where the page has no calculator or beside a weekly price. */}
        {weekly !== null && <p css={{ margin: 0, fontSize: '0.9rem' }}>{weeklyFinance(weekly)}</p>}
        {alsoSold > 0 && (
          <p css={{ margin: 0, fontSize: '0.85rem', color: SURFACE.muted }}>{`and ${alsoSold} more recently sold`}</p>
        )}
        {canSave(hit, tenant.search.saveUsedPricedWithImagesOnly) && (
          <SavedCarToggles
            car={{
              id: hit.objectID,
              name: hit.name,
              slug: hit.slug,
              make: hit.make,
              model: hit.model,
              primary_image_url: hit.primary_image_url,
            }}
          />
        )}
        {inStock ? (
          <a href={paths.car(hit.slug)} css={actionCss(tenant.theme.primary)}>
            View details
          </a>
        ) : (
          <FindSimilarLink hit={hit} css={actionCss(tenant.theme.primary)}>
            Find Me Something Similar
          </FindSimilarLink>
        )}
      </div>
    </article>
  );
}
