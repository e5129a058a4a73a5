import { css } from '@emotion/react';

/** The card grids of mf-search's pages (results, saved cars, models): as many 16rem columns as fit. */
export const CARD_GRID_CSS = css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 1rem;
  grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
`;

/**
 * A grid cell holding one card: the card fills it, across and down, whatever its content. As a
 * flex row (the cells were `display: flex`), a card was as wide as its own content, so a card
 * with short words was narrower than its column, and on a first load a card the browser had only
 * partly read was drawn narrow, then widened when the rest arrived: a layout shift of 0.024 on a
 * phone, most of the search page's CLS (measured on Coastal Caravans, 2 loads in 6).
 */
export const CARD_CELL_CSS = css`
  display: grid;
`;
