import { expect, test, type Page } from '@playwright/test';
import { E2E_PORT, tenantUrl } from '../support/env';
import { findListedCar, type ListedCar } from '../support/listed-cars';

/**
 * The vehicle page's parts against the real stock, on the two demo sites that set them up
 * differently: Harbourside opens a car with a 360 spin on the spin and delivers up to 4,500 km;
 * Summit opens on the photos (its `galleryFirst`) and delivers up to 600 km.
 */

const inStock = (car: ListedCar) => car.status === 'in_stock' || car.status === 'coming_soon';
const SORRY =
  "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.";

async function openCar(page: Page, tenant: string, car: ListedCar) {
  await page.goto(tenantUrl(tenant, `/cars/${car.slug}`));
  // The app has taken over from the server's first paint.
  await expect(page.locator('[data-first-paint]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(car.name);
}

for (const tenant of ['harbourside-motors', 'summit-auto-group']) {
  test(`${tenant}: the photos show thumbnails for an in-stock car with more than 3 pictures, and none for one with 3 or fewer`, async ({
    page,
  }) => {
    const many = await findListedCar(E2E_PORT, tenant, (car) => inStock(car) && car.images.length > 3 && !car.spin);
    await openCar(page, tenant, many);
    const photos = page.getByRole('region', { name: `Photos of the ${many.name}` });
    await expect(photos.getByRole('list', { name: 'Thumbnails' }).getByRole('button')).toHaveCount(many.images.length);
    await expect(photos).toContainText(`1 / ${many.images.length}`);
    await photos.getByRole('button', { name: 'Next photo' }).click();
    await expect(photos).toContainText(`2 / ${many.images.length}`);
    await photos.getByRole('button', { name: `Show photo 4 of ${many.images.length}` }).click();
    await expect(photos.getByRole('img', { name: `${many.name}, photo 4 of ${many.images.length}` })).toBeVisible();

    // Full screen: a dialog with the same photo, the arrow keys step, Escape closes it and focus returns.
    await photos.getByRole('button', { name: 'Full screen' }).click();
    const dialog = page.getByRole('dialog', { name: `Photos of the ${many.name}` });
    await expect(dialog.getByRole('img', { name: `${many.name}, photo 4 of ${many.images.length}` })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(dialog).toContainText(`5 / ${many.images.length}`);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(photos.getByRole('button', { name: 'Full screen' })).toBeFocused();

    const few = await findListedCar(
      E2E_PORT,
      tenant,
      (car) => inStock(car) && car.images.length > 0 && car.images.length <= 3 && !car.spin,
    );
    await openCar(page, tenant, few);
    await expect(page.getByRole('region', { name: `Photos of the ${few.name}` })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Thumbnails' })).toHaveCount(0);
  });

  test(`${tenant}: the sticky header appears past 500 px of scroll, the bottom bar past 900 px`, async ({ page }) => {
    const car = await findListedCar(E2E_PORT, tenant, inStock);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openCar(page, tenant, car);
    const header = page.getByRole('complementary', { name: `${car.name} summary` });
    const bar = page.getByRole('complementary', { name: `Act on the ${car.name}` });
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect(header).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 700));
    await expect(header).toBeVisible();
    await expect(header).toContainText(car.name);
    await expect(bar).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 1000));
    await expect(bar.getByRole('link', { name: 'Call Now' })).toBeVisible();
  });

  test(`${tenant}: delivery is quoted for a postcode, asked for when empty, and refused for one that is no place`, async ({
    page,
  }) => {
    const car = await findListedCar(E2E_PORT, tenant, inStock);
    await openCar(page, tenant, car);
    const calculator = page.getByRole('region', { name: 'Delivery calculator' });
    const postcode = calculator.getByLabel('Your postcode');
    await calculator.getByRole('button', { name: 'Check' }).click();
    await expect(calculator.getByRole('alert')).toHaveText('Please enter a postcode.');
    // Each demo site's yards are near the capital of its state: its CBD is inside every tier list.
    await postcode.fill(tenant === 'harbourside-motors' ? '2000' : '4000');
    await calculator.getByRole('button', { name: 'Check' }).click();
    await expect(calculator).toContainText(
      tenant === 'harbourside-motors'
        ? /Delivery to Sydney CBD: (Free|\$[\d,]+)/
        : /Delivery to Brisbane CBD: (Free|\$[\d,]+)/,
    );
    await postcode.fill('0000');
    await calculator.getByRole('button', { name: 'Check' }).click();
    await expect(calculator.getByRole('alert')).toHaveText(SORRY);
  });
}

test('the 360 spin turns by drag and by the arrow keys, and shows a hotspot at its angle', async ({ page }) => {
  const car = await findListedCar(
    E2E_PORT,
    'harbourside-motors',
    (c) => inStock(c) && c.spin !== null && c.spin.hotspots.exterior.length > 0,
  );
  await openCar(page, 'harbourside-motors', car);
  const spin = page.getByRole('slider', { name: /^360° view of the / });
  // Every frame loads first; then it turns.
  await expect(spin).toHaveAttribute('aria-valuetext', `View 1 of ${car.spin!.frames.length}`);
  await expect(page.getByText('Swipe to spin')).toBeVisible();

  const box = (await spin.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 60, box.y + box.height / 2, { steps: 6 });
  await page.mouse.up();
  await expect(spin).toHaveAttribute('aria-valuenow', '4'); // 60 px at 20 px a frame: 3 frames on

  await spin.focus();
  await page.keyboard.press('ArrowRight');
  await expect(spin).toHaveAttribute('aria-valuenow', '5');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(spin).toHaveAttribute('aria-valuenow', '3');

  // Turn to the first angle a hotspot is at and open it.
  const hotspot = car.spin!.hotspots.exterior[0]!;
  const angle = hotspot.positions[0]!.activeAngle;
  await page.keyboard.press('Home');
  for (let i = 0; i < angle; i++) await page.keyboard.press('ArrowRight');
  await expect(spin).toHaveAttribute('aria-valuenow', String(angle + 1));
  const button = spin.getByRole('button', { name: hotspot.description }).first();
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(spin.getByRole('status').filter({ hasText: hotspot.description })).toBeVisible();
});

test('a site whose gallery comes first opens a spin car on its photos, with the spin a tab away', async ({ page }) => {
  const car = await findListedCar(E2E_PORT, 'summit-auto-group', (c) => inStock(c) && c.spin !== null);
  await openCar(page, 'summit-auto-group', car);
  await expect(page.getByRole('tab', { name: 'Images' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Spin' }).click();
  await expect(page.getByRole('slider', { name: /^360° view of the / })).toBeVisible();
});

test('share: copy the link (toast for the car, the button reads Copied) and download the PDF as {slug}.pdf', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: tenantUrl('harbourside-motors', '/').replace(/\/$/, ''),
  });
  const car = await findListedCar(E2E_PORT, 'harbourside-motors', inStock);
  await openCar(page, 'harbourside-motors', car);
  const share = page.getByRole('list', { name: 'Share this car' });
  await share.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText(`Copied ${car.name} to your clipboard!`)).toBeVisible();
  await expect(share.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    tenantUrl('harbourside-motors', `/cars/${car.slug}`),
  );
  await expect(share.getByRole('button', { name: 'Copy link' })).toBeVisible(); // back after 1.5 s

  const download = page.waitForEvent('download');
  await share.getByRole('button', { name: 'Download PDF' }).click();
  expect((await download).suggestedFilename()).toBe(`${car.slug}.pdf`);
  await expect(share.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
});
