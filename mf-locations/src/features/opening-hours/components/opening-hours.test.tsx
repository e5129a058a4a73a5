import { renderWithPlatform } from '@forecourt/shared-config/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import type { OpeningHour } from '../../../contract';
import { SALES_HOURS, testLocation } from '../../../lib/test-location';
import { OpeningHoursTable } from './opening-hours';

// Spec sample: service Mon-Fri 7:30-4:30, closed at the weekend.
const SERVICE: OpeningHour[] = [0, 1, 2, 3, 4, 5, 6].map((weekday) =>
  weekday === 0 || weekday === 6
    ? { weekday, status: 'Closed', formated_hours: 'Closed', open: null, close: null }
    : { weekday, status: 'Open', formated_hours: '', open: '07:30', close: '16:30' },
);
const both = testLocation({
  contact_detail: {
    phone: '07 3000 0000',
    landline_phone: null,
    opening_hours: { sales: SALES_HOURS, service: SERVICE },
  },
});
// Tuesday 24 November 2026, 10 am in Brisbane.
const tuesday = new Date('2026-11-24T00:00:00Z');

describe('the opening hours', () => {
  it('offers a type selector when the location keeps several types, sales first', () => {
    renderWithPlatform(<OpeningHoursTable location={both} now={tuesday} />);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Sales', 'Service']);
    expect(screen.getByRole('tab', { name: 'Sales' })).toHaveAttribute('aria-selected', 'true');
  });

  it("shows the service week on its tab: the spec's Monday - Friday 7:30am - 4:30pm", () => {
    renderWithPlatform(<OpeningHoursTable location={both} now={tuesday} />);
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Service' }));
    const table = screen.getByRole('table', { name: 'Service hours, Test Motors Eagle Farm' });
    expect(within(table).getByRole('row', { name: 'Monday - Friday 7:30am - 4:30pm' })).toBeInTheDocument();
  });

  it('shows the service week for a click on its tab alone (a tab chosen on the server’s first paint comes back as a click)', () => {
    renderWithPlatform(<OpeningHoursTable location={both} now={tuesday} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Service' }));
    expect(screen.getByRole('table', { name: 'Service hours, Test Motors Eagle Farm' })).toBeInTheDocument();
  });

  it('has no selector for one type', () => {
    renderWithPlatform(<OpeningHoursTable location={testLocation()} now={tuesday} />);
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it("reads 'Enquire Now' to the booking page on the closed days of the one service location that has one", () => {
    const booking = testLocation({
      location_type: 'service',
      booking_url: 'https://service.example/book',
      contact_detail: { phone: '07 3000 0000', landline_phone: null, opening_hours: { service: SERVICE } },
    });
    renderWithPlatform(<OpeningHoursTable location={booking} now={tuesday} />);
    expect(
      within(screen.getByRole('row', { name: /^Saturday/ })).getByRole('link', { name: 'Enquire Now' }),
    ).toHaveAttribute('href', 'https://service.example/book');
  });

  it("says today's special date instead of the usual hours", () => {
    const holiday = testLocation({
      special_hours: [{ date: '2026-11-24', status: 'By appointment only', start_hour: null, end_hour: null }],
    });
    renderWithPlatform(<OpeningHoursTable location={holiday} now={tuesday} />);
    expect(screen.getByText(/By appointment only/).textContent).toBe('Today: By appointment only');
    expect(screen.getByText('Closed now')).toBeInTheDocument();
  });
});
