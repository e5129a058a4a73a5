import { css } from '@emotion/react';
import { formatNumber, SURFACE } from '@forecourt/shared-config';
import { useId, useState } from 'react';
import {
  DISTANCE_DEFAULT_KM,
  ECONOMY_FALLBACK_L_PER_100KM,
  FUEL_PRICE_DEFAULT,
  fuelCost,
} from '../../../lib/fuel-cost';

/** Reads a typed number ('250 kms', '1.70'); anything else is 0. */
const readNumber = (raw: string) => {
  const n = Number.parseFloat(raw.replace(/[^0-9.]/g, ''));
  return Number.isFinite(n) ? n : 0;
};

/**
 * The fuel cost calculator (spec: price default 1.70, distance default '250 kms', 10 L/100km when
 * the car has no figure; distance/100 x economy x price). The page hides it for electric cars.
 */
export function FuelCostCalculator({ economy }: { economy: number | null }) {
  const id = useId();
  const [price, setPrice] = useState(FUEL_PRICE_DEFAULT.toFixed(2));
  const [distance, setDistance] = useState(`${DISTANCE_DEFAULT_KM} kms`);
  const litres = economy && economy > 0 ? economy : ECONOMY_FALLBACK_L_PER_100KM;
  const cost = fuelCost(readNumber(distance), litres, readNumber(price));
  const input = css`
    font: inherit;
    width: 8rem;
    padding: 0.5rem 0.65rem;
    border: 1px solid ${SURFACE.fieldBorder};
    border-radius: 6px;
  `;
  return (
    <section
      aria-labelledby={`${id}-h`}
      css={css`
        label: mf-vehicle-fuel-cost;
        padding: 1rem 1.25rem;
        border: 1px solid ${SURFACE.border};
        border-radius: ${SURFACE.radius};
      `}
    >
      <h2 id={`${id}-h`} css={{ fontSize: '1.125rem', margin: '0 0 0.5rem' }}>
        Fuel cost calculator
      </h2>
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem 1.25rem', alignItems: 'flex-end' }}>
        <div css={{ display: 'grid', gap: '0.3rem' }}>
          <label htmlFor={`${id}-price`}>Fuel price ($ per litre)</label>
          <input
            id={`${id}-price`}
            inputMode="decimal"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            css={input}
          />
        </div>
        <div css={{ display: 'grid', gap: '0.3rem' }}>
          <label htmlFor={`${id}-distance`}>Distance</label>
          <input
            id={`${id}-distance`}
            inputMode="numeric"
            value={distance}
            onChange={(e) => setDistance(e.target.value)}
            onBlur={() => setDistance(`${readNumber(distance)} kms`)}
            css={input}
          />
        </div>
        <p aria-live="polite" css={{ margin: 0 }}>
          {'Fuel cost: '}
          <strong data-fuel-cost>{`$${cost.toFixed(2)}`}</strong>
          <span
            css={{ display: 'block', fontSize: '0.85rem', color: SURFACE.muted }}
          >{`At ${formatNumber(litres, { maximumFractionDigits: 1 })} L/100km${economy && economy > 0 ? '' : ' (typical figure)'}`}</span>
        </p>
      </div>
    </section>
  );
}
