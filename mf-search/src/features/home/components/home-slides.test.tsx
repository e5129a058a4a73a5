import { expectConsole, renderWithPlatform } from '@forecourt/shared-config/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SlideData } from '../../../contract';
import { HomeSlides } from './home-slides';

const slide = (n: number, overrides: Partial<SlideData> = {}): SlideData => ({
  id: `test-motors-s${n}`,
  name: `Slide ${n}`,
  description: `What slide ${n} offers.`,
  url: `/offer-${n}`,
  image: `/media/slides/test-motors-${n}.jpg?w=1600`,
  hideOverlay: false,
  ...overrides,
});

const threeSlides = [
  slide(1, { name: 'Welcome to Test Motors', url: '/search/new-used-and-demo-cars' }),
  slide(2, { name: 'Special offers', url: '/special-offers' }),
  slide(3, { name: 'Sell your car', url: '/sell-my-car', hideOverlay: true }),
];

const realFetch = globalThis.fetch;
const requested: string[] = [];
function answerSlides(answer: { status: number; slides?: SlideData[] }) {
  // jsdom has no Response: the answer's shape as the page reads it (ok, status, json()).
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    requested.push(String(input));
    return {
      ok: answer.status === 200,
      status: answer.status,
      json: async () => (answer.slides ? { slides: answer.slides } : { error: 'No dealer site at this address' }),
    };
  }) as unknown as typeof fetch;
}
afterEach(() => {
  globalThis.fetch = realFetch;
  requested.length = 0;
  jest.restoreAllMocks();
});

const shownHeading = () => screen.getByRole('heading', { level: 2 }).textContent;

describe('the home page slides', () => {
  it('shows the site’s first slide: its name as a heading linking to its page, and its description', async () => {
    answerSlides({ status: 200, slides: threeSlides });
    renderWithPlatform(<HomeSlides />);
    const carousel = await screen.findByRole('region', { name: 'Promotions' });
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    expect(within(screen.getByRole('heading', { name: 'Welcome to Test Motors' })).getByRole('link')).toHaveAttribute(
      'href',
      '/search/new-used-and-demo-cars',
    );
    expect(screen.getByText('What slide 1 offers.')).toBeInTheDocument();
    expect(requested).toEqual(['/api/search/slides']);
  });

  it('labels each slide by its place among them', async () => {
    answerSlides({ status: 200, slides: threeSlides });
    renderWithPlatform(<HomeSlides />);
    const first = await screen.findByRole('group', { name: '1 of 3' });
    expect(first).toHaveAttribute('aria-roledescription', 'slide');
  });

  it('moves to the next slide and back to the previous one', async () => {
    answerSlides({ status: 200, slides: threeSlides });
    renderWithPlatform(<HomeSlides />);
    await screen.findByRole('heading', { name: 'Welcome to Test Motors' });
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(shownHeading()).toBe('Special offers');
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(shownHeading()).toBe('Welcome to Test Motors');
  });

  it('goes round from the first slide back to the last', async () => {
    answerSlides({ status: 200, slides: [slide(1), slide(2)] });
    renderWithPlatform(<HomeSlides />);
    await screen.findByRole('heading', { name: 'Slide 1' });
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(shownHeading()).toBe('Slide 2');
  });

  it('shows the slide a dot names and marks that dot as the current one', async () => {
    answerSlides({ status: 200, slides: threeSlides });
    renderWithPlatform(<HomeSlides />);
    await screen.findByRole('heading', { name: 'Welcome to Test Motors' });
    expect(screen.getByRole('button', { name: 'Show slide 1 of 3' })).toHaveAttribute('aria-current', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Show slide 2 of 3' }));
    expect(shownHeading()).toBe('Special offers');
    expect(screen.getByRole('button', { name: 'Show slide 2 of 3' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Show slide 1 of 3' })).not.toHaveAttribute('aria-current');
  });

  it('shows a hide_overlay slide without a heading, as one link named by the slide', async () => {
    answerSlides({ status: 200, slides: threeSlides });
    renderWithPlatform(<HomeSlides />);
    await screen.findByRole('heading', { name: 'Welcome to Test Motors' });
    fireEvent.click(screen.getByRole('button', { name: 'Show slide 3 of 3' }));
    const shown = screen.getByRole('group', { name: '3 of 3' });
    expect(within(shown).queryByRole('heading')).toBeNull();
    expect(within(shown).getByRole('link', { name: 'Sell your car' })).toHaveAttribute('href', '/sell-my-car');
  });

  it('has no previous, next or dots for a single slide', async () => {
    answerSlides({ status: 200, slides: [slide(1)] });
    renderWithPlatform(<HomeSlides />);
    await screen.findByRole('heading', { name: 'Slide 1' });
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('loads the first picture at once and first of all, the others lazily, each from the media service’s widths', async () => {
    answerSlides({ status: 200, slides: threeSlides });
    const { container } = renderWithPlatform(<HomeSlides />);
    await screen.findByRole('region', { name: 'Promotions' });
    const images = [...container.querySelectorAll('img')];
    expect(images.map((image) => [image.getAttribute('loading'), image.getAttribute('fetchpriority')])).toEqual([
      ['eager', 'high'],
      ['lazy', 'auto'],
      ['lazy', 'auto'],
    ]);
    expect(images[0]).toHaveAttribute(
      'srcset',
      '/media/slides/test-motors-1.jpg?w=800 800w, /media/slides/test-motors-1.jpg?w=1600 1600w',
    );
    expect(images[0]).toHaveAttribute('sizes', '100vw');
  });

  it('shows nothing, not even the space kept for it, when the site has no slides', async () => {
    answerSlides({ status: 200, slides: [] });
    const { container } = renderWithPlatform(<HomeSlides />);
    await waitFor(() => expect(container).toBeEmptyDOMElement());
  });

  it('shows nothing and logs it for the team when the slides cannot be read', async () => {
    expectConsole('error', /^\[mf-search\] \/api\/search\/slides could not be read Error: HTTP 500/);
    answerSlides({ status: 500 });
    const { container } = renderWithPlatform(<HomeSlides />);
    await waitFor(() => expect(container).toBeEmptyDOMElement());
  });
});
