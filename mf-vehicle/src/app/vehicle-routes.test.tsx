import { renderWithPlatform, testRouteHeadings, testTenant } from '@forecourt/shared-config/testing';
import { screen, within } from '@testing-library/react';
import routes from '../../routes.json';
import { VehicleRoutes } from './vehicle-app';

function renderAt(route: string, tenant = testTenant()) {
  return renderWithPlatform(<VehicleRoutes />, { route, tenant });
}

describe('vehicle routes', () => {
  testRouteHeadings({
    renderAt,
    routes,
    slug: '2021-toyota-hilux',
  });
});

describe('vehicle page', () => {
  it('titles the page from the slug', () => {
    renderAt('/cars/2021-toyota-hilux-sr5');
    expect(screen.getByRole('heading', { level: 1, name: '2021 Toyota Hilux Sr5' })).toBeInTheDocument();
  });

  it('shows the breadcrumb with the tenant item noun', () => {
    renderAt('/cars/2019-jayco-starcraft', testTenant({ search: { itemNoun: 'caravan' } }));
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getByRole('link', { name: 'Caravans' })).toHaveAttribute('href', '/search/new-used-and-demo-cars');
  });

  it('shows the year in the key information', () => {
    renderAt('/cars/2021-toyota-hilux-sr5');
    const keyInfo = within(screen.getByRole('region', { name: 'Key information' }));
    expect(keyInfo.getByText('2021')).toBeInTheDocument();
  });

  it('leaves the year out when the slug has none', () => {
    renderAt('/cars/toyota-hilux');
    expect(screen.queryByText('Year')).not.toBeInTheDocument();
  });

  it('offers the dealer phone as a call link', () => {
    renderAt('/cars/2021-toyota-hilux-sr5');
    expect(screen.getByRole('link', { name: 'Call Test Motors on 02 9000 0000' })).toHaveAttribute('href', 'tel:0290000000');
  });

  it('links to reserve this car online', () => {
    renderAt('/cars/2021-toyota-hilux-sr5');
    expect(screen.getByRole('link', { name: 'Reserve online' })).toHaveAttribute('href', '/cars/2021-toyota-hilux-sr5/checkout');
  });

  it('leaves out the finance link when the site has no finance', () => {
    renderAt('/cars/2021-toyota-hilux-sr5', testTenant({ features: { 'mf-finance': false } }));
    expect(screen.queryByRole('link', { name: 'Get finance' })).not.toBeInTheDocument();
  });
});

describe('checkout page', () => {
  it('names the reservation with the tenant item noun', () => {
    renderAt('/cars/2019-jayco-starcraft/checkout', testTenant({ search: { itemNoun: 'caravan' } }));
    expect(screen.getByRole('heading', { level: 1, name: 'Reserve this caravan online' })).toBeInTheDocument();
  });

  it('states the default deposit', () => {
    renderAt('/cars/2021-toyota-hilux/checkout');
    expect(screen.getByText('Pay a $200 deposit to reserve this car.')).toBeInTheDocument();
  });

  it('states the 48-hour hold', () => {
    renderAt('/cars/2021-toyota-hilux/buy-online');
    expect(screen.getByText('We hold the car for you for 48 hours.')).toBeInTheDocument();
  });

  it('states that the deposit is refundable', () => {
    renderAt('/cars/2021-toyota-hilux/checkout');
    expect(screen.getByText('Your deposit is 100% refundable.')).toBeInTheDocument();
  });

  it('links back to the car from the checkout journey', () => {
    renderAt('/checkout-journey?car_id=2021-toyota-hilux');
    expect(screen.getByRole('link', { name: '2021 Toyota Hilux' })).toHaveAttribute('href', '/cars/2021-toyota-hilux');
  });
});

describe('print page', () => {
  it('titles the page from car_id', () => {
    renderAt('/print?car_id=2021-toyota-hilux');
    expect(screen.getByRole('heading', { level: 1, name: '2021 Toyota Hilux' })).toBeInTheDocument();
  });

  it('offers to print', () => {
    renderAt('/print?car_id=2021-toyota-hilux');
    expect(screen.getByRole('button', { name: 'Print this page' })).toBeInTheDocument();
  });

  it('sends a visitor without car_id to the stock', () => {
    renderAt('/print');
    expect(screen.getByRole('link', { name: 'Browse our cars' })).toHaveAttribute('href', '/search/new-used-and-demo-cars');
  });
});
