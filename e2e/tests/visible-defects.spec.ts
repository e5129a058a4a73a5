import { expect, test, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { E2E_PORT, REPO_ROOT, tenantUrl } from '../support/env';
import { findListedCar, type ListedCar } from '../support/listed-cars';
import { takeOver } from '../support/first-paint';
import { scrollToFragment } from '../support/platform';

/**
 * Visible defects shoppers once saw, on the tenants where a shopper saw them, and a crawl of every
 * header and footer link of every demo tenant: a search link shows stock, no page shows 'None' as
 * a value, and no page speaks of a feature the site has switched off.
 */

/** What the crawl needs of a tenant's own configuration (infra/tenants/*.json, as the server reads it). */
interface TenantFile {
  slug: string;
  features?: Record<string, boolean>;
  finance?: { hidden?: boolean };
  search?: { favourites?: boolean; compare?: boolean };
  leads?: { tradeIn?: boolean };
}
const TENANTS_DIR = path.join(REPO_ROOT, 'infra', 'tenants');
const TENANTS: TenantFile[] = readdirSync(TENANTS_DIR)
  .filter((file) => file.endsWith('.json'))
  .map((file) => JSON.parse(readFileSync(path.join(TENANTS_DIR, file), 'utf8')) as TenantFile);

const financeOn = (tenant: TenantFile) => tenant.features?.['mf-finance'] !== false && tenant.finance?.hidden !== true;

/** A value that reads 'None' on its own (a row's value, a part of the sticky line), not 'None in these results'. */
const NONE_VALUE = /(^|[\n\t:·]\s*)None\s*($|[\n\t·])/m;

/** The car as the vehicle API answers it, with the fields these checks read. */
type VehicleCar = ListedCar & {
  item_type: string;
  body: string;
  transmission: string;
  car_type: string;
  catalogue_model: boolean;
  finance_lender: unknown;
};

/** Opens a page and waits until the app has taken over from the server's first paint. */
async function open(page: Page, tenant: string, pathname: string): Promise<number> {
  const response = await page.goto(tenantUrl(tenant, pathname));
  await takeOver(page);
  return response?.status() ?? 0;
}

/** The live result count (not the server's first paint). */
const resultCount = (page: Page) => page.locator('[data-result-count]:not([data-first-paint] *)');
const cards = (page: Page) => page.getByRole('list', { name: 'Results' }).locator('article:not([data-promo])');
const pageText = (page: Page) => page.locator('body').innerText();

test.describe('coastal-caravans', () => {
  test('its configured link "Caravans for sale" lists caravans, under the heading New and used caravans', async ({
    page,
  }) => {
    await open(page, 'coastal-caravans', '/');
    const href = await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Caravans for sale' })
      .getAttribute('href');
    expect(href).toBe('/search/new-and-used-caravans');
    await open(page, 'coastal-caravans', href!);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('New and used caravans');
    await expect(resultCount(page)).not.toHaveAttribute('data-result-count', '0');
  });

  test('the all-stock route names only what the site sells: New and used caravans, never demo', async ({ page }) => {
    await open(page, 'coastal-caravans', '/search/new-used-and-demo-cars');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('New and used caravans');
  });

  test("a caravan's page shows no 'Transmission: None', no 'Fuel: None' and no fuel cost calculator", async ({
    page,
  }) => {
    const car = (await findListedCar(E2E_PORT, 'coastal-caravans', (c) => c.status === 'in_stock')) as VehicleCar;
    await open(page, 'coastal-caravans', `/cars/${car.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(car.name);
    const keyInfo = page.getByRole('region', { name: 'Key information' });
    await expect(keyInfo).toBeVisible();
    await expect(keyInfo.getByText('Transmission', { exact: true })).toHaveCount(0);
    await expect(keyInfo.getByText('Fuel', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Fuel cost calculator' })).toHaveCount(0);
    expect(await pageText(page)).not.toMatch(NONE_VALUE);
  });

  test('with finance switched off: no weekly figure on a card, no finance estimate on the home page', async ({
    page,
  }) => {
    await open(page, 'coastal-caravans', '/search/new-and-used-caravans');
    await expect(cards(page).first()).toBeVisible();
    await expect(cards(page).filter({ hasText: /\/wk|Enquire for Finance/ })).toHaveCount(0);
    await open(page, 'coastal-caravans', '/');
    expect(await pageText(page)).not.toMatch(/finance estimate/i);
  });

  test('/compare and /favourites do not tell shoppers to use controls the site has switched off', async ({ page }) => {
    for (const pathname of ['/compare', '/favourites']) {
      await open(page, 'coastal-caravans', pathname);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not available');
      expect(await pageText(page)).not.toMatch(/Tick Compare|Tap Favourite/);
    }
  });
});

test('redgum-used-cars (used only) shows no promotion for new and demo stock', async ({ page }) => {
  await open(page, 'redgum-used-cars', '/search/used-cars');
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByText('Runout pricing on selected new and demo stock')).toHaveCount(0);
});

test('harbourside-motors: each result card shows a weekly figure exactly where its page shows the calculator, and the same figure', async ({
  page,
}) => {
  await open(page, 'harbourside-motors', '/search/new-used-and-demo-cars');
  await expect(cards(page).first()).toBeVisible();
  const shown = await cards(page).evaluateAll((articles) =>
    articles.slice(0, 8).map((article) => ({
      href: article.querySelector('h2 a')?.getAttribute('href') ?? '',
      finance: /\/wk|Enquire for Finance/.test(article.textContent ?? ''),
      weekly: /(\$[\d,]+)\/wk/.exec(article.textContent ?? '')?.[1] ?? null,
    })),
  );
  expect(shown.some((card) => card.weekly !== null)).toBe(true);
  for (const card of shown) {
    await open(page, 'harbourside-motors', card.href);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The calculator's slot and the Get Finance button are the page's answer to the same rule.
    await expect(page.locator('#finance-calculator'), card.href).toHaveCount(card.finance ? 1 : 0);
    const getFinance = page.getByRole('link', { name: 'Get Finance', exact: true });
    if (card.finance) await expect(getFinance.first(), card.href).toBeVisible();
    else await expect(getFinance, card.href).toHaveCount(0);
    // One figure: the calculator opens on the weekly repayment the card showed.
    if (card.weekly) {
      const calculator = page
        .locator('[data-boundary="mf-finance"]')
        .filter({ has: page.getByRole('heading', { name: 'Finance calculator' }) });
      await scrollToFragment(page, 'mf_finance/Calculator', calculator);
      await expect(calculator.getByTestId('calculator-repayment'), card.href).toHaveText(card.weekly);
    }
  }
});

test("a Suzuki shows no weekly figure on its card and no Get Finance on its page (spec: 'Finance is hidden for Suzuki')", async ({
  page,
}) => {
  const tenant = TENANTS.filter(financeOn).map((t) => t.slug);
  let found: { tenant: string; car: ListedCar } | null = null;
  for (const slug of tenant) {
    try {
      found = {
        tenant: slug,
        car: await findListedCar(E2E_PORT, slug, (c) => c.make === 'Suzuki' && c.status === 'in_stock'),
      };
      break;
    } catch {
      // This site lists no Suzuki; the next one may.
    }
  }
  // The demo seed is fixed: it lists Suzukis on sites with finance, so the rule is always exercised.
  expect(found, 'a demo site with finance lists a Suzuki in stock').not.toBeNull();
  const { tenant: site, car } = found!;
  await open(page, site, `/cars/${car.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(car.name);
  await expect(page.getByRole('link', { name: 'Get Finance', exact: true })).toHaveCount(0);
  await expect(page.locator('#finance-calculator')).toHaveCount(0);
  await open(page, site, `/search?query=${encodeURIComponent(car.stocknum)}`);
  const card = page.getByRole('article', { name: car.name });
  await expect(card.first()).toBeVisible();
  await expect(card.filter({ hasText: /\/wk|Enquire for Finance/ })).toHaveCount(0);
});

test('harbourside-motors: a vehicle page shows one feature banner, with the spec’s subtitles', async ({ page }) => {
  const car = await findListedCar(E2E_PORT, 'harbourside-motors', (c) => c.status === 'in_stock');
  await open(page, 'harbourside-motors', `/cars/${car.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(car.name);
  await expect(page.getByRole('link', { name: /Book your service online/ })).toHaveCount(1);
  await expect(page.getByText('Save time and book online')).toHaveCount(1);
  // Exact: the header's menu describes its own 'Sell your car' link in a sentence of its own.
  await expect(page.getByText('Get an instant offer in 2 minutes', { exact: true })).toHaveCount(1);
});

test('harbourside-motors: the sticky header reads the body type as the product writes it (SUV)', async ({ page }) => {
  const car = (await findListedCar(
    E2E_PORT,
    'harbourside-motors',
    (c) => c.status === 'in_stock' && (c as VehicleCar).body === 'suv',
  )) as VehicleCar;
  await open(page, 'harbourside-motors', `/cars/${car.slug}`);
  const header = page.getByRole('complementary', { name: `${car.name} summary` });
  // Scrolled until the header shows: a wheel sent while the page below the fold is still growing
  // (gallery, calculator) can end above the header's 500 px, which twice made this test flaky.
  await expect(async () => {
    await page.mouse.wheel(0, 900);
    await expect(header).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(header).toContainText(/· SUV/);
  await expect(header).not.toContainText('Suv');
});

test("harbourside-motors: a car's breadcrumb runs Home > body type and condition > make > model > body type > title, and each step lists stock", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const car = (await findListedCar(
    E2E_PORT,
    'harbourside-motors',
    (c) => c.status === 'in_stock' && (c as VehicleCar).catalogue_model && (c as VehicleCar).body === 'suv',
  )) as VehicleCar;
  await open(page, 'harbourside-motors', `/cars/${car.slug}`);
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
  const condition = car.car_type === 'new' ? 'New' : car.car_type === 'demo' ? 'Demo' : 'Used';
  await expect(crumbs).toHaveText(['Home', `${condition} SUVs`, car.make, car.model, 'SUV', car.name]);
  const hrefs = await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  const count = async (href: string) => {
    await open(page, 'harbourside-motors', href);
    await expect(resultCount(page), href).not.toHaveAttribute('data-result-count', '0');
    return Number(await resultCount(page).getAttribute('data-result-count'));
  };
  for (const href of hrefs.slice(1)) {
    const listed = await count(href);
    // A body-type step is narrower than the same search without the body type: the filter holds.
    if (href.includes('?body=')) expect(listed, href).toBeLessThan(await count(href.split('?')[0]!));
  }
});

for (const tenant of TENANTS) {
  test(`${tenant.slug}: every header and footer link answers, lists stock where it promises stock, and shows no 'None' or switched-off feature`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await open(page, tenant.slug, '/');
    const hrefs = await page
      .locator('nav[aria-label="Main"] a[href^="/"], footer nav a[href^="/"]')
      .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href') ?? ''))]);
    expect(hrefs.length).toBeGreaterThan(0);
    const switchedOff = [
      ...(financeOn(tenant) ? [] : [/finance estimate/i, /\$[\d,]+\/wk/, /Enquire for Finance/]),
      ...(tenant.search?.compare === false ? [/Tick Compare/] : []),
      ...(tenant.search?.favourites === false ? [/Tap Favourite/] : []),
      ...(tenant.leads?.tradeIn === false ? [/instant offer/i, /Trade-In Valuation/, /valuation online/i] : []),
    ];
    for (const href of hrefs) {
      const status = await open(page, tenant.slug, href);
      expect(status, href).toBeLessThan(400);
      if (href.startsWith('/search') || href.startsWith('/used-car')) {
        await expect(resultCount(page), href).toBeVisible();
        await expect(resultCount(page), href).not.toHaveAttribute('data-result-count', '0');
      }
      const text = await pageText(page);
      expect(text, href).not.toMatch(NONE_VALUE);
      for (const pattern of switchedOff) expect(text, `${href}: ${pattern}`).not.toMatch(pattern);
    }
  });
}
