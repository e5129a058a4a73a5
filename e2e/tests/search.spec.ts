import { expect, test, type Page } from '@playwright/test';
import { cardNames, count, filterSection, open, serviceSearch } from '../support/search';
import { seriousAxeViolations } from '../support/axe';

/**
 * The search results journeys, in a real browser against the real search service: what the
 * page shows must agree with what the service answers for the same filters, and the address bar
 * must carry the whole state.
 */
const EMPTY_SEARCH_TEXT =
  'No results found for your search at this time. Please try adjusting the filters for more results.';

const NO_OFFERS_TEXT = 'There appears to be no offers currently available that meet the conditions of your search';
const WANT_YOUR_CAR = 'We Want Your Car!';

/** The spec's sold collapse, restated: a run of sold cars shows as its first card, unless all are sold. */
function foldSold({ names, statuses }: { names: string[]; statuses: string[] }): string[] {
  if (statuses.every((s) => s === 'sold')) return names;
  return names.filter((_, i) => !(statuses[i] === 'sold' && statuses[i - 1] === 'sold'));
}

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
    focusedIsCheckbox = await page.evaluate(
      () => (document.activeElement as HTMLInputElement | null)?.type === 'checkbox',
    );
  }
  expect(focusedIsCheckbox).toBe(true);
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/[?&]make=/);
  const firstTitle = page
    .getByRole('list', { name: 'Results' })
    .getByRole('article')
    .first()
    .getByRole('heading')
    .getByRole('link');
  const href = await firstTitle.getAttribute('href');
  await firstTitle.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

