import { css } from '@emotion/react';
import { useTenant } from '@forecourt/shared-config';
import { useMemo } from 'react';
import { promoNodes } from '../../../lib/promos';
import { usePromoNodes } from '../../results/api/promos';
import { PromoCard } from '../../results/components/promo-card';
import { CARD_CELL_CSS } from '../../../lib/card-grid';

export interface PromoCardsProps {
  /** At most this many cards; 3 (one row at the widest layout) by default. */
  limit?: number;
}

/** The blog listing's row of promotional cards: one row at the widest layout. */
const DEFAULT_LIMIT = 3;

/**
 * `mf_search/PromoCards`: the site's promotional cards for other pages' listings (spec: 'Blog
 * cards (heading, description, href, image, date) and promotional cards'). The same nodes, rule
 * and card as the results grid's promo cards (lib/promos.ts): live by their dates, only for car
 * types the site sells, strictDisplay nodes only for an exact car-type choice (a listing has none,
 * so they stay out), positioned nodes first, the rest shuffled where the site shuffles. The spec
 * places them nowhere in particular outside the results; here each live node shows once, in the
 * order the results' counter would cycle through them. Nothing shows when the site has none or
 * they cannot be read.
 */
export default function PromoCards({ limit = DEFAULT_LIMIT }: PromoCardsProps) {
  const tenant = useTenant();
  const nodes = usePromoNodes();
  const shuffle = tenant.search.shufflePromos;
  const carTypes = tenant.search.carTypes;
  const promos = useMemo(
    () =>
      promoNodes(
        nodes,
        [],
        new Date(),
        shuffle ? <T,>(list: T[]) => [...list].sort(() => Math.random() - 0.5) : undefined,
        carTypes,
      ).slice(0, limit),
    [nodes, shuffle, carTypes, limit],
  );
  if (promos.length === 0) return null;
  return (
    <ul
      aria-label="Offers"
      data-boundary="mf-search"
      css={css`
        label: mf-search-promo-cards;
        list-style: none;
        margin: 1.25rem 0 0;
        padding: 0;
        display: grid;
        gap: 1.25rem;
        grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
      `}
    >
      {promos.map((promo) => (
        <li key={promo.id} css={CARD_CELL_CSS}>
          <PromoCard promo={promo} />
        </li>
      ))}
    </ul>
  );
}
