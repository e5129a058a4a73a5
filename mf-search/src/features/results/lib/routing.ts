import type { UiState } from 'instantsearch.js';
import { queryStringToState, stateToQueryString, type SearchState } from '../../../lib/url-state';

/** The attributes the address bar carries, one parameter each (spec search-and-vehicle §2). */
export const URL_ATTRIBUTES = {
  refinements: new Set([
    'make',
    'model',
    'body',
    'fuel',
    'transmission',
    'car_type',
    'colour',
    'drive',
    'tag',
    'categories',
    'certified',
    'seats',
    'item_type',
    'status',
    'badge',
    'filtered_features',
    'make_model',
    'price_range',
    'weekly_price_range',
    'location_name',
    'dealership_name',
    'city',
    'state',
  ]),
  ranges: new Set(['price', 'km', 'year', 'subscription_price', 'created_at_timestamp']),
};

type IndexUiState = UiState[string];

/** InstantSearch's state of the index to the address-bar state (ranges are already 'min:max'). */
export function uiToSearchState(ui: IndexUiState | undefined): SearchState {
  const ranges: SearchState['ranges'] = {};
  for (const [attribute, value] of Object.entries(ui?.range ?? {})) {
    const [min = '', max = ''] = String(value).split(':');
    ranges[attribute] = { ...(min !== '' ? { min: Number(min) } : {}), ...(max !== '' ? { max: Number(max) } : {}) };
  }
  return {
    query: ui?.query ?? '',
    ...(ui?.page && ui.page > 1 ? { page: ui.page } : {}),
    ...(ui?.sortBy ? { sortBy: ui.sortBy } : {}),
    refinements: Object.fromEntries(Object.entries(ui?.refinementList ?? {}).filter(([, values]) => values.length > 0)),
    ranges,
  };
}

export function searchStateToUi(state: SearchState): IndexUiState {
  return {
    ...(state.query ? { query: state.query } : {}),
    ...(state.page ? { page: state.page } : {}),
    ...(state.sortBy ? { sortBy: state.sortBy } : {}),
    ...(Object.keys(state.refinements).length ? { refinementList: state.refinements } : {}),
    ...(Object.keys(state.ranges).length
      ? {
          range: Object.fromEntries(Object.entries(state.ranges).map(([a, r]) => [a, `${r.min ?? ''}:${r.max ?? ''}`])),
        }
      : {}),
  };
}

export const toQueryString = (state: SearchState) => stateToQueryString(state, URL_ATTRIBUTES.ranges);
export const fromQueryString = (search: string) => queryStringToState(search, URL_ATTRIBUTES);
