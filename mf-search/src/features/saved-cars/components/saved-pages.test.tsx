import { forecourtStore, searchAccessAtom } from '@forecourt/shared-config';
import { renderWithPlatform, testTenant } from '@forecourt/shared-config/testing';
import { screen } from '@testing-library/react';
import { ComparePage, FavouritesPage } from './saved-pages';

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
    forecourtStore.set(searchAccessAtom, { appId: 'test', apiKey: 'key', hosts: [], indexName: 'cars', sorts: { relevant: 'cars', latest: 'cars_latest', priceDesc: 'cars_price_desc', priceAsc: 'cars_price_asc' }, sortFilters: {} });
    renderWithPlatform(<ComparePage />, { tenant: testTenant(), route: '/compare' });
    expect(screen.getByText(/Tick Compare on up to 3 cars/)).toBeInTheDocument();
  });
});
