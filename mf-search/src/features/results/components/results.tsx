import { css } from '@emotion/react';
import {
  formatNumber,
  readableTextOn,
  siteOffersFinance,
  SURFACE,
  useFirstPaintHandover,
  useSearchAccess,
  useTenant,
  WARNING,
} from '@forecourt/shared-config';
import type { IndexUiState, UiState } from 'instantsearch.js';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  Configure,
  InstantSearch,
  InstantSearchSSRProvider,
  useHits,
  useInstantSearch,
  useStats,
  type UseRefinementListProps,
} from 'react-instantsearch-core';
import type { CarHit } from '../../../lib/hit';
import { certifiedItems, MAKE_LIST_TOGGLE, MODEL_FACET_LIMIT } from '../../../lib/lists';
import { placePromos, promoNodes, promosPerPage } from '../../../lib/promos';
import { collapseSold } from '../../../lib/sold-collapse';
import { displayCount } from '../../../lib/result-count';
import { fallbackFilters } from '../../../lib/fallback';
import { useFallbackCars } from '../api/fallback';
import { pageSize, routeScope } from '../lib/route-scope';
import { addressRouter } from '../lib/address-router';
import { useFailedSearchUiState } from '../lib/failed-search';
import { useFirstPaintData, useSearchServer } from '../../../app/first-paint';
import { createSearchClient } from '../lib/search-client';
import { takePrefetched } from '../lib/prefetched';
import { BodyTiles } from './body-tiles';
import { BudgetFinder } from './budget-finder';
import { CarCard } from './car-card';
import { FilterSection, RangeFilter } from './filters';
import type { PromoCardData } from '../../../contract';
import { usePromoNodes } from '../api/promos';
import { PromoCard } from './promo-card';
import { SearchHistory } from './search-history';
import { SavedCarsBar } from '../../saved-cars/components/saved-cars-bar';
import { FilterPanel } from './filter-panel';
import { OptionalFilter } from './optional-filters';
import { QueryBox } from './query-box';
import { CheckboxList, PageLinks, SortSelect } from './widgets';
import { CARD_CELL_CSS, CARD_GRID_CSS } from '../../../lib/card-grid';
import { FILTER_COLUMN_MEDIA } from '../../../lib/filter-column';

/** Spec (search-and-vehicle §8). */
export const EMPTY_SEARCH_TEXT =
  'No results found for your search at this time. Please try adjusting the filters for more results.';
/** Spec (search-and-vehicle §8): the special-offers page with nothing to show. */
export const NO_OFFERS = {
  heading: 'No Results Available',
  text: 'There appears to be no offers currently available that meet the conditions of your search',
  button: 'Clear Filters',
} as const;
/** Cards in the first row at the widest layout: their images load at once. */
const FIRST_ROW = 3;
/** InstantSearch's stand-in results before the first answer arrives. */
const beforeFirstAnswer = (results: unknown) =>
  Boolean((results as { __isArtificial?: boolean } | undefined)?.__isArtificial);

/**
 * Models, at most 30 (spec §9 'Model facet limit 30'). A model list across every make means
 * little, so it shows once the shopper has chosen a make, or when the results hold one make only
 * (a /search/{make} page).
 */
// Both filters stay mounted and are hidden instead: mounting a facet widget on the strength of
// the results it changes would search forever.
function ModelFilter() {
  const { indexUiState, results } = useInstantSearch();
  const chosen = indexUiState.refinementList?.['make'] ?? [];
  const makes = results?.getFacetValues('make', {});
  const shown = chosen.length > 0 || (Array.isArray(makes) && makes.length === 1);
  return (
    <div hidden={!shown}>
      <FilterSection title="Model">
        <CheckboxList attribute="model" limit={MODEL_FACET_LIMIT} />
      </FilterSection>
    </div>
  );
}

/** Certified used stock, where the site has any; a certified-only site does not offer 'Not certified' (spec §5). */
function CertifiedFilter() {
  const tenant = useTenant();
  const { certifiedOnly } = tenant.search;
  // Stable: the hook rebuilds its widget (and searches again) whenever this function changes.
  const transformItems = useCallback<NonNullable<UseRefinementListProps['transformItems']>>(
    (items) => certifiedItems(items, certifiedOnly),
    [certifiedOnly],
  );
  const { results } = useInstantSearch();
  const values = results?.getFacetValues('certified', {});
  const shown = Array.isArray(values) && values.some((v) => v.name === 'true');
  return (
    <div hidden={!shown}>
      <FilterSection title="Certified">
        <CheckboxList attribute="certified" transformItems={transformItems} />
      </FilterSection>
    </div>
  );
}

