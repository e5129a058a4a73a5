import { forecourtStore, searchAccessAtom } from '@forecourt/shared-config';
import { renderWithPlatform } from '@forecourt/shared-config/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { SearchServerContext } from '../../../app/first-paint';
import { ModelSearch } from './model-search';

/** The site's catalogue as the models index holds it. */
const CATALOGUE = [
  ['Toyota', 'RAV4', 'suv'],
  ['Toyota', 'Corolla', 'hatch'],
  ['Toyota', 'HiLux', 'ute'],
  ['Mazda', 'CX-5', 'suv'],
].map(([make, model, body]) => ({
  objectID: `${make}-${model}`,
  manufacturer: { name: make!, slug: make!.toLowerCase(), logo: { url: '' } },
  model: {
    name: model!,
    slug: model!.toLowerCase(),
    body: body!,
    image: { url: '' },
    accessories_count: 0,
    override_url: null,
  },
}));

type Record_ = (typeof CATALOGUE)[number];
const valueOf = (record: Record_, attribute: string): string =>
  attribute === 'manufacturer.name'
    ? record.manufacturer.name
    : attribute === 'model.name'
      ? record.model.name
      : attribute === 'model.body'
        ? record.model.body
        : '';

/**
 * The models index as the page's queries reach it (a component test has no server): it applies
 * the facet filters InstantSearch sends (each inner list OR-ed, the lists AND-ed) and counts the
 * three facets over what matches.
 */
function answer(request: { params?: { facetFilters?: unknown }; facetFilters?: unknown }) {
  const filters = ((request.params ?? request).facetFilters ?? []) as Array<string | string[]>;
  const hits = CATALOGUE.filter((record) =>
    filters.every((group) =>
      (Array.isArray(group) ? group : [group]).some((filter) => {
        const at = filter.lastIndexOf(':');
        return valueOf(record, filter.slice(0, at)) === filter.slice(at + 1);
      }),
    ),
  );
  const facets = Object.fromEntries(
    ['manufacturer.name', 'model.name', 'model.body'].map((attribute) => [
      attribute,
      hits.reduce<Record<string, number>>(
        (counts, record) => ({
          ...counts,
          [valueOf(record, attribute)]: (counts[valueOf(record, attribute)] ?? 0) + 1,
        }),
        {},
      ),
    ]),
  );
  return {
    hits,
    nbHits: hits.length,
    page: 0,
    nbPages: 1,
    hitsPerPage: 21,
    processingTimeMS: 1,
    exhaustiveNbHits: true,
    query: '',
    params: '',
    facets,
  };
}

const searchClient = {
  search: (args: unknown) => {
    const requests = (Array.isArray(args) ? args : (args as { requests: unknown[] }).requests) as Array<
      Parameters<typeof answer>[0]
    >;
    return Promise.resolve({ results: requests.map(answer) });
  },
};

function renderModels(route = '/models') {
  // The address router reads the page's own address.
  window.history.replaceState(null, '', route);
  forecourtStore.set(searchAccessAtom, {
    appId: 'test',
    apiKey: 'key',
    hosts: [],
    indexName: 'cars',
    sorts: { relevant: 'cars', latest: 'cars_latest', priceDesc: 'cars_price_desc', priceAsc: 'cars_price_asc' },
    sortFilters: {},
  });
  return renderWithPlatform(
    <SearchServerContext.Provider value={{ searchClient, url: new URL(`http://localhost${route}`) }}>
      <ModelSearch models={{ indexName: 'models', apiKey: 'models-key' }} />
    </SearchServerContext.Provider>,
    { route },
  );
}

describe("the model search's model.name filter (spec: 'filters manufacturer.name, model.name, model.body')", () => {
  it('lists the catalogue’s models under Model, and ticking one shows that model only', async () => {
    renderModels();
    expect(await screen.findByText('4 models')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const modelFilter = within(screen.getByText('Model', { selector: 'summary' }).closest('details')!);
    fireEvent.click(modelFilter.getByRole('checkbox', { name: /RAV4/ }));
    expect(await screen.findByText('1 model')).toBeInTheDocument();
    const list = within(screen.getByRole('list', { name: 'Models' }));
    expect(list.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual(['Toyota RAV4']);
  });

  it('reads /models?model=HiLux from the address bar as the model filter', async () => {
    renderModels('/models?model=HiLux');
    expect(await screen.findByText('1 model')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Toyota HiLux' })).toBeInTheDocument();
  });
});
