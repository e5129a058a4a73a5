import { forecourtStore, searchAccessAtom } from '@forecourt/shared-config';
import { renderWithPlatform, serveRoutes } from '@forecourt/shared-config/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SearchServerContext } from '../../../app/first-paint';
import { carHit } from '../../../lib/test-hit';
import { Results } from '../../results/components/results';
import { QuickFinder } from './quick-finder';

const CARS = [
  carHit({ objectID: 'a', slug: 'a', name: '2021 Mazda CX-5 Maxx' }),
  carHit({ objectID: 'b', slug: 'b', name: '2020 Toyota RAV4 GX' }),
];

/**
 * The search service as the pages' queries reach it (a component test has no server): the quick
 * finder's count and lists, and the results page's cards.
 */
const searchClient = {
  search: (args: unknown) => {
    const requests = (Array.isArray(args) ? args : (args as { requests: unknown[] }).requests) as Array<{
      params?: { hitsPerPage?: number };
      hitsPerPage?: number;
    }>;
    return Promise.resolve({
      results: requests.map((request) => {
        const hits = (request.params ?? request).hitsPerPage === 0 ? [] : CARS;
        return {
          hits,
          nbHits: CARS.length,
          page: 0,
          nbPages: 1,
          hitsPerPage: 21,
          processingTimeMS: 1,
          exhaustiveNbHits: true,
          query: '',
          params: '',
          facets: { make: { Mazda: 1, Toyota: 1 }, body: { suv: 2 } },
        };
      }),
    });
  },
};

beforeEach(() => {
  forecourtStore.set(searchAccessAtom, {
    appId: 'test',
    apiKey: 'key',
    hosts: [],
    indexName: 'cars',
    sorts: { relevant: 'cars', latest: 'cars_latest', priceDesc: 'cars_price_desc', priceAsc: 'cars_price_asc' },
    sortFilters: {},
  });
  serveRoutes({ 'GET /api/search/promos': { body: { promos: [] } } });
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

/** The results page the link leads to, as the browser opens it after the click (no server in between). */
function openResults(href: string) {
  window.history.pushState(null, '', href);
  const url = new URL(href, window.location.origin);
  return renderWithPlatform(<Results pathname={url.pathname} heading="New, used and demo cars" />, { route: href });
}

describe("'Show Me N Cars' (spec §2: it 'navigates to the results URL built from the current filters and prefetches it')", () => {
  it('fetches the results ahead when the shopper points at it, so the page shows its cards on its first render', async () => {
    const home = renderWithPlatform(
      <SearchServerContext.Provider value={{ searchClient, url: new URL('http://localhost/') }}>
        <QuickFinder />
      </SearchServerContext.Provider>,
    );
    const link = await screen.findByRole('link', { name: 'Show Me 2 Cars' });
    fireEvent.pointerEnter(link);
    await waitFor(() => expect(link).toHaveAttribute('data-prefetched'));
    const href = link.getAttribute('href')!;
    home.unmount();

    openResults(href);
    expect(screen.queryByText('Searching cars…')).toBeNull();
    expect(
      within(screen.getByRole('list', { name: 'Results' })).getByRole('article', { name: '2020 Toyota RAV4 GX' }),
    ).toBeInTheDocument();
    // The page's widgets settle on the answers they were given.
    await act(async () => undefined);
  });
});
