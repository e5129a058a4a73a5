import { renderWithPlatform, testTenant } from '@forecourt/shared-config/testing';
import { screen, within } from '@testing-library/react';
import { Footer } from './footer';

describe('footer', () => {
  it('shows the site’s link columns', () => {
    renderWithPlatform(<Footer />, { tenant: testTenant({ chrome: { footer: [{ heading: 'Owners', links: [{ label: 'Warranty', href: '/pages/warranty' }] }] } }) });
    expect(within(screen.getByRole('navigation', { name: 'Owners' })).getByRole('link', { name: 'Warranty' })).toHaveAttribute('href', '/pages/warranty');
  });

  it('shows the five accepted payment methods on a site with the strip', () => {
    renderWithPlatform(<Footer />, { tenant: testTenant({ chrome: { paymentStrip: true } }) });
    expect(within(screen.getByRole('list', { name: 'Payment methods accepted' })).getAllByRole('listitem').map((i) => i.textContent)).toEqual(['Mastercard', 'Visa', 'Maestro', 'Google Pay', 'Apple Pay']);
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
    expect(links[2]).toHaveTextContent('Instant offer in 2 minutes.');
  });
});