function ResultCount() {
  const { nbHits } = useStats();
  const { results, status } = useInstantSearch();
  const facets = Object.fromEntries(
    (results?.disjunctiveFacets ?? [])
      .concat(results?.facets ?? [])
      .map((f) => [f.name, f.data as Record<string, number>]),
  );
  const count = displayCount(nbHits, facets);
  const noun = useTenant().search.itemNoun;
  // The index did not answer: the fallback list says so itself; no count to give.
  if (status === 'error') return null;
  if (beforeFirstAnswer(results)) {
    return (
      <p role="status" css={{ margin: 0, fontWeight: 600 }}>
        {`Searching ${noun}s…`}
      </p>
    );
  }
  return (
    <p role="status" css={{ margin: 0, fontWeight: 600 }} data-result-count={count}>
      {`${formatNumber(count)} ${count === 1 ? noun : `${noun}s`} found`}
    </p>
  );
}

/** The special-offers empty state; 'Clear Filters' drops the query and every filter (back to /special-offers). */
function NoOffers() {
  const { setIndexUiState } = useInstantSearch();
  const { theme } = useTenant();
  return (
    <div
      css={css`
        padding: 2rem;
        text-align: center;
        border: 1px solid ${SURFACE.border};
        border-radius: ${SURFACE.radius};
      `}
    >
      <h2 css={{ margin: '0 0 0.5rem' }}>{NO_OFFERS.heading}</h2>
      <p css={{ margin: '0 0 1rem', color: SURFACE.muted }}>{NO_OFFERS.text}</p>
      <button
        type="button"
        onClick={() => setIndexUiState({})}
        css={css`
          padding: 0.7rem 1.25rem;
          font: inherit;
          font-weight: 700;
          border: 0;
          border-radius: 6px;
          cursor: pointer;
          background: ${theme.primary};
          color: ${readableTextOn(theme.primary)};
        `}
      >
        {NO_OFFERS.button}
      </button>
    </div>
  );
}

const GRID_CSS = css`
  label: mf-search-grid;
  ${CARD_GRID_CSS}
`;

function SkeletonGrid() {
  return (
    <ol aria-label="Results" aria-busy="true" css={GRID_CSS}>
      {Array.from({ length: 6 }, (_, i) => (
        <li
          key={i}
          css={css`
            display: flex;
            flex-direction: column;
            border: 1px solid ${SURFACE.border};
            border-radius: ${SURFACE.radius};
            overflow: hidden;
          `}
        >
          <div css={{ aspectRatio: '3 / 2', background: SURFACE.fill }} />
          <div css={{ height: '12.5rem', padding: '0.75rem 1rem' }}>
            <div css={{ height: '1.2rem', width: '80%', background: SURFACE.fill, borderRadius: 4 }} />
          </div>
        </li>
      ))}
    </ol>
  );
}

function ResultGrid({
  carTypes,
  offers,
  hitsPerPage,
  initialPromos,
}: {
  carTypes: readonly string[];
  offers: boolean;
  hitsPerPage: number;
  initialPromos?: PromoCardData[];
}) {
  const { items } = useHits<CarHit & Record<string, unknown>>();
  // catchError: this grid answers a failed search (the fallback below). Without a listener,
  // InstantSearch re-throws the error into the page from inside the search helper's error
  // dispatch.
  const { status, indexUiState, results } = useInstantSearch({ catchError: true });
  const failed = useFailedSearchUiState();
  const tenant = useTenant();
  const nodes = usePromoNodes(initialPromos);
  // Once this grid shows an answer (or the fallback), it replaces the server's first paint.
  useFirstPaintHandover('mf-search', status === 'error' || !beforeFirstAnswer(results));
  const now = useMemo(() => new Date(), [items]);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  // The route's car types, else the condition the shopper picked: what strictDisplay nodes match.
  const selected = carTypes.length > 0 ? carTypes : (indexUiState.refinementList?.car_type ?? []);
  const shuffle = useMemo(
    () => (tenant.search.shufflePromos ? <T,>(list: T[]) => [...list].sort(() => Math.random() - 0.5) : undefined),
    [tenant.search.shufflePromos],
  );
  const selectedKey = selected.join();
  const promos = useMemo(
    () =>
      promoNodes<PromoCardData>(nodes, selectedKey ? selectedKey.split(',') : [], now, shuffle, tenant.search.carTypes),
    [nodes, selectedKey, now, shuffle, tenant.search.carTypes],
  );
  const page = Math.max(0, (indexUiState.page ?? 1) - 1);
  // Sites that ask for it show a run of sold cars as one card (spec §4); every car shown otherwise.
  const shown = tenant.search.collapseSold ? collapseSold(items) : items.map((hit) => ({ hit, collapsed: 1 }));
  const grid = placePromos(
    shown,
    promos,
    tenant.search.promoSlots,
    page * promosPerPage(tenant.search.promoSlots, hitsPerPage),
  );
  // The index cannot answer: the fallback fetch from the stock itself (spec §7), never a blank page.
  if (status === 'error')
    return <FallbackResults uiState={failed ?? indexUiState} carTypes={carTypes} hitsPerPage={hitsPerPage} />;
  // Before the first answer: card-shaped placeholders, so the page does not jump when cards come.
  if (beforeFirstAnswer(results)) return <SkeletonGrid />;
  if (items.length === 0 && status === 'idle') {
    return offers ? <NoOffers /> : <p css={{ padding: '2rem 0', color: SURFACE.muted }}>{EMPTY_SEARCH_TEXT}</p>;
  }
  return (
    <ol aria-label="Results" css={GRID_CSS}>
      {grid.map((cell, index) =>
        cell.kind === 'hit' ? (
          <li key={cell.hit.hit.objectID} css={CARD_CELL_CSS}>
            <CarCard
              hit={cell.hit.hit}
              alsoSold={cell.hit.collapsed - 1}
              nowSeconds={nowSeconds}
              priority={index < FIRST_ROW}
            />
          </li>
        ) : (
          <li key={`promo-${cell.slot}`} css={CARD_CELL_CSS}>
            <PromoCard promo={cell.promo} />
          </li>
        ),
      )}
    </ol>
  );
}

