import { css } from '@emotion/react';
import { FragmentCard } from '@forecourt/shared-config';
import { visibleSpecRows, type SpecRow } from '../lib/spec-rows';

export interface KeyInfoProps {
  items: SpecRow[];
}

/**
 * The vehicle's key information as a definition list; rows without a value are left out. The
 * exposed `mf_vehicle/KeyInfo` fragment. Renders nothing when no row has a value.
 */
export default function KeyInfo({ items }: KeyInfoProps) {
  const rows = visibleSpecRows(items);
  if (rows.length === 0) return null;
  return (
    <FragmentCard team="mf-vehicle" heading="Key information">
      <dl css={css`label: mf-vehicle-key-info-list; display: grid; grid-template-columns: max-content 1fr; gap: 0.5rem 1.5rem; margin: 0;`}>
        {rows.map((row) => (
          <div key={row.label} css={{ display: 'contents' }}>
            <dt css={{ color: '#475467' }}>{row.label}</dt>
            <dd css={{ margin: 0, fontWeight: 600 }}>{row.value}</dd>
          </div>
        ))}
      </dl>
    </FragmentCard>
  );
}
