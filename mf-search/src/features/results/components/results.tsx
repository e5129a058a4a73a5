import { css } from '@emotion/react';
import { readableTextOn, SURFACE, useSearchAccess, useTenant, VISUALLY_HIDDEN } from '@forecourt/shared-config';
import type { UiState } from 'instantsearch.js';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Configure, InstantSearch, Pagination, RefinementList, SortBy, useSearchBox, useHits, useInstantSearch, useStats } from 'react-instantsearch';
import type { CarHit } from '../../../lib/hit';
import { MAKES_SHOWN } from '../../../lib/lists';
import { displayCount } from '../../../lib/result-count';
import { routeScope } from '../lib/route-scope';
import { addressRouter } from '../lib/address-router';
import { createSearchClient } from '../lib/search-client';
import { CarCard } from './car-card';

/** Spec (search-and-vehicle §8). */
export const EMPTY_SEARCH_TEXT = 'No results found for your search at this time. Please try adjusting the filters for more results.';
/** Spec (search-and-vehicle §5): text search updates are debounced 300 ms. */
const QUERY_DEBOUNCE_MS = 300;

function debounced(ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (query: string, search: (value: string) => void) => {
    clearTimeout(timer);
    timer = setTimeout(() => search(query), ms);
  };
}

/**
 * The text search: our own field on `useSearchBox`, because InstantSearch's box names its input
 * 'Search' with no way to change it, and a shopper's screen reader should hear what it searches.
 * Typing refines after 300 ms; back/forward put the address bar's query back into the field.
 */
function QueryBox() {
  const queryHook = useMemo(() => debounced(QUERY_DEBOUNCE_MS), []);
  const { query, refine } = useSearchBox({ queryHook });
  const [value, setValue] = useState(query);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  useEffect(() => {
    if (document.activeElement !== input.current) setValue(query);
  }, [query]);
  return (
    <form
      role="search"
      aria-label="Stock"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        refine(value);
        input.current?.blur();
      }}
      css={css`display: flex; gap: 0.25rem;`}
    >
      <label htmlFor={id} css={VISUALLY_HIDDEN}>
        Search stock
      </label>
      <input
        ref={input}
        id={id}
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        placeholder="Make, model or keyword"
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          refine(event.target.value);
        }}
        css={css`flex: 1; min-width: 0; padding: 0.55rem 0.75rem; font: inherit; border: 1px solid ${SURFACE.border}; border-radius: 6px;`}
      />
      <button type="submit" css={css`padding: 0 0.9rem; font: inherit; font-weight: 600; border: 1px solid ${SURFACE.border}; border-radius: 6px; background: #fff; cursor: pointer;`}>
        Search
      </button>
    </form>
  );
}

function ResultCount() {
  const { nbHits } = useStats();
  const { results } = useInstantSearch();
  const facets = Object.fromEntries((results?.disjunctiveFacets ?? []).concat(results?.facets ?? []).map((f) => [f.name, f.data as Record<string, number>]));
  const count = displayCount(nbHits, facets);
  const noun = useTenant().search.itemNoun;
  return (
    <p role="status" css={{ margin: 0, fontWeight: 600 }} data-result-count={count}>
      {`${count.toLocaleString('en-AU')} ${count === 1 ? noun : `${noun}s`} found`}
    </p>
  );
}

function ResultGrid() {
  const { items } = useHits<CarHit & Record<string, unknown>>();
  const { status } = useInstantSearch();
  const nowSeconds = useMemo(() => Math.floor(Date.now() / 1000), [items]);
  if (items.length === 0 && status === 'idle') {
    return <p css={{ padding: '2rem 0', color: SURFACE.muted }}>{EMPTY_SEARCH_TEXT}</p>;
  }
  return (
    <ol aria-label="Results" css={css`label: mf-search-grid; list-style: none; margin: 0; padding: 0; display: grid; gap: 1rem; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));`}>
      {items.map((hit) => (
        <li key={hit.objectID} css={{ display: 'flex' }}>
          <CarCard hit={hit} nowSeconds={nowSeconds} />
        </li>
      ))}
    </ol>
  );
}

/** Back and forward restore the whole state; the page starts at the top, as a new page would. */
function ScrollToTopOnPage() {
  const { indexUiState } = useInstantSearch();
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [indexUiState.page]);
  return null;
}

