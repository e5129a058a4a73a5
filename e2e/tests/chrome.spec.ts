import { expect, test, type Page } from '@playwright/test';
import { E2E_PORT, tenantUrl } from '../support/env';
import { findListedCar } from '../support/listed-cars';
import { signInOnPage } from '../support/sign-in';
import { seriousAxeViolations } from '../support/axe';

/**
 * The chrome and the content pages across a dealer group (Summit: brand mega-menu, brand pages,
 * blog, gated trade-in) and a single dealer (Redgum: no brands, its own pages), at a desktop and a
 * phone width; axe on the landing, brand, blog and content pages.
 */

const GROUP = 'summit-auto-group';
const SINGLE = 'redgum-used-cars';

/** The page as the shopper uses it: the shell has taken over from the server's first paint. */
/** Opens the page and waits until the chrome is the shell's own (set at its first commit: its buttons work). */
async function open(page: Page, tenant: string, path: string): Promise<void> {
  await page.goto(tenantUrl(tenant, path));
  await expect(page.locator('html[data-shell-version]')).toHaveCount(1);
}

async function expectNoSeriousViolations(page: Page): Promise<void> {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

test.describe('dealer group at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the mega-menu opens on hover and leads to a brand’s overview page', async ({ page }) => {
    await open(page, GROUP, '/');
    const menu = page.getByRole('navigation', { name: 'Main' }).first();
    await menu.getByRole('button', { name: 'Motorcycle' }).hover();
    await expect(menu.getByRole('button', { name: 'Motorcycle' })).toHaveAttribute('aria-expanded', 'true');
    await menu.getByRole('link', { name: 'Yamaha' }).click();

    await expect(page).toHaveURL(/\/yamaha\/overview$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Yamaha');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
    await expect(crumbs.nth(0)).toHaveText('Home');
    await expect(crumbs.nth(1)).toHaveText('Our Brands');
    await expect(
      page
        .locator('main')
        .getByRole('link', { name: /Yamaha/ })
        .last(),
    ).toHaveAttribute('href', '/search/yamaha');
    await expectNoSeriousViolations(page);
  });

  test('the mega-menu works from the keyboard: Enter opens, Tab enters the panel, Escape closes and returns focus', async ({
    page,
  }) => {
    await open(page, GROUP, '/about-us');
    const menu = page.getByRole('navigation', { name: 'Main' }).first();
    const car = menu.getByRole('button', { name: 'Car' });
    await car.focus();
    await page.keyboard.press('Enter');
    await expect(car).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Ford' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(car).toHaveAttribute('aria-expanded', 'false');
    await expect(car).toBeFocused();

    // Open again and follow a brand with Enter.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/ford\/overview$/);
  });

  test('the group landing shows the stats banner and the brand grids, and every brand is on the brands page', async ({
    page,
  }) => {
    await open(page, GROUP, '/');
    const stats = page.getByRole('list', { name: 'Summit Auto Group in numbers' });
    await expect(stats.getByRole('listitem')).toHaveText(['50+locations', '40+brands', '30+years']);
    await expect(
      page.locator('main').getByRole('region', { name: 'Truck' }).getByRole('link', { name: 'Fuso' }),
    ).toHaveAttribute('href', '/search/fuso');
    await expectNoSeriousViolations(page);

    await page
      .locator('main')
      .getByRole('link', { name: /^Our Brands/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Our Brands' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Motorcycle' }).getByRole('link')).toHaveText(['Kawasaki', 'Yamaha']);
  });

  test('the blog lists the posts, newest first, and a post reads with its breadcrumbs', async ({ page }) => {
    await open(page, GROUP, '/blog');
    await expect(page.getByRole('heading', { level: 1, name: 'Summit Auto Group blog' })).toBeVisible();
    await expectNoSeriousViolations(page);
    const dates = await page
      .locator('main article article time')
      .evaluateAll((times) => times.map((t) => t.getAttribute('datetime') ?? ''));
    expect(dates.length).toBeGreaterThan(1);
    expect([...dates].sort().reverse()).toEqual(dates);

    const first = page.locator('main article article h2 a').first();
    const heading = (await first.textContent()) ?? '';
    await first.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem').nth(1)).toHaveText('Blog');
    await expectNoSeriousViolations(page);
  });

  test('a content page from the footer', async ({ page }) => {
    await open(page, GROUP, '/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'About us' }).click();
    await expect(page).toHaveURL(/\/about-us$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/\| Summit Auto Group$/);
    await expectNoSeriousViolations(page);
  });

  test('a gated route sends a signed-out shopper to sign in and back after signing in (Summit gates trade-in)', async ({
    page,
  }) => {
    await open(page, GROUP, '/about-us');
    await page.goto(tenantUrl(GROUP, '/trade-in'), { referer: tenantUrl(GROUP, '/about-us') });
    await expect(page).toHaveURL(/\/sign-in\?type=trade-in&redirect=%2Ftrade-in&back=%2Fabout-us$/);
    await signInOnPage(page);
    await expect(page).toHaveURL(/\/trade-in$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Watchlist' })).toBeVisible();
  });
});

test('the pixel: a page view on landing and a ViewContent with the car’s price, make, model, year and AUD on its page', async ({
  page,
}) => {
  const car = await findListedCar(
    E2E_PORT,
    SINGLE,
    (c) => c.status === 'in_stock' && c.price > 10 && c.offer_price === null,
  );
  const posted = (eventId: number) =>
    page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/events') &&
        (JSON.parse(response.request().postData() ?? '{}') as { eventId?: number }).eventId === eventId,
    );
  const [pageView, viewContent] = await Promise.all([
    posted(2001),
    posted(2002),
    open(page, SINGLE, `/cars/${car.slug}`),
  ]);
  expect([pageView.status(), viewContent.status()]).toEqual([202, 202]);
  expect(JSON.parse(viewContent.request().postData() ?? '{}')).toMatchObject({
    payload: {
      event: 'ViewContent',
      price: car.price,
      make: car.make,
      model: car.model,
      year: car.year,
      currency: 'AUD',
    },
    path: `/cars/${car.slug}`,
  });
});

