import { renderWithPlatform, testTenant } from '@forecourt/shared-config/testing';
import { screen } from '@testing-library/react';
import { Route, Routes } from '@forecourt/shared-config/router';
import { SearchPage } from './search-page';

function renderAt(route: string, tenant = testTenant()) {
  return renderWithPlatform(
    <Routes>
      <Route path="*" element={<SearchPage />} />
    </Routes>,
    { route, tenant },
  );
}

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
});
