import { fireEvent, screen, within } from '@testing-library/react';
import type { StockKey } from '@forecourt/admin-contract';
import { account, stockKey, tenantNames } from '../testing/fixtures';
import { recordRequests, renderConsole, type TestRoutes } from '../testing/render-console';

const SAM = account({ id: 2, name: 'Sam Lee', role: 'tenant-manager', tenants: ['harbourside-motors'] });
const VI = account({ id: 3, name: 'Vi Ewer', role: 'viewer', tenants: null });
const SECRET = 'fsk_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';

/** The keys the API holds in this test: a change is seen by the next list, as on the server. */
function keyStore(keys: StockKey[]): TestRoutes {
  return {
    'GET /_admin/stock-keys': () => ({ body: { keys: [...keys].sort((a, b) => b.id - a.id) } }),
    'POST /_admin/stock-keys': ({ body }) => {
      const { tenant, label } = body as { tenant: string; label: string };
      const key = stockKey({ id: 9, tenant, label, createdAt: '2026-11-27T08:03:00.000Z', lastUsedAt: null });
      keys.push(key);
      return { status: 201, body: { key, secret: SECRET } };
    },
    'POST /_admin/stock-keys/:id/revoke': ({ url }) => {
      const id = Number(url.split('/')[3]);
      const key = keys.find((k) => k.id === id) as StockKey;
      key.revokedAt = '2026-11-27T08:04:00.000Z';
      return { body: { key } };
    },
  };
}

function renderStockKeys(options: { account?: typeof SAM; routes?: TestRoutes } = {}) {
  return renderConsole('/stock-keys', {
    ...(options.account ? { account: options.account } : {}),
    routes: { 'GET /_admin/tenant-names': { body: tenantNames() }, ...options.routes },
  });
}

const tenantSection = async (name: string) =>
  within((await screen.findByRole('heading', { level: 2, name })).closest('section') as HTMLElement);

describe('the stock keys page', () => {
  it("lists each tenant's keys with their label, id, dates and whether they still work", async () => {
    renderStockKeys({
      routes: keyStore([
        stockKey(),
        stockKey({ id: 3, label: 'Old feed', lastUsedAt: null, revokedAt: '2026-11-26T10:00:00.000Z' }),
      ]),
    });
    const harbourside = await tenantSection('Harbourside Motors');
    expect(harbourside.getByRole('row', { name: /Harbourside DMS/ })).toHaveTextContent(
      /^Harbourside DMS7.+ by Ada Admin.+active/,
    );
    expect(harbourside.getByRole('row', { name: /Old feed/ })).toHaveTextContent(
      /^Old feed3.+ by Ada Adminneverrevoked/,
    );
    expect((await tenantSection('Summit Auto Group')).getByText('No keys yet.')).toBeInTheDocument();
  });

  it("is linked from the Stock section of a tenant manager's navigation", async () => {
    renderStockKeys({ account: SAM, routes: keyStore([]) });
    const nav = await screen.findByRole('navigation', { name: 'Console sections' });
    expect(within(nav).getByRole('link', { name: 'Stock' })).toHaveAttribute('href', '/stock');
  });

  it('offers a tenant manager only its own tenants for a new key', async () => {
    renderStockKeys({ account: SAM, routes: keyStore([]) });
    await screen.findByRole('option', { name: 'Harbourside Motors' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Harbourside Motors']);
  });

  it('shows a new key once, with the notice, and lists it afterwards', async () => {
    const sent = recordRequests();
    renderStockKeys({ routes: keyStore([stockKey()]) });
    await screen.findByRole('option', { name: 'Summit Auto Group' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Tenant' }), { target: { value: 'summit-auto-group' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Label' }), { target: { value: 'Summit DMS' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make key' }));
    expect(await screen.findByLabelText('New key for Summit Auto Group: Summit DMS')).toHaveValue(SECRET);
    expect(screen.getByText('You will not see this key again.')).toBeInTheDocument();
    const summit = await tenantSection('Summit Auto Group');
    expect(await summit.findByRole('row', { name: /Summit DMS/ })).toHaveTextContent(/never.*active/);
    expect(sent.find((r) => r.method === 'POST')).toMatchObject({
      url: '/_admin/stock-keys',
      body: { tenant: 'summit-auto-group', label: 'Summit DMS' },
    });
  });

  it('takes the new key off the page for good once it is copied', async () => {
    renderStockKeys({ routes: keyStore([]) });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Label' }), { target: { value: 'Harbourside DMS' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make key' }));
    fireEvent.click(await screen.findByRole('button', { name: 'I have copied it' }));
    expect(
      await (await tenantSection('Harbourside Motors')).findByRole('row', { name: /Harbourside DMS/ }),
    ).toBeInTheDocument();
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(SECRET);
  });

  it('copies the new key and says so', async () => {
    const writeText = jest.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderStockKeys({ routes: keyStore([]) });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Label' }), { target: { value: 'Harbourside DMS' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make key' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Copy key' }));
    expect(await screen.findByText('Copied.')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(SECRET);
  });

  it('revokes a key only after asking, then shows it revoked', async () => {
    const sent = recordRequests();
    renderStockKeys({ routes: keyStore([stockKey()]) });
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke key 7 (Harbourside DMS)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke Harbourside DMS of Harbourside Motors?' });
    expect(dialog).toHaveTextContent('Key 7 stops working at once');
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Key 7 (Harbourside DMS) of Harbourside Motors is revoked.')).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /Harbourside DMS.*revoked/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Revoke/ })).not.toBeInTheDocument();
    expect(sent.find((r) => r.method === 'POST')?.url).toBe('/_admin/stock-keys/7/revoke');
  });

  it('gives a viewer no way to make or revoke keys, and asks the API for none', async () => {
    renderStockKeys({ account: VI });
    expect(
      await screen.findByText(
        "Stock keys are managed by operators and each tenant's managers. Ask one for a key for a dealer's system.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make key' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Stock/ })).not.toBeInTheDocument();
  });

  it("names what failed when the keys cannot be read, in the API's words", async () => {
    renderStockKeys({
      routes: { 'GET /_admin/stock-keys': { status: 500, body: { error: 'the database did not answer' } } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load the stock keys: the database did not answer',
    );
  });

  it("shows the API's refusal of a new key as it said it", async () => {
    renderStockKeys({
      routes: {
        ...keyStore([]),
        'POST /_admin/stock-keys': {
          status: 403,
          body: { error: "this account may not stock-keys on 'harbourside-motors'" },
        },
      },
    });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Label' }), { target: { value: 'Harbourside DMS' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make key' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "No key made: this account may not stock-keys on 'harbourside-motors'",
    );
    expect(screen.queryByLabelText(/New key for/)).not.toBeInTheDocument();
  });
});
