import {
  compareAtom,
  favouritesAtom,
  FIRST_PAINT_DATA_ID,
  forecourtStore,
  resetFirstPaintForTests,
  searchAccessAtom,
} from '@forecourt/shared-config';
import { renderWithPlatform, testTenant } from '@forecourt/shared-config/testing';
import { act, screen } from '@testing-library/react';
import { Route, Routes } from '@forecourt/shared-config/router';
import { SearchPage } from './search-page';

/** Stands in for the results (InstantSearch and the rest), which a page loads only when they are shown. */
function Results() {
  return <p>the results</p>;
}

function renderAt(route: string, tenant = testTenant()) {
  return renderWithPlatform(
    <Routes>
      <Route path="*" element={<SearchPage Results={Results} />} />
    </Routes>,
    { route, tenant },
  );
}

describe('SearchPage: when the results take over from the server’s first paint', () => {
  const PATH = '/search/used-cars';
  /** A page as the server sends it: its first paint of these results, and their data. */
  function servedPage() {
    window.history.replaceState(null, '', PATH);
    document.body.innerHTML = `<div id="app-mf-search"><div data-first-paint="mf-search"><div data-boundary="mf-search"><p>212 cars found</p></div></div></div>
      <script id="${FIRST_PAINT_DATA_ID}" type="application/json">${JSON.stringify({ team: 'mf-search', url: PATH, data: { page: 'results', serverState: { initialResults: {} }, promos: [] } })}</script>`;
    return document.querySelector('[data-first-paint]')!;
  }
  beforeEach(() => {
    resetFirstPaintForTests();
    window.localStorage.clear();
    forecourtStore.set(favouritesAtom, []);
    forecourtStore.set(compareAtom, []);
    forecourtStore.set(searchAccessAtom, {
      appId: 'test',
      apiKey: 'key',
      hosts: [],
      indexName: 'cars',
      sorts: { relevant: 'cars', latest: 'cars_latest', priceDesc: 'cars_price_desc', priceAsc: 'cars_price_asc' },
      sortFilters: {},
    });
  });
  afterEach(() => {
    document.body.innerHTML = '';
    act(() => forecourtStore.set(searchAccessAtom, null));
  });

  it('leaves the first paint to a shopper who is only reading it: the results are not loaded', () => {
    servedPage();
    renderAt(PATH);
    expect(screen.queryByText('the results')).not.toBeInTheDocument();
  });

  it('shows the results once the shopper presses something in the first paint', () => {
    const paint = servedPage();
    renderAt(PATH);
    act(() => {
      paint.querySelector('p')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    });
    expect(screen.getByText('the results')).toBeInTheDocument();
  });

  it('shows the results at once to a shopper with favourites (the cards’ marks are theirs, which the server did not paint)', () => {
    servedPage();
    forecourtStore.set(favouritesAtom, [
      {
        id: '1',
        slug: '2021-kia-cerato-1',
        name: '2021 Kia Cerato',
        make: 'Kia',
        model: 'Cerato',
        primary_image_url: null,
      },
    ]);
    renderAt(PATH);
    expect(screen.getByText('the results')).toBeInTheDocument();
  });

  it('shows the results at once to a shopper with earlier searches (the recent-searches list)', () => {
    servedPage();
    window.localStorage.setItem(
      'forecourt:search-history:test-motors',
      JSON.stringify([{ label: 'New cars', path: '/search/new-cars' }]),
    );
    renderAt(PATH);
    expect(screen.getByText('the results')).toBeInTheDocument();
  });

  it('leaves the first paint on a phone with earlier searches: the list is in the filters a phone keeps closed', () => {
    servedPage();
    window.localStorage.setItem(
      'forecourt:search-history:test-motors',
      JSON.stringify([{ label: 'New cars', path: '/search/new-cars' }]),
    );
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({ matches: false, media: query })) as unknown as typeof window.matchMedia;
    try {
      renderAt(PATH);
      expect(screen.queryByText('the results')).not.toBeInTheDocument();
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('counts the search shown as a recent search while the results wait', () => {
    servedPage();
    renderAt(PATH);
    expect(JSON.parse(window.localStorage.getItem('forecourt:search-history:test-motors') ?? '[]')).toEqual([
      { label: 'Used cars', path: PATH },
    ]);
  });

  it('shows the results at once on a page the server did not paint (the shopper came by a link in the app)', () => {
    window.history.replaceState(null, '', PATH);
    renderAt(PATH);
    expect(screen.getByText('the results')).toBeInTheDocument();
  });
});

describe('SearchPage', () => {
  it('shows the route heading', () => {
    renderAt('/search/used-cars');
    expect(screen.getByRole('heading', { level: 1, name: 'Used cars' })).toBeInTheDocument();
  });

  it('names the tenant', () => {
    renderAt('/search/new-used-and-demo-cars');
    expect(screen.getByText('In stock now at Test Motors, Sydney')).toBeInTheDocument();
  });

  it('keeps the query in the search box', () => {
    renderAt('/search/new-used-and-demo-cars?query=ranger');
    expect(screen.getByRole('searchbox')).toHaveValue('ranger');
  });

  it('offers no condition links on a used-only site, under its Used cars heading', () => {
    renderAt('/search/used-cars', testTenant({ search: { carTypes: ['used'] } }));
    expect(screen.getByRole('heading', { level: 1, name: 'Used cars' })).toBeInTheDocument();
    expect(screen.getByText('In stock now at Test Motors, Sydney')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Condition' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New' })).not.toBeInTheDocument();
  });

  it('keeps the condition links of the special offers page on the offers', () => {
    renderAt('/special-offers');
    expect(screen.getByRole('link', { name: 'Used' })).toHaveAttribute('href', '/special-offers?car_type=used');
  });

  it('sends the condition links of a search page to that condition’s search', () => {
    renderAt('/search/new-used-and-demo-cars');
    expect(screen.getByRole('link', { name: 'Used' })).toHaveAttribute('href', '/search/used-cars');
  });
});
