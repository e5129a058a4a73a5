import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { account, tenantTable } from '../testing/fixtures';
import { renderConsole } from '../testing/render-console';

function renderTenants(asked: string[] = [], options: { account?: ReturnType<typeof account> } = {}) {
  return renderConsole('/', {
    ...options,
    routes: {
      'GET /_admin/tenant-table': (request) => {
        asked.push(request.url);
        return { body: tenantTable() };
      },
    },
  });
}

describe('the tenants table', () => {
  it("shows each tenant's remotes with their pin, canary and last good, and why it needs attention", async () => {
    renderTenants();
    const row = await screen.findByRole('row', { name: /Harbourside Motors/ });
    expect(row).toHaveTextContent('mf-search 1.1.5 canary 1.1.6 @ 10% · last good 1.1.4 · 3 failed');
    expect(row).toHaveTextContent('3 failures');
    expect(screen.getByRole('row', { name: /Summit Auto Group/ })).toHaveTextContent('none');
  });

  it('asks the server for the tenants matching what is typed, after a pause', async () => {
    const asked: string[] = [];
    renderTenants(asked);
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Find a tenant' }), { target: { value: 'summit' } });
    await waitFor(() => expect(asked.some((url) => url.includes('q=summit'))).toBe(true));
  });

  it('sorts by failures when their heading is pressed, the most first', async () => {
    const asked: string[] = [];
    renderTenants(asked);
    fireEvent.click(await screen.findByRole('button', { name: 'Failures' }));
    expect(await screen.findByRole('columnheader', { name: /Failures/ })).toHaveAttribute('aria-sort', 'descending');
    expect(asked.at(-1)).toContain('sort=failures&dir=desc');
  });

  it('keeps to a running version, and to those needing attention', async () => {
    const asked: string[] = [];
    renderTenants(asked);
    await screen.findByRole('option', { name: 'mf-search 1.1.6 (1)' });
    fireEvent.change(screen.getByLabelText('Running version'), { target: { value: 'mf-search@1.1.6' } });
    fireEvent.click(screen.getByLabelText('Needs attention only'));
    await screen.findByRole('checkbox', { name: 'Needs attention only', checked: true });
    await waitFor(() => expect(asked.at(-1)).toContain('team=mf-search&version=1.1.6'));
    expect(asked.at(-1)).toContain('attention=true');
  });

  it('pages forward', async () => {
    const asked: string[] = [];
    renderConsole('/', {
      routes: {
        'GET /_admin/tenant-table': (request) => {
          asked.push(request.url);
          return { body: tenantTable({ total: 60 }) };
        },
      },
    });
    expect(await screen.findByText('60 tenants, page 1 of 3.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(asked.at(-1)).toContain('page=2'));
  });

  it('offers an operator a new tenant, and no one else', async () => {
    renderTenants([], { account: account({ role: 'tenant-manager', tenants: ['harbourside-motors'] }) });
    const row = await screen.findByRole('row', { name: /Harbourside Motors/ });
    expect(within(row).getByRole('link', { name: 'Settings of Harbourside Motors' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New tenant' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Settings of Summit Auto Group' })).toBeNull();
  });
});
