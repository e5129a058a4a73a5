import { leadAttributes, recordVisitedPage, VISITED_PAGES_LIMIT } from './visits';

beforeEach(() => window.sessionStorage.clear());

describe("the visit's pages for a lead", () => {
  it('keeps the pages in order, once each time the page changes', () => {
    recordVisitedPage('/', '');
    recordVisitedPage('/search/used-cars', '?make=Toyota');
    recordVisitedPage('/search/used-cars', '?make=Mazda');
    recordVisitedPage('/cars/a-car', '');
    expect(leadAttributes().visited_pages).toEqual(['/', '/search/used-cars', '/cars/a-car']);
  });

  it(`keeps the last ${VISITED_PAGES_LIMIT} pages`, () => {
    for (let i = 0; i < VISITED_PAGES_LIMIT + 5; i++) recordVisitedPage(`/page-${i}`);
    const pages = leadAttributes().visited_pages;
    expect(pages).toHaveLength(VISITED_PAGES_LIMIT);
    expect(pages.at(-1)).toBe(`/page-${VISITED_PAGES_LIMIT + 4}`);
  });

  it('keeps the campaign the shopper arrived with, not the query of every page', () => {
    recordVisitedPage('/', '?utm_source=newsletter&utm_campaign=eofy&make=Toyota');
    recordVisitedPage('/search/used-cars', '?utm_source=other');
    expect(leadAttributes().linked_query_params).toEqual({ utm_source: 'newsletter', utm_campaign: 'eofy' });
  });

  it('keeps nothing personal in localStorage', () => {
    recordVisitedPage('/', '?gclid=abc');
    expect(window.localStorage.length).toBe(0);
  });
});
