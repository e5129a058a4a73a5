import { renderWithPlatform, testTenant } from '@forecourt/shared-config/testing';
import { showToast } from '@forecourt/shared-config';
import { act, screen } from '@testing-library/react';
import { Chrome } from './chrome';

// The footer's review summary is another team's fragment: these tests are about the chrome
// around it, so the federation runtime never answers (the summary stays loading, showing nothing).
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(() => new Promise(() => undefined)) }));

const remotes = [
  { team: 'mf-search' as const, name: 'mf_search', version: '1.1.0', entry: '/e.js', routes: ['/'] },
  { team: 'mf-finance' as const, name: 'mf_finance', version: '1.0.0', entry: '/f.js', routes: ['/finance'] },
];

describe('Chrome', () => {
  it('shows the tenant name in the header', () => {
    renderWithPlatform(<Chrome remotes={remotes} routeOwned />, { tenant: testTenant({ name: 'Harbour Motors' }) });
    expect(screen.getByRole('banner')).toHaveTextContent('Harbour Motors');
  });

  it('renders one slot per remote', () => {
    renderWithPlatform(<Chrome remotes={remotes} routeOwned />);
    expect(document.querySelectorAll('[data-slot]')).toHaveLength(2);
  });

  it('shows the not-found page when no app owns the route', () => {
    renderWithPlatform(<Chrome remotes={remotes} routeOwned={false} />);
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('shows the tenant nav links', () => {
    renderWithPlatform(<Chrome remotes={remotes} routeOwned />, {
      tenant: testTenant({ nav: [{ label: 'Finance', href: '/finance' }] }),
    });
    expect(screen.getByRole('navigation', { name: 'Main' })).toContainElement(
      screen.getByRole('link', { name: 'Finance' }),
    );
  });

  it('shows one toast at a time', () => {
    renderWithPlatform(<Chrome remotes={remotes} routeOwned />);
    act(() => {
      showToast({ message: 'Car Saved In Watchlist' });
      showToast({ message: 'Car Removed' });
    });
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('Car Removed');
  });
});
