import type { PriceDisplay } from '../price';
import { SURFACE } from './tokens';

const SIZES = { card: { price: '1.25rem', type: '0.8rem' }, page: { price: '1.75rem', type: '0.85rem' } } as const;

/**
 * A car's price as every team shows it (from `priceDisplay`): the price large, '/ week' after a
 * subscription price, the was-price struck through, the price type underneath. `size`: a result
 * card's or a vehicle page's.
 */
export function PriceTag({
  price,
  size,
  className,
}: {
  price: PriceDisplay;
  size: keyof typeof SIZES;
  className?: string;
}) {
  return (
    <p className={className}>
      <strong css={{ fontSize: SIZES[size].price }} data-price>
        {price.text}
      </strong>
      {price.suffix && <span> {price.suffix}</span>}
      {price.was && (
        <s css={{ marginLeft: '0.5rem', color: SURFACE.muted }} aria-label={`was ${price.was}`}>
          {price.was}
        </s>
      )}
      {price.priceType && (
        <span css={{ display: 'block', fontSize: SIZES[size].type, color: SURFACE.muted }}>{price.priceType}</span>
      )}
    </p>
  );
}