test('filtering by make and a typed maximum price: address, count and cards agree with the service', async ({
  page,
}) => {
  await open(page, 'harbourside-motors', '/search/new-used-and-demo-cars');
  await expect(count(page)).toBeVisible();
  await page.getByRole('checkbox', { name: /^Toyota/ }).check();
  await expect(page).toHaveURL(/[?&]make=Toyota(&|$)/);
  const maxPrice = page.getByLabel('Max price');
  await maxPrice.fill('$40,000');
  await maxPrice.press('Enter');
  await expect(page).toHaveURL(/[?&]price=:40000(&|$)/);
  const expected = await serviceSearch(page, {
    facetFilters: [['make:Toyota']],
    numericFilters: ['price<=40000'],
    hitsPerPage: 21,
  });
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
  const promoSlots = async (p: Page) =>
    (
      await cells(p).evaluateAll((items) => items.map((li, i) => (li.querySelector('[data-promo]') ? i + 1 : 0)))
    ).filter(Boolean);
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

test('special offers: an offer search with no match says so, and Clear Filters brings every offer back', async ({
  page,
}) => {
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
  const expected = await serviceSearch(page, {
    filters: 'car_type:used',
    numericFilters: ['price>=1000', 'price<=38000'],
    hitsPerPage: 21,
  });
  await expect(count(page)).toHaveAttribute('data-result-count', String(expected.nbHits));
  await expect.poll(() => cardNames(page)).toEqual(expected.names);
});

for (const [name, path] of [
  ['search', '/search/new-used-and-demo-cars'],
  ['special offers', '/special-offers'],
] as const) {
  test(`axe finds no serious or critical problem on the ${name} page`, async ({ page }) => {
    await open(page, 'harbourside-motors', path);
    await expect(count(page)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Results' }).getByRole('article').first()).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
}

test('body tiles: four on one site, more on a site with custom bodies; a tile filters by its body', async ({
  page,
}) => {
  const tiles = (p: Page) =>
    p
      .getByRole('complementary', { name: 'Filters' })
      .getByRole('button', { pressed: false })
      .filter({ hasText: /\d+ (car|vehicle)s?$/ });
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
  const recent = page
    .getByRole('navigation', { name: 'Recent searches' })
    .getByRole('link', { name: /Used cars · “hilux”/ });
  await expect(recent).toHaveAttribute('href', '/search/used-cars?query=hilux');
});

test('a signed-out shopper who saves a car is sent to sign in and back to this search', async ({ page }) => {
  await open(page, 'harbourside-motors', '/search/used-cars?make=Toyota');
  await expect(count(page)).toBeVisible();
  const save = page
    .getByRole('list', { name: 'Results' })
    .getByRole('link', { name: /^Save .* to your watchlist$/ })
    .first();
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
  // The model list is read once the page shows Toyota's answer: until then it lists the models
  // of the answer before (every make's), which a busy machine can show for a while.
  const toyota = await serviceSearch(page, { facetFilters: [['make:Toyota']], hitsPerPage: 21 });
  await expect(count(page)).toHaveAttribute('data-result-count', String(toyota.nbHits));
  const models = filterSection(page, 'Model').getByRole('checkbox');
  await expect(models.first()).toBeVisible();
  const first = ((await filterSection(page, 'Model').locator('label span').first().textContent()) ?? '').trim();
  await models.first().check();
  await expect(page).toHaveURL(new RegExp(`[?&]model=${encodeURIComponent(first).replace(/%20/g, '(%20|\\+)')}(&|$)`));
  const expected = await serviceSearch(page, { facetFilters: [['make:Toyota'], [`model:${first}`]], hitsPerPage: 21 });
  await expect(count(page)).toHaveAttribute('data-result-count', String(expected.nbHits));
  await expect.poll(() => cardNames(page)).toEqual(expected.names);
});

test("the certified filter: a certified-only site never offers 'Not certified', another offers both", async ({
  page,
}) => {
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
    const boot = JSON.parse(document.getElementById('forecourt-boot')?.textContent ?? '{}') as {
      search: { appId: string; apiKey: string; indexName: string };
    };
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

test('special offers list 21 cars a page, on a site whose search pages list 24 (Summit)', async ({ page }) => {
  await open(page, 'summit-auto-group', '/special-offers');
  const found = Number(await count(page).getAttribute('data-result-count'));
  expect(found).toBeGreaterThan(21);
  expect((await cardNames(page)).length).toBe(21);
});

test('each site’s extra filters: Summit adds colour and seats, a caravan yard none; a fuel filter agrees with the service', async ({
  page,
}) => {
  await open(page, 'coastal-caravans', '/search/new-used-and-demo-cars');
  await expect(count(page)).toBeVisible();
  await expect(filterSection(page, 'Fuel')).toHaveCount(0);

  await open(page, 'summit-auto-group', '/search/new-used-and-demo-cars');
  await expect(count(page)).toBeVisible();
  for (const title of ['Fuel', 'Transmission', 'Drive', 'Colour', 'Seats'])
    await expect(filterSection(page, title)).toHaveCount(1);
  await filterSection(page, 'Fuel').locator('summary').click();
  const diesel = filterSection(page, 'Fuel').getByRole('checkbox', { name: /^Diesel/ });
  await diesel.check();
  await expect(page).toHaveURL(/[?&]fuel=diesel(&|$)/);
  const expected = await serviceSearch(page, { facetFilters: [['fuel:diesel']], hitsPerPage: 21 });
  await expect(count(page)).toHaveAttribute('data-result-count', String(expected.nbHits));
});

test('the rest of the spec’s filter attributes on a site that adds them: year, Listed and location agree with the service and the address', async ({
  page,
}) => {
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
  const recent = await serviceSearch(page, {
    numericFilters: ['year>=2022', `created_at_timestamp>=${since}`],
    hitsPerPage: 0,
  });
  await expect(count(page)).toHaveAttribute('data-result-count', String(recent.nbHits));

  await filterSection(page, 'Location').locator('summary').click();
  const option = filterSection(page, 'Location').locator('label').first();
  const name = (await option.locator('span').first().textContent()) ?? '';
  await option.getByRole('checkbox').check();
  await expect(page).toHaveURL(
    new RegExp(`[?&]location_name=${encodeURIComponent(name).replace(/%20/g, '(%20|\\+)')}(&|$)`),
  );
  const atLocation = await serviceSearch(page, {
    numericFilters: ['year>=2022', `created_at_timestamp>=${since}`],
    facetFilters: [[`location_name:${name}`]],
    hitsPerPage: 0,
  });
  await expect(count(page)).toHaveAttribute('data-result-count', String(atLocation.nbHits));

  // Back undoes the location, as every filter.
  await page.goBack();
  await expect(count(page)).toHaveAttribute('data-result-count', String(recent.nbHits));
});
