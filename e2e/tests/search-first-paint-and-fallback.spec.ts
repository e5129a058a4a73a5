import { expect, test, type Page } from '@playwright/test';
import { tenantUrl } from '../support/env';
import { cardNames, count, filterSection, open, serviceSearch } from '../support/search';
import { takeOver } from '../support/first-paint';

/**
 * A search page without the live search: the server's first paint, which the app takes over in
 * place without asking the search service again, and the fallback fetch's cars when the search
 * index stops answering.
 */

test('when the search index stops answering, the page lists the fallback fetch’s cars for the same filters and says so', async ({
  page,
}) => {
  // The page arrives with its first results (the server asked the index); then the index goes down.
  await open(page, 'harbourside-motors', '/search/new-used-and-demo-cars');
  await expect(count(page)).toBeVisible();
  await page.route('**/1/indexes/**', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"unavailable"}' }),
  );
  await filterSection(page, 'Make')
    .getByRole('checkbox', { name: /^Toyota/ })
    .check();
  await expect(page.locator('[data-fallback]')).toContainText('Our full search is not answering right now');
  // The fallback fetch asked directly, over the page's own origin, as a second opinion.
  const expected = await page.evaluate(
    async (url) => ((await (await fetch(url)).json()) as { vehicles: Array<{ name: string; make: string }> }).vehicles,
    `/api/search/fallback?search_filters=${encodeURIComponent(JSON.stringify({ make: ['Toyota'] }))}&limit=21`,
  );
  expect(expected.length).toBeGreaterThan(0);
  expect(expected.every((v) => v.make === 'Toyota')).toBe(true);
  await expect.poll(() => cardNames(page)).toEqual(expected.map((v) => v.name));
});

test('on a used-cars page, a failed search falls back with the filters of the click that failed, the route’s condition among them', async ({
  page,
}) => {
  // The page is opened directly, so the server paints it (a link followed before the shell ran
  // would be painted by the server too). The page built in the browser after a link inside the site is a known gap (see
  // docs/architecture.md §7): there the ticked box does not stay ticked when the search fails.
  await open(page, 'redgum-used-cars', '/search/used-cars');
  await expect(count(page)).toBeVisible();
  await page.route('**/1/indexes/**', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"unavailable"}' }),
  );
  const fallbackAsked = page.waitForRequest((request) => request.url().includes('/api/search/fallback'));
  await filterSection(page, 'Make')
    .getByRole('checkbox', { name: /^Toyota/ })
    .check();
  const asked = new URL((await fallbackAsked).url());
  expect(JSON.parse(asked.searchParams.get('search_filters') ?? 'null')).toEqual({
    make: ['Toyota'],
    car_type: ['used'],
  });
  await expect(page.locator('[data-fallback]')).toContainText('Our full search is not answering right now');
  const expected = await page.evaluate(
    async (url) => ((await (await fetch(url)).json()) as { vehicles: Array<{ name: string; make: string }> }).vehicles,
    `/api/search/fallback?search_filters=${encodeURIComponent(JSON.stringify({ make: ['Toyota'], car_type: ['used'] }))}&limit=21`,
  );
  expect(expected.length).toBeGreaterThan(0);
  await expect.poll(() => cardNames(page)).toEqual(expected.map((v) => v.name));
});

test('a search page arrives with its first cards in the HTML, and the app takes over in place without asking the search service again', async ({
  browser,
}) => {
  const url = tenantUrl('summit-auto-group', '/search/new-used-and-demo-cars?make=Toyota');
  const titleBox = (page: Page) => page.locator('#app-mf-search article:not([data-promo]) h2 a').first().boundingBox();

  // Before any script runs: the server's first paint alone.
  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  const serverPage = await noScript.newPage();
  await serverPage.goto(url);
  const painted = await serverPage
    .locator('[data-first-paint] article:not([data-promo])')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label') ?? ''));
  expect(painted.length).toBeGreaterThan(0);
  const paintedCount = await serverPage
    .locator('[data-first-paint] [data-result-count]')
    .getAttribute('data-result-count');
  const paintedBox = await titleBox(serverPage);
  await noScript.close();

  // With scripts: the app renders the same cards from the server's answers, in the same place.
  const withScript = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await withScript.newPage();
  const searches: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/1/indexes/')) searches.push(request.url());
  });
  await page.goto(url);
  await takeOver(page);
  await expect(count(page)).toHaveAttribute('data-result-count', paintedCount ?? '');
  expect(await cardNames(page)).toEqual(painted);
  expect(await titleBox(page)).toEqual(paintedBox);
  expect(searches).toEqual([]);
  // And it is the live app: the next filter asks the service.
  await filterSection(page, 'Make').getByRole('checkbox', { name: /^Ford/ }).check();
  await expect(page).toHaveURL(/[?&]make=Toyota(%2C|,)Ford(&|$)/);
  expect(searches.length).toBeGreaterThan(0);
  await withScript.close();
});

test("the home page arrives whole: the quick finder's first count is in the HTML, and the app takes it over without searching", async ({
  browser,
}) => {
  const url = tenantUrl('harbourside-motors', '/');
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const serverPage = await noScript.newPage();
  await serverPage.goto(url);
  const painted = await serverPage.locator('[data-first-paint] [data-count]').textContent();
  await noScript.close();

  const page = await browser.newPage();
  const searches: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/1/indexes/')) searches.push(request.url());
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await takeOver(page);
  await expect(page.getByRole('form', { name: 'Find a car' }).getByRole('link', { name: /^Show Me/ })).toHaveText(
    painted ?? '',
  );
  expect(searches).toEqual([]);
  const expected = await serviceSearch(page, { hitsPerPage: 0 });
  expect(painted).toBe(`Show Me ${expected.nbHits} Cars`);
  await page.close();
});
