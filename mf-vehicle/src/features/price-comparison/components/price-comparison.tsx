import { css } from '@emotion/react';
import { DANGER, formatDollars, SUCCESS, SURFACE, useTenant, WARNING } from '@forecourt/shared-config';
import { useId } from 'react';
import { thisItemPrice } from '../../../lib/item-copy';
import { priceComparisonShown } from '../../../lib/price-comparison';
import { usePriceComparison } from '../api/price-comparison';

/**
 * The price comparison (spec §5, §7, §8): `GET /api/cars/{slug}/autogauge`; a placeholder while
 * it loads; hidden when a value is missing, the confidence is 0.2 or lower, or the market maximum
 * is below the listing price; a failure is logged and the block hidden.
 */
export function PriceComparisonBlock({ slug, itemType = 'car' }: { slug: string; itemType?: string }) {
  const tenant = useTenant();
  const headingId = useId();
  const loaded = usePriceComparison(slug);

  const frame = css`
    label: mf-vehicle-price-comparison;
    padding: 1rem 1.25rem;
    border: 1px solid ${SURFACE.border};
    border-radius: ${SURFACE.radius};
  `;
  if (loaded.status === 'loading') {
    return (
      <div
        aria-hidden="true"
        data-price-comparison="loading"
        css={[
          frame,
          css`
            height: 8.5rem;
            background: linear-gradient(90deg, ${SURFACE.fill}, ${SURFACE.background}, ${SURFACE.fill});
            background-size: 200% 100%;
          `,
        ]}
      />
    );
  }
  const answer = loaded.status === 'ready' ? loaded.data : null;
  if (!priceComparisonShown(answer)) return null;
  return (
    <section aria-labelledby={headingId} css={frame} data-price-comparison="shown">
      <h2 id={headingId} css={{ fontSize: '1.125rem', margin: '0 0 0.5rem' }}>
        Price comparison
      </h2>
      <p css={{ margin: '0 0 0.75rem' }}>{answer.description}</p>
      <div
        role="meter"
        aria-label="Where this price sits in the market range"
        aria-valuemin={answer.market_range_min}
        aria-valuemax={answer.market_range_max}
        aria-valuenow={Math.min(answer.market_range_max, Math.max(answer.market_range_min, answer.listing_price))}
        aria-valuetext={`${formatDollars(answer.listing_price)} in a market range of ${formatDollars(answer.market_range_min)} to ${formatDollars(answer.market_range_max)}`}
        css={css`
          position: relative;
          height: 0.75rem;
          border-radius: 999px;
          background: linear-gradient(90deg, ${SUCCESS.bright}, ${WARNING.bright}, ${DANGER.bright});
        `}
      >
        <span
          css={css`
            position: absolute;
            top: 50%;
            left: ${answer.fill}%;
            width: 1.1rem;
            height: 1.1rem;
            border-radius: 50%;
            transform: translate(-50%, -50%);
            background: ${SURFACE.background};
            border: 3px solid ${tenant.theme.primary};
          `}
        />
      </div>
      <p
        css={{
          display: 'flex',
          justifyContent: 'space-between',
          margin: '0.4rem 0 0',
          fontSize: '0.875rem',
          color: SURFACE.muted,
        }}
      >
        <span>{formatDollars(answer.market_range_min)}</span>
        <span>{thisItemPrice(answer.listing_price, itemType)}</span>
        <span>{formatDollars(answer.market_range_max)}</span>
      </p>
    </section>
  );
}
