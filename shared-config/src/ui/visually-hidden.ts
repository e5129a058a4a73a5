import { css } from '@emotion/react';

/** Text for screen readers only (a field's label where the design shows a placeholder and an icon). */
export const VISUALLY_HIDDEN = css`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  border: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;
