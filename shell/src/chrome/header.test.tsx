import { renderWithPlatform, testTenant } from '@forecourt/shared-config/testing';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Header } from './header';

const group = testTenant({
  kind: 'dealer-group',
  nav: [{ label: 'Finance', href: '/finance' }],
  brands: [
    { title: 'Ford', slug: 'ford', category: 'car' },
    { title: 'Yamaha', slug: 'yamaha', category: 'motorcycle' },
    { title: 'Fuso', slug: 'fuso', category: 'truck', skipPage: true },
  ],
});

describe('brand mega-menu', () => {
  it('has a column per category the site sells, then Our Brands', () => {
    renderWithPlatform(<Header />, { tenant: group });
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    expect(within(nav).getAllByRole('button').map((b) => b.textContent?.replace('▼', '').trim())).toEqual(['Car', 'Motorcycle', 'Truck']);
    expect(within(nav).getByRole('link', { name: 'Our Brands' })).toHaveAttribute('href', '/brands');
  });

  it('leaves out a category with no brands', () => {
    renderWithPlatform(<Header />, { tenant: testTenant({ brands: [{ title: 'Toyota', slug: 'toyota', category: 'car' }] }) });
    expect(screen.getAllByRole('button', { name: /Car|Motorcycle|Truck/ }).map((b) => b.textContent?.replace('▼', '').trim())).toEqual(['Car']);
  });

  it('opens a category’s brands on click, each to its overview, or to its stock where the brand skips its page', () => {
    renderWithPlatform(<Header />, { tenant: group });
    fireEvent.click(screen.getByRole('button', { name: /Truck/ }));
    expect(screen.getByRole('button', { name: /Truck/ })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Fuso' })).toHaveAttribute('href', '/search/fuso');
    fireEvent.click(screen.getByRole('button', { name: /Car/ }));
    expect(screen.getByRole('link', { name: 'Ford' })).toHaveAttribute('href', '/ford/overview');
    expect(screen.queryByRole('link', { name: 'Fuso' })).toBeNull();
  });

  it('has no brand menu on a site without brands, only its links', () => {
    renderWithPlatform(<Header />, { tenant: testTenant({ nav: [{ label: 'Used cars', href: '/search/used-cars' }] }) });
    expect(screen.queryByRole('link', { name: 'Our Brands' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Used cars' })).toHaveAttribute('href', '/search/used-cars');
  });
});

describe('mobile menu', () => {
  it('opens a dialog with the site’s links and brands, and closes on Escape', () => {
    renderWithPlatform(<Header />, { tenant: group });
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(dialog).getByRole('link', { name: 'Finance' })).toHaveAttribute('href', '/finance');
    expect(within(dialog).getByRole('link', { name: 'Yamaha' })).toHaveAttribute('href', '/yamaha/overview');
    expect(within(dialog).getByRole('link', { name: 'Call 02 9000 0000' })).toHaveAttribute('href', 'tel:0290000000');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('sales counter', () => {
  afterEach(() => jest.useRealTimers());

  it('shows the month’s sales on Brisbane time and moves on every 150 seconds', () => {
    jest.useFakeTimers({ now: new Date('2026-11-24T06:15:00+10:00') });
    renderWithPlatform(<Header />, { tenant: testTenant({ chrome: { salesCounter: true } }) });
    expect(screen.getByText('4,466', { exact: false }).parentElement).toHaveTextContent('4,466 cars sold this month');
    act(() => jest.advanceTimersByTime(450_000));
    expect(screen.getByText('4,467', { exact: false })).toBeInTheDocument();
  });

  it('is not shown on a site that does not switch it on', () => {
    renderWithPlatform(<Header />, { tenant: testTenant() });
    expect(screen.queryByText(/sold this month/)).toBeNull();
  });

  it('shows the stocktake sale only inside its window', () => {
    jest.useFakeTimers({ now: new Date('2025-07-24T20:00:00+10:00') });
    const { unmount } = renderWithPlatform(<Header />, { tenant: testTenant({ chrome: { stocktakeBanner: true } }) });
    expect(screen.getByRole('link', { name: 'Stocktake sale on now: ends 24 July' })).toHaveAttribute('href', '/special-offers');
    unmount();
    jest.setSystemTime(new Date('2025-07-25T00:00:00+10:00'));
    renderWithPlatform(<Header />, { tenant: testTenant({ chrome: { stocktakeBanner: true } }) });
    expect(screen.queryByText(/Stocktake/)).toBeNull();
  });
});
