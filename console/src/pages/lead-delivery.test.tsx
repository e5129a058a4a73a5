import { fireEvent, screen, within } from '@testing-library/react';
import type { LeadDelivery } from '@forecourt/admin-contract';
import { account } from '../testing/fixtures';
import { recordRequests, renderConsole } from '../testing/render-console';

const delivery: LeadDelivery = {
  generatedAt: '2026-11-27T08:02:30.000Z',
  tenants: [
    {
      tenant: 'harbourside-motors',
      received: 40,
      delivered: 36,
      waiting: 1,
      failing: 3,
      oldestWaitingSeconds: 930,
      lastError: 'CRM answered 503: upstream maintenance',
    },
    {
      tenant: 'summit-auto-group',
      received: 12,
      delivered: 12,
      waiting: 0,
      failing: 0,
      oldestWaitingSeconds: null,
      lastError: null,
    },
  ],
};

describe('the lead delivery page', () => {
  it("shows a failing tenant's counts, oldest wait and last error as the API gave it", async () => {
    renderConsole('/lead-delivery', { routes: { 'GET /_admin/lead-delivery': { body: delivery } } });
    const row = (await screen.findByRole('rowheader', { name: 'harbourside-motors' })).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(0, 6),
    ).toEqual(['40', '36', '1', '3', '15 min 30 s', 'CRM answered 503: upstream maintenance']);
  });

  it("retries a tenant's leads for an operator and says what the retry did", async () => {
    const sent = recordRequests();
    renderConsole('/lead-delivery', {
      routes: {
        'GET /_admin/lead-delivery': { body: delivery },
        'POST /_admin/lead-delivery/retry': {
          body: {
            tenant: 'harbourside-motors',
            retried: 4,
            inFlight: 0,
            delivered: 3,
            stillWaiting: 1,
            finished: true,
          },
        },
      },
    });
    const row = (await screen.findByRole('rowheader', { name: 'harbourside-motors' })).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Retry now' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Retry now' }));
    expect(
      await screen.findByText('Retried: harbourside-motors: 4 sent again, 3 delivered, 1 still waiting.'),
    ).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({ tenant: 'harbourside-motors' });
  });

  it('offers a viewer no retry', async () => {
    renderConsole('/lead-delivery', {
      account: account({ role: 'viewer' }),
      routes: { 'GET /_admin/lead-delivery': { body: delivery } },
    });
    await screen.findByRole('rowheader', { name: 'harbourside-motors' });
    expect(screen.queryByRole('button', { name: 'Retry now' })).toBeNull();
  });
});
