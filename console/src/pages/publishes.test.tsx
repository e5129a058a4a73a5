import { screen } from '@testing-library/react';
import type { Publishes } from '@forecourt/admin-contract';
import { renderConsole } from '../testing/render-console';

const publishes: Publishes = {
  publishes: [
    {
      id: 2,
      at: '2026-11-27T07:00:00.000Z',
      team: 'mf-leads',
      version: '1.0.7',
      actor: 'Ada Admin',
      forced: true,
      reason: 'hotfix for the enquiry form',
      checks: [
        { check: 'exposes', passed: true, reasons: [] },
        { check: 'budget', passed: false, reasons: ['first load 212 KB is over the 180 KB budget'] },
      ],
    },
    {
      id: 1,
      at: '2026-11-26T07:00:00.000Z',
      team: 'mf-search',
      version: '1.1.6',
      actor: 'npm-start',
      forced: false,
      reason: null,
      checks: [{ check: 'exposes', passed: true, reasons: [] }],
    },
  ],
};

describe('the publishes page', () => {
  it('marks a publish forced past the gate, with its reason and the failed check’s reasons', async () => {
    renderConsole('/publishes', { routes: { 'GET /_admin/publishes': { body: publishes } } });
    expect(await screen.findByText('forced past 1 failed check')).toBeInTheDocument();
    expect(screen.getByText('Reason: hotfix for the enquiry form')).toBeInTheDocument();
    expect(screen.getByText('first load 212 KB is over the 180 KB budget')).toBeVisible();
  });

  it('says a publish passed every check', async () => {
    renderConsole('/publishes', { routes: { 'GET /_admin/publishes': { body: publishes } } });
    expect(await screen.findByText('all 1 checks passed')).toBeInTheDocument();
  });
});
