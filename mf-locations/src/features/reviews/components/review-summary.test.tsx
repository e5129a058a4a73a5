import { expectConsole, renderWithPlatform, serveRoutes, testTenant } from '@forecourt/shared-config/testing';
import { screen } from '@testing-library/react';
import { answerApi, locationsLoaded as loaded, restoreFetch } from '../../../testing/fake-api';
import { testLocation } from '../../../lib/test-location';
import ReviewSummary from './review-summary';

afterEach(restoreFetch);

const primary = testLocation({ primary: true });
const parramatta = testLocation({ id: 'test-d1-l2', slug: 'test-motors-parramatta', name: 'Test Motors Parramatta' });

describe('ReviewSummary', () => {
  it("shows the site's stars, average and count, linking to the reviews on the primary location's page", async () => {
    answerApi({ locations: [parramatta, primary] });
    renderWithPlatform(<ReviewSummary />);
    expect(await screen.findByRole('img', { name: '4.6 out of 5 stars' })).toBeInTheDocument();
    expect(screen.getByText('4.6')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '673 reviews' })).toHaveAttribute(
      'href',
      '/our-location/test-motors-eagle-farm#reviews',
    );
  });

  it('counts each dealership once, however many of its locations the site shows', async () => {
    const ford = { average_rating: 4.8, count: 573 };
    const kia = testLocation({
      id: 'test-d2-l1',
      slug: 'test-kia-springwood',
      dealership_id: 'test-d2',
      dealership_slug: 'test-kia',
      reviews: { average_rating: 3.4, count: 100 },
    });
    answerApi({
      locations: [
        testLocation({ primary: true, reviews: ford }),
        testLocation({ id: 'test-d1-l2', slug: 'test-motors-parramatta', reviews: ford }),
        kia,
      ],
    });
    renderWithPlatform(<ReviewSummary />);
    expect(await screen.findByRole('link', { name: '673 reviews' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '4.6 out of 5 stars' })).toBeInTheDocument();
  });

  it('shows nothing on a site that hides reviews, and does not ask for its locations', () => {
    const asked: string[] = [];
    answerApi({ locations: [primary] });
    const answer = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      asked.push(String(input));
      return answer(input, init);
    };
    const { container } = renderWithPlatform(<ReviewSummary />, {
      tenant: testTenant({ locations: { reviews: { hidden: true } } }),
    });
    expect(container).toBeEmptyDOMElement();
    expect(asked).toEqual([]);
  });

  it("shows nothing for an average that does not exceed the site's minimum of 4", async () => {
    answerApi({ locations: [testLocation({ primary: true, reviews: { average_rating: 4, count: 41 } })] });
    const { container } = renderWithPlatform(<ReviewSummary />);
    await loaded();
    expect(container).toBeEmptyDOMElement();
  });

  it("follows the site's own minimum", async () => {
    answerApi({ locations: [testLocation({ primary: true, reviews: { average_rating: 3.8, count: 41 } })] });
    renderWithPlatform(<ReviewSummary />, { tenant: testTenant({ locations: { reviews: { minimumRating: 3.5 } } }) });
    expect(await screen.findByRole('link', { name: '41 reviews' })).toBeInTheDocument();
  });

  it('shows nothing, and logs a warning, when the locations cannot be loaded', async () => {
    serveRoutes({ 'GET /api/locations/locations': 'network-down' });
    expectConsole(
      'error',
      /^\[mf-locations\] \/api\/locations\/locations could not be read TypeError: Failed to fetch/,
    );
    const { container } = renderWithPlatform(<ReviewSummary />);
    await loaded();
    expect(container).toBeEmptyDOMElement();
  });
});
