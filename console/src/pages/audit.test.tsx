import { fireEvent, screen, within } from '@testing-library/react';
import type { Audit } from '@forecourt/admin-contract';
import { tenantNames } from '../testing/fixtures';
import { renderConsole } from '../testing/render-console';
import { describeState } from './audit';

const audit: Audit = {
  entries: [
    {
      id: 9,
      at: '2026-11-27T07:40:00.000Z',
      accountId: 2,
      accountName: 'Sam Lee',
      tokenId: null,
      sessionId: 'c3a1',
      action: 'rollback',
      tenant: 'summit-auto-group',
      team: 'mf-search',
      outcome: 'refused',
      before: null,
      after: null,
      reason:
        "403: Sam (tenant-manager): this account may not rollback on 'summit-auto-group' (it holds harbourside-motors)",
    },
    {
      id: 8,
      at: '2026-11-27T07:30:00.000Z',
      accountId: 1,
      accountName: 'Ada Admin',
      tokenId: 1,
      sessionId: null,
      action: 'canary',
      tenant: 'harbourside-motors',
      team: 'mf-search',
      outcome: 'allowed',
      before: { pin: { tenant: 'harbourside-motors', version: '1.1.5', lastGoodVersion: null }, canary: null },
      after: {
        pin: { tenant: 'harbourside-motors', version: '1.1.5', lastGoodVersion: null },
        canary: { version: '1.1.6', percent: 10 },
      },
      reason: null,
    },
  ],
};

describe('the audit page', () => {
  it('shows a refusal with its reason and a change with its before and after', async () => {
    renderConsole('/audit', {
      routes: { 'GET /_admin/audit': { body: audit }, 'GET /_admin/tenant-names': { body: tenantNames() } },
    });
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveAttribute('data-outcome', 'refused');
    expect(rows[1]).toHaveTextContent(
      "403: Sam (tenant-manager): this account may not rollback on 'summit-auto-group' (it holds harbourside-motors)",
    );
    expect(rows[2]).toHaveTextContent('1.1.5 → 1.1.5, canary 1.1.6 at 10%');
  });

  it("asks for one tenant's entries when a tenant is chosen", async () => {
    const asked: string[] = [];
    renderConsole('/audit', {
      routes: {
        'GET /_admin/audit': (request) => {
          asked.push(request.url);
          return { body: audit };
        },
        'GET /_admin/tenant-names': { body: tenantNames() },
      },
    });
    await screen.findByRole('option', { name: 'Summit Auto Group' });
    fireEvent.change(screen.getByLabelText('Tenant'), { target: { value: 'summit-auto-group' } });
    await screen.findAllByRole('row');
    expect(asked).toContain('/_admin/audit?limit=100&tenant=summit-auto-group');
  });
});

describe("an audit entry's state", () => {
  it('is the JSON of anything that is not a pin change', () => {
    expect(describeState({ name: 'Kim', role: 'viewer' })).toBe('{"name":"Kim","role":"viewer"}');
  });
});
