import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { algoliasearch } from 'algoliasearch';
import { E2E_DATA_DIR, E2E_PORT, tenantUrl } from '../support/env';
import { takeOver } from '../support/first-paint';

/**
 * Shoppers type as shoppers type: a typo, a synonym, a model written without its hyphen or
 * space. On the site's search page (the page's own `algoliasearch` client against the embedded
 * search service), each such query finds what its correct spelling finds.
 */
const TENANT = 'harbourside-motors';
const SEARCH_PAGE = '/search/new-used-and-demo-cars';

const PAIRS: ReadonlyArray<readonly [typed: string, correct: string]> = [
  ['toyta', 'toyota'],
  ['pickup', 'ute'],
  ['vw', 'volkswagen'],
  ['4x4', '4wd'],
  ['merc', 'mercedes-benz'],
  ['cx5', 'cx-5'],
  ['mazda3', 'mazda 3'],
];

/**
 * What the page shows for `query` (its live result count), and every car the search service
 * finds for it asked with the page's own secured key: the same cars, whatever order a typo or a
 * split puts them in.
 */
async function resultsFor(page: Page, query: string): Promise<{ count: number; cars: string[] }> {
  await page.goto(tenantUrl(TENANT, `${SEARCH_PAGE}?query=${encodeURIComponent(query)}`));
  await takeOver(page);
  await expect(page.getByRole('searchbox', { name: 'Search stock' })).toHaveValue(query);
  const count = page.locator('[data-result-count]:not([data-first-paint] *)');
  await expect(count).toBeVisible();
  const cars = await page.evaluate(async (q) => {
    const boot = JSON.parse(document.getElementById('forecourt-boot')?.textContent ?? '{}') as {
      search: { appId: string; apiKey: string; indexName: string };
    };
    const response = await fetch(`/1/indexes/${boot.search.indexName}/query`, {
      method: 'POST',
      headers: { 'x-algolia-application-id': boot.search.appId, 'x-algolia-api-key': boot.search.apiKey },
      body: JSON.stringify({ query: q, hitsPerPage: 1000, attributesToRetrieve: ['objectID'] }),
    });
    return ((await response.json()) as { hits: Array<{ objectID: string }> }).hits.map((hit) => hit.objectID);
  }, query);
  return { count: Number(await count.getAttribute('data-result-count')), cars: [...cars].sort() };
}

/**
 * The demo catalogue has no Mercedes-Benz, so the dealer adds one to its stock index the way an
 * integration would, with the admin key and the real client (a copy of one of its own cars),
 * and takes it out again after.
 */
const MERCEDES_ID = 'e2e-mercedes-benz-glc';
function adminClient() {
  const keys = JSON.parse(readFileSync(path.join(E2E_DATA_DIR, 'search-keys.json'), 'utf8')) as {
    appId: string;
    adminKey: string;
  };
  return algoliasearch(keys.appId, keys.adminKey, {
    hosts: [{ url: `127.0.0.1:${E2E_PORT}`, protocol: 'http', accept: 'readWrite' }],
  });
}

test.beforeAll(async () => {
  const client = adminClient();
  const { hits } = await client.searchSingleIndex({
    indexName: 'cars',
    searchParams: {
      query: 'toyota',
      filters: `tenant:"${TENANT}" AND show_on_dealer_website:true AND visible_until > ${Math.floor(Date.now() / 1000) + 3600}`,
      hitsPerPage: 1,
    },
  });
  const objectID = hits[0]?.objectID;
  if (!objectID) throw new Error(`${TENANT} lists no Toyota to copy`);
  // The whole record (a search answers only the attributes the index retrieves).
  const { objectID: _, ...record } = await client.getObject({ indexName: 'cars', objectID });
  await client.addOrUpdateObject({
    indexName: 'cars',
    objectID: MERCEDES_ID,
    body: {
      ...record,
      make: 'Mercedes-Benz',
      model: 'GLC',
      badge: '300',
      name: `${String(record.year)} Mercedes-Benz GLC 300`,
      slug: `${String(record.year)}-mercedes-benz-glc-300-e2e`,
    },
  });
});

test.afterAll(async () => {
  await adminClient().deleteObject({ indexName: 'cars', objectID: MERCEDES_ID });
});

for (const [typed, correct] of PAIRS) {
  test(`'${typed}' finds what '${correct}' finds`, async ({ page }) => {
    const expected = await resultsFor(page, correct);
    expect(expected.count).toBeGreaterThan(0);
    const found = await resultsFor(page, typed);
    expect(found.count).toBe(expected.count);
    expect(found.cars).toEqual(expected.cars);
  });
}
