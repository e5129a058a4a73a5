import { expect, test, type Page } from '@playwright/test';
import { tenantUrl } from '../support/env';

/**
 * The search results journeys, in a real browser against the real search service: what the
 * page shows must agree with what the service answers for the same filters, and the address bar
 * must carry the whole state.
 */
const EMPTY_SEARCH_TEXT = 'No results found for your search at this time. Please try adjusting the filters for more results.';

/** Asks the search service directly, with the page's own secured key, as a second opinion. */
async function serviceSearch(page: Page, params: Record<string, unknown>): Promise<{ nbHits: number; names: string[] }> {
  return page.evaluate(async (body) => {
    const boot = JSON.parse(document.getElementById('forecourt-boot')?.textContent ?? '{}') as { search: { appId: string; apiKey: string; indexName: string } };
    const response = await fetch(`/1/indexes/${boot.search.indexName}/query`, {
      method: 'POST',
      headers: { 'x-algolia-application-id': boot.search.appId, 'x-algolia-api-key': boot.search.apiKey },
      body: JSON.stringify(body),
    });
    const result = (await response.json()) as { nbHits: number; hits: Array<{ name: string }> };
    return { nbHits: result.nbHits, names: result.hits.map((h) => h.name) };
  }, params);
}

const cardNames = (page: Page) => page.getByRole('list', { name: 'Results' }).getByRole('article').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label') ?? ''));
const count = (page: Page) => page.locator('[data-result-count]');

test('filtering by make: the address, the count and the cards agree with the search service', async ({ page }) => {
  await page.goto(tenantUrl('harbourside-motors', '/search/new-used-and-demo-cars'));
  await expect(count(page)).toBeVisible();
  await page.getByRole('checkbox', { name: /^Toyota/ }).check();
  await expect(page).toHaveURL(/[?&]make=Toyota(&|$)/);
  const expected = await serviceSearch(page, { facetFilters: [['make:Toyota']], hitsPerPage: 21 });
  await expect(count(page)).toHaveAttribute('data-result-count', String(expected.nbHits));
  await expect.poll(() => cardNames(page)).toEqual(expected.names);
});

test('page 2, then a filter change, goes back to page 1; back restores page 2', async ({ page }) => {
  await page.goto(tenantUrl('harbourside-motors', '/search/new-used-and-demo-cars'));
  await expect(count(page)).toBeVisible();
  const firstPage = await cardNames(page);
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect.poll(() => cardNames(page)).not.toEqual(firstPage);
  const secondPage = await cardNames(page);

  await page.getByRole('checkbox', { name: /^Mazda/ }).check();
  await expect(page).toHaveURL(/[?&]make=Mazda(&|$)/);
  expect(page.url()).not.toMatch(/[?&]page=/);

  await page.goBack();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(page.getByRole('checkbox', { name: /^Mazda/ })).not.toBeChecked();
  await expect.poll(() => cardNames(page)).toEqual(secondPage);
});

test('a search with no results says so in the spec’s words', async ({ page }) => {
  await page.goto(tenantUrl('redgum-used-cars', '/search/used-cars?query=zzzqqq'));
  await expect(page.getByText(EMPTY_SEARCH_TEXT)).toBeVisible();
  await expect(count(page)).toHaveAttribute('data-result-count', '0');
});

test('a used-only site lists only used cars, as the service does for its key', async ({ page }) => {
  await page.goto(tenantUrl('redgum-used-cars', '/search/used-cars'));
  await expect(count(page)).toBeVisible();
  const expected = await serviceSearch(page, { filters: 'car_type:used', hitsPerPage: 21 });
  await expect(count(page)).toHaveAttribute('data-result-count', String(expected.nbHits));
  await expect.poll(() => cardNames(page)).toEqual(expected.names);
});

test('a keyboard-only shopper can search, filter and open a car', async ({ page }) => {
  await page.goto(tenantUrl('harbourside-motors', '/search/new-used-and-demo-cars'));
  await expect(count(page)).toBeVisible();
  const box = page.getByRole('searchbox', { name: 'Search stock' });
  await box.focus();
  await page.keyboard.type('toyota');
  await expect(page).toHaveURL(/[?&]query=toyota(&|$)/);
  // Tab from the search box into the make filter, and tick the first make with Space.
  let focusedIsCheckbox = false;
  for (let i = 0; i < 6 && !focusedIsCheckbox; i++) {
    await page.keyboard.press('Tab');
    focusedIsCheckbox = await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type === 'checkbox');
  }
  expect(focusedIsCheckbox).toBe(true);
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/[?&]make=/);
  const firstTitle = page.getByRole('list', { name: 'Results' }).getByRole('article').first().getByRole('link').first();
  const href = await firstTitle.getAttribute('href');
  await firstTitle.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});
