import { failurePolicy, installFailurePolicy, type Failure } from '@forecourt/shared-config';
import { renderWithPlatform, testTenant } from '@forecourt/shared-config/testing';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { act, screen, within } from '@testing-library/react';
import { Footer } from './footer';

// The federation runtime is the boundary: these tests are about where the footer puts
// mf-locations's review summary and what it shows when the summary cannot load.
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn() }));
const load = jest.mocked(loadRemote);

const shellPolicy = failurePolicy();
let reports: Failure[];

beforeEach(() => {
  reports = [];
  installFailurePolicy({
    report: (failure) => reports.push(failure),
    Fallback: ({ remote }) => <p>{`${remote} is unavailable`}</p>,
    fragmentTimeoutMs: 60_000,
  });
  // The summary still loading (nothing shown) unless a test is about it.
  load.mockReturnValue(new Promise(() => undefined));
});

afterEach(() => {
  installFailurePolicy(shellPolicy);
  load.mockReset();
});

describe('footer', () => {
  it('shows the site’s link columns', () => {
    renderWithPlatform(<Footer />, {
      tenant: testTenant({
        chrome: { footer: [{ heading: 'Owners', links: [{ label: 'Warranty', href: '/pages/warranty' }] }] },
      }),
    });
    expect(
      within(screen.getByRole('navigation', { name: 'Owners' })).getByRole('link', { name: 'Warranty' }),
    ).toHaveAttribute('href', '/pages/warranty');
  });

  it('shows the five accepted payment methods on a site with the strip', () => {
    renderWithPlatform(<Footer />, { tenant: testTenant({ chrome: { paymentStrip: true } }) });
    expect(
      within(screen.getByRole('list', { name: 'Payment methods accepted' }))
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['Mastercard', 'Visa', 'Maestro', 'Google Pay', 'Apple Pay']);
  });

  it('has no payment strip or feature banner on a site without them', () => {
    renderWithPlatform(<Footer />, { tenant: testTenant() });
    expect(screen.queryByRole('list', { name: 'Payment methods accepted' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Features' })).toBeNull();
  });

  it('shows the feature banner’s three features with their pages', () => {
    renderWithPlatform(<Footer />, { tenant: testTenant({ chrome: { featureBanner: true } }) });
    const links = within(screen.getByRole('region', { name: 'Features' })).getAllByRole('link');
    expect(links.map((l) => [l.querySelector('strong')?.textContent, l.getAttribute('href')])).toEqual([
      ['See our latest offers', '/special-offers'],
      ['Book your service online', '/service'],
      ['Sell your car', '/sell-my-car'],
    ]);
    expect(links[1]).toHaveTextContent('Save time and book online');
    expect(links[2]).toHaveTextContent('Get an instant offer in 2 minutes');
  });

  it("shows mf-locations's review summary under the phone", async () => {
    load.mockResolvedValue({ default: () => <p>4.6 · 673 reviews</p> });
    renderWithPlatform(<Footer />);
    const contact = screen.getByRole('region', { name: 'Contact Test Motors' });
    expect(await within(contact).findByText('4.6 · 673 reviews')).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('mf_locations/ReviewSummary');
    expect(
      within(contact).getByRole('link', { name: '02 9000 0000' }).closest('p')!.nextElementSibling,
    ).toHaveTextContent('4.6 · 673 reviews');
  });

  it('asks for no review summary on a site without mf-locations', async () => {
    renderWithPlatform(<Footer />, { tenant: testTenant({ features: { 'mf-locations': false } }) });
    // RemoteFragment asks the runtime a tick after it mounts.
    await act(async () => undefined);
    expect(load).not.toHaveBeenCalled();
  });

  it('shows nothing in place of a review summary that cannot load, and reports it', async () => {
    load.mockRejectedValue(new Error('RUNTIME-008'));
    renderWithPlatform(<Footer />);
    await act(async () => undefined);
    expect(reports.map((failure) => [failure.kind, failure.remote])).toEqual([['fragment-error', 'mf-locations']]);
    const contact = screen.getByRole('region', { name: 'Contact Test Motors' });
    expect(within(contact).queryByText('mf-locations is unavailable')).not.toBeInTheDocument();
    expect(contact).toHaveTextContent(/^Test MotorsSydney NSW02 9000 0000$/);
  });

  it('asks for the review summary only when the footer comes near the window', async () => {
    let report: ((entries: Array<{ isIntersecting: boolean }>) => void) | undefined;
    globalThis.IntersectionObserver = class {
      constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
        report = callback;
      }
      observe() {}
      disconnect() {}
    } as unknown as typeof IntersectionObserver;
    try {
      renderWithPlatform(<Footer />);
      await act(async () => undefined);
      expect(load).not.toHaveBeenCalled();
      act(() => report?.([{ isIntersecting: true }]));
      await act(async () => undefined);
      expect(load).toHaveBeenCalledWith('mf_locations/ReviewSummary');
    } finally {
      delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    }
  });
});
