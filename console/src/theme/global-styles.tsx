import { css, Global } from '@emotion/react';
import { COLOUR, FONT } from './tokens';

const styles = css`
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  html {
    -webkit-text-size-adjust: 100%;
  }
  body {
    margin: 0;
    font-family: ${FONT.body};
    line-height: 1.45;
    color: ${COLOUR.text};
    background: ${COLOUR.page};
  }
  a {
    color: ${COLOUR.accent};
  }
  :focus-visible {
    outline: 3px solid ${COLOUR.focus};
    outline-offset: 2px;
  }
  h2 {
    font-size: 1.25rem;
    margin: 1.5rem 0 0.5rem;
  }
  h3 {
    font-size: 1.05rem;
    margin: 0;
  }
  input,
  select {
    font: inherit;
    color: ${COLOUR.text};
    background: ${COLOUR.surface};
    border: 1px solid ${COLOUR.muted};
    border-radius: 4px;
    min-height: 2.5rem;
    padding: 0.3rem 0.5rem;
  }
  /* Big enough to hit with a finger (the browser's own are 13 px). */
  input[type='checkbox'],
  input[type='radio'] {
    width: 1.2rem;
    height: 1.2rem;
    min-height: 0;
    padding: 0;
    margin: 0 0.2rem 0 0;
    vertical-align: -0.2rem;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    padding: 0;
    margin: -1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
`;

export function GlobalStyles() {
  return <Global styles={styles} />;
}
