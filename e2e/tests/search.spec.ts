import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { tenantUrl } from '../support/env';

/**
 * The search results journeys, in a real browser against the real search service: what the
 * page shows must agree with what the service answers for the same filters, and the address bar
 * must carry the whole state.
 */
const EMPTY_SEARCH_TEXT = 'No results found for your search at this time. Please try adjusting the filters for more results.';

/** Asks the search service directly, with the page's own secured key, as a second opinion. */
async function serviceSearch(page: Page, params: Record<string, unknown>): Promise<{ nbHits: number; names: string[]; statuses: string[] }> {
  return page.evaluate(async (body) => {
    const boot = JSON.parse(document.getElementById('forecourt-boot')?.textContent ?? '{}') as { search: { appId: string; apiKey: string; indexName: string } };
    const response = await fetch(`/1/indexes/${boot.search.indexName}/query`, {
      method: 'POST',
      headers: { 'x-algolia-application-id': boot.search.appId, 'x-algolia-api-key': boot.search.apiKey },
      body: JSON.stringify(body),
    });
    const result = (await response.json()) as { nbHits: number; hits: Array<{ name: string; status: string }> };
    return { nbHits: result.nbHits, names: result.hits.map((h) => h.name), statuses: result.hits.map((h) => h.status) };
  }, params);
}

const NO_OFFERS_TEXT = 'There appears to be no offers currently available that meet the conditions of your search';
const WANT_YOUR_CAR = 'We Want Your Car!';

/** The spec's sold collapse, restated: a run of sold cars shows as its first card, unless all are sold. */
function foldSold({ names, statuses }: { names: string[]; statuses: string[] }): string[] {
  if (statuses.every((s) => s === 'sold')) return names;
  return names.filter((_, i) => !(statuses[i] === 'sold' && statuses[i - 1] === 'sold'));
}

/** The cars' names in grid order (promo cards are articles too, marked data-promo). */
const cardNames = (page: Page) => page.getByRole('list', { name: 'Results' }).locator('article:not([data-promo])').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label') ?? ''));
/** The live app's count (not the server's first paint, which is inert until the app takes over). */
const count = (page: Page) => page.locator('[data-result-count]:not([data-first-paint] *)');

/**
 * Opens a page of a tenant's site and waits until the app has taken over from the server's first
 * paint: before that the page can be read but not used, and a journey is about using it.
 */
async function open(page: Page, tenant: string, path: string): Promise<void> {
  await page.goto(tenantUrl(tenant, path));
  await expect(page.locator('[data-first-paint]')).toHaveCount(0);
}
/** A filter group of the filter bar, by its heading. */
const filterSection = (page: Page, title: string) => page.locator('details', { has: page.locator(`summary:text-is("${title}")`) });

test('filtering by make: the address, the count and the cards agree with the search service', async ({ page }) => {
  await open(page, 'harbourside-motors', '/search/new-used-and-demo-cars');
  await expect(count(page)).toBeVisible();
  await page.getByRole('checkbox', { name: /^Toyota/ }).check();
  await expect(page).toHaveURL(/[?&]make=Toyota(&|$)/);
  const expected = await serviceSearch(page, { facetFilters: [['make:Toyota']], hitsPerPage: 21 });
  await expect(count(page)).toHaveAttribute('data-result-count', String(expected.nbHits));
  await expect.poll(() => cardNames(page)).toEqual(expected.names);
});

test('page 2, then a filter change, goes back to page 1; back restores page 2', async ({ page }) => {
  await open(page, 'harbourside-motors', '/search/new-used-and-demo-cars');
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
  await open(page, 'redgum-used-cars', '/search/used-cars?query=zzzqqq');
  await expect(page.getByText(EMPTY_SEARCH_TEXT)).toBeVisible();
  await expect(count(page)).toHaveAttribute('data-result-count', '0');
});

test('a used-only site lists only used cars, as the service does for its key', async ({ page }) => {
  await open(page, 'redgum-used-cars', '/search/used-cars');
  await expect(count(page)).toBeVisible();
  const expected = await serviceSearch(page, { filters: 'car_type:used', hitsPerPage: 21 });
  await expect(count(page)).toHaveAttribute('data-result-count', String(expected.nbHits));
  // This site folds runs of sold cars into one card.
  await expect.poll(() => cardNames(page)).toEqual(foldSold(expected));
});

