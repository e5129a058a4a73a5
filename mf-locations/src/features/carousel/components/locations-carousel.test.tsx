import { renderWithPlatform } from '@forecourt/shared-config/testing';
import { fireEvent, render, screen } from '@testing-library/react';
import { testLocation } from '../../../lib/test-location';
import { LocationsCarousel, useCarousel } from './locations-carousel';

const five = Array.from({ length: 5 }, (_, i) => testLocation({ id: `l${i}`, slug: `yard-${i}`, name: `Yard ${i}` }));

describe('the Our Locations carousel', () => {
  it('starts with previous disabled and next enabled', () => {
    renderWithPlatform(<LocationsCarousel locations={five} />);
    expect(screen.getByRole('button', { name: 'Previous locations' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next locations' })).toBeEnabled();
  });

  it('disables next at the last card', () => {
    renderWithPlatform(<LocationsCarousel locations={five} />);
    const next = screen.getByRole('button', { name: 'Next locations' });
    for (let i = 0; i < 4; i++) fireEvent.click(next);
    expect(next).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous locations' })).toBeEnabled();
  });

  it('offers View Location and View Our Stock for each location', () => {
    renderWithPlatform(<LocationsCarousel locations={five} />);
    expect(screen.getByRole('link', { name: 'View location: Yard 2' })).toHaveAttribute('href', '/our-location/yard-2');
    expect(screen.getByRole('link', { name: 'View our stock at Yard 2' })).toHaveAttribute('href', '/search/yard-2');
  });

  it('uses the large layout above 4 locations, and the Swipe hint at 3 or fewer', () => {
    const { unmount } = renderWithPlatform(<LocationsCarousel locations={five} />);
    expect(screen.getByRole('region', { name: 'Our Locations' })).toHaveAttribute('data-layout', 'large');
    expect(screen.queryByText('Swipe →')).not.toBeInTheDocument();
    unmount();
    renderWithPlatform(<LocationsCarousel locations={five.slice(0, 3)} />);
    expect(screen.getByRole('region', { name: 'Our Locations' })).toHaveAttribute('data-layout', 'standard');
    expect(screen.getByText('Swipe →')).toBeInTheDocument();
  });

  it('throws when a carousel part is used outside a carousel', () => {
    const Orphan = () => <p>{useCarousel().count}</p>;
    expect(() => render(<Orphan />)).toThrow('useCarousel must be used within a <LocationsCarousel>');
  });

  it("marks each location's address as the dealer's own text (a Drive or a Car Park is the dealer's word)", () => {
    renderWithPlatform(<LocationsCarousel locations={five.slice(0, 1)} />);
    expect(screen.getByText('1 Kingsford Smith Drive, Brisbane QLD').closest('[data-dealer-text]')).not.toBeNull();
    expect(screen.getByRole('heading', { name: 'Yard 0' }).closest('[data-dealer-text]')).toBeNull();
  });
});
