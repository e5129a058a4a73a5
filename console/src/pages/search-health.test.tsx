import { screen, within } from '@testing-library/react';
import { renderConsole } from '../testing/render-console';

describe('the search page', () => {
  it("shows each tenant's records, snapshot age, p95 and what shoppers found nothing for", async () => {
    renderConsole('/search', {
      routes: {
        'GET /_admin/search-health': {
          body: {
            engine: 'embedded',
            note: 'one index in this process',
            generatedAt: '2026-11-27T08:02:30.000Z',
            tenants: [
              {
                tenant: 'harbourside-motors',
                records: 1200,
                lastWrite: '2026-11-27T07:00:00.000Z',
                snapshotAgeSeconds: 95,
                searchesLastHour: 1520,
                p95Ms: 12.4,
                topNoHits: [{ query: 'tesla cybertruck', count: 4 }],
              },
            ],
          },
        },
      },
    });
    const row = (await screen.findByRole('rowheader', { name: 'harbourside-motors' })).closest('tr') as HTMLElement;
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect([cells[0], cells[2], cells[3], cells[4], cells[5]]).toEqual([
      '1,200',
      '1 min 35 s',
      '1,520',
      '12 ms',
      '“tesla cybertruck” × 4',
    ]);
    expect(screen.getByText("the platform's own search service")).toBeInTheDocument();
  });
});