test('a keyboard-only shopper can search, filter and open a car', async ({ page }) => {
  await open(page, 'harbourside-motors', '/search/new-used-and-demo-cars');
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
  const firstTitle = page.getByRole('list', { name: 'Results' }).getByRole('article').first().getByRole('heading').getByRole('link');
  const href = await firstTitle.getAttribute('href');
  await firstTitle.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

test('filtering by make and a typed maximum price: address, count and cards agree with the service', async ({ page }) => {
  await open(page, 'harbourside-motors', '/search/new-used-and-demo-cars');
  await expect(count(page)).toBeVisible();
  await page.getByRole('checkbox', { name: /^Toyota/ }).check();
  await expect(page).toHaveURL(/[?&]make=Toyota(&|$)/);
  const maxPrice = page.getByLabel('Max price');
  await maxPrice.fill('$40,000');
  await maxPrice.press('Enter');
  await expect(page).toHaveURL(/[?&]price=:40000(&|$)/);
  const expected = await serviceSearch(page, { facetFilters: [['make:Toyota']], numericFilters: ['price<=40000'], hitsPerPage: 21 });
  await expect(count(page)).toHaveAttribute('data-result-count', String(expected.nbHits));
  await expect.poll(() => cardNames(page)).toEqual(expected.names);
  // A typed price outside the range is ignored: the field goes back and the address keeps its filter.
  await maxPrice.fill('$9,999,999');
  await maxPrice.press('Enter');
  await expect(maxPrice).toHaveValue('$40,000');
  await expect(page).toHaveURL(/[?&]price=:40000(&|$)/);
});

test('promo cards sit at each site’s configured slots: 8 and 17 on one, 9 on another', async ({ page }) => {
  const cells = (p: Page) => p.getByRole('list', { name: 'Results' }).locator(':scope > li');
  await open(page, 'harbourside-motors', '/search/new-used-and-demo-cars');
  await expect(count(page)).toBeVisible();
  const promoSlots = async (p: Page) => (await cells(p).evaluateAll((items) => items.map((li, i) => (li.querySelector('[data-promo]') ? i + 1 : 0)))).filter(Boolean);
  await expect.poll(() => promoSlots(page)).toEqual([8, 17]);
  const wanted = cells(page).nth(7).getByRole('article', { name: WANT_YOUR_CAR });
  await expect(wanted).toContainText('We buy all types of cars');
  await expect(wanted).toContainText('Our high turnover means we can pay more');
  await expect(wanted.getByRole('link')).toHaveAttribute('href', '/trade-in');
  expect(await cells(page).count()).toBe(21 + 2);

  await open(page, 'summit-auto-group', '/search/new-used-and-demo-cars');
  await expect(count(page)).toBeVisible();
  await expect.poll(() => promoSlots(page)).toEqual([9]);
  await expect(cells(page).nth(8).getByRole('article', { name: WANT_YOUR_CAR })).toBeVisible();
});

test('special offers: an offer search with no match says so, and Clear Filters brings every offer back', async ({ page }) => {
  await open(page, 'harbourside-motors', '/special-offers?query=zzzqqq');
  await expect(page.getByRole('heading', { name: 'No Results Available' })).toBeVisible();
  await expect(page.getByText(NO_OFFERS_TEXT)).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page).toHaveURL(/\/special-offers$/);
  const expected = await serviceSearch(page, { filters: 'categories:"Special Offers"', hitsPerPage: 21 });
  expect(expected.nbHits).toBeGreaterThan(0);
  await expect(count(page)).toHaveAttribute('data-result-count', String(expected.nbHits));
  await expect.poll(() => cardNames(page)).toEqual(expected.names);
});

test('budget finder: a budget below every car is refused; a real one filters the search up to it', async ({ page }) => {
  await open(page, 'harbourside-motors', '/search/used-cars');
  await expect(count(page)).toBeVisible();
  const finder = page.getByRole('group', { name: 'Find cars for your budget' });
  // Spec defaults: $600 a month over 5 years plus $2,000 deposit = $38,000.
  await expect(finder.getByText('$38,000')).toBeVisible();
  await finder.getByLabel('Monthly repayment').fill('0');
  await finder.getByLabel('Deposit').fill('500');
  const refused = finder.getByRole('button', { name: '0 Cars Found' });
  await expect(refused).toBeDisabled();
  await expect(finder.getByText('No cars found for this budget')).toBeVisible();

  await finder.getByLabel('Monthly repayment').fill('600');
  await finder.getByLabel('Deposit').fill('2000');
  await finder.getByRole('button', { name: 'View Cars In This Range' }).click();
  await expect(page).toHaveURL(/[?&]price=1000:38000(&|$)/);
  const expected = await serviceSearch(page, { filters: 'car_type:used', numericFilters: ['price>=1000', 'price<=38000'], hitsPerPage: 21 });
  await expect(count(page)).toHaveAttribute('data-result-count', String(expected.nbHits));
  await expect.poll(() => cardNames(page)).toEqual(expected.names);
});

test('the budget finder on the finance page (mf_search/BudgetFinder): refused below the cheapest car, else leads to the search priced up to the budget', async ({ page }) => {
  // Summit calls its stock vehicles: the finder's texts follow the site's noun.
  await open(page, 'summit-auto-group', '/finance');
  const finder = page.getByRole('group', { name: 'Find vehicles for your budget' });
  await expect(finder.getByText('$38,000')).toBeVisible();
  await finder.getByLabel('Monthly repayment').fill('0');
  await finder.getByLabel('Deposit').fill('500');
  await expect(finder.getByRole('button', { name: '0 Vehicles Found' })).toBeDisabled();
  await expect(finder.getByText('No vehicles found for this budget')).toBeVisible();

  await finder.getByRole('radio', { name: 'Weekly' }).check();
  // Spec default weekly: $200 x 52 x 5 years + $2,000 deposit = $54,000.
  await finder.getByLabel('Deposit').fill('2000');
  await expect(finder.getByText('$54,000')).toBeVisible();
  await finder.getByRole('link', { name: 'View Vehicles In This Range' }).click();
  await expect(page).toHaveURL(/\/search\/new-used-and-demo-cars\?price=1000:54000$/);
  const expected = await serviceSearch(page, { numericFilters: ['price>=1000', 'price<=54000'], hitsPerPage: 0 });
  await expect(count(page)).toHaveAttribute('data-result-count', String(expected.nbHits));
});

for (const [name, path] of [
  ['search', '/search/new-used-and-demo-cars'],
  ['special offers', '/special-offers'],
] as const) {
  test(`axe finds no serious or critical problem on the ${name} page`, async ({ page }) => {
    await open(page, 'harbourside-motors', path);
    await expect(count(page)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Results' }).getByRole('article').first()).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
  });
}

test('body tiles: four on one site, more on a site with custom bodies; a tile filters by its body', async ({ page }) => {
  const tiles = (p: Page) => p.getByRole('complementary', { name: 'Filters' }).getByRole('button', { pressed: false }).filter({ hasText: /\d+ (car|vehicle)s?$/ });
  await open(page, 'harbourside-motors', '/search/new-used-and-demo-cars');
  await expect(count(page)).toBeVisible();
  await expect(tiles(page)).toHaveCount(4);
  const first = tiles(page).first();
  const body = (await first.locator('[data-body]').getAttribute('data-body')) ?? '';
  await first.click();
  await expect(page).toHaveURL(new RegExp(`[?&]body=${encodeURIComponent(body)}(&|$)`));
  const expected = await serviceSearch(page, { facetFilters: [[`body:${body}`]], hitsPerPage: 21 });
  await expect(count(page)).toHaveAttribute('data-result-count', String(expected.nbHits));

  await open(page, 'summit-auto-group', '/search/new-used-and-demo-cars');
  await expect(count(page)).toBeVisible();
  await expect.poll(() => tiles(page).count()).toBeGreaterThan(4);
});

test('recent searches: an earlier search of the site is offered with its path', async ({ page }) => {
  await open(page, 'harbourside-motors', '/search/used-cars?query=hilux');
  await expect(count(page)).toBeVisible();
  await open(page, 'harbourside-motors', '/search/new-used-and-demo-cars');
  await expect(count(page)).toBeVisible();
  const recent = page.getByRole('navigation', { name: 'Recent searches' }).getByRole('link', { name: /Used cars · “hilux”/ });
  await expect(recent).toHaveAttribute('href', '/search/used-cars?query=hilux');
});

test('a signed-out shopper who saves a car is sent to sign in and back to this search', async ({ page }) => {
  await open(page, 'harbourside-motors', '/search/used-cars?make=Toyota');
  await expect(count(page)).toBeVisible();
  const save = page.getByRole('list', { name: 'Results' }).getByRole('link', { name: /^Save .* to your watchlist$/ }).first();
  await save.click();
  await expect(page).toHaveURL(/\/sign-in\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('type')).toBe('watchlist');
  expect(url.searchParams.get('redirect')).toBe('/search/used-cars?make=Toyota');
  expect(url.searchParams.get('back')).toBe('/search/used-cars?make=Toyota');
});

test('a model search shows the breadcrumb back through its make and the stock page', async ({ page }) => {
  await open(page, 'harbourside-motors', '/search/toyota/hilux');
  await expect(count(page)).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link')).toHaveText(['Home', 'New, used and demo cars', 'Toyota']);
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText('Toyota Hilux cars');
  await crumbs.getByRole('link', { name: 'Toyota' }).click();
  await expect(page).toHaveURL(/\/search\/toyota$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Toyota cars');
});

test('choosing a make offers its models; a model narrows the cards as the service does', async ({ page }) => {
  await open(page, 'harbourside-motors', '/search/new-used-and-demo-cars');
  await expect(count(page)).toBeVisible();
  // No model list across every make.
  await expect(filterSection(page, 'Model')).toBeHidden();
  await page.getByRole('checkbox', { name: /^Toyota/ }).check();
  const models = filterSection(page, 'Model').getByRole('checkbox');
  await expect(models.first()).toBeVisible();
  const first = ((await filterSection(page, 'Model').locator('label span').first().textContent()) ?? '').trim();
  await models.first().check();
  await expect(page).toHaveURL(new RegExp(`[?&]model=${encodeURIComponent(first).replace(/%20/g, '(%20|\\+)')}(&|$)`));
  const expected = await serviceSearch(page, { facetFilters: [['make:Toyota'], [`model:${first}`]], hitsPerPage: 21 });
  await expect(count(page)).toHaveAttribute('data-result-count', String(expected.nbHits));
  await expect.poll(() => cardNames(page)).toEqual(expected.names);
});

test("the certified filter: a certified-only site never offers 'Not certified', another offers both", async ({ page }) => {
  await open(page, 'summit-auto-group', '/search/new-used-and-demo-cars');
  const summit = filterSection(page, 'Certified');
  await expect(summit.getByRole('checkbox', { name: /^Certified/ })).toBeVisible();
  await expect(summit.getByRole('checkbox', { name: /^Not certified/ })).toHaveCount(0);

  await open(page, 'harbourside-motors', '/search/new-used-and-demo-cars');
  const harbourside = filterSection(page, 'Certified');
  await expect(harbourside.getByRole('checkbox', { name: /^Not certified/ })).toBeVisible();
  await harbourside.getByRole('checkbox', { name: /^Certified/ }).check();
  const expected = await serviceSearch(page, { facetFilters: [['certified:true']], hitsPerPage: 21 });
  await expect(count(page)).toHaveAttribute('data-result-count', String(expected.nbHits));
});

test('view counts: cards show each car’s views on a site that turns them on, and none elsewhere', async ({ page }) => {
  await open(page, 'harbourside-motors', '/search/new-used-and-demo-cars');
  await expect(count(page)).toBeVisible();
  const views = await page.evaluate(async () => {
    const boot = JSON.parse(document.getElementById('forecourt-boot')?.textContent ?? '{}') as { search: { appId: string; apiKey: string; indexName: string } };
    const response = await fetch(`/1/indexes/${boot.search.indexName}/query`, {
      method: 'POST',
      headers: { 'x-algolia-application-id': boot.search.appId, 'x-algolia-api-key': boot.search.apiKey },
      body: JSON.stringify({ hitsPerPage: 1 }),
    });
    const result = (await response.json()) as { hits: Array<{ views: number }> };
    return result.hits[0]?.views ?? 0;
  });
  expect(views).toBeGreaterThan(1);
  const firstCard = page.getByRole('list', { name: 'Results' }).locator('article:not([data-promo])').first();
  await expect(firstCard.locator('[data-views]')).toHaveText(`${views.toLocaleString('en-AU')} views`);

  await open(page, 'summit-auto-group', '/search/new-used-and-demo-cars');
  await expect(count(page)).toBeVisible();
  await expect(page.locator('[data-views]')).toHaveCount(0);
});

test('similar cars on a vehicle page: in stock, same body or make, near its price, never itself; the arrows move the carousel', async ({ page }) => {
  await open(page, 'harbourside-motors', '/search/new-used-and-demo-cars');
  await expect(count(page)).toBeVisible();
  // A priced car in stock, and what the service says is like it (the rule restated: in stock,
  // the same body or make, within 25 % of its price, not itself).
  const { car, expected } = await page.evaluate(async () => {
    const boot = JSON.parse(document.getElementById('forecourt-boot')?.textContent ?? '{}') as { search: { appId: string; apiKey: string; indexName: string } };
    const ask = async (body: object) => {
      const response = await fetch(`/1/indexes/${boot.search.indexName}/query`, {
        method: 'POST',
        headers: { 'x-algolia-application-id': boot.search.appId, 'x-algolia-api-key': boot.search.apiKey },
        body: JSON.stringify(body),
      });
      return ((await response.json()) as { hits: Array<{ slug: string; name: string; make: string; body: string; price: number }> }).hits;
    };
    const [first] = await ask({ filters: 'status:in_stock AND price > 20000', hitsPerPage: 1 });
    if (!first) throw new Error('no priced car in stock');
    const alike = await ask({
      filters: `(status:in_stock OR status:coming_soon) AND (body:"${first.body}" OR make:"${first.make}") AND price:${Math.floor(first.price * 0.75)} TO ${Math.ceil(first.price * 1.25)}`,
      hitsPerPage: 9,
    });
    return { car: first, expected: alike.filter((h) => h.slug !== first.slug).slice(0, 8).map((h) => h.name) };
  });
  expect(expected.length).toBeGreaterThan(3);

  await open(page, 'harbourside-motors', `/cars/${car.slug}`);
  const block = page.getByRole('region', { name: 'Similar cars' });
  const cards = block.getByRole('list', { name: 'Cars like this one' }).locator('article');
  await expect.poll(() => cards.evaluateAll((all) => all.map((c) => c.getAttribute('aria-label') ?? ''))).toEqual(expected);

  const previous = block.getByRole('button', { name: 'Previous cars' });
  await expect(previous).toBeDisabled();
  await block.getByRole('button', { name: 'Next cars' }).click();
  await expect(previous).toBeEnabled();
});

test("the home page's quick finder: 'Show Me N Cars' counts what the service finds for the choice and leads to those results", async ({ page }) => {
  await open(page, 'harbourside-motors', '/');
  const finder = page.getByRole('form', { name: 'Find a car' });
  await finder.getByLabel('Make').selectOption('Toyota');
  await finder.getByLabel('Price up to').selectOption('40000');
  const expected = await serviceSearch(page, { facetFilters: [['make:Toyota']], numericFilters: ['price<=40000'], hitsPerPage: 0 });
  const button = finder.getByRole('link', { name: /^Show Me/ });
  // The count animates for a second, then reads the service's total.
  await expect(button).toHaveText(`Show Me ${expected.nbHits} Cars`);
  await button.click();
  await expect(page).toHaveURL(/\/search\/new-used-and-demo-cars\?make=Toyota&price=:40000$/);
  await expect(count(page)).toHaveAttribute('data-result-count', String(expected.nbHits));
});

test('when the search index stops answering, the page lists the fallback fetch’s cars for the same filters and says so', async ({ page }) => {
  // The page arrives with its first results (the server asked the index); then the index goes down.
  await open(page, 'harbourside-motors', '/search/new-used-and-demo-cars');
  await expect(count(page)).toBeVisible();
  await page.route('**/1/indexes/**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"unavailable"}' }));
  await filterSection(page, 'Make').getByRole('checkbox', { name: /^Toyota/ }).check();
  await expect(page.locator('[data-fallback]')).toContainText('Our full search is not answering right now');
  // The fallback fetch asked directly, over the page's own origin, as a second opinion.
  const expected = await page.evaluate(async (url) => ((await (await fetch(url)).json()) as { vehicles: Array<{ name: string; make: string }> }).vehicles, `/api/search/fallback?search_filters=${encodeURIComponent(JSON.stringify({ make: ['Toyota'] }))}&limit=21`);
  expect(expected.length).toBeGreaterThan(0);
  expect(expected.every((v) => v.make === 'Toyota')).toBe(true);
  await expect.poll(() => cardNames(page)).toEqual(expected.map((v) => v.name));
});

test('on a page built in the browser (Redgum runs an earlier pinned search build, no first paint), a failed search falls back with the filters of the click that failed', async ({ page }) => {
  await open(page, 'redgum-used-cars', '/search/used-cars');
  await expect(count(page)).toBeVisible();
  await page.route('**/1/indexes/**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"unavailable"}' }));
  const fallbackAsked = page.waitForRequest((request) => request.url().includes('/api/search/fallback'));
  await filterSection(page, 'Make').getByRole('checkbox', { name: /^Toyota/ }).check();
  const asked = new URL((await fallbackAsked).url());
  expect(JSON.parse(asked.searchParams.get('search_filters') ?? 'null')).toEqual({ make: ['Toyota'], car_type: ['used'] });
  await expect(page.locator('[data-fallback]')).toContainText('Our full search is not answering right now');
  const expected = await page.evaluate(async (url) => ((await (await fetch(url)).json()) as { vehicles: Array<{ name: string; make: string }> }).vehicles, `/api/search/fallback?search_filters=${encodeURIComponent(JSON.stringify({ make: ['Toyota'], car_type: ['used'] }))}&limit=21`);
  expect(expected.length).toBeGreaterThan(0);
  await expect.poll(() => cardNames(page)).toEqual(expected.map((v) => v.name));
});

