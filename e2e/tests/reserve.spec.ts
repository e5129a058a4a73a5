import { expect, test, type Page } from '@playwright/test';
import { E2E_PORT, E2E_RESERVE_HOLD_SECONDS, tenantUrl } from '../support/env';
import { findListedCar, type ListedCar } from '../support/listed-cars';
import { signInOnPage } from '../support/sign-in';
import { formatPhone } from '@forecourt/shared-config/identity';
import { takeOver } from '../support/first-paint';

/**
 * Reserve online across remotes: mf-vehicle's checkout takes the deposit and holds the car, the
 * platform's search index (mf-search's results) shows it reserved while the hold counts, a second
 * shopper cannot reserve it, and when the hold ends the car is free again in search. The e2e site
 * holds cars for E2E_RESERVE_HOLD_SECONDS instead of 48 hours.
 */

const TENANT = 'harbourside-motors';

/** The car's result card on the search page, found by its stock number. */
async function resultCard(page: Page, car: ListedCar) {
  await page.goto(tenantUrl(TENANT, `/search/new-used-and-demo-cars?query=${encodeURIComponent(car.stocknum)}`));
  // The search app has taken over from the server's first paint: the cards are its answer.
  await takeOver(page);
  const card = page.getByRole('list', { name: 'Results' }).getByRole('article', { name: car.name });
  await expect(card).toBeVisible();
  return card;
}

/**
 * Signs a shopper in on the way to `path`: a reservation needs a confirmed phone on every site,
 * so the shopper reserves with the mobile they confirmed with the one-time code.
 */
async function signInTo(page: Page, path: string): Promise<string> {
  await page.goto(tenantUrl(TENANT, `/sign-in?type=checkout&redirect=${encodeURIComponent(path)}`));
  const phone = await signInOnPage(page);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  return phone;
}

/** The checkout form as a shopper fills it: their details, a card, and the terms. */
async function fillCheckout(
  page: Page,
  shopper: { name: string; email: string; phone: string },
  cardNumber: string,
): Promise<void> {
  await page.getByLabel('Full name').fill(shopper.name);
  await page.getByLabel('Email address').fill(shopper.email);
  await page.getByLabel('Mobile number').fill(shopper.phone);
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('checkbox', { name: /I agree to the reservation terms/ }).check();
}

test('reserve a car with a card: it shows reserved in search while held, nobody else can reserve it, and it is free again when the hold ends', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const car = await findListedCar(E2E_PORT, TENANT, (c) => c.status === 'in_stock' && !c.reserved && c.price > 10);
  await expect((await resultCard(page, car)).getByText('Reserved', { exact: true })).toHaveCount(0);

  const phone = await signInTo(page, `/cars/${car.slug}/checkout`);
  await expect(page.getByText('Pay a $200 deposit to reserve this car.')).toBeVisible();
  await fillCheckout(page, { name: 'Sam Shopper', email: 'sam@example.com', phone }, '4242 4242 4242 4242');
  const reserved = page.waitForResponse(
    (r) => r.url().endsWith(`/api/vehicle/cars/${car.slug}/reservation`) && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Reserve for $200' }).click();
  expect((await reserved).status()).toBe(201);
  await expect(page.getByRole('heading', { level: 2, name: /is reserved/ })).toBeFocused();

  // In search, the car now carries the Reserved tag.
  await expect((await resultCard(page, car)).getByText('Reserved', { exact: true })).toBeVisible();

  // Another shopper is told it is reserved, and given no form.
  const other = await browser.newPage();
  await other.goto(tenantUrl(TENANT, `/cars/${car.slug}/checkout`));
  await expect(other.getByText(`Sorry, the ${car.name} is already reserved.`)).toBeVisible();
  await expect(other.getByLabel('Card number')).toHaveCount(0);
  await other.close();

  // When the hold ends the car is free again, in search as on its page.
  await expect
    .poll(async () => (await resultCard(page, car)).getByText('Reserved', { exact: true }).count(), {
      timeout: (E2E_RESERVE_HOLD_SECONDS + 30) * 1000,
      intervals: [2000],
    })
    .toBe(0);
  await page.goto(tenantUrl(TENANT, `/cars/${car.slug}/checkout`));
  await expect(page.getByLabel('Card number')).toBeVisible();
});

test('a declined card reserves nothing and says why on the card field', async ({ page }) => {
  // Not the first journey's car: this one never holds whatever that one left behind.
  let candidates = 0;
  const car = await findListedCar(
    E2E_PORT,
    TENANT,
    (c) => c.status === 'in_stock' && !c.reserved && c.price > 10 && candidates++ > 0,
  );
  const phone = await signInTo(page, `/cars/${car.slug}/checkout`);
  await fillCheckout(page, { name: 'Dee Clined', email: 'dee@example.com', phone }, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Reserve for $200' }).click();
  await expect(page.getByText('Your card was declined.').first()).toBeVisible();
  await expect((await resultCard(page, car)).getByText('Reserved', { exact: true })).toHaveCount(0);
});

test('on a site that gates checkout and takes no deposit: Reserve sends a signed-out shopper to sign in, then to its buy-online page, and the reservation shows in their garage', async ({
  page,
}) => {
  const GROUP = 'summit-auto-group';
  const car = await findListedCar(E2E_PORT, GROUP, (c) => c.status === 'in_stock' && !c.reserved);
  await page.goto(tenantUrl(GROUP, `/cars/${car.slug}`));
  await page.getByRole('link', { name: 'Reserve Car Now', exact: true }).first().click();
  await expect(page).toHaveURL(
    new RegExp(`/sign-in\\?type=checkout&redirect=${encodeURIComponent(`/cars/${car.slug}/buy-online`)}`),
  );
  const phone = await signInOnPage(page);
  await expect(page).toHaveURL(new RegExp(`/cars/${car.slug}/buy-online$`));

  // No deposit: no card, and the mobile is the one signed in with.
  await expect(page.getByLabel('Mobile number')).toHaveValue(formatPhone(phone));
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await page.getByLabel('Full name').fill('Gale Group');
  await page.getByLabel('Email address').fill('gale@example.com');
  await page.getByRole('checkbox', { name: /I agree to the reservation terms/ }).check();
  await page.getByRole('button', { name: 'Reserve this vehicle' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /is reserved/ })).toBeFocused();

  await page.goto(tenantUrl(GROUP, '/mymotorama'));
  const reservations = page.getByRole('list', { name: 'Your reservations' });
  await expect(reservations.getByRole('link', { name: car.name })).toHaveAttribute('href', `/cars/${car.slug}`);
  await expect(reservations).toContainText('Held until');
});
