import { expect, test, type Page } from '@playwright/test';
import { scrollToFragment } from '../support/platform';
import { cardNames, count, filterSection, open, serviceSearch } from '../support/search';
import { takeOver } from '../support/first-paint';
import { seriousAxeViolations } from '../support/axe';

/**
 * The search team's parts outside the results page, in a real browser against the real search
 * service: the model search, the home page's quick finder, the budget finder on the finance
 * page, similar cars on a vehicle page, and favourites and compare.
 */

/** Asks the model catalogue directly, with the page's own catalogue key. */
async function catalogueSearch(
  page: Page,
  params: Record<string, unknown>,
): Promise<{ nbHits: number; names: string[] }> {
  return page.evaluate(async (body) => {
    const boot = JSON.parse(document.getElementById('forecourt-boot')?.textContent ?? '{}') as {
      search: { appId: string; models: { apiKey: string; indexName: string } };
    };
    const response = await fetch(`/1/indexes/${boot.search.models.indexName}/query`, {
      method: 'POST',
      headers: { 'x-algolia-application-id': boot.search.appId, 'x-algolia-api-key': boot.search.models.apiKey },
      body: JSON.stringify(body),
    });
    const result = (await response.json()) as {
      nbHits: number;
      hits: Array<{ manufacturer: { name: string }; model: { name: string } }>;
    };
    return { nbHits: result.nbHits, names: result.hits.map((h) => `${h.manufacturer.name} ${h.model.name}`) };
  }, params);
}

const modelCount = (page: Page) => page.locator('[data-model-count]');
const modelNames = (page: Page) =>
  page
    .getByRole('list', { name: 'Models' })
    .getByRole('article')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label') ?? ''));

