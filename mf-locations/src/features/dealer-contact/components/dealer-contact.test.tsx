import { renderWithPlatform } from '@forecourt/shared-config/testing';
import { screen } from '@testing-library/react';
import DealerContact from './dealer-contact';

describe('DealerContact', () => {
  it('names the dealer, inside the locations boundary', () => {
    renderWithPlatform(<DealerContact />);
    expect(screen.getByRole('region', { name: 'Test Motors' })).toHaveAttribute('data-boundary', 'mf-locations');
  });

  it('shows the city and state', () => {
    renderWithPlatform(<DealerContact />);
    expect(screen.getByText('Sydney, NSW')).toBeInTheDocument();
  });

  it('offers the phone as a call link', () => {
    renderWithPlatform(<DealerContact />);
    expect(screen.getByRole('link', { name: 'Call Test Motors on 02 9000 0000' })).toHaveAttribute('href', 'tel:0290000000');
  });

  it("links to the tenant's locations page", () => {
    renderWithPlatform(<DealerContact />);
    expect(screen.getByRole('link', { name: 'View our locations' })).toHaveAttribute('href', '/locations/test-motors');
  });

  it('names one location and links to its page when asked for it', () => {
    renderWithPlatform(<DealerContact locationSlug="test-motors-parramatta" />);
    expect(screen.getByRole('region', { name: 'Test Motors Parramatta' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View this location' })).toHaveAttribute('href', '/locations/test-motors-parramatta');
  });
});
