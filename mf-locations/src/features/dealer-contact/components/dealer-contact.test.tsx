import { renderWithPlatform, serveRoutes } from '@forecourt/shared-config/testing';
import { screen } from '@testing-library/react';
import { answerApi, restoreFetch } from '../../../testing/fake-api';
import { testLocation } from '../../../lib/test-location';
import DealerContact from './dealer-contact';

afterEach(restoreFetch);

const primary = testLocation({ primary: true });
const parramatta = testLocation({
  id: 'test-d1-l2',
  slug: 'test-motors-parramatta',
  name: 'Test Motors Parramatta',
  contact_detail: { ...primary.contact_detail, phone: '02 9000 0001' },
});

describe('DealerContact', () => {
  it("shows the site's phone and city inside the locations boundary until the locations arrive", () => {
    serveRoutes({ 'GET /api/locations/locations': 'unanswered' });
    renderWithPlatform(<DealerContact />);
    expect(screen.getByRole('region', { name: 'Test Motors' })).toHaveAttribute('data-boundary', 'mf-locations');
    expect(screen.getByRole('link', { name: 'Call Test Motors on 02 9000 0000' })).toHaveAttribute(
      'href',
      'tel:0290000000',
    );
  });

  it("shows the site's primary location with a link to its real page", async () => {
    answerApi({ locations: [primary, parramatta] });
    renderWithPlatform(<DealerContact />);
    expect(await screen.findByRole('region', { name: 'Test Motors Eagle Farm' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View this location' })).toHaveAttribute(
      'href',
      '/our-location/test-motors-eagle-farm',
    );
    expect(screen.getByRole('link', { name: 'View our locations' })).toHaveAttribute('href', '/dealer-locator');
  });

  it('shows the named location, with its own phone', async () => {
    answerApi({ locations: [primary, parramatta] });
    renderWithPlatform(<DealerContact locationSlug="test-motors-parramatta" />);
    expect(await screen.findByRole('link', { name: 'Call Test Motors Parramatta on 02 9000 0001' })).toHaveAttribute(
      'href',
      'tel:0290000001',
    );
    expect(screen.getByRole('link', { name: 'View this location' })).toHaveAttribute(
      'href',
      '/our-location/test-motors-parramatta',
    );
  });

  it("marks the location's address as the dealer's own text", async () => {
    answerApi({ locations: [primary, parramatta] });
    renderWithPlatform(<DealerContact />);
    const address = await screen.findByText('1 Kingsford Smith Drive, Brisbane QLD 4009');
    expect(address.closest('[data-dealer-text]')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'View this location' }).closest('[data-dealer-text]')).toBeNull();
  });
});
