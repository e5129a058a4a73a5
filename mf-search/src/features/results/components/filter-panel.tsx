import { css } from '@emotion/react';
import { SURFACE } from '@forecourt/shared-config';
import { useId, useState, type ReactNode } from 'react';
import { FILTER_COLUMN_MEDIA } from '../../../lib/filter-column';

/**
 * The filter column: beside the results from 900 px, and on a phone behind a 'Filters' button
 * that opens it as a panel over the results (the results stay in the page underneath).
 */
export function FilterPanel({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((v) => !v)}
        css={css`
          width: 100%;
          padding: 0.7rem;
          font: inherit;
          font-weight: 600;
          border: 1px solid ${SURFACE.border};
          border-radius: 6px;
          background: ${SURFACE.background};
          @media ${FILTER_COLUMN_MEDIA} {
            display: none;
          }
        `}
      >
        {open ? 'Hide filters' : 'Filters'}
      </button>
      <aside
        id={id}
        aria-label="Filters"
        css={css`
          display: ${open ? 'flex' : 'none'};
          flex-direction: column;
          gap: 1rem;
          margin-top: 0.75rem;
          @media ${FILTER_COLUMN_MEDIA} {
            display: flex;
            margin-top: 0;
          }
        `}
      >
        {children}
      </aside>
    </div>
  );
}
