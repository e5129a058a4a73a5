import { expect, test, type Page } from '@playwright/test';
import { E2E_PORT, tenantUrl } from '../support/env';
import { findListedCar, listedCarPath, soldCarSlug } from '../support/listed-cars';
import { seriousAxeViolations } from '../support/axe';

/** The slug of the first car the tenant's website lists. */
const listedCar = async (tenant: string) => (await listedCarPath(E2E_PORT, tenant)).replace(/^\/cars\//, '');

/**
 * The vehicle page against the real stock: the server answers for the car (status, head,
 * JSON-LD) and the page shows what the stock says about it.
 */

/** The car as the page's API gives it. */
async function carOf(page: Page, slug: string): Promise<{ name: string; price: number }> {
  return page.evaluate(
    async (s) =>
      ((await (await fetch(`/api/vehicle/cars/${s}`)).json()) as { car: { name: string; price: number } }).car,
    slug,
  );
}

for (const tenant of ['harbourside-motors', 'summit-auto-group']) {
  test(`${tenant}: a listed car's page names it from stock, with its head and JSON-LD in the HTML`, async ({
    page,
  }) => {
    const slug = await listedCar(tenant);
    const response = await page.goto(tenantUrl(tenant, `/cars/${slug}`));
    expect(response?.status()).toBe(200);
    const html = (await response?.text()) ?? '';
    expect(html).toContain('<script type="application/ld+json">');
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/cars\//);
    const car = await carOf(page, slug);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(car.name);
    await expect(page).toHaveTitle(new RegExp(`^${car.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} for sale in `));
  });
}

test('an unknown car answers 404 and says it is not on the site, in the site’s noun', async ({ page }) => {
  const response = await page.goto(tenantUrl('summit-auto-group', '/cars/2019-no-such-vehicle-xx000000'));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This vehicle is not on our site');
});

test('a sold car shows the SOLD message and offers to find a similar one', async ({ page }) => {
  const slug = await soldCarSlug(page, 'harbourside-motors');
  await page.goto(tenantUrl('harbourside-motors', `/cars/${slug}`));
  await expect(page.getByRole('status').filter({ hasText: 'Unfortunately this car recently sold.' })).toHaveText(
    /Unfortunately this car recently sold\. But don't worry, we can help you find a similar one!/,
  );
  await expect(page.getByRole('link', { name: 'Find Me Something Similar' })).toBeVisible();
});

for (const tenant of ['harbourside-motors', 'summit-auto-group']) {
  test(`${tenant}: axe finds no serious or critical problem on a vehicle page with its gallery, spin and sticky parts`, async ({
    page,
  }) => {
    const car = await findListedCar(
      E2E_PORT,
      tenant,
      (c) => c.status === 'in_stock' && c.spin !== null && c.images.length > 3,
    );
    await page.goto(tenantUrl(tenant, `/cars/${car.slug}`));
    await expect(page.getByRole('region', { name: 'Key information' })).toBeVisible();
    await expect(page.locator('[data-price-comparison="loading"]')).toHaveCount(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Scrolled: the sticky header and bottom bar are in the page too, and the rest is as checked.
    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect(page.locator('[data-sticky="bar"]')).toBeVisible();
    expect(await seriousAxeViolations(page, '[data-sticky]')).toEqual([]);
  });
}

test('phone reveal: masked until asked, then a call link, sending event 25 with the car; revealed from the start on a site that says so', async ({
  page,
}) => {
  const slug = await listedCar('harbourside-motors');
  const events: Array<{ eventId: number; payload: Record<string, unknown> }> = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/events'))
      events.push(JSON.parse(request.postData() ?? '{}') as { eventId: number; payload: Record<string, unknown> });
  });
  await page.goto(tenantUrl('harbourside-motors', `/cars/${slug}`));
  const panel = page.getByRole('region', { name: 'Call the dealer' });
  await expect(panel).toContainText(/\(0\d\) \*{4} \*{4}/);
  await expect(panel.getByRole('link', { name: /^Call / })).toHaveCount(0);
  const recorded = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/events') && response.request().postData()?.includes('"eventId":25') === true,
  );
  await panel.getByRole('button', { name: 'Show number' }).click();
  expect((await recorded).status()).toBe(202);
  // The yard's own number, as a call link.
  await expect(panel.getByRole('link', { name: /^Call Harbourside Motors.* on \(0\d\) \d{4} \d{4}$/ })).toHaveAttribute(
    'href',
    /^tel:0\d{9}$/,
  );
  await expect
    .poll(() => events.find((e) => e.eventId === 25)?.payload)
    .toMatchObject({
      website_id: 'harbourside-motors',
      label: expect.stringMatching(/^(New|Used) Car$/),
      car_id: expect.any(String),
      dealership_id: expect.any(String),
    });

  const summitCar = await listedCar('summit-auto-group');
  await page.goto(tenantUrl('summit-auto-group', `/cars/${summitCar}`));
  await expect(
    page.getByRole('region', { name: 'Call the dealer' }).getByRole('link', { name: /^Call Summit .+ on / }),
  ).toBeVisible();
});

test('a vehicle page arrives with its car in the HTML, and the page takes over without reading it again', async ({
  browser,
}) => {
  const slug = await listedCar('harbourside-motors');
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const serverPage = await noScript.newPage();
  await serverPage.goto(tenantUrl('harbourside-motors', `/cars/${slug}`));
  const painted = await serverPage.locator('[data-first-paint] h1').textContent();
  await noScript.close();

  const page = await browser.newPage();
  const reads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/vehicle/cars/')) reads.push(request.url());
  });
  await page.goto(tenantUrl('harbourside-motors', `/cars/${slug}`), { waitUntil: 'networkidle' });
  await expect(page.locator('[data-first-paint]')).toHaveCount(0);
  const car = await carOf(page, slug);
  expect(painted).toBe(car.name);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(car.name);
  expect(reads).toHaveLength(1); // only carOf's own read, above
  await page.close();
});
