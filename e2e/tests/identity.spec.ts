import { expect, test } from '@playwright/test';
import { E2E_PORT, tenantUrl } from '../support/env';
import { findListedCar } from '../support/listed-cars';
import { codeFromOutbox } from '../support/sign-in';

/**
 * Sign-in by one-time code and the watchlist, end to end: the code goes to the development SMS
 * outbox (read here as a tester reads it), the session is an HttpOnly cookie, and the watchlist is
 * kept on the server for the site.
 */

const TENANT = 'harbourside-motors';

/** A mobile number of its own per run, so the per-phone send limit never carries over. */
const phone = `04${String(Date.now()).slice(-8)}`;

test('sign in with a code from the outbox, save a car to the watchlist and remove it, sign out', async ({ page }) => {
  const car = await findListedCar(E2E_PORT, TENANT, (c) => c.status === 'in_stock' && c.images.length > 0);
  await page.goto(tenantUrl(TENANT, `/cars/${car.slug}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(car.name);

  // Signed out, SAVE asks to sign in and comes back.
  await page.getByRole('link', { name: 'SAVE to your watchlist' }).click();
  await expect(page).toHaveURL(/\/sign-in\?type=watchlist&redirect=%2Fcars%2F/);
  await expect(page.getByText('Sign in to save cars to your watchlist.')).toBeVisible();

  await expect(page.getByLabel('Verification code')).toBeDisabled();
  await page.getByLabel('Mobile number').fill(`+61 ${phone.slice(1, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByRole('button', { name: 'Resend Code' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(
    `We sent a 6-digit code to ${phone.slice(0, 2)} ${phone.slice(2, 6)} ${phone.slice(6)}`,
  );

  // A wrong code first: the spec's text, and the form stays.
  const code = await codeFromOutbox(page, phone);
  await page.getByLabel('Verification code').fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The verification code is invalid. Please try again.');

  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`/cars/${car.slug}$`));
  await expect(page.getByRole('banner').getByRole('link', { name: 'Watchlist' })).toBeVisible();

  // Save: the toast and its View List action, then the list shows the car.
  const save = page.getByRole('button', { name: 'SAVE to your watchlist' });
  await save.click();
  await expect(page.getByRole('button', { name: 'SAVED in your watchlist' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Car Saved In Watchlist')).toBeVisible();
  await page.getByRole('link', { name: 'View List' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your watchlist' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Watchlist' }).getByRole('article', { name: car.name })).toBeVisible();

  // Remove from the list: 'Car Removed', and the list is empty after a reload too.
  await page.getByRole('button', { name: `Remove ${car.name} from your watchlist` }).click();
  await expect(page.getByText('Car Removed')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Your watchlist is empty.', { exact: false })).toBeVisible();

  // Sign out: the header offers to sign in again and the server forgets the session.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(async () => (await fetch('/api/session')).json())).toEqual({ user: null });
});

test('a signed-out shopper following a gated link is sent to sign in (Summit gates checkout, at its buy-online address), with the way back', async ({
  page,
}) => {
  const car = await findListedCar(E2E_PORT, 'summit-auto-group', (c) => c.status === 'in_stock');
  await page.goto(tenantUrl('summit-auto-group', `/cars/${car.slug}`));
  await expect(page.locator('[data-first-paint]')).toHaveCount(0);
  await page.getByRole('link', { name: 'Reserve Car Now', exact: true }).first().click();
  await expect(page).toHaveURL(
    new RegExp(`/sign-in\\?type=checkout&redirect=%2Fcars%2F${car.slug}%2Fbuy-online&back=%2Fcars%2F${car.slug}$`),
  );
  await expect(page.getByText('Sign in to reserve this vehicle online.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', `/cars/${car.slug}`);
});
