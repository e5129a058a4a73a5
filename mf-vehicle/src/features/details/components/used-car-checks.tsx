import { css } from '@emotion/react';
import { SUCCESS, SURFACE, useTenant } from '@forecourt/shared-config';
import { useId } from 'react';
import { usedChecksHeading } from '../../../lib/item-copy';

/**
 * The used-car checks block (spec §2's vehicle page: 'key information, used-car checks, finance
 * calculator'): the checks the dealer puts every used car through (`vehicle.usedCarChecks`), on a
 * used car's page only (a new or demo car is the maker's). An empty list hides the block.
 */
export function UsedCarChecks({ carType }: { carType: string }) {
  const { vehicle, name, search } = useTenant();
  const headingId = useId();
  if (carType !== 'used' || vehicle.usedCarChecks.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      css={css`
        label: mf-vehicle-used-car-checks;
        padding: 1rem 1.25rem;
        border: 1px solid ${SURFACE.border};
        border-radius: ${SURFACE.radius};
      `}
    >
      <h2 id={headingId} css={{ fontSize: '1.125rem', margin: '0 0 0.25rem' }}>
        {usedChecksHeading(search.itemNoun)}
      </h2>
      <p
        css={{ margin: '0 0 0.6rem', color: SURFACE.muted, fontSize: '0.9rem' }}
      >{`Every used ${search.itemNoun} at ${name} passes these checks before it is sold.`}</p>
      <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.4rem' }}>
        {vehicle.usedCarChecks.map((check) => (
          <li key={check} css={{ display: 'flex', gap: '0.5rem', alignItems: 'baseline' }}>
            <span aria-hidden="true" css={{ color: SUCCESS.text, fontWeight: 700 }}>
              ✓
            </span>
            {check}
          </li>
        ))}
      </ul>
    </section>
  );
}
