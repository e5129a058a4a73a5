import { css } from '@emotion/react';
import {
  capitalise,
  formatDollars,
  readableTextOn,
  SURFACE,
  useSearchAccess,
  useTenant,
} from '@forecourt/shared-config';
import { RangeSlider } from '@forecourt/shared-config/slider';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { quoted } from '../../../lib/filter-syntax';
import type { CarHit } from '../../../lib/hit';
import { moveHandle, sliderStep, type Bounds } from '../../../lib/range-slider';
import { pickSimilar, SIMILAR_DEFAULT_COUNT, similarFilters, similarQuery, similarSlider } from '../../../lib/similar';
import { useSearchServer } from '../../../app/first-paint';
import { CarCard } from '../../results/components/car-card';
import { createSearchClient } from '../../results/lib/search-client';

export interface SimilarCarsProps {
  /** The car the shopper is looking at, by its address slug (`/cars/{slug}`). */
  slug: string;
  /** How many cars at most; the site's `search.similarCount` (8 by default) when not given. */
  count?: number;
  /** The heading; 'Similar {noun}s' by default. */
  title?: string;
}

type State = { status: 'loading' } | { status: 'ready'; cars: CarHit[] } | { status: 'failed' };

/** Spec (search-and-vehicle §5): range updates are debounced 400 ms. */
const RANGE_DEBOUNCE_MS = 400;

type Slider = { car: CarHit; bounds: Bounds; range: Bounds };

/**
 * The similar slider (spec §5, 'Sliders (price, km, similar)'): the price range of the similar
 * cars, snapped to 1000 and clamped to their price facet (lib/similar.ts). The cars follow 400 ms
 * after the shopper lets the handles rest.
 */
function SimilarPriceSlider({ slider, onRange }: { slider: Slider; onRange: (range: Bounds) => void }) {
  const [draft, setDraft] = useState(slider.range);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const { bounds } = slider;
  if (bounds.max <= bounds.min) return null;
  return (
    <div
      role="group"
      aria-label="Price range"
      css={css`
        display: grid;
        gap: 0.25rem;
        max-width: 24rem;
        margin-bottom: 0.75rem;
      `}
    >
      <p
        css={{ margin: 0, fontSize: '0.9rem', color: SURFACE.muted }}
      >{`Priced ${formatDollars(draft.min)} to ${formatDollars(draft.max)}`}</p>
      <RangeSlider
        label="Price"
        min={bounds.min}
        max={bounds.max}
        step={sliderStep(bounds)}
        value={[draft.min, draft.max]}
        format={formatDollars}
        onChange={([min, max]) => {
          // One handle moves at a time: the rule snaps it and keeps it from passing the other.
          const next =
            min !== draft.min ? moveHandle(draft, 'min', min, bounds) : moveHandle(draft, 'max', max, bounds);
          if (next === draft) return;
          setDraft(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => onRange(next), RANGE_DEBOUNCE_MS);
        }}
      />
    </div>
  );
}

const CARD_WIDTH = '17rem';

/**
 * The exposed `mf_search/SimilarCars` fragment: cars like the one on the page (lib/similar.ts),
 * in a carousel with previous / next arrows (spec §2), each the same card as the results grid.
 * It starts from the car's slug and reads the car from the index itself, so a page needs only
 * its address to place it. Above the cards, the similar slider narrows or widens their price
 * range. Nothing is shown when there is nothing similar, and a failed search
 * shows nothing either (the block is a suggestion, not the page's content; the error is logged).
 */
