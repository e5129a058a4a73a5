import { fireEvent, screen, within } from '@testing-library/react';
import { account, canaryResult, pinResult, pins, remoteDetail } from '../testing/fixtures';
import { CSRF, recordRequests, renderConsole, type TestRoutes } from '../testing/render-console';

const PATH = '/tenants/harbourside-motors/mf-search';

function renderRemote(
  options: {
    detail?: ReturnType<typeof remoteDetail>;
    pinsAnswer?: ReturnType<typeof pins>;
    routes?: TestRoutes;
    account?: ReturnType<typeof account>;
  } = {},
) {
  return renderConsole(PATH, {
    ...(options.account ? { account: options.account } : {}),
    routes: {
      'GET /_admin/tenants/:tenant/remotes/:team': { body: options.detail ?? remoteDetail() },
      'GET /_admin/pins': { body: options.pinsAnswer ?? pins() },
      ...options.routes,
    },
  });
}

async function openDialog(button: string | RegExp): Promise<HTMLElement> {
  fireEvent.click(await screen.findByRole('button', { name: button }));
  return screen.findByRole('dialog');
}

describe("a remote's page", () => {
  it('promote asks first, saying what shoppers will get, and sends the pin it showed as expected', async () => {
    const sent = recordRequests();
    renderRemote({ routes: { 'POST /_admin/promote': { body: pinResult('1.1.6', 'promote') } } });
    const dialog = await openDialog('Promote 1.1.6');
    expect(dialog).toHaveTextContent(
      'Every Harbourside Motors shopper will get mf-search 1.1.6 (now 10% get it, the others 1.1.5). 1.1.5 becomes the version a rollback goes back to.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Promote' }));
    expect(await screen.findByText('mf-search 1.1.6 is now pinned for Harbourside Motors.')).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'POST')).toMatchObject({
      url: '/_admin/promote',
      headers: { 'x-csrf-token': CSRF },
      body: { tenant: 'harbourside-motors', team: 'mf-search', expected: '1.1.5' },
    });
  });

  it("keeps the dialog open with the API's words when the pin changed meanwhile", async () => {
    renderRemote({
      routes: {
        'POST /_admin/promote': {
          status: 409,
          body: {
            error:
              'harbourside-motors mf-search is on 1.1.7 now, not 1.1.5 as you saw: look again before you change it',
            current: '1.1.7',
          },
        },
      },
    });
    const dialog = await openDialog('Promote 1.1.6');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Promote' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'harbourside-motors mf-search is on 1.1.7 now, not 1.1.5 as you saw: look again before you change it',
    );
  });

  it('stopping the canary sends a rollback with the pin it showed', async () => {
    const sent = recordRequests();
    renderRemote({ routes: { 'POST /_admin/rollback': { body: pinResult('1.1.5', 'rollback') } } });
    const dialog = await openDialog('Stop canary');
    expect(dialog).toHaveTextContent(
      'Every Harbourside Motors shopper will get mf-search 1.1.5, including the 10% now on 1.1.6.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop canary' }));
    await screen.findByText(/The canary of mf-search 1.1.6 is stopped/);
    expect(sent.find((r) => r.method === 'POST')).toMatchObject({
      url: '/_admin/rollback',
      body: { tenant: 'harbourside-motors', team: 'mf-search', expected: '1.1.5' },
    });
  });

  it("changes the canary's share through the canary route", async () => {
    const sent = recordRequests();
    renderRemote({ routes: { 'POST /_admin/canary': { body: canaryResult('1.1.6', 25) } } });
    fireEvent.change(await screen.findByLabelText('Share of shoppers (%)'), { target: { value: '25' } });
    const dialog = await openDialog('Change share');
    expect(dialog).toHaveTextContent("mf-search 1.1.6 will go to 25% of Harbourside Motors' shoppers instead of 10%");
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change share' }));
    await screen.findByText("mf-search 1.1.6 now goes to 25% of Harbourside Motors' shoppers.");
    expect(sent.find((r) => r.method === 'POST')).toMatchObject({
      url: '/_admin/canary',
      body: { tenant: 'harbourside-motors', team: 'mf-search', version: '1.1.6', percent: 25 },
    });
  });

  it('starts a canary of the newest other published version with the share given', async () => {
    const sent = recordRequests();
    renderRemote({
      detail: remoteDetail({ canary: null }),
      pinsAnswer: pins(),
      routes: { 'POST /_admin/canary': { body: canaryResult('1.1.6', 10) } },
    });
    expect(await screen.findByLabelText('Version')).toHaveValue('1.1.6');
    fireEvent.change(screen.getByLabelText('Share of shoppers (%)'), { target: { value: '5' } });
    const dialog = await openDialog('Start canary');
    expect(dialog).toHaveTextContent("5% of Harbourside Motors' shoppers will get mf-search 1.1.6");
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start canary' }));
    await screen.findByText("mf-search 1.1.6 now goes to 5% of Harbourside Motors' shoppers.");
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      tenant: 'harbourside-motors',
      team: 'mf-search',
      version: '1.1.6',
      percent: 5,
    });
  });

  it('refuses a share outside 1 to 99 before asking', async () => {
    renderRemote({ detail: remoteDetail({ canary: null }), pinsAnswer: pins() });
    fireEvent.change(await screen.findByLabelText('Share of shoppers (%)'), { target: { value: '100' } });
    expect(screen.getByRole('button', { name: 'Start canary' })).toBeDisabled();
    expect(screen.getByLabelText('Share of shoppers (%)')).toHaveAccessibleDescription(
      'The share is from 1 to 99 (0% is no canary, 100% is a pin: promote it)',
    );
  });

  it('rolls back to the version the pin replaced, sending the pin it showed', async () => {
    const sent = recordRequests();
    renderRemote({
      detail: remoteDetail({ canary: null }),
      pinsAnswer: pins(),
      routes: { 'POST /_admin/rollback': { body: pinResult('1.1.4', 'rollback') } },
    });
    const dialog = await openDialog('Roll back to 1.1.4');
    expect(dialog).toHaveTextContent('Every Harbourside Motors shopper will get mf-search 1.1.4 instead of 1.1.5.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Roll back' }));
    await screen.findByText('mf-search is rolled back to 1.1.4 for Harbourside Motors.');
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      tenant: 'harbourside-motors',
      team: 'mf-search',
      expected: '1.1.5',
    });
  });

  it('offers no rollback for a tenant on the platform default pin, and says why', async () => {
    renderRemote({ detail: remoteDetail({ canary: null }), pinsAnswer: pins({ source: 'default' }) });
    expect(
      await screen.findByText(
        "Harbourside Motors runs the platform's default pin of mf-search: a rollback changes a tenant's own pin only.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Roll back/ })).toBeNull();
  });

  it('offers a viewer no change', async () => {
    renderRemote({ account: account({ role: 'viewer', tenants: null }) });
    expect(await screen.findByText(/This account reads Harbourside Motors/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Promote|Stop canary|Change share/ })).toBeNull();
  });

  it('lists the newest failures with their page and browser', async () => {
    renderRemote();
    const table = within(await screen.findByRole('region', { name: 'Newest failures table' })).getByRole('table');
    const cells = within(within(table).getAllByRole('row')[1] as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(1)).toEqual([
      '1.1.6',
      'mount',
      'TypeError: Cannot read properties of undefined (reading "price")',
      '/cars/toyota-hilux-2021',
      'Chrome 131 on Android',
    ]);
  });

  it('marks a flagged canary', async () => {
    renderRemote({ detail: remoteDetail({ flagged: true }) });
    expect(await screen.findByText('Canary 1.1.6 is flagged:')).toBeInTheDocument();
  });

  it('shows the version history with who made each change', async () => {
    renderRemote();
    const table = within(await screen.findByRole('region', { name: 'Version history table' })).getByRole('table');
    const cells = within(within(table).getAllByRole('row')[1] as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(1)).toEqual(['canary', '1.1.5', '1.1.6', '10%', 'Ada Admin']);
  });
});