/** InstantSearch's widgets in the site's look: its class names are its styling API. */
function widgetStyles(primary: string) {
  return css`
    & .ais-RefinementList-list { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.35rem; }
    & .ais-RefinementList-label { display: flex; align-items: center; gap: 0.5rem; cursor: pointer; }
    & .ais-RefinementList-checkbox { width: 1.1rem; height: 1.1rem; accent-color: ${primary}; }
    & .ais-RefinementList-count { margin-left: auto; padding: 0 0.5rem; font-size: 0.8rem; border-radius: 999px; background: #f2f4f7; color: ${SURFACE.muted}; }
    & .ais-RefinementList-showMore { margin-top: 0.5rem; padding: 0; border: 0; background: none; color: ${primary}; text-decoration: underline; cursor: pointer; font: inherit; }
    & .ais-RefinementList-showMore--disabled { display: none; }
    & .ais-SortBy-select { padding: 0.4rem 0.5rem; font: inherit; border: 1px solid ${SURFACE.border}; border-radius: 6px; background: #fff; }
    & .ais-Pagination-list { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; justify-content: center; gap: 0.25rem; }
    & .ais-Pagination-link { display: block; min-width: 2.75rem; padding: 0.6rem 0.5rem; text-align: center; border: 1px solid ${SURFACE.border}; border-radius: 6px; color: inherit; text-decoration: none; }
    & .ais-Pagination-item--selected .ais-Pagination-link { background: ${primary}; border-color: ${primary}; color: ${readableTextOn(primary)}; font-weight: 700; }
    & .ais-Pagination-item--disabled { display: none; }
  `;
}

/** The results of a search route: filters, count, sort, cards and pages, with the state in the address bar. */
export function Results({ pathname }: { pathname: string }) {
  const access = useSearchAccess();
  const tenant = useTenant();
  const client = useMemo(() => createSearchClient(access, window.location), [access]);
  const scope = routeScope(pathname);
  const routing = useMemo(
    () => ({
      router: addressRouter(access.indexName),
      stateMapping: {
        stateToRoute: (ui: UiState) => ({ [access.indexName]: ui[access.indexName] ?? {} }),
        routeToState: (route: UiState) => ({ [access.indexName]: route[access.indexName] ?? {} }),
      },
    }),
    [access.indexName],
  );
  const sorts = [
    { label: 'Most relevant', value: access.sorts.relevant },
    { label: 'Latest', value: access.sorts.latest },
    { label: 'Highest price', value: access.sorts.priceDesc },
    { label: 'Lowest price', value: access.sorts.priceAsc },
  ];
  return (
    <InstantSearch searchClient={client} indexName={access.indexName} routing={routing} future={{ preserveSharedStateOnUnmount: true }}>
      <Configure hitsPerPage={tenant.search.hitsPerPage} filters={scope.filters} facets={['status', 'car_type']} />
      <ScrollToTopOnPage />
      <div css={[widgetStyles(tenant.theme.primary), css`label: mf-search-results; display: grid; gap: 1.5rem; margin-top: 1.5rem; @media (min-width: 900px) { grid-template-columns: 16rem 1fr; }`]}>
        <aside aria-label="Filters" css={css`display: flex; flex-direction: column; gap: 1rem;`}>
          <QueryBox />
          <section aria-labelledby="filter-make">
            <h2 id="filter-make" css={{ fontSize: '1rem', margin: '0 0 0.5rem' }}>
              Make
            </h2>
            <RefinementList attribute="make" limit={MAKES_SHOWN} showMore showMoreLimit={100} sortBy={['count:desc', 'name:asc']} translations={{ showMoreButtonText: ({ isShowingMore }) => (isShowingMore ? 'Hide extra makes' : 'Show all makes') }} />
          </section>
        </aside>
        <div css={css`display: flex; flex-direction: column; gap: 1rem; min-width: 0;`}>
          <div css={css`display: flex; flex-wrap: wrap; justify-content: space-between; align-items: center; gap: 0.75rem;`}>
            <ResultCount />
            <label css={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
              Sort by
              <SortBy items={sorts} />
            </label>
          </div>
          <ResultGrid />
          <nav aria-label="Pages">
            <Pagination padding={2} showFirst={false} showLast={false} />
          </nav>
        </div>
      </div>
    </InstantSearch>
  );
}