test('Print opens the car’s printable page in a new tab, which prints without the site’s chrome', async ({ page }) => {
  const car = await findListedCar(E2E_PORT, SINGLE, (c) => c.status === 'in_stock');
  await open(page, SINGLE, `/cars/${car.slug}`);
  const [printable] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: 'Print', exact: true }).click(),
  ]);
  await expect(printable).toHaveURL(new RegExp(`/print\\?car_id=${car.slug}$`));
  await expect(printable.getByRole('heading', { level: 1 })).toHaveText(car.name);
  await printable.emulateMedia({ media: 'print' });
  await expect(printable.getByRole('banner')).toBeHidden();
  await expect(printable.getByRole('contentinfo')).toBeHidden();
  await expect(printable.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the branded garage is always behind sign-in, then shows the shopper’s saved cars and enquiries', async ({
  page,
}) => {
  await page.goto(tenantUrl(GROUP, '/mymotorama'), { referer: tenantUrl(GROUP, '/') });
  await expect(page).toHaveURL(/\/sign-in\?type=my-garage&redirect=%2Fmymotorama&back=%2F$/);
  await signInOnPage(page);
  await expect(page).toHaveURL(/\/mymotorama$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Garage' })).toBeVisible();
  await expect(page.getByText('Your watchlist is empty.', { exact: false })).toBeVisible();
  await expect(page.getByText('You have not sent Summit Auto Group an enquiry yet.')).toBeVisible();
});

test('the server’s first paint alone (before any script runs) has no serious accessibility violation', async ({
  page,
}) => {
  // What a shopper on a slow connection reads and tabs through before the shell and remotes load.
  await page.route('**/registry/**', (route) => route.abort());
  for (const [tenant, path] of [
    [GROUP, '/yamaha/overview'],
    [GROUP, '/'],
    [SINGLE, '/'],
  ] as const) {
    await page.goto(tenantUrl(tenant, path));
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.locator('html[data-shell-version]')).toHaveCount(0);
    await expectNoSeriousViolations(page);
  }
});

test.describe('single dealer at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the mobile menu opens from the keyboard, keeps focus inside, and closes with Escape back on its button', async ({
    page,
  }) => {
    await open(page, SINGLE, '/');
    const button = page.getByRole('button', { name: 'Menu' });
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Used cars' })).toHaveAttribute('href', '/search/used-cars');
    // No brand menu on a single dealer without brands.
    await expect(dialog.getByRole('link', { name: 'Our Brands' })).toHaveCount(0);
    for (let i = 0; i < 12; i += 1) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();

    await button.click();
    await dialog.getByRole('link', { name: 'Used cars' }).click();
    await expect(page).toHaveURL(/\/search\/used-cars$/);
  });

  test('a shopper who tabbed to the Menu button before the scripts came is still on it after, and Enter opens the menu', async ({
    page,
  }) => {
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/registry/**', async (route) => {
      await released;
      await route.fallback();
    });
    await page.goto(tenantUrl(SINGLE, '/'), { waitUntil: 'domcontentloaded' });
    const button = page.getByRole('button', { name: 'Menu' });
    await button.focus();
    await expect(button).toBeFocused();
    release();
    // The shell's chrome replaces the server's in one commit: focus moves to its Menu button.
    await expect(page.locator('html[data-shell-version]')).toHaveCount(1);
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  });

  test('the dealer’s own content page, and no horizontal scrolling', async ({ page }) => {
    await open(page, SINGLE, '/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'AutoPact handback guarantee' }).click();
    await expect(page).toHaveURL(/\/autopact-handback-guarantee$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSeriousViolations(page);
  });

  test('a page the dealer does not have is not found', async ({ page }) => {
    const response = await page.goto(tenantUrl(SINGLE, '/fleet'));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});
