import { css } from '@emotion/react';
import {
  bodyLabel,
  formatNumber,
  paths,
  type SearchAccess,
  SURFACE,
  useSearchAccess,
  useTenant,
} from '@forecourt/shared-config';
import type { UiState } from 'instantsearch.js';
import { useMemo } from 'react';
import {
  Configure,
  InstantSearch,
  useHits,
  useInstantSearch,
  type UseRefinementListProps,
} from 'react-instantsearch-core';
import { MAKE_LIST_TOGGLE, MODEL_FACET_LIMIT } from '../../../lib/lists';
import { addressRouter } from '../../results/lib/address-router';
import { createSearchClient } from '../../results/lib/search-client';
import { useSearchServer } from '../../../app/first-paint';
import { CARD_SIZES, imageSources } from '../../results/components/car-card';
import { FilterPanel } from '../../results/components/filter-panel';
import { FilterSection } from '../../results/components/filters';
import { QueryBox } from '../../results/components/query-box';
import { CheckboxList, PageLinks } from '../../results/components/widgets';
import { modelRouteToState, modelStateToRoute } from '../lib/model-routing';
import { CARD_CELL_CSS, CARD_GRID_CSS } from '../../../lib/card-grid';
import { FILTER_COLUMN_MEDIA } from '../../../lib/filter-column';

/** Spec (search-and-vehicle §9): the model search shows 21 a page. */
export const MODELS_PER_PAGE = 21;
/** Cards in the first row at the widest layout: their images load at once. */
const FIRST_ROW = 3;
/** Not in the spec (its empty texts cover the stock and offers searches): the platform's wording. */
export const NO_MODELS_TEXT = 'No models match your search. Try another make or body type.';

interface ModelHit {
  objectID: string;
  manufacturer: { name: string; slug: string; logo: { url: string } };
  model: {
    name: string;
    slug: string;
    body: string;
    image: { url: string };
    accessories_count: number;
    override_url: string | null;
  };
}

/** Body keys as shoppers read them ('suv' -> 'SUV'); module-level, so the hook keeps one widget. */
const labelBodies: NonNullable<UseRefinementListProps['transformItems']> = (items) =>
  items.map((item) => ({ ...item, label: bodyLabel(item.label) }));

/** Where a model leads: the dealer's own page for it when set, else its stock on this site. */
function modelHref(hit: ModelHit): string {
  return (
    hit.model.override_url ??
    `/search/${encodeURIComponent(hit.manufacturer.slug)}/${encodeURIComponent(hit.model.slug)}`
  );
}