test('special offers list 21 cars a page, on a site whose search pages list 24 (Summit)', async ({ page }) => {
  await open(page, 'summit-auto-group', '/special-offers');
  const found = Number(await count(page).getAttribute('data-result-count'));
  expect(found).toBeGreaterThan(21);
  expect((await cardNames(page)).length).toBe(21);
});

test('each site’s extra filters: Summit adds colour and seats, a caravan yard none; a fuel filter agrees with the service', async ({ page }) => {
  await open(page, 'coastal-caravans', '/search/new-used-and-demo-cars');
  await expect(count(page)).toBeVisible();
  await expect(filterSection(page, 'Fuel')).toHaveCount(0);

  await open(page, 'summit-auto-group', '/search/new-used-and-demo-cars');
  await expect(count(page)).toBeVisible();
  for (const title of ['Fuel', 'Transmission', 'Drive', 'Colour', 'Seats']) await expect(filterSection(page, title)).toHaveCount(1);
  await filterSection(page, 'Fuel').locator('summary').click();
  const diesel = filterSection(page, 'Fuel').getByRole('checkbox', { name: /^Diesel/ });
  await diesel.check();
  await expect(page).toHaveURL(/[?&]fuel=diesel(&|$)/);
  const expected = await serviceSearch(page, { facetFilters: [['fuel:diesel']], hitsPerPage: 21 });
  await expect(count(page)).toHaveAttribute('data-result-count', String(expected.nbHits));
});

