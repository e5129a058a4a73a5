import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_PORT, tenantUrl } from '../support/env';
import { findListedCar, soldCarSlug } from '../support/listed-cars';
import { takeOver } from '../support/first-paint';

/**
 * The lead forms end to end, on sites with different switches: Harbourside (postcode shown,
 * comments required), Summit (the terms checkbox required) and Redgum (no postcode, comments
 * optional). Every form goes to /success and its lead reaches the development CRM, read here as
 * a dealer reads it.
 */

interface CrmLead {
  lead_id: string;
  form: string;
  name: string;
  subcategory: string | null;
  userData: Record<string, unknown>;
  received_at: string | null;
}

/** A surname of its own per lead, to find it in the CRM; a phone of its own, so the per-phone limit never carries over. */
let counter = 0;
function shopper() {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${counter}`;
  return {
    name: 'Alex',
    last_name: `Tester${stamp}`,
    email: `alex.${stamp}@example.com`,
    phone: `04${String(Date.now() + counter).slice(-8)}`,
    postcode: '2000',
  };
}

/** The lead the dealer's CRM received for this surname (read from the page: the runner cannot resolve *.localhost). */
async function crmLead(page: Page, lastName: string): Promise<CrmLead> {
  let found: CrmLead | undefined;
  await expect
    .poll(
      async () => {
        const { leads } = await page.evaluate(
          async () => (await (await fetch('/_dev/crm.json')).json()) as { leads: CrmLead[] },
        );
        found = leads.find((lead) => lead.userData['last_name'] === lastName && lead.received_at !== null);
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The contact fields of the form in `scope` (a page's form, or a dialog over a page with other postcode fields). */
async function fillContact(
  scope: Page | Locator,
  who: ReturnType<typeof shopper>,
  options: { postcode?: boolean } = {},
) {
  await scope.getByLabel('First Name').fill(who.name);
  await scope.getByLabel('Last Name').fill(who.last_name);
  await scope.getByLabel('Email Address').fill(who.email);
  await scope.getByLabel('Mobile Number').fill(who.phone);
  if (options.postcode !== false)
    await scope.getByRole('textbox', { name: 'Postcode', exact: true }).fill(who.postcode);
}

/** A vehicle page, once its app has taken over from the server's first paint (its buttons open dialogs from then on). */
async function openCar(page: Page, tenant: string, slug: string) {
  await page.goto(tenantUrl(tenant, `/cars/${slug}`));
  await expect(page.locator('[data-boundary="mf-vehicle"]:not([data-first-paint] *) h1')).toBeVisible();
  await expect(page.locator('[data-first-paint]')).toHaveCount(0);
}

const errorList = (page: Page) => page.getByRole('alert').filter({ hasText: 'Please fix the following errors:' });

test.describe('the contact page enquiry', () => {
  test("harbourside-motors: each rule's text for its bad input, then /success and the lead in the CRM", async ({
    page,
  }) => {
    await page.goto(tenantUrl('harbourside-motors', '/contact'));
    await page.getByRole('button', { name: 'Send Enquiry' }).click();
    await expect(errorList(page)).toContainText('First Name: This is a required field.');
    await expect(errorList(page)).toContainText('Comments: This is a required field.');
    await expect(errorList(page)).toContainText('Location: This is a required field.');
    await expect(errorList(page)).toBeFocused();

    const who = shopper();
    await fillContact(page, who);
    await page.getByLabel('Postcode').fill('123');
    await page.getByLabel('Email Address').fill('not-an-email');
    await page.getByLabel('Mobile Number').fill('02 9555 0142');
    await page.getByRole('button', { name: 'Send Enquiry' }).click();
    await expect(errorList(page)).toContainText('Postcode: Invalid postcode. Please enter a 4-digit number.');
    await expect(errorList(page)).toContainText('Email Address: Please enter a valid email address.');
    await expect(errorList(page)).toContainText('Mobile Number: Please enter a valid mobile number.');

    await page.getByLabel('Postcode').fill(who.postcode);
    await page.getByLabel('Email Address').fill(who.email);
    await page.getByLabel('Mobile Number').fill(who.phone);
    await page.getByLabel('Location').selectOption({ index: 1 });
    await page.getByLabel('Comments').fill('Do you have a ute under $40,000?');
    await page.getByRole('button', { name: 'Send Enquiry' }).click();
    await expect(page).toHaveURL(/\/success$/);
    await expect(page.getByRole('status')).toHaveText(
      'Your enquiry has been sent to Harbourside Motors. We will be in touch soon.',
    );

    const lead = await crmLead(page, who.last_name);
    expect(lead.form).toBe('enquiry');
    expect(lead.userData).toMatchObject({
      category: 'General Enquiry',
      opt_in: true,
      postcode: '2000',
      message: 'Do you have a ute under $40,000?',
    });
  });

  test('summit-auto-group: the terms must be ticked, with the spec text', async ({ page }) => {
    await page.goto(tenantUrl('summit-auto-group', '/contact'));
    const who = shopper();
    await fillContact(page, who);
    const location = page.getByLabel('Location');
    if (await location.count()) await location.selectOption({ index: 1 });
    await page.getByLabel('Comments').fill('Can I book a service here too?');
    await page.getByRole('button', { name: 'Send Enquiry' }).click();
    await expect(errorList(page)).toContainText('Terms of use: *You must agree to the terms of use before submitting.');
    await page.getByRole('checkbox', { name: /I agree to the terms of use/ }).check();
    await page.getByRole('button', { name: 'Send Enquiry' }).click();
    await expect(page).toHaveURL(/\/success$/);
    expect((await crmLead(page, who.last_name)).userData['terms_conditions']).toBe(true);
  });

  test('redgum-used-cars: no postcode asked and comments optional', async ({ page }) => {
    await page.goto(tenantUrl('redgum-used-cars', '/contact'));
    await expect(page.getByLabel('First Name')).toBeVisible();
    await expect(page.getByLabel('Postcode')).toHaveCount(0);
    const who = shopper();
    await fillContact(page, who, { postcode: false });
    const location = page.getByLabel('Location');
    if (await location.count()) await location.selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Send Enquiry' }).click();
    await expect(page).toHaveURL(/\/success$/);
    expect((await crmLead(page, who.last_name)).userData['message']).toBeUndefined();
  });
});

test('a keyboard-only shopper sends the Enquire Now dialog from a vehicle page, and Escape returns focus', async ({
  page,
}) => {
  const car = await findListedCar(E2E_PORT, 'harbourside-motors', (c) => c.status === 'in_stock');
  await openCar(page, 'harbourside-motors', car.slug);
  const enquire = page.getByRole('link', { name: 'Enquire Now' }).first();

  // Escape closes the dialog and gives focus back to the button.
  await enquire.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Enquire Now' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(enquire).toBeFocused();

  // Only the keyboard from here: Enter opens, Tab moves, typing fills, Enter sends.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(car.name)).toBeVisible();
  const focusOn = async (label: string) => {
    for (let i = 0; i < 15; i++) {
      if (await dialog.getByLabel(label).evaluate((el) => el === document.activeElement)) return;
      await page.keyboard.press('Tab');
    }
    throw new Error(`Tab never reached ${label}`);
  };
  await focusOn('Comments');
  await page.keyboard.type('Is this one still available?');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter'); // Next
  await expect(dialog.getByRole('heading', { name: 'Your details' })).toBeFocused();
  const who = shopper();
  for (const [label, value] of [
    ['First Name', who.name],
    ['Last Name', who.last_name],
    ['Email Address', who.email],
    ['Mobile Number', who.phone],
    ['Postcode', who.postcode],
  ] as const) {
    await focusOn(label);
    await page.keyboard.type(value);
  }
  // Focus stays in the dialog: tabbing round never leaves it.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await focusOn('Postcode');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/success$/);
  await expect(page.getByRole('status')).toHaveText(
    `Your enquiry about the ${car.name} has been sent to Harbourside Motors. We will be in touch soon.`,
  );

  const lead = await crmLead(page, who.last_name);
  expect(lead.userData).toMatchObject({
    car_id: car.id,
    message: 'Is this one still available?',
    stock_number: expect.any(String),
    'Vehicle Make': expect.any(String),
  });
});

test('the test drive offers only the location open hours, books one, and that time is gone for the next shopper', async ({
  page,
}) => {
  const car = await findListedCar(E2E_PORT, 'harbourside-motors', (c) => c.status === 'in_stock');
  await openCar(page, 'harbourside-motors', car.slug);
  const openDialog = async () => {
    await page.getByRole('link', { name: 'Book a Test Drive' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Book a Test Drive' });
    await expect(dialog).toBeVisible();
    const where = dialog.getByLabel('Where would you like to drive it?');
    // The form's context first: the dealer's one location's times (the Day list usable), or its
    // several locations to choose from. Counted before that, a slow answer would read as a dealer
    // with one location, and no location would be chosen.
    await expect.poll(async () => (await where.count()) > 0 || (await dialog.getByLabel('Day').isEnabled())).toBe(true);
    if (await where.count()) await where.selectOption({ index: 1 });
    await expect(dialog.getByLabel('Day')).toBeEnabled();
    return dialog;
  };
  const dialog = await openDialog();

  // The demo's sales hours: weekdays 8:30 to 5:30, Saturday from 9 to 4 or 5, Sunday (where open) 10 to 4;
  // a half-hour drive starts by closing less 30 minutes.
  const days = (await dialog.getByLabel('Day').locator('option').allTextContents()).slice(1);
  expect(days.length).toBeGreaterThan(5);
  for (const [index, label] of days.entries()) {
    await dialog.getByLabel('Day').selectOption({ index: index + 1 });
    const times = (await dialog.getByLabel('Time').locator('option').allTextContents()).slice(1);
    const minutes = times.map((t) => {
      const [, h, m, ampm] = /^(\d+):(\d+) (am|pm)$/.exec(t)!;
      return ((Number(h) % 12) + (ampm === 'pm' ? 12 : 0)) * 60 + Number(m);
    });
    const [open, lastStart] = label.startsWith('Sat')
      ? [9 * 60, 16 * 60 + 30]
      : label.startsWith('Sun')
        ? [10 * 60, 15 * 60 + 30]
        : [8 * 60 + 30, 17 * 60];
    expect(Math.min(...minutes), label).toBeGreaterThanOrEqual(open);
    expect(Math.max(...minutes), label).toBeLessThanOrEqual(lastStart);
    expect(
      minutes.every((m) => m % 30 === 0),
      label,
    ).toBe(true);
  }

  // Book the first time of the second day.
  await dialog.getByLabel('Day').selectOption({ index: 2 });
  const chosenDay = days[1]!;
  const chosenTime = (await dialog.getByLabel('Time').locator('option').allTextContents())[1]!;
  await dialog.getByLabel('Time').selectOption({ index: 1 });
  await dialog.getByRole('button', { name: 'Next' }).click();
  const who = shopper();
  await fillContact(dialog, who);
  await dialog.getByRole('button', { name: 'Book Test Drive' }).click();
  await expect(page).toHaveURL(/\/success$/);
  const lead = await crmLead(page, who.last_name);
  expect(lead.form).toBe('test-drive');
  expect(lead.subcategory).toMatch(/^Test Drive Booking (Used|New)$/);
  expect(lead.userData['dateTime']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);

  // The next shopper is not offered that time at that location.
  await openCar(page, 'harbourside-motors', car.slug);
  const again = await openDialog();
  await again.getByLabel('Day').selectOption({ label: chosenDay });
  await expect(again.getByLabel('Time').locator('option', { hasText: chosenTime })).toHaveCount(0);
});

test('request photos sends the hidden default request', async ({ page }) => {
  const car = await findListedCar(E2E_PORT, 'summit-auto-group', (c) => c.status === 'in_stock');
  await openCar(page, 'summit-auto-group', car.slug);
  await page.getByRole('link', { name: 'Request Photos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request Photos' });
  const who = shopper();
  await fillContact(dialog, who);
  await dialog.getByRole('checkbox', { name: /I agree to the terms of use/ }).check();
  await dialog.getByRole('button', { name: 'Request Photos' }).click();
  await expect(page).toHaveURL(/\/success$/);
  const lead = await crmLead(page, who.last_name);
  expect(lead.form).toBe('request-photos');
  expect(lead.userData['Request Photos']).toBe('Please send photos for this car');
});

test('a sold car: Find Me Something Similar comes prefilled and is filed as such', async ({ page }) => {
  const slug = await soldCarSlug(page, 'harbourside-motors');
  await openCar(page, 'harbourside-motors', slug);
  await page.getByRole('link', { name: 'Find Me Something Similar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Find Me Something Similar' });
  await expect(dialog.getByLabel('Comments')).toHaveValue('Can you please find me something similar?');
  const who = shopper();
  await fillContact(dialog, who);
  await dialog.getByRole('button', { name: 'Send Enquiry' }).click();
  await expect(page).toHaveURL(/\/success$/);
  const lead = await crmLead(page, who.last_name);
  expect(lead.form).toBe('find-similar');
  expect(lead.subcategory).toBe('Find me something similar');
});

test("a sold car's result card: Find Me Something Similar opens mf-leads's dialog prefilled, filed as such", async ({
  page,
}) => {
  const slug = await soldCarSlug(page, 'harbourside-motors');
  const car = await page.evaluate(
    async (s) =>
      ((await (await fetch(`/api/vehicle/cars/${s}`)).json()) as { car: { name: string; stocknum: string } }).car,
    slug,
  );
  await page.goto(
    tenantUrl('harbourside-motors', `/search/new-used-and-demo-cars?query=${encodeURIComponent(car.stocknum)}`),
  );
  // The search app has taken over from the server's first paint: its card opens the dialog.
  await takeOver(page);
  const card = page.getByRole('list', { name: 'Results' }).getByRole('article', { name: car.name });
  await card.getByRole('link', { name: 'Find Me Something Similar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Find Me Something Similar' });
  await expect(dialog.getByText(car.name)).toBeVisible();
  await expect(dialog.getByLabel('Comments')).toHaveValue('Can you please find me something similar?');
  const who = shopper();
  await fillContact(dialog, who);
  await dialog.getByRole('button', { name: 'Send Enquiry' }).click();
  await expect(page).toHaveURL(/\/success$/);
  const lead = await crmLead(page, who.last_name);
  expect(lead.form).toBe('find-similar');
  expect(lead.subcategory).toBe('Find me something similar');
});

test("the home page's quick enquiry opens in a dialog and reaches the CRM", async ({ page }) => {
  await page.goto(tenantUrl('harbourside-motors', '/'));
  await page.getByRole('button', { name: 'Ask a Quick Question' }).click();
  const dialog = page.getByRole('dialog', { name: 'Quick enquiry' });
  const who = shopper();
  await fillContact(dialog, who);
  await dialog.getByLabel('Your question').fill('Do you take trade-ins on weekends?');
  await dialog.getByRole('button', { name: 'Send Question' }).click();
  await expect(page).toHaveURL(/\/success$/);
  const lead = await crmLead(page, who.last_name);
  expect(lead.form).toBe('quick-enquiry');
  expect(lead.userData['message']).toBe('Do you take trade-ins on weekends?');
});

test('the service booking and the careers enquiry reach the CRM; the details typed once prefill the next form', async ({
  page,
}) => {
  await page.goto(tenantUrl('harbourside-motors', '/service'));
  const who = shopper();
  await fillContact(page, who);
  await page.getByLabel('Rego').fill('abc123');
  const centre = page.getByLabel('Service centre', { exact: true });
  if (await centre.count()) await centre.selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Request Booking' }).click();
  await expect(page).toHaveURL(/\/success$/);
  expect((await crmLead(page, who.last_name)).userData).toMatchObject({ rego: 'ABC123' });

  await page.goto(tenantUrl('harbourside-motors', '/careers'));
  await expect(page.getByLabel('Last Name')).toHaveValue(who.last_name);
  await expect(page.getByLabel('Mobile Number')).toHaveValue(who.phone);
  await page.getByLabel('Tell us about yourself').fill('Ten years selling cars in Sydney.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page).toHaveURL(/\/success$/);
  await expect
    .poll(
      async () =>
        (
          await page.evaluate(
            async () => ((await (await fetch('/_dev/crm.json')).json()) as { leads: CrmLead[] }).leads,
          )
        ).filter((l) => l.form === 'careers' && l.userData['last_name'] === who.last_name).length,
    )
    .toBe(1);
});

test('the trade-in wizard finds a car by its rego, makes an offer and files its acceptance', async ({ page }) => {
  // A used car's plate and state from stock: the demo register knows every plate in stock.
  await page.goto(tenantUrl('harbourside-motors', '/'));
  const plate = await page.evaluate(async () => {
    const sitemap = await (await fetch('/sitemap.xml')).text();
    for (const [, slug] of sitemap.matchAll(/\/cars\/([^<]+)<\/loc>/g)) {
      const { car } = (await (await fetch(`/api/vehicle/cars/${slug}`)).json()) as {
        car: { regplate: string | null; state: string; year: number; km: number };
      };
      if (car.regplate && new Date().getFullYear() - car.year <= 5 && car.km < 80_000)
        return { rego: car.regplate, state: car.state };
    }
    return null;
  });
  expect(plate).not.toBeNull();
  await page.goto(tenantUrl('harbourside-motors', '/trade-in'));
  await page.getByLabel('Rego').fill(plate!.rego);
  await page.getByLabel('State').selectOption(plate!.state);
  await page.getByRole('button', { name: 'Find My Car' }).click();
  await expect(page.getByText(/^Found: /)).toBeVisible();
  await expect(page.getByLabel('Make')).not.toHaveValue('');
  await page.getByLabel('Kilometres').fill('30,000');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: 'Good' }).check();
  await page
    .getByRole('group', { name: /accident/ })
    .getByRole('radio', { name: 'No' })
    .check();
  await page.getByRole('radio', { name: 'Full' }).check();
  await page.getByRole('radio', { name: '2 or more' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  const who = shopper();
  await fillContact(page, who);
  await page.getByRole('radio', { name: 'SMS' }).check();
  await page.getByRole('button', { name: 'Get My Valuation' }).click();
  await expect(page.getByRole('heading', { name: 'Your estimated offer' })).toBeVisible();
  await expect(page.locator('[data-offer]')).toHaveText(/^\$\d{1,3}(,\d{3})+$/);
  const valuation = await crmLead(page, who.last_name);
  expect(valuation.userData).toMatchObject({
    PreferredContactMethod: 'SMS',
    subcategory: '2. Valuation Given',
    km: 30000,
  });

  await page.getByRole('button', { name: 'Accept Offer and Trade In' }).click();
  await expect(page).toHaveURL(/\/success$/);
  await expect
    .poll(
      async () =>
        (
          await page.evaluate(
            async () => ((await (await fetch('/_dev/crm.json')).json()) as { leads: CrmLead[] }).leads,
          )
        ).find((l) => l.subcategory === '3. Offer Accepted' && l.userData['last_name'] === who.last_name)?.userData[
          'lead_id'
        ],
    )
    .toBe(valuation.lead_id);
});
