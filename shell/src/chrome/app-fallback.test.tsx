import { screen } from '@testing-library/react';
import { renderWithPlatform } from '@forecourt/shared-config/testing';
import { AppFallback } from './app-fallback';

it("names the missing feature and offers the dealer's phone in an app's area", () => {
  renderWithPlatform(<AppFallback remote="mf-finance" />);
  expect(screen.getByRole('alert')).toHaveTextContent('Finance is temporarily unavailable');
  expect(screen.getByRole('link', { name: '02 9000 0000' })).toHaveAttribute('href', 'tel:0290000000');
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
});

it('is a short status line, not an alert, for a fragment inside another page', () => {
  renderWithPlatform(<AppFallback remote="mf-locations" inline />);
  expect(screen.getByRole('status')).toHaveTextContent(
    'Our locations is temporarily unavailable. Please try again in a moment, or call us on 02 9000 0000.',
  );
  expect(screen.queryByRole('alert')).toBeNull();
});