test('a search page arrives with its first cards in the HTML, and the app takes over in place without asking the search service again', async ({ browser }) => {
  const url = tenantUrl('summit-auto-group', '/search/new-used-and-demo-cars?make=Toyota');
  const titleBox = (page: Page) => page.locator('#app-mf-search article:not([data-promo]) h2 a').first().boundingBox();

  // Before any script runs: the server's first paint alone.
  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  const serverPage = await noScript.newPage();
  await serverPage.goto(url);
  const painted = await serverPage.locator('[data-first-paint] article:not([data-promo])').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label') ?? ''));
  expect(painted.length).toBeGreaterThan(0);
  const paintedCount = await serverPage.locator('[data-first-paint] [data-result-count]').getAttribute('data-result-count');
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
  await expect(page.locator('[data-first-paint]')).toHaveCount(0);
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

test("the home page arrives whole: the quick finder's first count is in the HTML, and the app takes it over without searching", async ({ browser }) => {
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
  await expect(page.locator('[data-first-paint]')).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Find a car' }).getByRole('link', { name: /^Show Me/ })).toHaveText(painted ?? '');
  expect(searches).toEqual([]);
  const expected = await serviceSearch(page, { hitsPerPage: 0 });
  expect(painted).toBe(`Show Me ${expected.nbHits} Cars`);
  await page.close();
});

/** Asks the model catalogue directly, with the page's own catalogue key. */
async function catalogueSearch(page: Page, params: Record<string, unknown>): Promise<{ nbHits: number; names: string[] }> {
  return page.evaluate(async (body) => {
    const boot = JSON.parse(document.getElementById('forecourt-boot')?.textContent ?? '{}') as { search: { appId: string; models: { apiKey: string; indexName: string } } };
    const response = await fetch(`/1/indexes/${boot.search.models.indexName}/query`, {
      method: 'POST',
      headers: { 'x-algolia-application-id': boot.search.appId, 'x-algolia-api-key': boot.search.models.apiKey },
      body: JSON.stringify(body),
    });
    const result = (await response.json()) as { nbHits: number; hits: Array<{ manufacturer: { name: string }; model: { name: string } }> };
    return { nbHits: result.nbHits, names: result.hits.map((h) => `${h.manufacturer.name} ${h.model.name}`) };
  }, params);
}

const modelCount = (page: Page) => page.locator('[data-model-count]');
const modelNames = (page: Page) => page.getByRole('list', { name: 'Models' }).getByRole('article').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label') ?? ''));

test('the model search: the models the site sells new, filtered by body type in the address, each leading to its stock', async ({ page }) => {
  await open(page, 'harbourside-motors', '/models');
  const all = await catalogueSearch(page, { hitsPerPage: 21 });
  expect(all.nbHits).toBeGreaterThan(0);
  await expect(modelCount(page)).toHaveAttribute('data-model-count', String(all.nbHits));
  await expect.poll(() => modelNames(page)).toEqual(all.names);

  await filterSection(page, 'Body type').getByRole('checkbox', { name: /^SUV/ }).check();
  await expect(page).toHaveURL(/\/models\?body=suv$/);
  const suvs = await catalogueSearch(page, { facetFilters: [['model.body:suv']], hitsPerPage: 21 });
  await expect(modelCount(page)).toHaveAttribute('data-model-count', String(suvs.nbHits));
  await expect.poll(() => modelNames(page)).toEqual(suvs.names);

  const first = page.getByRole('list', { name: 'Models' }).getByRole('article').first();
  const name = await first.getAttribute('aria-label');
  await first.getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/search\/[a-z0-9-]+\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name?.split(' ').slice(1).join(' ') ?? '');
});

test('a model search that matches nothing says so', async ({ page }) => {
  await open(page, 'harbourside-motors', '/models?query=qqqqzz');
  await expect(page.getByText('No models match your search. Try another make or body type.')).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search models' })).toHaveValue('qqqqzz');
});

test('axe finds no serious or critical problem on the model search page', async ({ page }) => {
  await open(page, 'harbourside-motors', '/models');
  await expect(page.getByRole('list', { name: 'Models' }).getByRole('article').first()).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
});

test('the rest of the spec’s filter attributes on a site that adds them: year, Listed and location agree with the service and the address', async ({ page }) => {
  await open(page, 'summit-auto-group', '/search/new-used-and-demo-cars');

  await filterSection(page, 'Year').locator('summary').click();
  await filterSection(page, 'Year').getByLabel('Min year').fill('2022');
  await filterSection(page, 'Year').getByLabel('Min year').press('Enter');
  await expect(page).toHaveURL(/[?&]year=2022:(&|$)/);
  const byYear = await serviceSearch(page, { numericFilters: ['year>=2022'], hitsPerPage: 0 });
  await expect(count(page)).toHaveAttribute('data-result-count', String(byYear.nbHits));

  await filterSection(page, 'Listed').locator('summary').click();
  await filterSection(page, 'Listed').getByLabel('Listed').selectOption({ label: 'In the last 30 days' });
  await expect(page).toHaveURL(/[?&]created_at_timestamp=\d+:(&|$)/);
  const since = Number(/created_at_timestamp=(\d+)/.exec(page.url())?.[1]);
  expect(Date.now() / 1000 - since).toBeGreaterThanOrEqual(30 * 86_400);
  const recent = await serviceSearch(page, { numericFilters: ['year>=2022', `created_at_timestamp>=${since}`], hitsPerPage: 0 });
  await expect(count(page)).toHaveAttribute('data-result-count', String(recent.nbHits));

  await filterSection(page, 'Location').locator('summary').click();
  const option = filterSection(page, 'Location').locator('label').first();
  const name = (await option.locator('span').first().textContent()) ?? '';
  await option.getByRole('checkbox').check();
  await expect(page).toHaveURL(new RegExp(`[?&]location_name=${encodeURIComponent(name).replace(/%20/g, '(%20|\\+)')}(&|$)`));
  const atLocation = await serviceSearch(page, { numericFilters: ['year>=2022', `created_at_timestamp>=${since}`], facetFilters: [[`location_name:${name}`]], hitsPerPage: 0 });
  await expect(count(page)).toHaveAttribute('data-result-count', String(atLocation.nbHits));

  // Back undoes the location, as every filter.
  await page.goBack();
  await expect(count(page)).toHaveAttribute('data-result-count', String(recent.nbHits));
});

test('favourites and compare: a shopper keeps cars in this browser, sees them on /favourites, and compares up to three side by side', async ({ page }) => {
  await open(page, 'harbourside-motors', '/search/used-cars');
  await expect(count(page)).toBeVisible();
  const cards = page.getByRole('list', { name: 'Results' }).locator('article:not([data-promo])');
  const names = (await cardNames(page)).slice(0, 4);

  // Favourite the first car: it stays favourited across a reload, and /favourites lists it.
  const favourite = cards.first().getByRole('button', { name: /^Favourite / });
  await favourite.click();
  await expect(favourite).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.locator('[data-first-paint]')).toHaveCount(0);
  await expect(cards.first().getByRole('button', { name: /^Favourite / })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('complementary', { name: 'Saved' }).getByRole('link', { name: 'Favourites (1)' }).click();
  await expect(page).toHaveURL(/\/favourites$/);
  await expect(page.getByRole('list', { name: 'Favourites' }).getByRole('article')).toHaveAttribute('aria-label', names[0]!);

  // Compare three; a fourth is refused with the reason; the table has the three.
  await page.goBack();
  await expect(count(page)).toBeVisible();
  // By position: two cars may share a name.
  const compare = (i: number) => cards.nth(i).getByRole('button', { name: /^Compare / });
  for (const i of [0, 1, 2]) await compare(i).click();
  await compare(3).click();
  await expect(compare(3)).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByText('You can compare up to 3 cars. Remove one to add another.')).toBeVisible();
  await page.getByRole('complementary', { name: 'Saved' }).getByRole('link', { name: 'Compare now' }).click();
  await expect(page).toHaveURL(/\/compare$/);
  const columns = page.getByRole('table').getByRole('columnheader');
  await expect(columns).toHaveCount(3);
  await expect(page.getByRole('table').getByRole('link')).toHaveText(names.slice(0, 3));
  await page.getByRole('table').getByRole('button', { name: /^Remove / }).nth(1).click();
  await expect(page.getByRole('table').getByRole('link')).toHaveText([names[0]!, names[2]!]);
});

test('a site without favourites and compare (the caravan yard) shows neither on its cards', async ({ page }) => {
  await open(page, 'coastal-caravans', '/search/new-used-and-demo-cars');
  await expect(count(page)).toBeVisible();
  const results = page.getByRole('list', { name: 'Results' });
  await expect(results.getByRole('article').first()).toBeVisible();
  await expect(results.getByRole('button', { name: /^(Favourite|Compare) / })).toHaveCount(0);
});