function ModelCard({ hit, priority }: { hit: ModelHit; priority: boolean }) {
  const image = imageSources(hit.model.image.url);
  const name = `${hit.manufacturer.name} ${hit.model.name}`;
  return (
    <article
      aria-label={name}
      css={css`
        label: mf-search-model-card;
        display: flex;
        flex-direction: column;
        width: 100%;
        border: 1px solid ${SURFACE.border};
        border-radius: ${SURFACE.radius};
        overflow: hidden;
        background: ${SURFACE.background};
      `}
    >
      <div css={{ aspectRatio: '3 / 2', background: SURFACE.fill }}>
        {image && (
          <img
            src={image.src}
            srcSet={image.srcSet}
            sizes={CARD_SIZES}
            alt=""
            loading={priority ? 'eager' : 'lazy'}
            width={600}
            height={400}
            css={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        )}
      </div>
      <div css={{ padding: '0.75rem 1rem 1rem', display: 'grid', gap: '0.25rem' }}>
        <p css={{ margin: 0, color: SURFACE.muted, fontSize: '0.85rem' }}>{hit.manufacturer.name}</p>
        <h2 css={{ fontSize: '1.05rem', margin: 0 }}>
          <a href={modelHref(hit)}>{hit.model.name}</a>
        </h2>
        <p css={{ margin: 0 }}>{bodyLabel(hit.model.body)}</p>
        {/* Spec: 'Models accessories list with a View Accessories button'. */}
        {hit.model.accessories_count > 0 && (
          <a
            href={`/${encodeURIComponent(hit.model.slug)}/accessories`}
            aria-label={`View Accessories for the ${name}`}
            css={{ marginTop: '0.35rem', fontWeight: 600 }}
          >
            View Accessories
          </a>
        )}
      </div>
    </article>
  );
}

function ModelGrid() {
  const { items } = useHits<ModelHit & Record<string, unknown>>();
  // catchError: this list answers a failed search itself (see results.tsx's grid for why it must).
  const { status, results } = useInstantSearch({ catchError: true });
  const tenant = useTenant();
  if (status === 'error') {
    return (
      <p role="alert" css={{ margin: 0 }}>
        {`Our model search is not answering right now. Please try again in a moment, or call us on ${tenant.contact.phone}.`}
      </p>
    );
  }
  if ((results as { __isArtificial?: boolean } | undefined)?.__isArtificial)
    return <p role="status">Searching models…</p>;
  if (items.length === 0) {
    return (
      <p css={{ padding: '2rem 0', color: SURFACE.muted }}>
        {NO_MODELS_TEXT} <a href={paths.search()}>{`Browse all our ${tenant.search.itemNoun}s`}</a>
      </p>
    );
  }
  return (
    <>
      <p role="status" css={{ margin: 0, fontWeight: 600 }} data-model-count={results?.nbHits}>
        {`${formatNumber(results?.nbHits ?? 0)} ${results?.nbHits === 1 ? 'model' : 'models'}`}
      </p>
      <ol aria-label="Models" css={CARD_GRID_CSS}>
        {items.map((hit, index) => (
          <li key={hit.objectID} css={CARD_CELL_CSS}>
            <ModelCard hit={hit} priority={index < FIRST_ROW} />
          </li>
        ))}
      </ol>
    </>
  );
}

/**
 * The manufacturer and model search (spec: "a manufacturer or model search with a
 * dealership-scoped catalogue"; filters manufacturer.name, model.name, model.body, query, 21 a
 * page): the models this site sells new, by make, model and body type, each leading to its stock
 * here. The address bar carries query, page, make, model and body (lib/model-routing.ts); answers are kept for
 * the last 10 searches (the search client's cache, oldest out).
 */
export function ModelSearch({ models }: { models: NonNullable<SearchAccess['models']> }) {
  const access = useSearchAccess();
  const tenant = useTenant();
  // A search client given by the page's context (a component test's) is used as it is.
  const server = useSearchServer();
  const client = useMemo(
    () =>
      (server?.searchClient as ReturnType<typeof createSearchClient> | undefined) ??
      createSearchClient({ ...access, apiKey: models.apiKey, sortFilters: {} }, window.location),
    [access, models.apiKey, server],
  );
  const routing = useMemo(
    () => ({
      router: addressRouter(models.indexName),
      stateMapping: {
        stateToRoute: (ui: UiState) => ({ [models.indexName]: modelStateToRoute(ui[models.indexName]) }),
        routeToState: (route: UiState) => ({ [models.indexName]: modelRouteToState(route[models.indexName]) }),
      },
    }),
    [models.indexName],
  );
  return (
    <InstantSearch
      searchClient={client}
      indexName={models.indexName}
      routing={routing}
      future={{ preserveSharedStateOnUnmount: true }}
    >
      <Configure hitsPerPage={MODELS_PER_PAGE} />
      <div
        css={css`
          label: mf-search-models;
          display: grid;
          gap: 1.5rem;
          margin-top: 1.5rem;
          @media ${FILTER_COLUMN_MEDIA} {
            grid-template-columns: 16rem 1fr;
          }
        `}
      >
        <FilterPanel>
          <QueryBox placeholder="Make or model" name="Models" label="Search models" />
          <FilterSection title="Make">
            <CheckboxList
              attribute="manufacturer.name"
              limit={tenant.search.makesShown}
              showMoreText={MAKE_LIST_TOGGLE}
            />
          </FilterSection>
          {/* Spec: the model search 'filters manufacturer.name, model.name, model.body'; at most 30 models (§9 'Model facet limit 30'). */}
          <FilterSection title="Model">
            <CheckboxList attribute="model.name" limit={MODEL_FACET_LIMIT} />
          </FilterSection>
          <FilterSection title="Body type">
            <CheckboxList attribute="model.body" transformItems={labelBodies} />
          </FilterSection>
        </FilterPanel>
        <div css={{ display: 'flex', flexDirection: 'column', gap: '1rem', minWidth: 0 }}>
          <ModelGrid />
          <PageLinks />
        </div>
      </div>
    </InstantSearch>
  );
}
