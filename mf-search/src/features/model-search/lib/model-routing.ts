import type { UiState } from 'instantsearch.js';

type IndexUiState = UiState[string];

/**
 * The catalogue's filters as the address bar names them: `make` for manufacturer.name, `model` for
 * model.name and `body` for model.body (the spec's filters), so /models?body=suv and
 * /models?make=Toyota&model=RAV4 read the way the stock search's addresses do.
 */
export const MODEL_URL_NAMES: Readonly<Record<string, string>> = {
  'manufacturer.name': 'make',
  'model.name': 'model',
  'model.body': 'body',
};

function renamed(ui: IndexUiState | undefined, names: Readonly<Record<string, string>>): IndexUiState {
  if (!ui?.refinementList) return ui ?? {};
  const refinementList = Object.fromEntries(
    Object.entries(ui.refinementList).map(([attribute, values]) => [names[attribute] ?? attribute, values]),
  );
  return { ...ui, refinementList };
}

const toIndexNames = Object.fromEntries(Object.entries(MODEL_URL_NAMES).map(([attribute, name]) => [name, attribute]));

/** InstantSearch's state of the catalogue -> the address bar's (make, model, body). */
export const modelStateToRoute = (ui: IndexUiState | undefined): IndexUiState => renamed(ui, MODEL_URL_NAMES);

/** The address bar's (make, model, body) -> InstantSearch's state of the catalogue. */
export const modelRouteToState = (route: IndexUiState | undefined): IndexUiState => renamed(route, toIndexNames);