test('the budget finder on the finance page (mf_search/BudgetFinder): refused below the cheapest car, else leads to the search priced up to the budget', async ({
  page,
}) => {
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

test('similar cars on a vehicle page: in stock, same body or make, near its price, never itself; the arrows move the carousel', async ({
  page,
}) => {
  await open(page, 'harbourside-motors', '/search/new-used-and-demo-cars');
  await expect(count(page)).toBeVisible();
  // A priced car in stock, and what the service says is like it (the rule restated: in stock,
  // the same body or make, within 25 % of its price widened to whole thousands, not itself).
  const { car, expected } = await page.evaluate(async () => {
    const boot = JSON.parse(document.getElementById('forecourt-boot')?.textContent ?? '{}') as {
      search: { appId: string; apiKey: string; indexName: string };
    };
    const ask = async (body: object) => {
      const response = await fetch(`/1/indexes/${boot.search.indexName}/query`, {
        method: 'POST',
        headers: { 'x-algolia-application-id': boot.search.appId, 'x-algolia-api-key': boot.search.apiKey },
        body: JSON.stringify(body),
      });
      return (
        (await response.json()) as {
          hits: Array<{ slug: string; name: string; make: string; body: string; price: number }>;
        }
      ).hits;
    };
    const [first] = await ask({ filters: 'status:in_stock AND price > 20000', hitsPerPage: 1 });
    if (!first) throw new Error('no priced car in stock');
    const alike = await ask({
      filters: `(status:in_stock OR status:coming_soon) AND (body:"${first.body}" OR make:"${first.make}") AND price:${Math.floor((first.price * 0.75) / 1000) * 1000} TO ${Math.ceil((first.price * 1.25) / 1000) * 1000}`,
      hitsPerPage: 9,
    });
    return {
      car: first,
      expected: alike
        .filter((h) => h.slug !== first.slug)
        .slice(0, 8)
        .map((h) => h.name),
    };
  });
  expect(expected.length).toBeGreaterThan(3);

  await open(page, 'harbourside-motors', `/cars/${car.slug}`);
  const block = page.getByRole('region', { name: 'Similar cars' });
  await scrollToFragment(page, 'mf_search/SimilarCars', block);
  const cards = block.getByRole('list', { name: 'Cars like this one' }).locator('article');
  await expect
    .poll(() => cards.evaluateAll((all) => all.map((c) => c.getAttribute('aria-label') ?? '')))
    .toEqual(expected);

  // The similar slider (their price range) is above them.
  await expect(
    block.getByRole('group', { name: 'Price range' }).getByRole('slider', { name: 'Maximum price' }),
  ).toBeVisible();

  const previous = block.getByRole('button', { name: 'Previous cars' });
  await expect(previous).toBeDisabled();
  await block.getByRole('button', { name: 'Next cars' }).click();
  await expect(previous).toBeEnabled();
});

test("the blog listing shows the site's live promotional cards (mf_search/PromoCards), as its results do", async ({
  page,
}) => {
  await open(page, 'harbourside-motors', '/blog');
  const offers = page.getByRole('list', { name: 'Offers' });
  await scrollToFragment(page, 'mf_search/PromoCards', offers);
  await expect(offers.getByRole('article', { name: 'We Want Your Car!' })).toBeVisible();
  await expect(offers.getByRole('article', { name: 'Runout sale' })).toBeVisible();
  // Ended, not yet started, or only for an exact car-type choice: not on a listing.
  await expect(offers.getByRole('article')).toHaveCount(2);
});

test("the home page's quick finder: 'Show Me N Cars' counts what the service finds for the choice and leads to those results", async ({
  page,
}) => {
  await open(page, 'harbourside-motors', '/');
  const finder = page.getByRole('form', { name: 'Find a car' });
  await finder.getByLabel('Make').selectOption('Toyota');
  await finder.getByLabel('Price up to').selectOption('40000');
  const expected = await serviceSearch(page, {
    facetFilters: [['make:Toyota']],
    numericFilters: ['price<=40000'],
    hitsPerPage: 0,
  });
  const button = finder.getByRole('link', { name: /^Show Me/ });
  // The count animates for a second, then reads the service's total.
  await expect(button).toHaveText(`Show Me ${expected.nbHits} Cars`);
  await button.click();
  await expect(page).toHaveURL(/\/search\/new-used-and-demo-cars\?make=Toyota&price=:40000$/);
  await expect(count(page)).toHaveAttribute('data-result-count', String(expected.nbHits));
});

test('the model search: the models the site sells new, filtered by body type in the address, each leading to its stock', async ({
  page,
}) => {
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
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('favourites and compare: a shopper keeps cars in this browser, sees them on /favourites, and compares up to three side by side', async ({
  page,
}) => {
  await open(page, 'harbourside-motors', '/search/used-cars');
  await expect(count(page)).toBeVisible();
  const cards = page.getByRole('list', { name: 'Results' }).locator('article:not([data-promo])');
  const names = (await cardNames(page)).slice(0, 4);

  // Favourite the first car: it stays favourited across a reload, and /favourites lists it.
  const favourite = cards.first().getByRole('button', { name: /^Favourite / });
  await favourite.click();
  await expect(favourite).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await takeOver(page);
  await expect(cards.first().getByRole('button', { name: /^Favourite / })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('complementary', { name: 'Saved' }).getByRole('link', { name: 'Favourites (1)' }).click();
  await expect(page).toHaveURL(/\/favourites$/);
  await expect(page.getByRole('list', { name: 'Favourites' }).getByRole('article')).toHaveAttribute(
    'aria-label',
    names[0]!,
  );

  // Compare three; a fourth is refused with the reason; the table has the three.
  await page.goBack();
  // Back is a new page load: its presses must reach the app's cards, not the server's first paint.
  await takeOver(page);
  await expect(count(page)).toBeVisible();
  // By position: two cars may share a name.
  const compare = (i: number) => cards.nth(i).getByRole('button', { name: /^Compare / });
  for (const i of [0, 1, 2]) await compare(i).click();
  await compare(3).click();
  await expect(compare(3)).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByText('You can compare up to 3 cars. Remove one to add another.')).toBeVisible();
  await page.getByRole('complementary', { name: 'Saved' }).getByRole('link', { name: 'Compare now' }).click();
  await expect(page).toHaveURL(/\/compare$/);
  await expect(page.locator('[data-first-paint]')).toHaveCount(0);
  const columns = page.getByRole('table').getByRole('columnheader');
  await expect(columns).toHaveCount(3);
  await expect(page.getByRole('table').getByRole('link')).toHaveText(names.slice(0, 3));
  await page
    .getByRole('table')
    .getByRole('button', { name: /^Remove / })
    .nth(1)
    .click();
  await expect(page.getByRole('table').getByRole('link')).toHaveText([names[0]!, names[2]!]);
});

test('a site without favourites and compare (the caravan yard) shows neither on its cards', async ({ page }) => {
  await open(page, 'coastal-caravans', '/search/new-used-and-demo-cars');
  await expect(count(page)).toBeVisible();
  const results = page.getByRole('list', { name: 'Results' });
  await expect(results.getByRole('article').first()).toBeVisible();
  await expect(results.getByRole('button', { name: /^(Favourite|Compare) / })).toHaveCount(0);
});
