import { fireEvent, screen, within } from '@testing-library/react';
import { canary, overview, searchRemote } from '../testing/fixtures';
import { renderConsole } from '../testing/render-console';
import { needsAttention } from './overview';

async function remoteCard(tenant: string, team: string): Promise<HTMLElement> {
  const section = await screen.findByRole('region', { name: `${tenant} (${tenant.toLowerCase().replace(/ /g, '-')})` });
  return within(section).getByRole('article', { name: new RegExp(team) });
}

describe('the tenants overview', () => {
  it("shows a remote's pin, canary with its share, and last good", async () => {
    renderConsole('/tenants/harbourside-motors', { routes: { 'GET /_admin/overview': { body: overview() } } });
    const card = await remoteCard('Harbourside Motors', 'mf-search');
    expect(card).toHaveTextContent('Pin1.1.5');
    expect(card).toHaveTextContent('Canary1.1.6 for 10% of shoppers');
    expect(card).toHaveTextContent('Last good1.1.4');
  });

  it('shows failures by kind for the version that had them', async () => {
    renderConsole('/tenants/harbourside-motors', { routes: { 'GET /_admin/overview': { body: overview() } } });
    const card = await remoteCard('Harbourside Motors', 'mf-search');
    const canary = card.querySelector('[data-version="1.1.6"]') as HTMLElement;
    expect(canary).toHaveAttribute('data-failing', 'true');
    expect(canary).toHaveTextContent('3 failures: mount 2, render 1');
    expect(card.querySelector('[data-version="1.1.5"]')).not.toHaveAttribute('data-failing');
  });

  it("puts each version's reports in a table beside its chart", async () => {
    renderConsole('/tenants/harbourside-motors', { routes: { 'GET /_admin/overview': { body: overview() } } });
    const card = await remoteCard('Harbourside Motors', 'mf-search');
    const table = within(card).getByRole('table', {
      name: 'Harbourside Motors mf-search 1.1.6, reports per 5 minutes',
    });
    const [, row, ...more] = within(table).getAllByRole('row');
    expect(more).toEqual([]);
    expect(row?.querySelector('time')).toHaveAttribute('dateTime', '2026-11-27T08:00:00.000Z');
    expect(
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(1),
    ).toEqual(['12', '3']);
    expect(
      within(card).getByRole('img', {
        name: /^Harbourside Motors mf-search 1\.1\.6: 12 clean, 3 failures in the last hour, per 5 minutes/,
      }),
    ).toBeInTheDocument();
  });

  it('lists a flagged canary first under Needs attention', async () => {
    const data = overview();
    const summit = data.tenants[1];
    if (summit) summit.remotes = [searchRemote({ flagged: true, canary: canary('1.1.7', 5), versions: [] })];
    renderConsole('/tenants/harbourside-motors', { routes: { 'GET /_admin/overview': { body: data } } });
    const attention = await screen.findByRole('region', { name: 'Needs attention' });
    expect(
      within(attention)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Summit Auto Group · mf-search: canary 1.1.7 fails more often than the pin',
      'Harbourside Motors · mf-search: 3 failures',
    ]);
  });

  it("asks for the day's figures when Last day is pressed", async () => {
    const asked: string[] = [];
    renderConsole('/tenants/harbourside-motors', {
      routes: {
        'GET /_admin/overview': (request) => {
          asked.push(request.url);
          return { body: { ...overview(), window: request.url.includes('day') ? 'day' : 'hour' } };
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Last day' }));
    expect(await screen.findByRole('button', { name: 'Last day', pressed: true })).toBeInTheDocument();
    expect(asked).toContain('/_admin/overview?window=day&tenant=harbourside-motors');
  });

  it('shows why it cannot load the tenants, in the API’s words', async () => {
    renderConsole('/tenants/harbourside-motors', {
      routes: {
        'GET /_admin/overview': {
          status: 403,
          body: { error: 'Sam (viewer): this account may not read on every tenant' },
        },
      },
    });
    expect(await screen.findByText('Sam (viewer): this account may not read on every tenant')).toBeInTheDocument();
  });
});

describe('what needs attention', () => {
  it('leaves out remotes with no failure and no flag', () => {
    expect(needsAttention(overview().tenants).map(({ remote, tenant }) => `${tenant.tenant} ${remote.team}`)).toEqual([
      'harbourside-motors mf-search',
    ]);
  });
});
