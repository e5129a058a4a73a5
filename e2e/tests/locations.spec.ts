import { expect, test, type Page } from '@playwright/test';
import { E2E_PORT, tenantUrl } from '../support/env';
import { findListedCar } from '../support/listed-cars';
import { scrollToFragment } from '../support/platform';
import { seriousAxeViolations } from '../support/axe';

/**
 * The locations side end to end, on a site with many locations (Summit: three dealerships, a
 * car-buying centre, service and parts departments, licence numbers shown, a tile source the
 * test machine cannot reach) and one with one (Redgum: one listing with sales and service hours,
 * no tile source, an average under the review badge's minimum), plus Harbourside's 'Located at'
 * bar and no consent for licence numbers.
 */

test('summit-auto-group: the dealer locator finds the nearest location to a postcode, and says Invalid postcode for one that is not', async ({
  page,
}) => {
  await page.goto(tenantUrl('summit-auto-group', '/dealer-locator'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our locations');
  const postcode = page.getByRole('textbox', { name: 'Your postcode' });
  await postcode.fill('4305');
  await page.getByRole('button', { name: 'Find nearest' }).click();
  await expect(page.getByTestId('nearest-answer')).toContainText('Summit Motorcycles & Trucks Ipswich');
  await postcode.fill('0001');
  await page.getByRole('button', { name: 'Find nearest' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid postcode');
  await postcode.fill('40');
  await page.getByRole('button', { name: 'Find nearest' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid postcode. Please enter a 4-digit number.');
});

test('summit-auto-group: a location card with its map falling back to the static map when tiles cannot load, and licence numbers (the site consents)', async ({
  page,
}) => {
  // The machine has no way out: the tile request fails, and the map keeps its static copy.
  const tileFailed = page.waitForEvent('requestfailed', (request) => /tile\.openstreetmap\.org/.test(request.url()));
  await page.goto(tenantUrl('summit-auto-group', '/our-location/summit-auto-group-eagle-farm'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Summit Ford Eagle Farm');
  const map = page.locator('[data-map]');
  await expect(map.getByRole('img', { name: 'Map of Summit Ford Eagle Farm' })).toBeVisible();
  await tileFailed;
  await expect(map).toHaveAttribute('data-map', 'static');
  await expect(page.getByText(/^Dealer licence \(DL\) MD\d+$/)).toBeVisible();
  await expect(page.getByRole('img', { name: '4.6 out of 5 stars' }).first()).toBeVisible();
  await expect(page.getByText('673 reviews', { exact: false }).first()).toBeVisible();
});

/**
 * A location page once its app has taken over from the server's first paint: a control focused in
 * the server's copy loses focus when the shell takes over the page's chrome, and the keyboard
 * journeys below are about the app's controls.
 */
async function openLocation(page: Page, slug: string) {
  await page.goto(tenantUrl('summit-auto-group', `/our-location/${slug}`));
  await expect(page.locator('[data-first-paint]')).toHaveCount(0);
}

test('summit-auto-group: the Our Locations carousel, by keyboard, disables its arrows at the ends', async ({
  page,
}) => {
  await openLocation(page, 'summit-auto-group-eagle-farm');
  const carousel = page.getByRole('region', { name: 'Our Locations' });
  const previous = carousel.getByRole('button', { name: 'Previous locations' });
  const next = carousel.getByRole('button', { name: 'Next locations' });
  await expect(previous).toBeDisabled();
  await next.focus();
  for (let i = 0; i < 8 && (await next.isEnabled()); i++) await page.keyboard.press('Enter');
  await expect(next).toBeDisabled();
  await expect(previous).toBeEnabled();
  await expect(carousel.getByRole('link', { name: /^View location: / }).first()).toHaveAttribute(
    'href',
    /^\/our-location\//,
  );
});

test('summit-auto-group: the holiday-hours dialog opens and closes by keyboard, focus back on its button', async ({
  page,
}) => {
  await openLocation(page, 'summit-auto-group-eagle-farm');
  const button = page.getByRole('button', { name: 'Holiday hours' });
  await button.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /^Holiday hours · / });
  await expect(dialog.getByRole('row').filter({ hasText: '25 Dec' })).toContainText('Closed');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(button).toBeFocused();
});

test('redgum-used-cars: one location is a full card with the static map, hours by type, and no review badge under the minimum', async ({
  page,
}) => {
  await page.goto(tenantUrl('redgum-used-cars', '/dealer-locator'));
  const card = page.locator('article[data-location="redgum-used-cars-ballarat"]');
  await expect(card.getByRole('img', { name: 'Map of Redgum Used Cars Wendouree' })).toBeVisible();
  await expect(card.getByRole('tab')).toHaveText(['Sales', 'Service']);
  await card.getByRole('tab', { name: 'Service' }).click();
  await expect(card.getByRole('table', { name: /^Service hours/ })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Your postcode' })).toHaveCount(0);
  await expect(card.getByRole('img', { name: /out of 5 stars/ })).toHaveCount(0);
});

test('harbourside-motors: no licence numbers without the consent flag', async ({ page }) => {
  await page.goto(tenantUrl('harbourside-motors', '/locations/harbourside-motors'));
  await expect(page.locator('article[data-location]').first()).toBeVisible();
  await expect(page.getByText(/Dealer licence|Repairer \(MRB\)/)).toHaveCount(0);
});

test("harbourside-motors: 'Located at Parramatta' on the page of a car at the Parramatta yard, until dismissed", async ({
  page,
}) => {
  const car = await findListedCar(
    E2E_PORT,
    'harbourside-motors',
    (candidate) => candidate.location.slug === 'harbourside-motors-parramatta',
  );
  await page.goto(tenantUrl('harbourside-motors', `/cars/${car.slug}`));
  const bar = page.getByRole('complementary', { name: 'Where this car is' });
  await scrollToFragment(page, 'mf_locations/LocatedAt', bar);
  await expect(bar).toContainText('Located at Parramatta');
  await expect(bar.getByRole('link', { name: 'Get Directions' })).toHaveAttribute('href', /45%20Church%20Street/);
  await bar.getByRole('button', { name: 'Dismiss: Located at Parramatta' }).click();
  await expect(bar).toHaveCount(0);
});

test('a location page carries its LocalBusiness JSON-LD in the HTML, without JavaScript', async () => {
  const html = await (
    await fetch(`http://127.0.0.1:${E2E_PORT}/our-location/summit-auto-group-eagle-farm`, {
      headers: { 'x-forecourt-tenant': 'summit-auto-group' },
    })
  ).text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
  expect(blocks.find((block) => block['@type'] === 'AutoDealer')).toMatchObject({
    name: 'Summit Ford Eagle Farm',
    address: { postalCode: '4009' },
    geo: { latitude: -27.4305 },
  });
});

for (const [tenant, path] of [
  ['summit-auto-group', '/our-location/summit-auto-group-eagle-farm'],
  ['summit-auto-group', '/dealer-locator'],
  ['redgum-used-cars', '/locations/redgum-used-cars'],
] as const) {
  test(`axe finds no serious or critical problem on ${tenant}'s ${path}`, async ({ page }) => {
    await page.goto(tenantUrl(tenant, path));
    await expect(page.locator('article[data-location]').first()).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
}
