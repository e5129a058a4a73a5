import { forecourtStore, searchAccessAtom, type SearchAccess, type Session } from '@forecourt/shared-config';
import { renderWithPlatform, serveRoutes, testTenant } from '@forecourt/shared-config/testing';
import type { FastifyRequest } from 'fastify';
import { GaragePage } from '../src/features/saved-cars/components/saved-pages';
import { renderSearchFirstPaint } from './first-paint';
import type { SearchPorts } from './ports';

/**
 * The garage as the server paints it and as the app first renders it: the same markup, so the
 * hand-over (the app's first commit removes the server's HTML) moves nothing on the page. Infra's
 * first-paint.test.ts paints it through the real app, signed in.
 */
const ACCESS: SearchAccess = {
  appId: 'test',
  apiKey: 'key',
  hosts: [],
  indexName: 'cars',
  sorts: { relevant: 'cars', latest: 'cars_latest', priceDesc: 'cars_price_desc', priceAsc: 'cars_price_asc' },
  sortFilters: {},
};
const SIGNED_IN: Session = { status: 'signed-in', user: { phone: '0412345678' } };

/** The garage asks the search service nothing on the server: any call fails the test. */
const notAsked = async (): Promise<never> => Promise.reject(new Error('the garage asked the server for data'));
const ports: SearchPorts = { clock: () => new Date(0), promoNodes: notAsked, slides: notAsked, fallbackCars: notAsked };

/** The page's section, without emotion's style elements (the server writes them beside the HTML; the browser puts them in the head). */
function pageMarkup(html: string): string {
  const section = /<section[\s\S]*<\/section>/.exec(html.replace(/<style[^>]*>[\s\S]*?<\/style>/g, ''))?.[0];
  if (!section) throw new Error('no page section in the markup');
  return section;
}

describe('the garage’s first paint', () => {
  it('is the markup of the app’s first render, for the same shopper', async () => {
    const tenant = testTenant({ garage: '/mymotorama' });
    const request = { host: 'test-motors.localhost', protocol: 'http' } as FastifyRequest;
    const painted = await renderSearchFirstPaint(
      { request, tenant, url: '/mymotorama', version: '9.9.9', search: ACCESS, session: SIGNED_IN },
      ports,
    );
    expect(painted).not.toBeNull();

    serveRoutes({ 'GET /api/watchlist': 'unanswered' });
    forecourtStore.set(searchAccessAtom, ACCESS);
    // In a browser the app's first render is in the page before the window has been measured:
    // the enquiries' and reservations' fragments are still the markers of their places, as the
    // server painted them. An observer that has not reported yet is that moment.
    globalThis.IntersectionObserver = class {
      observe() {}
      disconnect() {}
    } as unknown as typeof IntersectionObserver;
    try {
      const { container } = renderWithPlatform(<GaragePage />, { tenant, session: SIGNED_IN, route: '/mymotorama' });
      expect(pageMarkup(container.innerHTML)).toBe(pageMarkup(painted!.html));
    } finally {
      delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    }
  });
});
