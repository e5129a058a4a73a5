import { renderWithPlatform, testTenant } from '@forecourt/shared-config/testing';
import { screen, within } from '@testing-library/react';
import { GroupLanding } from './group-landing';

const group = testTenant({
  kind: 'dealer-group',
  brands: [
    { title: 'Ford', slug: 'ford', category: 'car' },
    { title: 'Yamaha', slug: 'yamaha', category: 'motorcycle' },
    { title: 'Fuso', slug: 'fuso', category: 'truck', skipPage: true },
  ],
});

describe('group landing', () => {
  it('shows the stats banner: 50+ locations, 40+ brands, 30+ years', () => {
    renderWithPlatform(<GroupLanding />, { tenant: group });
    expect(
      within(screen.getByRole('list', { name: 'Test Motors in numbers' }))
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['50+locations', '40+brands', '30+years']);
  });

  it('shows a grid per category, each brand to its overview or, skipping its page, to its stock', () => {
    renderWithPlatform(<GroupLanding />, { tenant: group });
    expect(within(screen.getByRole('region', { name: 'Car' })).getByRole('link', { name: 'Ford' })).toHaveAttribute(
      'href',
      '/ford/overview',
    );
    expect(
      within(screen.getByRole('region', { name: 'Motorcycle' })).getByRole('link', { name: 'Yamaha' }),
    ).toHaveAttribute('href', '/yamaha/overview');
    expect(within(screen.getByRole('region', { name: 'Truck' })).getByRole('link', { name: 'Fuso' })).toHaveAttribute(
      'href',
      '/search/fuso',
    );
    expect(screen.getByRole('link', { name: 'Our Brands: all 3 of them' })).toHaveAttribute('href', '/brands');
  });

  it('sends a brand that skips its page to /used-car/{brand} on a used-only group with search.usedCarPaths', () => {
    const usedGroup = testTenant({
      kind: 'dealer-group',
      search: { carTypes: ['used'], usedCarPaths: true },
      brands: [{ title: 'Fuso', slug: 'fuso', category: 'truck', skipPage: true }],
    });
    renderWithPlatform(<GroupLanding />, { tenant: usedGroup });
    expect(within(screen.getByRole('region', { name: 'Truck' })).getByRole('link', { name: 'Fuso' })).toHaveAttribute(
      'href',
      '/used-car/fuso',
    );
  });

  it('is not on a single dealer’s home page, even one with brands', () => {
    renderWithPlatform(<GroupLanding />, {
      tenant: testTenant({ brands: [{ title: 'Toyota', slug: 'toyota', category: 'car' }] }),
    });
    expect(screen.queryByRole('region', { name: 'Car' })).toBeNull();
  });
});
