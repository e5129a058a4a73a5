import { renderWithPlatform, testTenant } from '@forecourt/shared-config/testing';
import { screen } from '@testing-library/react';
import { answerApi, restoreFetch } from '../../../testing/fake-api';
import { testLocation } from '../../../lib/test-location';
import { ReviewBadge, ReviewsSection } from './reviews';

describe('the review badge', () => {
  it("shows the spec's sample: 4.6 stars from 673 reviews", () => {
    renderWithPlatform(<ReviewBadge location={testLocation()} />);
    expect(screen.getByRole('img', { name: '4.6 out of 5 stars' })).toBeInTheDocument();
    expect(screen.getByText('673 reviews', { exact: false })).toBeInTheDocument();
  });

  it('shows nothing for an average that does not exceed the minimum of 4', () => {
    const { container } = renderWithPlatform(
      <ReviewBadge location={testLocation({ reviews: { average_rating: 3.8, count: 41 } })} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it("follows the site's own minimum", () => {
    renderWithPlatform(<ReviewBadge location={testLocation({ reviews: { average_rating: 3.8, count: 41 } })} />, {
      tenant: testTenant({ locations: { reviews: { minimumRating: 3.5 } } }),
    });
    expect(screen.getByRole('img', { name: '3.8 out of 5 stars' })).toBeInTheDocument();
  });
});

describe('the reviews section', () => {
  afterEach(() => {
    restoreFetch();
    window.location.hash = '';
    // jsdom does no layout and has no scrollIntoView: the test's own stands in for it.
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it("comes into view once it arrives when the address asks for '#reviews' (the footer's summary links there)", async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    window.location.hash = '#reviews';
    answerApi({ reviews: { dealership_slug: 'test-motors', average_rating: '4.6', count: 673, reviews: [] } });
    renderWithPlatform(<ReviewsSection dealershipSlug="test-motors" dealershipName="Test Motors" />);
    const section = await screen.findByRole('region', { name: 'What customers say about Test Motors' });
    expect(section).toHaveAttribute('id', 'reviews');
    expect(scrolled).toEqual([section]);
  });
});
