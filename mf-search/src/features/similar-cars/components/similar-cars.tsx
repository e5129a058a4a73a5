import { css } from '@emotion/react';
import { capitalise, readableTextOn, SURFACE, useSearchAccess, useTenant } from '@forecourt/shared-config';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { quoted } from '../../../lib/filter-syntax';
import type { CarHit } from '../../../lib/hit';
import { pickSimilar, SIMILAR_DEFAULT_COUNT, similarQuery } from '../../../lib/similar';
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

const CARD_WIDTH = '17rem';

/**
 * The exposed `mf_search/SimilarCars` fragment: cars like the one on the page (lib/similar.ts),
 * in a carousel with previous / next arrows (spec §2), each the same card as the results grid.
 * It starts from the car's slug and reads the car from the index itself, so a page needs only
 * its address to place it. Nothing is shown when there is nothing similar, and a failed search
 * shows nothing either (the block is a suggestion, not the page's content; the error is logged).
 */
export default function SimilarCars({ slug, count, title }: SimilarCarsProps) {
  const tenant = useTenant();
  const access = useSearchAccess();
  const headingId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const [state, setState] = useState<State>({ status: 'loading' });
  const [edges, setEdges] = useState({ start: true, end: false });
  const shown = count ?? tenant.search.similarCount ?? SIMILAR_DEFAULT_COUNT;
  const client = useMemo(() => createSearchClient(access, window.location), [access]);
  const noun = tenant.search.itemNoun;

  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    (async (): Promise<CarHit[]> => {
      const { results: [carAnswer] } = await client.search<CarHit>({ requests: [{ indexName: access.indexName, filters: `slug:${quoted(slug)}`, hitsPerPage: 1 }] });
      const car = carAnswer && 'hits' in carAnswer ? carAnswer.hits[0] : undefined;
      if (!car) return [];
      const { results: [similar] } = await client.search<CarHit>({ requests: [{ indexName: access.indexName, ...similarQuery(car, shown) }] });
      return pickSimilar(similar && 'hits' in similar ? similar.hits : [], car, shown);
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

  if (state.status === 'failed' || (state.status === 'ready' && state.cars.length === 0)) return null;
  const nowSeconds = Math.floor(Date.now() / 1000);
  const arrow = css`width: 2.75rem; height: 2.75rem; border-radius: 999px; border: 1px solid ${SURFACE.border}; background: ${SURFACE.background}; font-size: 1.25rem; cursor: pointer; &:disabled { opacity: 0.4; cursor: default; } &:focus-visible { outline: 3px solid ${tenant.theme.accent}; outline-offset: 2px; }`;
  return (
    <section aria-labelledby={headingId} data-boundary="mf-search" css={css`label: mf-search-similar; margin-top: 2rem;`}>
      <div css={css`display: flex; align-items: center; justify-content: space-between; gap: 1rem; margin-bottom: 0.75rem;`}>
        <h2 id={headingId} css={{ margin: 0, fontSize: '1.375rem' }}>
          {title ?? `Similar ${noun}s`}
        </h2>
        <div css={css`display: flex; gap: 0.5rem;`}>
          <button type="button" css={arrow} aria-label={`Previous ${noun}s`} disabled={edges.start} onClick={() => scrollByCard(-1)}>
            ‹
          </button>
          <button type="button" css={[arrow, css`background: ${tenant.theme.primary}; color: ${readableTextOn(tenant.theme.primary)};`]} aria-label={`Next ${noun}s`} disabled={edges.end} onClick={() => scrollByCard(1)}>
            ›
          </button>
        </div>
      </div>
      <ul
        ref={listRef}
        onScroll={updateEdges}
        aria-label={`${capitalise(noun)}s like this one`}
        aria-busy={state.status === 'loading'}
        css={css`list-style: none; margin: 0; padding: 0 0 0.5rem; display: grid; grid-auto-flow: column; grid-auto-columns: min(${CARD_WIDTH}, 85%); gap: 1rem; overflow-x: auto; scroll-snap-type: x mandatory; scrollbar-width: thin; & > li { scroll-snap-align: start; display: flex; }`}
      >
        {state.status === 'loading'
          ? Array.from({ length: 3 }, (_, i) => (
              <li key={i} aria-hidden="true">
                <div css={css`flex: 1; min-height: 22rem; border: 1px solid ${SURFACE.border}; border-radius: ${SURFACE.radius}; background: linear-gradient(${SURFACE.fill} 0 45%, ${SURFACE.background} 45%);`} />
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