/**
 * What the page shows when the search index cannot answer: the fallback fetch (spec §7) lists the
 * site's newest cars in stock that match the shopper's filters, read from the stock itself. The
 * spec gives no wording; the notice says plainly that this is not the full search, and if even
 * the stock cannot be read the shopper gets the dealer's phone number rather than an empty page.
 */
function FallbackResults({
  uiState,
  carTypes,
  hitsPerPage,
}: {
  /** The choices of the search that failed. */ uiState: IndexUiState;
  carTypes: readonly string[];
  hitsPerPage: number;
}) {
  const tenant = useTenant();
  const state = useFallbackCars(fallbackFilters(uiState, carTypes), hitsPerPage);
  const noun = tenant.search.itemNoun;
  const nowSeconds = Math.floor(Date.now() / 1000);
  if (state.status === 'loading') return <SkeletonGrid />;
  if (state.status !== 'ready' || state.data.vehicles.length === 0) {
    return (
      <p role="alert" css={{ padding: '2rem 0', margin: 0 }}>
        {`Our stock search is not answering right now. Please try again in a moment, or call us on ${tenant.contact.phone}.`}
      </p>
    );
  }
  return (
    <>
      <p
        role="status"
        data-fallback
        css={{
          margin: 0,
          padding: '0.75rem 1rem',
          borderRadius: 6,
          background: WARNING.background,
          color: WARNING.text,
        }}
      >
        {`Our full search is not answering right now, so here are our newest ${noun}s that match your make, model, body and price choices.`}
      </p>
      <ol aria-label="Results" css={GRID_CSS}>
        {state.data.vehicles.map((car, index) => (
          <li key={car.objectID} css={CARD_CELL_CSS}>
            <CarCard hit={car} nowSeconds={nowSeconds} priority={index < FIRST_ROW} />
          </li>
        ))}
      </ol>
    </>
  );
}

/**
 * Back and forward restore the whole state; a new page of results starts at the top, as a new
 * page would. Not the page the results first show: a shopper may have scrolled the server's first
 * paint before the app took over, and stays where they are.
 */
function ScrollToTopOnPage() {
  const { indexUiState } = useInstantSearch();
  const page = indexUiState.page;
  const shown = useRef(page);
  useEffect(() => {
    if (shown.current === page) return;
    shown.current = page;
    window.scrollTo({ top: 0 });
  }, [page]);
  return null;
}

/** The little of `window` the address router reads, for rendering on the server. */
function serverWindow(url: URL): Window {
  const ignore = () => undefined;
  return {
    location: url,
    history: { pushState: ignore },
    addEventListener: ignore,
    removeEventListener: ignore,
  } as unknown as Window;
}

