import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { COLOUR, FONT, RADIUS, SPACE } from '../theme/tokens';

export const tableStyle = css`
  border-collapse: collapse;
  width: 100%;
  font-size: 0.92rem;
  background: ${COLOUR.surface};
  caption {
    text-align: left;
    font-weight: 600;
    padding: ${SPACE.xs} 0;
  }
  th,
  td {
    text-align: left;
    vertical-align: top;
    padding: 0.35rem 0.55rem;
    border-bottom: 1px solid ${COLOUR.border};
  }
  th {
    color: ${COLOUR.muted};
    font-weight: 600;
  }
  td.number,
  th.number {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  code {
    font-family: ${FONT.mono};
    font-size: 0.88em;
  }
`;

/**
 * A wide table on a narrow screen scrolls inside its own box, never the page. The box can take
 * focus and is named by `label`, so a keyboard can scroll it and a screen reader says what it is.
 */
export function ScrollRegion({
  label,
  maxHeight,
  children,
}: {
  label: string;
  maxHeight?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      css={css`
        overflow: auto;
        max-width: 100%;
        ${maxHeight ? `max-height: ${maxHeight};` : ''}
        border: 1px solid ${COLOUR.border};
        border-radius: ${RADIUS};
        &:focus-visible {
          outline: 3px solid ${COLOUR.focus};
          outline-offset: 2px;
        }
      `}
    >
      {children}
    </div>
  );
}
