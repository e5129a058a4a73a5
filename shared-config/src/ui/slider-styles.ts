import { css } from '@emotion/react';
import { alpha, SURFACE } from './tokens';

/** The sliders' one look, in the tenant's colours: a 6 px track, the filled range, round thumbs with a focus ring. */
export function sliderStyles(theme: { primary: string; accent: string }) {
  return {
    root: css`
      position: relative;
      display: flex;
      align-items: center;
      height: 2.75rem;
      touch-action: none;
      user-select: none;
      margin: 0 0.75rem;
      &[data-disabled] {
        opacity: 0.55;
      }
    `,
    track: css`
      position: relative;
      flex: 1;
      height: 6px;
      border-radius: 3px;
      background: ${SURFACE.border};
    `,
    range: css`
      position: absolute;
      height: 100%;
      border-radius: 3px;
      background: ${theme.primary};
    `,
    thumb: css`
      display: block;
      width: 1.5rem;
      height: 1.5rem;
      border-radius: 50%;
      background: ${SURFACE.background};
      border: 2px solid ${theme.primary};
      box-shadow: 0 1px 3px ${alpha(SURFACE.shadow, 25)};
      cursor: grab;
      &:focus-visible {
        outline: 3px solid ${theme.accent};
        outline-offset: 2px;
      }
    `,
  };
}
