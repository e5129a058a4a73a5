import { expect, test, type Locator, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, tenantUrl } from '../support/env';
import { takeOver } from '../support/first-paint';
import { scrollToFragment } from '../support/platform';
import { signInOnPage } from '../support/sign-in';

/**
 * One weekly figure per car, read from the screen on every demo tenant: for the first cars of the
 * results with a weekly figure, the card's '/wk' figure, the sticky header's, the page
 * calculator's first figure and the finance page's are one figure, or the one that differs names
 * its basis (the lender's quote, the finance partner's instant quote). On a site with finance
 * switched off no screen shows a figure. The figures' rule over every seeded car is
 * infra/server/src/repayment-figures.test.ts; this is what a shopper reads.
 */

interface TenantFile {
  slug: string;
  features?: Record<string, boolean>;
  finance?: { hidden?: boolean; instantQuote?: boolean };
}
const TENANTS_DIR = path.join(REPO_ROOT, 'infra', 'tenants');
const TENANTS: TenantFile[] = readdirSync(TENANTS_DIR)
  .filter((file) => file.endsWith('.json'))
  .map((file) => JSON.parse(readFileSync(path.join(TENANTS_DIR, file), 'utf8')) as TenantFile);
const financeOn = (tenant: TenantFile) => tenant.features?.['mf-finance'] !== false && tenant.finance?.hidden !== true;

/** Cars looked at per tenant: enough to meet cars with and without the lender's quote, cheap enough for one journey. */
const CARS = 3;
const WEEKLY = /\$[\d,]+\/wk|Enquire for Finance|per week|Weekly repayment/;

async function open(page: Page, tenant: string, pathname: string): Promise<number> {
  const response = await page.goto(tenantUrl(tenant, pathname));
  await takeOver(page);
  return response?.status() ?? 0;
}

const cards = (page: Page) => page.getByRole('list', { name: 'Results' }).locator('article:not([data-promo])');

/** The first cards of the results, with their '/wk' figure where they show one. */
async function readCards(page: Page, tenant: string): Promise<Array<{ href: string; weekly: string | null }>> {
  await open(page, tenant, '/search');
  await expect(cards(page).first()).toBeVisible();
  return cards(page).evaluateAll((articles) =>
    articles.map((article) => ({
      href: article.querySelector('h2 a')?.getAttribute('href') ?? '',
      weekly: /(\$[\d,]+)\/wk/.exec(article.textContent ?? '')?.[1] ?? null,
    })),
  );
}

/** The sticky header, scrolled into showing (past 500 px, while the page below may still be growing). */
async function stickyHeader(page: Page): Promise<Locator> {
  const header = page.locator('[data-sticky="header"]');
  await expect(async () => {
    await page.mouse.wheel(0, 900);
    await expect(header).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  return header;
}

for (const tenant of TENANTS.filter(financeOn)) {
  test(`${tenant.slug}: a car's card, sticky header, calculator and finance page show one weekly figure, or name the other's basis`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const chosen = (await readCards(page, tenant.slug)).filter((card) => card.weekly !== null).slice(0, CARS);
    expect(chosen, 'the first page of results has cars with a weekly figure').toHaveLength(CARS);
    for (const card of chosen) {
      const figure = card.weekly!;
      await open(page, tenant.slug, card.href);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The page's calculator opens on the card's figure.
      const calculator = page
        .locator('[data-boundary="mf-finance"]')
        .filter({ has: page.getByRole('heading', { name: 'Finance calculator' }) });
      await scrollToFragment(page, 'mf_finance/Calculator', calculator);
      await expect(calculator.getByTestId('calculator-repayment'), card.href).toHaveText(figure);
      // The sticky header shows the calculator's estimate: the same figure, with its rate.
      const header = await stickyHeader(page);
      await expect(header.getByTestId('sticky-finance'), card.href).toHaveText(
        new RegExp(`^\\${figure}/wk at [\\d.]+% p\\.a\\.\\*$`),
      );
      // The finance page for this car, as its Get Finance link leads there.
      const financeHref = await header.getByRole('link', { name: 'Get Finance', exact: true }).getAttribute('href');
      expect(financeHref, card.href).toMatch(/car_id=/);
      await open(page, tenant.slug, financeHref!);
      // A site may ask the shopper to sign in before its finance page (its gate): once per journey.
      if (await page.getByRole('heading', { level: 1, name: 'Sign in' }).isVisible()) {
        await signInOnPage(page);
        await takeOver(page);
      }
      const form = page.getByRole('region', { name: 'Finance enquiry' });
      await expect(form.getByRole('textbox', { name: /Purchase price/ }), card.href).toBeVisible();
      const lender = form.getByText(/^The lender’s quote for this/);
      const partner = form.getByText('Our finance partner’s instant quote, on the price, term and credit score above:');
      if (tenant.finance?.instantQuote !== true) {
        // No finance partner on this site: the enquiry goes to the dealer, and no quote is shown.
        await expect(form.getByText(WEEKLY), card.href).toHaveCount(0);
        continue;
      }
      await expect(lender.or(partner), card.href).toBeVisible();
      if (await lender.isVisible()) {
        const quoted = /: (\$[\d,]+) per week/.exec((await lender.textContent()) ?? '')?.[1];
        // Equal to the site's figure, or named as the lender's, on the lender's own term and rate.
        if (quoted !== figure)
          await expect(lender, card.href).toContainText(
            'per week, on the lender’s own term and rate (the calculator’s estimate uses the site’s).',
          );
      } else {
        const quoted = await form.getByTestId('quote-weekly').textContent();
        if (quoted !== figure) await expect(partner, card.href).toBeVisible();
      }
    }
  });
}

for (const tenant of TENANTS.filter((t) => !financeOn(t))) {
  test(`${tenant.slug}: with finance switched off, no card, sticky header, calculator or finance page shows a weekly figure`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const listed = await readCards(page, tenant.slug);
    await expect(cards(page).filter({ hasText: WEEKLY })).toHaveCount(0);
    for (const card of listed.slice(0, CARS)) {
      await open(page, tenant.slug, card.href);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Finance calculator' }), card.href).toHaveCount(0);
      const header = await stickyHeader(page);
      await expect(header.getByTestId('sticky-finance'), card.href).toHaveCount(0);
      await expect(header, card.href).not.toContainText(WEEKLY);
      await expect(header.getByRole('link', { name: 'Get Finance', exact: true }), card.href).toHaveCount(0);
    }
    // No finance page on this site.
    expect(await open(page, tenant.slug, '/personalised/finance')).toBe(404);
    await expect(page.locator('body')).not.toContainText(WEEKLY);
  });
}
