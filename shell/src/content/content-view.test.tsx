import { provideFragment, renderWithPlatform } from '@forecourt/shared-config/testing';
import type { ContentPage } from '@forecourt/shared-config/content';
import { screen, within } from '@testing-library/react';
import { ContentView } from './content-view';

const post: ContentPage = {
  kind: 'post',
  path: '/blog/buyer-advice/first-car',
  title: 'Your first car',
  description: 'A checklist.',
  breadcrumbs: [
    { label: 'Home', href: '/' },
    { label: 'Blog', href: '/blog' },
    { label: 'Buyer advice', href: '/blog/buyer-advice' },
  ],
  html: '<h2>Before you buy</h2><p>Check the service book.</p>',
  date: '2026-03-01',
};

describe('content page', () => {
  it('shows the breadcrumb trail ending at the page', () => {
    renderWithPlatform(<ContentView page={post} />);
    const items = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(['Home', 'Blog', 'Buyer advice', 'Your first car']);
    expect(items[3]).toHaveAttribute('aria-current', 'page');
  });

  it('shows the title, the date and the body', () => {
    renderWithPlatform(<ContentView page={post} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Your first car' })).toBeInTheDocument();
    expect(screen.getByText('1 March 2026')).toHaveAttribute('datetime', '2026-03-01');
    expect(screen.getByRole('heading', { level: 2, name: 'Before you buy' })).toBeInTheDocument();
  });

  it('shows a blog index’s cards with their dates', () => {
    renderWithPlatform(
      <ContentView
        page={{
          ...post,
          kind: 'blog',
          path: '/blog',
          title: 'Blog',
          html: '',
          breadcrumbs: [{ label: 'Home', href: '/' }],
          cards: [
            {
              heading: 'Towing safely',
              description: 'Five tips.',
              href: '/blog/motoring-tips/towing',
              image: null,
              date: '2026-08-10',
            },
          ],
        }}
      />,
    );
    const link = screen.getByRole('link', { name: 'Towing safely' });
    expect(link).toHaveAttribute('href', '/blog/motoring-tips/towing');
    expect(link.closest('article')).toHaveTextContent('10 August 2026');
  });

  it("shows mf-search's promotional cards under a blog index's cards (spec: 'Blog cards ... and promotional cards')", async () => {
    provideFragment('mf_search/PromoCards', () => (
      <article aria-label="We Want Your Car!">We buy all types of cars</article>
    ));
    renderWithPlatform(
      <ContentView page={{ ...post, kind: 'blog', path: '/blog', title: 'Blog', html: '', cards: [] }} />,
    );
    expect(await screen.findByRole('article', { name: 'We Want Your Car!' })).toBeInTheDocument();
  });

  it('says so when a section has no posts yet', () => {
    renderWithPlatform(<ContentView page={{ ...post, kind: 'blog', html: '', cards: [] }} />);
    expect(screen.getByText('No posts in this section yet.')).toBeInTheDocument();
  });

  it('groups the brands page’s tiles by category', () => {
    renderWithPlatform(
      <ContentView
        page={{
          kind: 'brands',
          path: '/brands',
          title: 'Our Brands',
          description: 'x',
          breadcrumbs: [{ label: 'Home', href: '/' }],
          html: '',
          brands: [
            { title: 'Ford', slug: 'ford', category: 'car', logo: '/media/brands/ford.jpg', href: '/ford/overview' },
            { title: 'Fuso', slug: 'fuso', category: 'truck', logo: '/media/brands/fuso.jpg', href: '/search/fuso' },
          ],
        }}
      />,
    );
    expect(within(screen.getByRole('region', { name: 'Truck' })).getByRole('link', { name: 'Fuso' })).toHaveAttribute(
      'href',
      '/search/fuso',
    );
    expect(screen.queryByRole('region', { name: 'Motorcycle' })).toBeNull();
  });

  it("marks a dealer's own page as the dealer's text: its title, lead, body and call to action", () => {
    renderWithPlatform(
      <ContentView
        page={{
          ...post,
          kind: 'page',
          path: '/about-us',
          title: 'About us',
          description: 'Family owned.',
          cta: { label: 'Visit us', href: '/contact' },
          dealerText: true,
        }}
      />,
    );
    const marked = [
      screen.getByRole('heading', { level: 1, name: 'About us' }),
      screen.getByText('Family owned.'),
      screen.getByText('Check the service book.'),
      screen.getByRole('link', { name: 'Visit us' }),
    ];
    expect(marked.map((element) => element.closest('[data-dealer-text]') !== null)).toEqual([true, true, true, true]);
  });

  it("leaves a platform page every site shares unmarked: its words are the platform's to check", () => {
    renderWithPlatform(
      <ContentView page={{ ...post, kind: 'page', path: '/faqs', title: 'FAQs', description: 'Answers.' }} />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'FAQs' }).closest('[data-dealer-text]')).toBeNull();
    expect(screen.getByText('Check the service book.').closest('[data-dealer-text]')).toBeNull();
  });

  it("marks a blog card of the dealer's own post as the dealer's text", () => {
    renderWithPlatform(
      <ContentView
        page={{
          ...post,
          kind: 'blog',
          path: '/blog',
          title: 'Blog',
          html: '',
          breadcrumbs: [{ label: 'Home', href: '/' }],
          cards: [
            {
              heading: 'Towing safely',
              description: 'Five tips.',
              href: '/blog/motoring-tips/towing',
              image: null,
              date: '2026-08-10',
              dealerText: true,
            },
          ],
        }}
      />,
    );
    expect(screen.getByRole('link', { name: 'Towing safely' }).closest('[data-dealer-text]')).not.toBeNull();
    expect(screen.getByText('Five tips.').closest('[data-dealer-text]')).not.toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Blog' }).closest('[data-dealer-text]')).toBeNull();
  });
});
