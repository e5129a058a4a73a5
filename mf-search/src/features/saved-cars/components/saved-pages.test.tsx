import { forecourtStore, resetFirstPaintForTests, searchAccessAtom } from '@forecourt/shared-config';
import { renderWithPlatform, serveRoutes, testTenant } from '@forecourt/shared-config/testing';
import { screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { ComparePage, FavouritesPage, GaragePage } from './saved-pages';

const switchedOff = testTenant({ search: { itemNoun: 'caravan', favourites: false, compare: false } });

describe('saved-cars pages on a site that switched them off', () => {
  it('/compare does not tell shoppers to tick a Compare control the site does not show', () => {
    renderWithPlatform(<ComparePage />, { tenant: switchedOff, route: '/compare' });
    expect(screen.getByRole('heading', { level: 1, name: 'Page not available' })).toBeInTheDocument();
    expect(screen.queryByText(/Tick Compare/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Browse our caravans' })).toBeInTheDocument();
  });

  it('/favourites does not tell shoppers to tap a Favourite control the site does not show', () => {
    renderWithPlatform(<FavouritesPage />, { tenant: switchedOff, route: '/favourites' });
    expect(screen.getByRole('heading', { level: 1, name: 'Page not available' })).toBeInTheDocument();
    expect(screen.queryByText(/Tap Favourite/)).toBeNull();
  });

  it('/compare still explains the Compare control where the site has it', () => {
    forecourtStore.set(searchAccessAtom, {
      appId: 'test',
      apiKey: 'key',
      hosts: [],
      indexName: 'cars',
      sorts: { relevant: 'cars', latest: 'cars_latest', priceDesc: 'cars_price_desc', priceAsc: 'cars_price_asc' },
      sortFilters: {},
    });
    renderWithPlatform(<ComparePage />, { tenant: testTenant(), route: '/compare' });
    expect(screen.getByText(/Tick Compare on up to 3 cars/)).toBeInTheDocument();
  });
});

describe('the garage on a page the server painted first', () => {
  afterEach(() => {
    document.getElementById('server-paint')?.remove();
    resetFirstPaintForTests();
  });

  /** Notes, as the garage's first commit leaves the page (its layout effects run before this sibling's), whether the server's HTML is still there. */
  function FirstCommit({ seen }: { seen: boolean[] }) {
    useLayoutEffect(() => {
      seen.push(document.querySelector('[data-first-paint]') !== null);
    }, [seen]);
    return null;
  }

  it('takes over in its first commit: the server’s copy goes as the garage appears, its saved cars still loading', () => {
    document.body.insertAdjacentHTML(
      'beforeend',
      '<div id="server-paint"><div data-first-paint="mf-search"><h1>My Garage</h1></div></div>',
    );
    serveRoutes({ 'GET /api/watchlist': 'unanswered' });
    forecourtStore.set(searchAccessAtom, {
      appId: 'test',
      apiKey: 'key',
      hosts: [],
      indexName: 'cars',
      sorts: { relevant: 'cars', latest: 'cars_latest', priceDesc: 'cars_price_desc', priceAsc: 'cars_price_asc' },
      sortFilters: {},
    });
    const seen: boolean[] = [];
    renderWithPlatform(
      <>
        <GaragePage />
        <FirstCommit seen={seen} />
      </>,
      { route: '/my-garage', session: { status: 'signed-in', user: { phone: '0412345678' } } },
    );
    expect(seen[0]).toBe(false);
    expect(screen.getByRole('heading', { level: 1, name: 'My Garage' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your cars…');
  });
});
