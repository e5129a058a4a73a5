import { renderWithPlatform, testTenant } from '@forecourt/shared-config/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
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

// The mega-menu's and the dialog's code load on demand; compiled once here, so a test waits for
// the page, not for the first compile of Radix on a busy machine.
beforeAll(async () => {
  await import('./brand-menu');
  await import('@forecourt/shared-config/dialog');
});

const mainMenu = () => screen.getAllByRole('navigation', { name: 'Main' })[0]!;

describe('brand mega-menu', () => {
  it('has a column per category the site sells, then Our Brands', () => {
    renderWithPlatform(<Header />, { tenant: group });
    const nav = mainMenu();
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent?.replace('▼', '').trim()),
    ).toEqual(['Car', 'Motorcycle', 'Truck']);
    expect(within(nav).getByRole('link', { name: 'Our Brands' })).toHaveAttribute('href', '/brands');
  });

  it('leaves out a category with no brands', () => {
    renderWithPlatform(<Header />, {
      tenant: testTenant({ brands: [{ title: 'Toyota', slug: 'toyota', category: 'car' }] }),
    });
    expect(
      screen
        .getAllByRole('button', { name: /Car|Motorcycle|Truck/ })
        .map((b) => b.textContent?.replace('▼', '').trim()),
    ).toEqual(['Car']);
  });

  it('opens a category’s brands on click, each to its overview, or to its stock where the brand skips its page', async () => {
    renderWithPlatform(<Header />, { tenant: group });
    fireEvent.click(screen.getByRole('button', { name: /Truck/ }));
    expect(await screen.findByRole('link', { name: 'Fuso' })).toHaveAttribute('href', '/search/fuso');
    expect(screen.getByRole('button', { name: /Truck/ })).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(screen.getByRole('button', { name: /Car/ }));
    expect(screen.getByRole('link', { name: 'Ford' })).toHaveAttribute('href', '/ford/overview');
    expect(screen.queryByRole('link', { name: 'Fuso' })).toBeNull();
  });

  it('has no brand menu on a site without brands, only its links', () => {
    renderWithPlatform(<Header />, {
      tenant: testTenant({ nav: [{ label: 'Used cars', href: '/search/used-cars' }] }),
    });
    expect(screen.queryByRole('link', { name: 'Our Brands' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Used cars' })).toHaveAttribute('href', '/search/used-cars');
  });
});

describe('the mega-menu, loaded when the shopper reaches for the menu', () => {
  /** Radix's triggers carry ids of their own; the page's first markup has none. */
  const radixMenu = () => within(mainMenu()).getAllByRole('button')[0]!.hasAttribute('id');

  it('is the page’s own markup until the pointer enters the menu, then Radix’s', async () => {
    renderWithPlatform(<Header />, { tenant: group });
    await act(async () => undefined);
    expect(radixMenu()).toBe(false);
    fireEvent.pointerEnter(mainMenu());
    await waitFor(() => expect(radixMenu()).toBe(true));
  });

  it('opens the category the shopper clicked before it arrived', async () => {
    renderWithPlatform(<Header />, { tenant: group });
    fireEvent.click(screen.getByRole('button', { name: /Motorcycle/ }));
    expect(await screen.findByRole('link', { name: 'Yamaha' })).toHaveAttribute('href', '/yamaha/overview');
    expect(screen.getByRole('button', { name: /Motorcycle/ })).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens the category the pointer rests on when it arrives', async () => {
    renderWithPlatform(<Header />, { tenant: group });
    fireEvent.pointerEnter(mainMenu());
    fireEvent.pointerOver(screen.getByRole('button', { name: /Car/ }));
    expect(await screen.findByRole('link', { name: 'Ford' })).toBeInTheDocument();
  });

  it('opens none when the pointer left the menu before it arrived', async () => {
    renderWithPlatform(<Header />, { tenant: group });
    fireEvent.pointerEnter(mainMenu());
    fireEvent.pointerOver(screen.getByRole('button', { name: /Car/ }));
    fireEvent.pointerLeave(mainMenu());
    await waitFor(() => expect(radixMenu()).toBe(true));
    expect(screen.queryByRole('link', { name: 'Ford' })).toBeNull();
  });

  it('follows a link pressed while it arrives: the swap waits for the press to end', async () => {
    renderWithPlatform(<Header />, { tenant: group });
    const finance = within(mainMenu()).getByRole('link', { name: 'Finance' });
    const followed = jest.fn((event: MouseEvent) => event.preventDefault());
    finance.addEventListener('click', followed);
    fireEvent.pointerEnter(mainMenu());
    fireEvent.pointerDown(finance);
    // The code has arrived (compiled in beforeAll, so the menu's own import settles first); the
    // press has not ended, so the link pressed is still the page's.
    await act(async () => {
      await import('./brand-menu');
    });
    expect(radixMenu()).toBe(false);
    expect(finance).toBeInTheDocument();
    fireEvent.pointerUp(finance);
    fireEvent.click(finance);
    expect(followed).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(radixMenu()).toBe(true));
  });

  it('keeps focus on the control the shopper was on when it arrives', async () => {
    renderWithPlatform(<Header />, { tenant: group });
    act(() => screen.getByRole('button', { name: /Motorcycle/ }).focus());
    await waitFor(() => expect(radixMenu()).toBe(true));
    expect(screen.getByRole('button', { name: /Motorcycle/ })).toHaveFocus();
    expect(screen.getByRole('button', { name: /Motorcycle/ })).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('mobile menu', () => {
  it('opens a dialog with the site’s links and brands, and closes on Escape', async () => {
    renderWithPlatform(<Header />, { tenant: group });
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
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
    expect(screen.getByRole('link', { name: 'Stocktake sale on now: ends 24 July' })).toHaveAttribute(
      'href',
      '/special-offers',
    );
    unmount();
    jest.setSystemTime(new Date('2025-07-25T00:00:00+10:00'));
    renderWithPlatform(<Header />, { tenant: testTenant({ chrome: { stocktakeBanner: true } }) });
    expect(screen.queryByText(/Stocktake/)).toBeNull();
  });
});
