import { expect, test } from '@playwright/test';
import { tenantUrl } from '../support/env';
import { forecourt, publishFaultyBuild, slot } from '../support/platform';

/**
 * The failure policy of docs/architecture.md (section 4), proven in a real browser: a dead
 * remote never blanks the page, the tenant's last-good version takes over where there is one,
 * and pins changed with the CLI apply on the next page load.
 */
const FAULTY_LOCATIONS = '1.0.1-fault.0';

test.describe.configure({ mode: 'serial' });

test.beforeAll(() => {
  publishFaultyBuild('mf-locations', FAULTY_LOCATIONS);
});

test('a remote whose entry 404s shows a fallback; the chrome and other remotes keep working', async ({ page }) => {
  await page.route('**/registry/mf-finance/*/remoteEntry.js', (route) => route.fulfill({ status: 404, body: 'Not Found' }));
  await page.goto(tenantUrl('harbourside-motors', '/finance'));
  await expect(slot(page, 'mf-finance')).toHaveAttribute('data-status', 'failed');
  await expect(page.getByRole('alert')).toContainText('Finance is temporarily unavailable');
  await expect(page.getByRole('banner')).toContainText('Harbourside Motors');
  await expect(page.getByRole('contentinfo')).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
  await expect(slot(page, 'mf-leads')).toHaveAttribute('data-status', 'mounted');
  await expect(page.locator('[data-boundary="mf-leads"]').getByRole('heading', { level: 1 })).toBeVisible();
});

test('a pin changed with the CLI shows on the next load, without a restart', async ({ page }) => {
  const mark = page.locator('[data-boundary="mf-search"] [data-version-mark]');
  await page.goto(tenantUrl('harbourside-motors', '/'));
  await expect(mark).toHaveText('mf-search 1.1.0');

  forecourt('pin', 'harbourside-motors', 'mf-search', '1.0.0');
  await page.reload();
  await expect(mark).toHaveText('mf-search 1.0.0');

  forecourt('rollback', 'harbourside-motors', 'mf-search');
  await page.reload();
  await expect(mark).toHaveText('mf-search 1.1.0');
});

test('when the pinned entry 404s the shell recovers onto the last-good version', async ({ page }) => {
  forecourt('pin', 'harbourside-motors', 'mf-search', '1.0.0');
  try {
    await page.route('**/registry/mf-search/1.0.0/remoteEntry.js', (route) => route.fulfill({ status: 404, body: 'Not Found' }));
    await page.goto(tenantUrl('harbourside-motors', '/search/used-cars'));
    await expect(slot(page, 'mf-search')).toHaveAttribute('data-status', 'recovered');
    await expect(page.locator('[data-boundary="mf-search"] [data-version-mark]')).toHaveText('mf-search 1.1.0');
    await expect(page.getByRole('heading', { level: 1, name: 'Used cars' })).toBeVisible();
  } finally {
    forecourt('pin', 'harbourside-motors', 'mf-search', '1.1.0');
  }
});

test('a remote that throws on mount is replaced by its last-good version', async ({ page }) => {
  forecourt('pin', 'summit-auto-group', 'mf-locations', FAULTY_LOCATIONS);
  try {
    await page.goto(tenantUrl('summit-auto-group', '/locations/head-office'));
    await expect(slot(page, 'mf-locations')).toHaveAttribute('data-status', 'recovered');
    await expect(page.locator('[data-boundary="mf-locations"] [data-version-mark]')).toHaveText('mf-locations 1.0.0');
  } finally {
    forecourt('rollback', 'summit-auto-group', 'mf-locations');
  }
});

test('a remote that throws on mount with no usable last-good shows a fallback; the rest works', async ({ page }) => {
  forecourt('pin', 'summit-auto-group', 'mf-locations', FAULTY_LOCATIONS);
  try {
    await page.route('**/registry/mf-locations/1.0.0/remoteEntry.js', (route) => route.fulfill({ status: 404, body: 'Not Found' }));
    await page.goto(tenantUrl('summit-auto-group', '/locations/head-office'));
    await expect(slot(page, 'mf-locations')).toHaveAttribute('data-status', 'failed');
    await expect(page.getByRole('alert')).toContainText('Our locations is temporarily unavailable');
    await expect(page.getByRole('banner')).toContainText('Summit Auto Group');

    await page.getByRole('link', { name: /Summit Auto Group/ }).first().click();
    await expect(slot(page, 'mf-search')).toHaveAttribute('data-status', 'mounted');
  } finally {
    forecourt('rollback', 'summit-auto-group', 'mf-locations');
  }
});
