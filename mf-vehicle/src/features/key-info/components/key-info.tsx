import { css } from '@emotion/react';
import { FragmentCard, SURFACE } from '@forecourt/shared-config';
import { useId, useState } from 'react';
import { visibleSpecRows, type SpecRow } from '../lib/spec-rows';

export interface KeyInfoProps {
  items: SpecRow[];
  /** Show this many rows first, the rest behind 'Show all' (spec: 'key information 4 first'); all when omitted. */
  initialCount?: number;
}

/**
 * The vehicle's key information as a definition list; rows without a value are left out. The
 * exposed `mf_vehicle/KeyInfo` fragment. Renders nothing when no row has a value.
 */
export default function KeyInfo({ items, initialCount }: KeyInfoProps) {
  const listId = useId();
  const [all, setAll] = useState(false);
  const rows = visibleSpecRows(items);
  if (rows.length === 0) return null;
  const cut = initialCount !== undefined && rows.length > initialCount;
  const shown = cut && !all ? rows.slice(0, initialCount) : rows;
  return (
    <FragmentCard team="mf-vehicle" heading="Key information">
      <dl
        id={listId}
        css={css`
          label: mf-vehicle-key-info-list;
          display: grid;
          grid-template-columns: max-content 1fr;
          gap: 0.5rem 1.5rem;
          margin: 0;
        `}
      >
        {shown.map((row) => (
          <div key={row.label} css={{ display: 'contents' }}>
            <dt css={{ color: SURFACE.muted }}>{row.label}</dt>
            <dd css={{ margin: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>{row.value}</dd>
          </div>
        ))}
      </dl>
      {cut && (
        <button
          type="button"
          aria-expanded={all}
          aria-controls={listId}
          onClick={() => setAll((v) => !v)}
          css={{
            marginTop: '0.75rem',
            font: 'inherit',
            fontWeight: 600,
            padding: 0,
            border: 0,
            background: 'none',
            textDecoration: 'underline',
            cursor: 'pointer',
          }}
        >
          {all ? 'Show less' : `Show all ${rows.length} specifications`}
        </button>
      )}
    </FragmentCard>
  );
}
