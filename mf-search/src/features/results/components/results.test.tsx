import { forecourtStore, searchAccessAtom } from '@forecourt/shared-config';
import { renderWithPlatform, serveRoutes, testTenant } from '@forecourt/shared-config/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SearchServerContext } from '../../../app/first-paint';
import { Results } from './results';

/** 40 models of one make, the most stocked first (the list's order). */
const models = Object.fromEntries(
  Array.from({ length: 40 }, (_, i) => [`Model ${String(i + 1).padStart(2, '0')}`, 40 - i]),
);

/**
 * The search service as the page's queries reach it (a component test has no server): every
 * query answers one make and its 40 models, so the Model filter shows without a choice.
 */
const searchClient = {
  search: (requests: readonly unknown[]) =>
    Promise.resolve({
      results: requests.map(() => ({
        hits: [],
        nbHits: 0,
        page: 0,
        nbPages: 0,
        hitsPerPage: 21,
        processingTimeMS: 1,
        exhaustiveNbHits: true,
        query: '',
        params: '',
        facets: { make: { Toyota: 820 }, model: models },
      })),
    }),
};

function renderResults() {
  forecourtStore.set(searchAccessAtom, {
    appId: 'test',
    apiKey: 'key',
    hosts: [],
    indexName: 'cars',
    sorts: { relevant: 'cars', latest: 'cars_latest', priceDesc: 'cars_price_desc', priceAsc: 'cars_price_asc' },
    sortFilters: {},
  });
  serveRoutes({ 'GET /api/search/promos': { body: { promos: [] } } });
  return renderWithPlatform(
    <SearchServerContext.Provider value={{ searchClient, url: new URL('http://localhost/search/used-cars') }}>
      <Results pathname="/search/used-cars" heading="Used cars" />
    </SearchServerContext.Provider>,
    { route: '/search/used-cars' },
  );
}

// jsdom does not scroll; the page goes back to the top on every new page of results.
beforeEach(() => jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('the results filters', () => {
  it('lists at most 30 models in the Model filter (spec §9), the most stocked first', async () => {
    renderResults();
    await screen.findByText('Model 01');
    // jsdom has no wide screen: the filters open as on a phone.
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const modelFilter = within(screen.getByText('Model', { selector: 'summary' }).closest('details')!);
    expect(modelFilter.getAllByRole('checkbox')).toHaveLength(30);
    expect(modelFilter.getByText('Model 30')).toBeInTheDocument();
    expect(modelFilter.queryByText('Model 31')).toBeNull();
  });
});

/** Twelve makes in stock, the most stocked first. */
const makes = Object.fromEntries(
  [
    'Toyota',
    'Mazda',
    'Kia',
    'Hyundai',
    'Ford',
    'Mitsubishi',
    'Nissan',
    'Subaru',
    'Isuzu',
    'Volkswagen',
    'Honda',
    'Suzuki',
  ].map((make, i) => [make, 120 - i]),
);
const twelveMakes = {
  search: (requests: readonly unknown[]) =>
    Promise.resolve({
      results: requests.map(() => ({
        hits: [],
        nbHits: 0,
        page: 0,
        nbPages: 0,
        hitsPerPage: 21,
        processingTimeMS: 1,
        exhaustiveNbHits: true,
        query: '',
        params: '',
        facets: { make: makes },
      })),
    }),
};

async function makeFilterOn(tenant = testTenant()) {
  forecourtStore.set(searchAccessAtom, {
    appId: 'test',
    apiKey: 'key',
    hosts: [],
    indexName: 'cars',
    sorts: { relevant: 'cars', latest: 'cars_latest', priceDesc: 'cars_price_desc', priceAsc: 'cars_price_asc' },
    sortFilters: {},
  });
  serveRoutes({ 'GET /api/search/promos': { body: { promos: [] } } });
  renderWithPlatform(
    <SearchServerContext.Provider
      value={{ searchClient: twelveMakes, url: new URL('http://localhost/search/used-cars') }}
    >
      <Results pathname="/search/used-cars" heading="Used cars" />
    </SearchServerContext.Provider>,
    { route: '/search/used-cars', tenant },
  );
  await screen.findByText('Toyota');
  fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
  return within(screen.getByText('Make', { selector: 'summary' }).closest('details')!);
}

describe("the make list (spec §9: 'Make lists show 7 initially (or a popular-makes count on one site)')", () => {
  it("shows 7 makes and 'Show all makes'", async () => {
    const makeFilter = await makeFilterOn();
    expect(makeFilter.getAllByRole('checkbox')).toHaveLength(7);
    expect(makeFilter.getByRole('button', { name: 'Show all makes' })).toBeInTheDocument();
  });

  it("shows all 12 once asked, and 'Hide extra makes'", async () => {
    const makeFilter = await makeFilterOn();
    fireEvent.click(makeFilter.getByRole('button', { name: 'Show all makes' }));
    expect(await makeFilter.findByRole('button', { name: 'Hide extra makes' })).toBeInTheDocument();
    expect(makeFilter.getAllByRole('checkbox')).toHaveLength(12);
  });

  it('shows the site’s popular-makes count (10 on a site with search.makesShown 10)', async () => {
    const makeFilter = await makeFilterOn(testTenant({ search: { makesShown: 10 } }));
    expect(makeFilter.getAllByRole('checkbox')).toHaveLength(10);
    expect(makeFilter.getByText('Volkswagen')).toBeInTheDocument();
    expect(makeFilter.queryByText('Honda')).toBeNull();
  });
});

/** Three pages of one car each. */
const threePages = {
  search: (requests: readonly unknown[]) =>
    Promise.resolve({
      results: requests.map(() => ({
        hits: [],
        nbHits: 63,
        page: 0,
        nbPages: 3,
        hitsPerPage: 21,
        processingTimeMS: 1,
        exhaustiveNbHits: true,
        query: '',
        params: '',
        facets: { make: { Toyota: 63 } },
      })),
    }),
};

function renderPagedResults() {
  forecourtStore.set(searchAccessAtom, {
    appId: 'test',
    apiKey: 'key',
    hosts: [],
    indexName: 'cars',
    sorts: { relevant: 'cars', latest: 'cars_latest', priceDesc: 'cars_price_desc', priceAsc: 'cars_price_asc' },
    sortFilters: {},
  });
  serveRoutes({ 'GET /api/search/promos': { body: { promos: [] } } });
  return renderWithPlatform(
    <SearchServerContext.Provider
      value={{ searchClient: threePages, url: new URL('http://localhost/search/used-cars') }}
    >
      <Results pathname="/search/used-cars" heading="Used cars" />
    </SearchServerContext.Provider>,
    { route: '/search/used-cars' },
  );
}

describe('where the page scrolls', () => {
  it('leaves a shopper where they are when the results first show (they may have scrolled the first paint)', async () => {
    renderPagedResults();
    await screen.findByRole('link', { name: 'Page 2' });
    expect(window.scrollTo).not.toHaveBeenCalled();
  });

  it('goes back to the top for a new page of results', async () => {
    renderPagedResults();
    fireEvent.click(await screen.findByRole('link', { name: 'Page 2' }));
    await waitFor(() => expect(window.scrollTo).toHaveBeenCalledWith({ top: 0 }));
  });
});
