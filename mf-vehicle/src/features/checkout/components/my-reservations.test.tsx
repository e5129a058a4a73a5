import { expectConsole, renderWithPlatform, serveRoutes } from '@forecourt/shared-config/testing';
import { screen, within } from '@testing-library/react';
import type { MyReservation } from '../../../contract';
import MyReservations from './my-reservations';

/** `GET /api/vehicle/reservations/mine` answering with this status and body. */
function answerMine(status: number, body: unknown) {
  serveRoutes({ 'GET /api/vehicle/reservations/mine': { status, body } });
}

const reservation = (overrides: Partial<MyReservation> = {}): MyReservation => ({
  id: '0b9f6a52-8f0e-4c1a-9d8e-2f4b7c1e5a10',
  status: 'held',
  heldUntil: '2026-11-26T04:30:00.000Z',
  deposit: 200,
  car: { name: '2021 Toyota Hilux SR5', slug: '2021-toyota-hilux-sr5-ha010001' },
  createdAt: '2026-11-24T04:30:00.000Z',
  ...overrides,
});

describe('MyReservations', () => {
  it('lists a held reservation with its car, the hold’s end on the dealer’s clock and the deposit', async () => {
    answerMine(200, { reservations: [reservation()] });
    renderWithPlatform(<MyReservations />);
    const item = within(await screen.findByRole('listitem'));
    expect(item.getByRole('link', { name: '2021 Toyota Hilux SR5' })).toHaveAttribute(
      'href',
      '/cars/2021-toyota-hilux-sr5-ha010001',
    );
    expect(item.getByText('Held until Thursday 26 November at 3:30 pm AEDT')).toBeInTheDocument();
    expect(item.getByText('Deposit $200', { exact: false })).toBeInTheDocument();
  });

  it('says where each past reservation ended', async () => {
    answerMine(200, {
      reservations: [
        reservation({ id: 'a', status: 'expired' }),
        reservation({ id: 'b', status: 'cancelled' }),
        reservation({ id: 'c', status: 'completed' }),
      ],
    });
    renderWithPlatform(<MyReservations />);
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('strong').textContent)).toEqual([
      'Expired',
      'Cancelled',
      'Completed',
    ]);
  });

  it('names no deposit for a $0 reservation', async () => {
    answerMine(200, { reservations: [reservation({ deposit: 0 })] });
    renderWithPlatform(<MyReservations />);
    const item = within(await screen.findByRole('listitem'));
    expect(item.queryByText(/Deposit/)).not.toBeInTheDocument();
  });

  it('says so when the shopper has no reservations, and links to the stock', async () => {
    answerMine(200, { reservations: [] });
    renderWithPlatform(<MyReservations />);
    expect(await screen.findByText('You have no reservations.', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse our cars' })).toHaveAttribute(
      'href',
      '/search/new-used-and-demo-cars',
    );
  });

  it('says in an alert, with the dealer’s phone, when the reservations cannot be read', async () => {
    answerMine(500, { error: 'boom' });
    expectConsole('error', '[mf-vehicle] /api/vehicle/reservations/mine could not be read');
    renderWithPlatform(<MyReservations />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not load your reservations just now. Please try again in a moment, or call us on 02 9000 0000.',
    );
  });

  it('carries the team’s boundary on its root', async () => {
    answerMine(200, { reservations: [] });
    const { container } = renderWithPlatform(<MyReservations />);
    await screen.findByText('You have no reservations.', { exact: false });
    expect(container.firstElementChild).toHaveAttribute('data-boundary', 'mf-vehicle');
  });
});