export default function SimilarCars({ slug, count, title }: SimilarCarsProps) {
  const tenant = useTenant();
  const access = useSearchAccess();
  const headingId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const [state, setState] = useState<State>({ status: 'loading' });
  const [slider, setSlider] = useState<Slider | null>(null);
  const [edges, setEdges] = useState({ start: true, end: false });
  const shown = count ?? tenant.search.similarCount ?? SIMILAR_DEFAULT_COUNT;
  // A search client given by the page's context (a component test's) is used as it is.
  const server = useSearchServer();
  const client = useMemo(
    () =>
      (server?.searchClient as ReturnType<typeof createSearchClient> | undefined) ??
      createSearchClient(access, window.location),
    [access, server],
  );
  const noun = tenant.search.itemNoun;

  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    setSlider(null);
    (async (): Promise<CarHit[]> => {
      const {
        results: [carAnswer],
      } = await client.search<CarHit>({
        requests: [{ indexName: access.indexName, filters: `slug:${quoted(slug)}`, hitsPerPage: 1 }],
      });
      const car = carAnswer && 'hits' in carAnswer ? carAnswer.hits[0] : undefined;
      if (!car) return [];
      // The cars in the car's price window, and the price facet of every similar car (the slider's bounds).
      const {
        results: [similar, prices],
      } = await client.search<CarHit>({
        requests: [
          { indexName: access.indexName, ...similarQuery(car, shown) },
          { indexName: access.indexName, filters: similarFilters(car), hitsPerPage: 0, facets: ['price'] },
        ],
      });
      const stats = prices && 'facets_stats' in prices ? prices.facets_stats?.['price'] : undefined;
      const start = similarSlider(
        car,
        stats?.min !== undefined && stats.max !== undefined ? { min: stats.min, max: stats.max } : undefined,
      );
      const cars: CarHit[] = pickSimilar<CarHit>(similar && 'hits' in similar ? similar.hits : [], car, shown);
      // No slider over nothing: a car with nothing similar near its price has no block at all.
      if (!cancelled && start && cars.length > 0) setSlider({ car, ...start });
      return cars;
    })().then(
      (cars) => !cancelled && setState({ status: 'ready', cars }),
      (error: unknown) => {
        console.error('[mf-search] similar cars could not be loaded', error);
        if (!cancelled) setState({ status: 'failed' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [client, access.indexName, slug, shown]);

  /** The shopper moved the similar slider: the cars in that price range. */
  const searchRange = (range: Bounds) => {
    if (!slider) return;
    client
      .search<CarHit>({ requests: [{ indexName: access.indexName, ...similarQuery(slider.car, shown, range) }] })
      .then(({ results: [similar] }) =>
        setState({
          status: 'ready',
          cars: pickSimilar(similar && 'hits' in similar ? similar.hits : [], slider.car, shown),
        }),
      )
      .catch((error: unknown) => console.error('[mf-search] similar cars could not be loaded', error));
  };

  const updateEdges = () => {
    const list = listRef.current;
    if (!list) return;
    setEdges({ start: list.scrollLeft <= 1, end: list.scrollLeft + list.clientWidth >= list.scrollWidth - 1 });
  };
  useEffect(updateEdges, [state]);

  const scrollByCard = (direction: 1 | -1) => {
    const list = listRef.current;
    const card = list?.querySelector('li');
    if (!list || !card) return;
    list.scrollBy({ left: direction * (card.getBoundingClientRect().width + 16), behavior: 'smooth' });
  };

  // Nothing similar at all: no block. Nothing in the range the shopper chose: the slider stays, to widen it.
  if (state.status === 'failed' || (state.status === 'ready' && state.cars.length === 0 && !slider)) return null;
  const nowSeconds = Math.floor(Date.now() / 1000);
  const arrow = css`
    width: 2.75rem;
    height: 2.75rem;
    border-radius: 999px;
    border: 1px solid ${SURFACE.border};
    background: ${SURFACE.background};
    font-size: 1.25rem;
    cursor: pointer;
    &:disabled {
      opacity: 0.4;
      cursor: default;
    }
    &:focus-visible {
      outline: 3px solid ${tenant.theme.accent};
      outline-offset: 2px;
    }
  `;
  return (
    <section
      aria-labelledby={headingId}
      data-boundary="mf-search"
      css={css`
        label: mf-search-similar;
        margin-top: 2rem;
      `}
    >
      <div
        css={css`
          display: flex;
          align-items: center;
          justify-content: space-between;
          gap: 1rem;
          margin-bottom: 0.75rem;
        `}
      >
        <h2 id={headingId} css={{ margin: 0, fontSize: '1.375rem' }}>
          {title ?? `Similar ${noun}s`}
        </h2>
        <div
          css={css`
            display: flex;
            gap: 0.5rem;
          `}
        >
          <button
            type="button"
            css={arrow}
            aria-label={`Previous ${noun}s`}
            disabled={edges.start}
            onClick={() => scrollByCard(-1)}
          >
            ‹
          </button>
          <button
            type="button"
            css={[
              arrow,
              css`
                background: ${tenant.theme.primary};
                color: ${readableTextOn(tenant.theme.primary)};
              `,
            ]}
            aria-label={`Next ${noun}s`}
            disabled={edges.end}
            onClick={() => scrollByCard(1)}
          >
            ›
          </button>
        </div>
      </div>
      {slider && <SimilarPriceSlider key={slider.car.objectID} slider={slider} onRange={searchRange} />}
      {/* Not in the spec (it has no text for it): the platform's wording when the chosen range holds no car. */}
      {state.status === 'ready' && state.cars.length === 0 && (
        <p
          css={{ margin: 0, color: SURFACE.muted }}
        >{`No similar ${noun}s in this price range. Widen the range to see more.`}</p>
      )}
      <ul
        ref={listRef}
        onScroll={updateEdges}
        aria-label={`${capitalise(noun)}s like this one`}
        aria-busy={state.status === 'loading'}
        css={css`
          list-style: none;
          margin: 0;
          padding: 0 0 0.5rem;
          display: grid;
          grid-auto-flow: column;
          grid-auto-columns: min(${CARD_WIDTH}, 85%);
          gap: 1rem;
          overflow-x: auto;
          scroll-snap-type: x mandatory;
          scrollbar-width: thin;
          & > li {
            scroll-snap-align: start;
            display: flex;
          }
        `}
      >
        {state.status === 'loading'
          ? Array.from({ length: 3 }, (_, i) => (
              <li key={i} aria-hidden="true">
                <div
                  css={css`
                    flex: 1;
                    min-height: 22rem;
                    border: 1px solid ${SURFACE.border};
                    border-radius: ${SURFACE.radius};
                    background: linear-gradient(${SURFACE.fill} 0 45%, ${SURFACE.background} 45%);
                  `}
                />
              </li>
            ))
          : state.cars.map((car) => (
              <li key={car.objectID}>
                <CarCard hit={car} nowSeconds={nowSeconds} />
              </li>
            ))}
      </ul>
    </section>
  );
}
