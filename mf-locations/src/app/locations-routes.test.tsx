import { renderWithPlatform, testRouteHeadings, testTenant } from '@forecourt/shared-config/testing';
import { screen } from '@testing-library/react';
import routes from '../../routes.json';
import { LocationsRoutes } from './locations-app';

function renderAt(route: string, tenant = testTenant()) {
  return renderWithPlatform(<LocationsRoutes />, { route, tenant });
}

describe('locations routes', () => {
  testRouteHeadings({
    renderAt,
    headings: [
      ['/our-location/test-motors-parramatta', 'Test Motors Parramatta'],
      ['/locations/test-motors-parramatta', 'Test Motors Parramatta'],
      ['/dealer-locator', 'Dealer locator'],
    ],
    routes,
  });
});

describe('location page', () => {
  it("uses the tenant's name for the tenant's own slug", () => {
    renderAt('/locations/test-motors');
    expect(screen.getByRole('heading', { level: 1, name: 'Test Motors' })).toBeInTheDocument();
  });

  it('shows the tenant city and state', () => {
    renderAt('/locations/test-motors');
    expect(screen.getByText('Visit Test Motors in Sydney, NSW.')).toBeInTheDocument();
  });

  it('offers the phone as a call link', () => {
    renderAt('/our-location/test-motors');
    expect(screen.getByRole('link', { name: 'Call Test Motors on 02 9000 0000' })).toHaveAttribute('href', 'tel:0290000000');
  });

  it('offers directions to the location', () => {
    renderAt('/our-location/test-motors-parramatta');
    expect(screen.getByRole('link', { name: 'Get Directions' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=Test%20Motors%20Parramatta%2C%20Sydney%20NSW',
    );
  });

  it('links to the contact page when the site takes enquiries', () => {
    renderAt('/our-location/test-motors');
    expect(screen.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
  });

  it('leaves out the contact link when the site takes no enquiries', () => {
    renderAt('/our-location/test-motors', testTenant({ features: { 'mf-leads': false } }));
    expect(screen.queryByRole('link', { name: 'Contact' })).not.toBeInTheDocument();
  });
});
