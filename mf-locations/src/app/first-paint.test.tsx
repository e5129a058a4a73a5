import { FIRST_PAINT_DATA_ID, resetFirstPaintForTests } from '@forecourt/shared-config';
import { renderWithPlatform } from '@forecourt/shared-config/testing';
import { screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import type { ReviewSummary as ReviewSummaryData } from '../contract';
import ReviewSummary from '../features/reviews/components/review-summary';
import type { LocationsFirstPaintData } from '../lib/first-paint';
import { testLocation } from '../lib/test-location';
import { LocationsRoutes } from './locations-app';

/**
 * The app on a page the server painted first (mf-locations/server/first-paint.tsx): it starts
 * from the answers the server inlined, so its first render is the server's page. No test here
 * declares an API route: a request would fail it.
 */
const EAGLE_FARM = testLocation({ primary: true });
const PARRAMATTA = testLocation({
  id: 'test-d1-l2',
  slug: 'test-motors-parramatta',
  name: 'Test Motors Parramatta',
  address: { ...EAGLE_FARM.address, street: '45 Church Street', city: 'Parramatta', state: 'NSW', postcode: '2150' },
});
const REVIEWS: ReviewSummaryData = {
  dealership_slug: 'test-motors',
  average_rating: '4.6',
  count: 673,
  reviews: [
    {
      id: 'r1',
      customer_name: 'Priya S.',
      text: 'Straightforward from test drive to handover.',
      rating: 5,
      review_date: '2026-02-20',
      reply_text: null,
      reply_date: null,
      image: null,
    },
  ],
};
/** Tuesday 3 March 2026 on the locations' clock (Brisbane): 7:00 when the server painted, 10:00 when the app runs. */
const SERVER_CLOCK = '2026-03-02T21:00:00.000Z';
const SHOPPER_CLOCK = new Date('2026-03-03T00:00:00.000Z');
const PAGE = '/our-location/test-motors-parramatta';

function serverPainted(
  url: string,
  data: LocationsFirstPaintData = {
    locations: [EAGLE_FARM, PARRAMATTA],
    reviews: { 'test-motors': REVIEWS },
    now: SERVER_CLOCK,
  },
) {
  window.history.replaceState(null, '', url);
  document.body.insertAdjacentHTML(
    'beforeend',
    `<div id="server-paint"><div data-first-paint="mf-locations"><p>Test Motors Parramatta</p></div></div><script id="${FIRST_PAINT_DATA_ID}" type="application/json">${JSON.stringify({ team: 'mf-locations', url, data })}</script>`,
  );
}

interface Commit {
  text: string;
  /** Whether the server's HTML is still on the page. */
  serverPaint: boolean;
}

/** Records the page as the app's first commit leaves it, before any effect of its own has run (a sibling after the app: its layout effects run after the app's). */
function FirstCommit({ seen }: { seen: Commit[] }) {
  useLayoutEffect(() => {
    seen.push({
      text: document.body.textContent ?? '',
      serverPaint: document.querySelector('[data-first-paint]') !== null,
    });
  }, [seen]);
  return null;
}

afterEach(() => {
  document.getElementById('server-paint')?.remove();
  document.getElementById(FIRST_PAINT_DATA_ID)?.remove();
  window.history.replaceState(null, '', '/');
  resetFirstPaintForTests();
  jest.useRealTimers();
});

describe('a location page the server painted first', () => {
  it('shows the location, its hours and its reviews on its first render, without asking the API', () => {
    serverPainted(PAGE);
    renderWithPlatform(<LocationsRoutes />, { route: PAGE });
    expect(screen.getByRole('heading', { level: 1, name: 'Test Motors Parramatta' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '45 Church Street, Parramatta NSW 2150' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Sales hours, Test Motors Parramatta' })).toBeInTheDocument();
    expect(screen.getByText('Straightforward from test drive to handover.')).toBeInTheDocument();
  });

  it("takes over in its first commit: the server's HTML goes", () => {
    serverPainted(PAGE);
    const seen: Commit[] = [];
    renderWithPlatform(
      <>
        <LocationsRoutes />
        <FirstCommit seen={seen} />
      </>,
      { route: PAGE },
    );
    expect(seen[0]?.serverPaint).toBe(false);
  });

  it("reads the hours at the server's clock on its first render (as the server painted them), then at the shopper's", () => {
    // Only the date is the test's: timers stay real.
    jest.useFakeTimers({
      now: SHOPPER_CLOCK,
      doNotFake: [
        'setTimeout',
        'clearTimeout',
        'setInterval',
        'clearInterval',
        'setImmediate',
        'clearImmediate',
        'nextTick',
        'queueMicrotask',
        'requestAnimationFrame',
        'cancelAnimationFrame',
        'requestIdleCallback',
        'cancelIdleCallback',
        'hrtime',
        'performance',
      ],
    });
    serverPainted(PAGE);
    const seen: Commit[] = [];
    renderWithPlatform(
      <>
        <LocationsRoutes />
        <FirstCommit seen={seen} />
      </>,
      { route: PAGE },
    );
    expect(seen[0]?.text).toContain('Closed now · opens 8:30am');
    expect(screen.getAllByText('Open now · closes 5:30pm').length).toBeGreaterThan(0);
    expect(screen.queryByText('Closed now · opens 8:30am')).toBeNull();
  });

  it('shows the not-found page for a slug the site does not show, from the same answers', () => {
    serverPainted('/our-location/somewhere-else');
    renderWithPlatform(<LocationsRoutes />, { route: '/our-location/somewhere-else' });
    expect(screen.getByRole('heading', { level: 1, name: 'This location is not on our site' })).toBeInTheDocument();
  });
});

describe('the dealer locator the server painted first', () => {
  it('lists every location on its first render, without asking the API', () => {
    serverPainted('/dealer-locator');
    renderWithPlatform(<LocationsRoutes />, { route: '/dealer-locator' });
    expect(screen.getByRole('link', { name: '1 Kingsford Smith Drive, Brisbane QLD 4009' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '45 Church Street, Parramatta NSW 2150' })).toBeInTheDocument();
  });
});

describe("the site's locations for the page's fragments", () => {
  it("are the server's for a fragment that mounts before the app (the footer's review summary)", async () => {
    serverPainted(PAGE);
    renderWithPlatform(<ReviewSummary />, { route: PAGE });
    expect(await screen.findByRole('link', { name: '673 reviews' })).toHaveAttribute(
      'href',
      '/our-location/test-motors-eagle-farm#reviews',
    );
  });

  it("are the app's for a fragment that mounts after it has taken over", async () => {
    serverPainted(PAGE);
    renderWithPlatform(<LocationsRoutes />, { route: PAGE }).unmount();
    renderWithPlatform(<ReviewSummary />, { route: PAGE });
    expect(await screen.findByRole('link', { name: '673 reviews' })).toBeInTheDocument();
  });
});
