import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { COLOUR } from '../theme/tokens';

export type BadgeTone = 'neutral' | 'danger' | 'warning' | 'success' | 'accent';

const TONES: Record<BadgeTone, { fg: string; bg: string }> = {
  neutral: { fg: COLOUR.text, bg: COLOUR.page },
  danger: { fg: COLOUR.danger, bg: COLOUR.dangerSurface },
  warning: { fg: COLOUR.warning, bg: COLOUR.warningSurface },
  success: { fg: COLOUR.success, bg: COLOUR.successSurface },
  accent: { fg: COLOUR.accent, bg: COLOUR.surface },
};

/** A short status word; colour is never its only sign (the word says it). */
export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  const { fg, bg } = TONES[tone];
  return (
    <span
      data-tone={tone}
      css={css`
        display: inline-block;
        padding: 0.05rem 0.5rem;
        border-radius: 999px;
        border: 1px solid ${fg};
        color: ${fg};
        background: ${bg};
        font-size: 0.85rem;
        font-weight: 600;
        white-space: nowrap;
      `}
    >
      {children}
    </span>
  );
}
