import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { COLOUR, RADIUS, SPACE } from '../theme/tokens';

/** The frame of the pages before sign-in: the console's name and one card. */
export function PlainFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <header
        css={css`
          background: ${COLOUR.chrome};
          color: ${COLOUR.onChrome};
          padding: ${SPACE.sm} ${SPACE.md};
          font-weight: 700;
        `}
      >
        Forecourt console
      </header>
      <main
        css={css`
          max-width: 34rem;
          margin: ${SPACE.xl} auto;
          padding: ${SPACE.lg};
          background: ${COLOUR.surface};
          border: 1px solid ${COLOUR.border};
          border-radius: ${RADIUS};
          @media (max-width: 36rem) {
            margin: ${SPACE.md};
            padding: ${SPACE.md};
          }
        `}
      >
        {children}
      </main>
    </>
  );
}
