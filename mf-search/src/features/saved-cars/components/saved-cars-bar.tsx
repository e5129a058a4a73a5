import { css } from '@emotion/react';
import {
  alpha,
  compareAtom,
  forecourtStore,
  paths,
  readableTextOn,
  SURFACE,
  useCompareList,
  useFavourites,
  useTenant,
} from '@forecourt/shared-config';

/**
 * A bar along the bottom of the results while the shopper has saved cars: how many are picked for
 * comparing (with 'Compare now' and 'Clear'), and a way to their favourites. Fixed to the window,
 * so it moves nothing on the page.
 */
export function SavedCarsBar() {
  const { search, theme } = useTenant();
  const compare = useCompareList();
  const favourites = useFavourites();
  const comparing = search.compare ? compare.length : 0;
  const favourited = search.favourites ? favourites.length : 0;
  if (comparing === 0 && favourited === 0) return null;
  const noun = search.itemNoun;
  return (
    <>
      {/* Room at the end of the page, so the bar never covers the last row or the page links. */}
      <div aria-hidden="true" css={{ height: '4.5rem' }} />
      <aside
        aria-label="Saved"
        css={css`
          label: mf-search-saved-bar;
          position: fixed;
          left: 0;
          right: 0;
          bottom: 0;
          z-index: 20;
          display: flex;
          flex-wrap: wrap;
          align-items: center;
          gap: 0.5rem 1rem;
          padding: 0.6rem 1.5rem;
          background: ${SURFACE.background};
          border-top: 1px solid ${SURFACE.border};
          box-shadow: 0 -4px 12px ${alpha(SURFACE.inverse, 8)};
        `}
      >
        {comparing > 0 && (
          <>
            <span css={{ fontWeight: 600 }}>{`${comparing} ${comparing === 1 ? noun : `${noun}s`} to compare`}</span>
            <a
              href={paths.compare()}
              css={css`
                padding: 0.45rem 0.9rem;
                border-radius: 6px;
                font-weight: 700;
                text-decoration: none;
                background: ${theme.primary};
                color: ${readableTextOn(theme.primary)};
              `}
            >
              Compare now
            </a>
            <button
              type="button"
              onClick={() => forecourtStore.set(compareAtom, [])}
              css={{
                font: 'inherit',
                background: 'none',
                border: 0,
                padding: '0.45rem',
                textDecoration: 'underline',
                cursor: 'pointer',
              }}
            >
              Clear
            </button>
          </>
        )}
        {favourited > 0 && (
          <a href={paths.favourites()} css={{ marginLeft: 'auto' }}>
            {`Favourites (${favourited})`}
          </a>
        )}
      </aside>
    </>
  );
}
