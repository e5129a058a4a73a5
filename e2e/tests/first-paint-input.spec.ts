import { expect, test, type Page } from '@playwright/test';
import { E2E_PORT, tenantUrl } from '../support/env';
import { findListedCar } from '../support/listed-cars';

/**
 * Nothing a shopper does while the page's scripts are still on their way is lost. Each journey
 * runs on a phone-speed CPU (4× slowdown) with every script held back, acts on the server's first
 * paint, lets the scripts through in the middle of the shopper's actions, and then checks that
 * the page ends exactly where those actions lead: the address and the cards (or the page's
 * state) agree with what the search service answers for the same choices.
 */

/** Holds back every script the page asks for until `release()`; the page still shows its first paint. */
async function holdScripts(page: Page): Promise<{ release: () => void }> {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() === 'script') await released;
    await route.fallback();
  });
  return { release };
}

async function slowCpu(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

interface Boot {
  search: {
    appId: string;
    apiKey: string;
    indexName: string;
    sorts: { priceAsc: string };
    sortFilters: Record<string, string>;
  };
}
const boot = (page: Page) =>
  page.evaluate(() => JSON.parse(document.getElementById('forecourt-boot')?.textContent ?? '{}') as Boot);

/** The search service's answer for the page's own key, asked directly. */
async function serviceSearch(
  page: Page,
  indexName: string,
  params: Record<string, unknown>,
): Promise<{ nbHits: number; names: string[] }> {
  const { search } = await boot(page);
  return page.evaluate(
    async ({ search, indexName, params }) => {
      const response = await fetch(`/1/indexes/${indexName}/query`, {
        method: 'POST',
        headers: { 'x-algolia-application-id': search.appId, 'x-algolia-api-key': search.apiKey },
        body: JSON.stringify(params),
      });
      const result = (await response.json()) as { nbHits: number; hits: Array<{ name: string }> };
      return { nbHits: result.nbHits, names: result.hits.map((h) => h.name) };
    },
    { search, indexName, params },
  );
}

const firstPaint = (page: Page) => page.locator('[data-first-paint]');
const cardNames = (page: Page) =>
  page
    .getByRole('list', { name: 'Results' })
    .locator('article:not([data-promo])')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label') ?? ''));

test('search page: a filter ticked before the scripts arrive, then the sort and page 2, end on the service’s answer for all three', async ({
  page,
}) => {
  await slowCpu(page);
  const scripts = await holdScripts(page);
  await page.goto(tenantUrl('harbourside-motors', '/search/new-used-and-demo-cars'), { waitUntil: 'domcontentloaded' });
  await expect(firstPaint(page)).toHaveCount(1);

  // In the server's first paint: the shopper ticks Toyota; the box shows it at once.
  const toyota = firstPaint(page).getByRole('checkbox', { name: /^Toyota/ });
  await toyota.check();
  await expect(toyota).toBeChecked();

  // The scripts arrive while the shopper goes on: the sort, then page 2, wherever they land.
  scripts.release();
  const { search } = await boot(page);
  await page
    .getByRole('combobox', { name: /^Sort by/ })
    .filter({ visible: true })
    .selectOption({ label: 'Lowest price' });
  await page
    .getByRole('navigation', { name: 'Pages' })
    .filter({ visible: true })
    .getByRole('link', { name: 'Page 2' })
    .click();

  await expect(firstPaint(page)).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]make=Toyota(&|$)/);
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(page).toHaveURL(new RegExp(`[?&]sortBy=${search.sorts.priceAsc}(&|$)`));
  // The page's client adds the site's filter for that sort (e.g. no unpriced cars first); so does this.
  const sortFilter = search.sortFilters[search.sorts.priceAsc];
  const expected = await serviceSearch(page, search.sorts.priceAsc, {
    facetFilters: [['make:Toyota']],
    numericFilters: sortFilter ? [sortFilter] : [],
    hitsPerPage: 21,
    page: 1,
  });
  expect(expected.names.length).toBeGreaterThan(0);
  await expect.poll(() => cardNames(page)).toEqual(expected.names);
});

test('home page: a make chosen in the quick finder before the scripts arrive is counted, and Show Me leads to those cars', async ({
  page,
}) => {
  await slowCpu(page);
  const scripts = await holdScripts(page);
  await page.goto(tenantUrl('harbourside-motors', '/'), { waitUntil: 'domcontentloaded' });
  await expect(firstPaint(page)).toHaveCount(1);
  await firstPaint(page).getByRole('combobox', { name: 'Make' }).selectOption('Toyota');

  scripts.release();
  await expect(firstPaint(page)).toHaveCount(0);
  const { search } = await boot(page);
  const expected = await serviceSearch(page, search.indexName, { facetFilters: [['make:Toyota']], hitsPerPage: 0 });
  const finder = page.getByRole('form', { name: 'Find a car' });
  await expect(finder.getByRole('combobox', { name: 'Make' })).toHaveValue('Toyota');
  await expect(finder.getByRole('link', { name: /^Show Me/ })).toHaveText(`Show Me ${expected.nbHits} Cars`);
  await finder.getByRole('link', { name: /^Show Me/ }).click();
  await expect(page).toHaveURL(/[?&]make=Toyota(&|$)/);
  await expect(page.locator('[data-result-count]:not([data-first-paint] *)')).toHaveAttribute(
    'data-result-count',
    String(expected.nbHits),
  );
});

test('vehicle page: the next photo pressed before the scripts arrive is shown once they have', async ({ page }) => {
  const car = await findListedCar(
    E2E_PORT,
    'harbourside-motors',
    (c) => (c.status === 'in_stock' || c.status === 'coming_soon') && c.images.length > 3 && !c.spin,
  );
  await slowCpu(page);
  const scripts = await holdScripts(page);
  await page.goto(tenantUrl('harbourside-motors', `/cars/${car.slug}`), { waitUntil: 'domcontentloaded' });
  await expect(firstPaint(page)).toHaveCount(1);
  const photos = firstPaint(page).getByRole('region', { name: `Photos of the ${car.name}` });
  await expect(photos).toContainText(`1 / ${car.images.length}`);
  await photos.getByRole('button', { name: 'Next photo' }).click();
  // The first paint says it is working on it.
  await expect(firstPaint(page)).toHaveAttribute('aria-busy', 'true');

  scripts.release();
  await expect(firstPaint(page)).toHaveCount(0);
  await expect(page.getByRole('region', { name: `Photos of the ${car.name}` })).toContainText(
    `2 / ${car.images.length}`,
  );
});

test('vehicle page: a tab pressed before the scripts arrive is the tab shown once they have', async ({ page }) => {
  const car = await findListedCar(E2E_PORT, 'harbourside-motors', (c) => c.status === 'in_stock');
  await slowCpu(page);
  const scripts = await holdScripts(page);
  await page.goto(tenantUrl('harbourside-motors', `/cars/${car.slug}`), { waitUntil: 'domcontentloaded' });
  await expect(firstPaint(page)).toHaveCount(1);
  // The tabs select on the press (Radix's triggers act on mousedown): the replay must press, not only click.
  await firstPaint(page).getByRole('tab', { name: 'Why Buy From Us?' }).click();

  scripts.release();
  await expect(firstPaint(page)).toHaveCount(0);
  const about = page.getByRole('tablist', { name: /^About this / });
  await expect(about.getByRole('tab', { selected: true })).toHaveText('Why Buy From Us?');
  await expect(page.getByRole('tabpanel', { name: 'Why Buy From Us?' })).toBeVisible();
});
