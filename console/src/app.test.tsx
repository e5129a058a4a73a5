import { screen, within } from '@testing-library/react';
import { account, overview, tenantTable } from './testing/fixtures';
import { renderConsole } from './testing/render-console';

describe('the console', () => {
  it('sends a signed-out visitor to sign-in', async () => {
    renderConsole('/audit', { account: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  });

  it('shows why it cannot ask for the session, in the API’s words', async () => {
    renderConsole('/', {
      routes: {
        'GET /_admin/session': { status: 403, body: { error: "Origin 'http://evil.example' is not the console's" } },
      },
    });
    expect(await screen.findByText("Origin 'http://evil.example' is not the console's")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('offers the Accounts section to an operator', async () => {
    renderConsole('/', {
      routes: { 'GET /_admin/overview': { body: overview() }, 'GET /_admin/tenant-table': { body: tenantTable() } },
    });
    const nav = await screen.findByRole('navigation', { name: 'Console sections' });
    expect(within(nav).getByRole('link', { name: 'Accounts' })).toBeInTheDocument();
  });

  it('does not offer the Accounts section to a tenant manager', async () => {
    renderConsole('/', {
      account: account({ role: 'tenant-manager', tenants: ['harbourside-motors'] }),
      routes: { 'GET /_admin/overview': { body: overview() }, 'GET /_admin/tenant-table': { body: tenantTable() } },
    });
    const nav = await screen.findByRole('navigation', { name: 'Console sections' });
    expect(within(nav).queryByRole('link', { name: 'Accounts' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Audit' })).toBeInTheDocument();
  });

  it('names the signed-in person and role', async () => {
    renderConsole('/', {
      account: account({ name: 'Sam Lee', role: 'viewer', tenants: null }),
      routes: { 'GET /_admin/overview': { body: overview() }, 'GET /_admin/tenant-table': { body: tenantTable() } },
    });
    expect(await screen.findByText('Sam Lee (viewer)')).toBeInTheDocument();
  });

  it('says so for an address it has no page for', async () => {
    renderConsole('/nowhere');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not found' })).toBeInTheDocument();
  });
});
