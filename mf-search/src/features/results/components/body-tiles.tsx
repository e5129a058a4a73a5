import { css } from '@emotion/react';
import { bodyLabel, readableTextOn, SURFACE, useTenant } from '@forecourt/shared-config';
import { useRefinementList } from 'react-instantsearch-core';
import { BODY_TILES_CUSTOM, bodyTiles } from '../../../lib/lists';

/**
 * Body-type tiles (finance spec §9): the 4 commonest body types of the current results (20 on a
 * site with custom bodies), count first then name, each a toggle that filters by it.
 */
export function BodyTiles() {
  const { search, theme } = useTenant();
  const { items, refine } = useRefinementList({
    attribute: 'body',
    limit: BODY_TILES_CUSTOM,
    sortBy: ['count:desc', 'name:desc'],
  });
  const refined = new Set(items.filter((i) => i.isRefined).map((i) => i.value));
  const tiles = bodyTiles(Object.fromEntries(items.map((i) => [i.value, i.count])), search.customBodies);
  if (tiles.length === 0) return null;
  return (
    <ul
      css={css`
        list-style: none;
        margin: 0;
        padding: 0;
        display: grid;
        grid-template-columns: repeat(2, minmax(0, 1fr));
        gap: 0.5rem;
      `}
    >
      {tiles.map(({ body, count }) => {
        const on = refined.has(body);
        return (
          <li key={body}>
            <button
              type="button"
              aria-pressed={on}
              onClick={() => refine(body)}
              css={css`
                width: 100%;
                min-height: 2.75rem;
                padding: 0.4rem 0.5rem;
                font: inherit;
                text-align: left;
                border-radius: 6px;
                cursor: pointer;
                border: 1px solid ${on ? theme.primary : SURFACE.border};
                background: ${on ? theme.primary : SURFACE.background};
                color: ${on ? readableTextOn(theme.primary) : 'inherit'};
              `}
            >
              <span css={{ display: 'block', fontWeight: 600 }} data-body={body}>
                {bodyLabel(body)}
              </span>
              <span
                css={{ fontSize: '0.8rem' }}
              >{`${count} ${count === 1 ? search.itemNoun : `${search.itemNoun}s`}`}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
