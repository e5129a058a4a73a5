/**
 * The list, sort and page widgets, ours on react-instantsearch-core's hooks rather than
 * react-instantsearch's ready-made components: those bring the whole UI kit (recommend, chat and
 * autocomplete components among it, about 15 KB of Brotli the search page does not use) and
 * their own markup; these are the site's look and labels, and the same hooks keep the behaviour.
 */
import { css } from '@emotion/react';
import { readableTextOn, SURFACE, useTenant } from '@forecourt/shared-config';
import { usePagination, useRefinementList, useSortBy, type UseRefinementListProps } from 'react-instantsearch-core';

export interface CheckboxListProps {
  attribute: string;
  /** Values shown before 'show more' (all of them when not set). */
  limit?: number;
  /** Facet value order: InstantSearch's criteria, or a comparison (e.g. price bands by their lower bound). */
  sortBy?: UseRefinementListProps['sortBy'];
  /** The toggle's texts, e.g. 'Show all makes' / 'Hide extra makes'. */
  showMoreText?: { more: string; less: string };
  /** Relabels or drops values before they show (e.g. the certified facet's rule). */
  transformItems?: UseRefinementListProps['transformItems'];
}

const SHOW_MORE_LIMIT = 100;

export function CheckboxList({
  attribute,
  limit = SHOW_MORE_LIMIT,
  sortBy = ['count:desc', 'name:asc'],
  showMoreText,
  transformItems,
}: CheckboxListProps) {
  const { theme } = useTenant();
  const { items, refine, canToggleShowMore, isShowingMore, toggleShowMore } = useRefinementList({
    attribute,
    limit,
    showMore: Boolean(showMoreText),
    showMoreLimit: SHOW_MORE_LIMIT,
    sortBy,
    transformItems,
  });
  if (items.length === 0)
    return <p css={{ margin: 0, color: SURFACE.muted, fontSize: '0.9rem' }}>None in these results</p>;
  return (
    <div>
      <ul
        css={css`
          list-style: none;
          margin: 0;
          padding: 0;
          display: grid;
          gap: 0.35rem;
        `}
      >
        {items.map((item) => (
          <li key={item.value}>
            <label
              css={css`
                display: flex;
                align-items: center;
                gap: 0.5rem;
                min-height: 1.75rem;
                cursor: pointer;
              `}
            >
              <input
                type="checkbox"
                checked={item.isRefined}
                onChange={() => refine(item.value)}
                css={css`
                  width: 1.1rem;
                  height: 1.1rem;
                  accent-color: ${theme.primary};
                `}
              />
              <span>{item.label}</span>
              <span
                css={css`
                  margin-left: auto;
                  padding: 0 0.5rem;
                  font-size: 0.8rem;
                  border-radius: 999px;
                  background: ${SURFACE.fill};
                  color: ${SURFACE.muted};
                `}
              >
                {item.count}
              </span>
            </label>
          </li>
        ))}
      </ul>
      {showMoreText && canToggleShowMore && (
        <button
          type="button"
          onClick={toggleShowMore}
          css={css`
            margin-top: 0.5rem;
            padding: 0.25rem 0;
            border: 0;
            background: none;
            color: ${theme.primary};
            text-decoration: underline;
            cursor: pointer;
            font: inherit;
          `}
        >
          {isShowingMore ? showMoreText.less : showMoreText.more}
        </button>
      )}
    </div>
  );
}

export function SortSelect({ items }: { items: Array<{ label: string; value: string }> }) {
  const { options, currentRefinement, refine } = useSortBy({ items });
  return (
    <select
      value={currentRefinement}
      onChange={(event) => refine(event.target.value)}
      css={css`
        padding: 0.4rem 0.5rem;
        font: inherit;
        border: 1px solid ${SURFACE.border};
        border-radius: 6px;
        background: ${SURFACE.background};
      `}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/** Page links (two either side of the current page, previous and next), only when there is more than one page. */
export function PageLinks() {
  const { theme } = useTenant();
  const { pages, currentRefinement, nbPages, isFirstPage, isLastPage, refine, createURL } = usePagination({
    padding: 2,
  });
  if (nbPages <= 1) return null;
  const link = css`
    display: block;
    min-width: 2.75rem;
    padding: 0.6rem 0.5rem;
    text-align: center;
    border: 1px solid ${SURFACE.border};
    border-radius: 6px;
    color: inherit;
    text-decoration: none;
  `;
  const current = css`
    background: ${theme.primary};
    border-color: ${theme.primary};
    color: ${readableTextOn(theme.primary)};
    font-weight: 700;
  `;
  const go = (page: number) => (event: React.MouseEvent) => {
    event.preventDefault();
    refine(page);
  };
  return (
    <nav aria-label="Pages">
      <ul
        css={css`
          list-style: none;
          margin: 0;
          padding: 0;
          display: flex;
          flex-wrap: wrap;
          justify-content: center;
          gap: 0.25rem;
        `}
      >
        {!isFirstPage && (
          <li>
            <a
              href={createURL(currentRefinement - 1)}
              onClick={go(currentRefinement - 1)}
              aria-label="Previous page"
              css={link}
            >
              ‹
            </a>
          </li>
        )}
        {pages.map((page) => (
          <li key={page}>
            <a
              href={createURL(page)}
              onClick={go(page)}
              aria-label={`Page ${page + 1}`}
              aria-current={page === currentRefinement ? 'page' : undefined}
              css={[link, page === currentRefinement && current]}
            >
              {page + 1}
            </a>
          </li>
        ))}
        {!isLastPage && (
          <li>
            <a
              href={createURL(currentRefinement + 1)}
              onClick={go(currentRefinement + 1)}
              aria-label="Next page"
              css={link}
            >
              ›
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