/** The results of a search route: filters, count, sort, cards and pages, with the state in the address bar. */
export function Results({
  pathname,
  heading,
}: {
  pathname: string;
  /** The page's heading, which names its searches in the history. */ heading: string;
}) {
  const access = useSearchAccess();
  const tenant = useTenant();
  // On the server (first paint) the platform's client and the request's address; in the browser
  // this page's own, and the server's answers for the first render when it painted this address.
  const server = useSearchServer();
  const firstPaint = useFirstPaintData('results');
  // Not painted by the server: the answers the 'Show Me N Cars' link fetched ahead for this address, if any.
  const [prefetched] = useState(() =>
    server || firstPaint ? undefined : takePrefetched(`${pathname}${window.location.search}`),
  );
  const client = useMemo(
    () =>
      (server?.searchClient as ReturnType<typeof createSearchClient> | undefined) ??
      createSearchClient(access, window.location),
    [access, server],
  );
  const scope = routeScope(pathname, tenant.search.itemNoun, tenant.search.carTypes);
  // Special offers (spec §7): filtered by category, price and query, 21 a page; no make list.
  const offers = pathname === '/special-offers';
  const hitsPerPage = pageSize(pathname, tenant.search.hitsPerPage);
  const routing = useMemo(
    () => ({
      router: addressRouter(access.indexName, server ? serverWindow(server.url) : window),
      stateMapping: {
        stateToRoute: (ui: UiState) => ({ [access.indexName]: ui[access.indexName] ?? {} }),
        routeToState: (route: UiState) => ({ [access.indexName]: route[access.indexName] ?? {} }),
      },
    }),
    [access.indexName, server],
  );
  const sorts = [
    { label: 'Most relevant', value: access.sorts.relevant },
    { label: 'Latest', value: access.sorts.latest },
    { label: 'Highest price', value: access.sorts.priceDesc },
    { label: 'Lowest price', value: access.sorts.priceAsc },
  ];
  const promos = firstPaint?.promos ?? prefetched?.promos;
  const serverState = firstPaint?.serverState ?? prefetched?.serverState;
  const search = (
    <InstantSearch
      searchClient={client}
      indexName={access.indexName}
      routing={routing}
      future={{ preserveSharedStateOnUnmount: true }}
    >
      <Configure hitsPerPage={hitsPerPage} filters={scope.filters} facets={['status', 'car_type']} />
      <ScrollToTopOnPage />
      <div
        css={[
          css`
            label: mf-search-results;
            display: grid;
            gap: 1.5rem;
            margin-top: 1.5rem;
            @media ${FILTER_COLUMN_MEDIA} {
              grid-template-columns: 16rem 1fr;
            }
          `,
        ]}
      >
        <FilterPanel>
          <QueryBox />
          {offers ? (
            <FilterSection title="Offer">
              <CheckboxList attribute="categories" />
            </FilterSection>
          ) : (
            <FilterSection title="Make">
              <CheckboxList attribute="make" limit={tenant.search.makesShown} showMoreText={MAKE_LIST_TOGGLE} />
            </FilterSection>
          )}
          {!offers && <ModelFilter />}
          {!offers && (
            <FilterSection title="Body type">
              <BodyTiles />
            </FilterSection>
          )}
          <FilterSection title="Price">
            <RangeFilter attribute="price" />
          </FilterSection>
          {/* Repayments into a price: a site without finance offers no repayments to budget by. */}
          {!offers && siteOffersFinance(tenant) && (
            <FilterSection title={`Find ${tenant.search.itemNoun}s for your budget`}>
              <BudgetFinder indexName={access.indexName} scopeFilters={scope.filters} />
            </FilterSection>
          )}
          {/* A caravan yard's stock is towed: no odometer to filter by. */}
          {!offers && tenant.kind !== 'caravan' && (
            <FilterSection title="Kilometres">
              <RangeFilter attribute="km" />
            </FilterSection>
          )}
          {!offers && <CertifiedFilter />}
          {!offers &&
            tenant.search.filters.map((attribute) => <OptionalFilter key={attribute} attribute={attribute} />)}
          <SearchHistory heading={heading} />
        </FilterPanel>
        <div
          css={css`
            display: flex;
            flex-direction: column;
            gap: 1rem;
            min-width: 0;
          `}
        >
          {/*
            On a phone the sort always goes under the count (it never fits beside it there): left to
            wrapping, a first load that had drawn 'Sort by' before its list arrived put it beside the
            count, then under it (a layout shift).
          */}
          <div
            css={css`
              display: flex;
              flex-wrap: wrap;
              justify-content: space-between;
              align-items: center;
              gap: 0.75rem;
              @media (max-width: 40rem) {
                flex-direction: column;
                align-items: flex-start;
              }
            `}
          >
            <ResultCount />
            <label css={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
              Sort by
              <SortSelect items={sorts} />
            </label>
          </div>
          <ResultGrid carTypes={scope.carTypes} offers={offers} hitsPerPage={hitsPerPage} initialPromos={promos} />
          <PageLinks />
        </div>
      </div>
      <SavedCarsBar />
    </InstantSearch>
  );
  return serverState ? <InstantSearchSSRProvider {...serverState}>{search}</InstantSearchSSRProvider> : search;
}
