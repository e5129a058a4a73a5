import { fireEvent, screen, within } from '@testing-library/react';
import { account, tenantNames } from '../testing/fixtures';
import { recordRequests, renderConsole, type TestRoutes } from '../testing/render-console';
import { newAccountBody } from './accounts';

const SAM = account({
  id: 2,
  name: 'Sam Lee',
  role: 'tenant-manager',
  tenants: ['harbourside-motors'],
  createdBy: 'Ada Admin',
});

function renderAccounts(routes: TestRoutes = {}) {
  return renderConsole('/accounts', {
    routes: {
      'GET /_admin/operators': { body: { accounts: [account(), SAM] } },
      'GET /_admin/tenant-names': { body: tenantNames() },
      ...routes,
    },
  });
}

describe('the accounts page', () => {
  it('creates a tenant manager with the tenants ticked', async () => {
    const sent = recordRequests();
    renderAccounts({
      'POST /_admin/operators': {
        status: 201,
        body: { account: account({ id: 3, name: 'Kim', role: 'tenant-manager', tenants: ['summit-auto-group'] }) },
      },
    });
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Kim' } });
    fireEvent.click(screen.getByRole('radio', { name: /Tenant manager/ }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Summit Auto Group' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Kim is created. Make an enrollment link for them below.')).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'POST')).toMatchObject({
      url: '/_admin/operators',
      body: { name: 'Kim', role: 'tenant-manager', tenants: ['summit-auto-group'] },
    });
  });

  it("shows the API's refusal of a new account as it said it", async () => {
    renderAccounts({
      'POST /_admin/operators': {
        status: 409,
        body: { error: "name: An account named 'Sam Lee' exists", field: 'name' },
      },
    });
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Sam Lee' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText("name: An account named 'Sam Lee' exists")).toBeInTheDocument();
  });

  it('makes an enrollment link for an account and shows it with its expiry', async () => {
    const sent = recordRequests();
    renderAccounts({
      'POST /_admin/operators/:id/enrollment': {
        body: {
          code: 'fce_x',
          url: 'http://console.localhost:8080/enroll#fce_x',
          expiresAt: '2026-11-28T08:00:00.000Z',
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Make an enrollment link for Sam Lee' }));
    expect(await screen.findByLabelText('Enrollment link for Sam Lee')).toHaveValue(
      'http://console.localhost:8080/enroll#fce_x',
    );
    expect(sent.find((r) => r.method === 'POST')?.url).toBe('/_admin/operators/2/enrollment');
  });

  it('deactivates an account after asking', async () => {
    const sent = recordRequests();
    renderAccounts({ 'POST /_admin/operators/:id/deactivate': { body: { account: { ...SAM, active: false } } } });
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate Sam Lee' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Sam Lee can no longer sign in or use the admin API: their console sessions and personal tokens stop working at once.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Sam Lee is deactivated.')).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'POST')?.url).toBe('/_admin/operators/2/deactivate');
  });

  it("tells a tenant manager accounts are an operator's, and asks the API for none", async () => {
    renderConsole('/accounts', { account: SAM });
    expect(
      await screen.findByText('Accounts are managed by operators. Ask one for a new account or an enrollment link.'),
    ).toBeInTheDocument();
  });
});

describe('a new account’s body', () => {
  it('names no tenants for an operator, nor for a viewer of every tenant', () => {
    expect([newAccountBody(' Ada ', 'operator', ['x']), newAccountBody('Vi', 'viewer', [])]).toEqual([
      { name: 'Ada', role: 'operator' },
      { name: 'Vi', role: 'viewer' },
    ]);
  });
});
