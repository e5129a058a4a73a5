import type { Page } from '@playwright/test';
import { tenantUrl } from './env';
import { takeOver } from './first-paint';

/**
 * What the search journeys share: the search service asked directly as a second opinion, and
 * the results page read as a shopper reads it.
 */

/** Asks the search service directly, with the page's own secured key, as a second opinion. */
export async function serviceSearch(
  page: Page,
  params: Record<string, unknown>,
): Promise<{ nbHits: number; names: string[]; statuses: string[] }> {
  return page.evaluate(async (body) => {
    const boot = JSON.parse(document.getElementById('forecourt-boot')?.textContent ?? '{}') as {
      search: { appId: string; apiKey: string; indexName: string };
    };
    const response = await fetch(`/1/indexes/${boot.search.indexName}/query`, {
      method: 'POST',
      headers: { 'x-algolia-application-id': boot.search.appId, 'x-algolia-api-key': boot.search.apiKey },
      body: JSON.stringify(body),
    });
    const result = (await response.json()) as { nbHits: number; hits: Array<{ name: string; status: string }> };
    return { nbHits: result.nbHits, names: result.hits.map((h) => h.name), statuses: result.hits.map((h) => h.status) };
  }, params);
}

/** The cars' names in grid order (promo cards are articles too, marked data-promo). */
export const cardNames = (page: Page) =>
  page
    .getByRole('list', { name: 'Results' })
    .locator('article:not([data-promo])')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label') ?? ''));
/** The live app's count (not the server's first paint, which is inert until the app takes over). */
export const count = (page: Page) => page.locator('[data-result-count]:not([data-first-paint] *)');

/**
 * Opens a page of a tenant's site and waits until the app has taken over from the server's first
 * paint: before that the page can be read but not used, and a journey is about using it.
 */
export async function open(page: Page, tenant: string, path: string): Promise<void> {
  await page.goto(tenantUrl(tenant, path));
  await takeOver(page);
}
/** A filter group of the filter bar, by its heading. */
export const filterSection = (page: Page, title: string) =>
  page.locator('details', { has: page.locator(`summary:text-is("${title}")`) });
