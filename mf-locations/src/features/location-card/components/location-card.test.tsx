import { renderWithPlatform } from '@forecourt/shared-config/testing';
import { screen } from '@testing-library/react';
import { testLocation } from '../../../lib/test-location';
import { LocationCard } from './location-card';

describe('the location card', () => {
  it("marks the address as the dealer's own text (a Drive or a Car Park is the dealer's word, not the site's)", () => {
    renderWithPlatform(<LocationCard location={testLocation()} />);
    expect(
      screen.getByRole('link', { name: '1 Kingsford Smith Drive, Brisbane QLD 4009' }).closest('[data-dealer-text]'),
    ).not.toBeNull();
  });

  it("leaves the card's own words unmarked", () => {
    renderWithPlatform(<LocationCard location={testLocation()} />);
    expect(
      screen.getByRole('link', { name: 'View details of Test Motors Eagle Farm' }).closest('[data-dealer-text]'),
    ).toBeNull();
  });
});
