import { renderWithPlatform, testTenant } from '@forecourt/shared-config/testing';
import { screen } from '@testing-library/react';
import { testLocation } from '../../../lib/test-location';
import { ReviewBadge } from './reviews';

describe('the review badge', () => {
  it("shows the spec's sample: 4.6 stars from 673 reviews", () => {
    renderWithPlatform(<ReviewBadge location={testLocation()} />);
    expect(screen.getByRole('img', { name: '4.6 out of 5 stars' })).toBeInTheDocument();
    expect(screen.getByText('673 reviews', { exact: false })).toBeInTheDocument();
  });

  it('shows nothing for an average that does not exceed the minimum of 4', () => {
    const { container } = renderWithPlatform(<ReviewBadge location={testLocation({ reviews: { average_rating: 3.8, count: 41 } })} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("follows the site's own minimum", () => {
    renderWithPlatform(<ReviewBadge location={testLocation({ reviews: { average_rating: 3.8, count: 41 } })} />, { tenant: testTenant({ locations: { reviews: { minimumRating: 3.5 } } }) });
    expect(screen.getByRole('img', { name: '3.8 out of 5 stars' })).toBeInTheDocument();
  });
});
