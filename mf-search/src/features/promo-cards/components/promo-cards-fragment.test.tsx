import { renderWithPlatform, serveRoutes, testTenant } from '@forecourt/shared-config/testing';
import { screen, within } from '@testing-library/react';
import type { PromoCardData } from '../../../contract';
import PromoCards from './promo-cards-fragment';

const node = (overrides: Partial<PromoCardData>): PromoCardData => ({
  id: 'want-your-car',
  start: null,
  expiry: null,
  position: 1,
  display: [],
  strictDisplay: false,
  title: 'We Want Your Car!',
  text: 'We buy all types of cars / Our high turnover means we can pay more',
  href: '/trade-in',
  imageUrl: null,
  ...overrides,
});

const NODES = [
  node({}),
  node({
    id: 'runout',
    position: 2,
    display: ['new', 'demo'],
    title: 'Runout pricing',
    text: 'Runout pricing on selected new and demo stock',
    href: '/special-offers',
  }),
  node({
    id: 'used-only',
    position: 3,
    display: ['used'],
    strictDisplay: true,
    title: 'Used car clearance',
    text: 'Only on used cars',
    href: '/search/used-cars',
  }),
  node({ id: 'ended', position: 4, expiry: '2020-01-01T00:00:00.000Z', title: 'Last year’s sale', text: 'Over' }),
];

async function cardsOn(tenant = testTenant()) {
  serveRoutes({ 'GET /api/search/promos': { body: { promos: NODES } } });
  renderWithPlatform(<PromoCards />, { tenant });
  const list = await screen.findByRole('list', { name: 'Offers' });
  return within(list)
    .getAllByRole('article')
    .map((card) => card.getAttribute('aria-label'));
}

describe("the blog listing's promotional cards (the results' promo rule)", () => {
  it('shows the site’s live promo cards in their order, with the results card’s text and link', async () => {
    expect(await cardsOn()).toEqual(['We Want Your Car!', 'Runout pricing']);
    expect(screen.getByText('We buy all types of cars')).toBeInTheDocument();
    expect(screen.getByText('Our high turnover means we can pay more')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'We Want Your Car!' })).getByRole('link')).toHaveAttribute(
      'href',
      '/trade-in',
    );
  });

  it('leaves out a card for car types a used-only site does not sell, as its results do', async () => {
    expect(await cardsOn(testTenant({ search: { carTypes: ['used'] } }))).toEqual(['We Want Your Car!']);
  });
});
