import { PLATFORM_EVENT } from '@forecourt/shared-config/failures';
import { expect, test } from '@playwright/test';
import { checkoutVersion, tenantUrl } from '../support/env';
import { failureReport, forecourt, reportedFailures, slot, appFrame } from '../support/platform';

/**
 * The failure policy of docs/architecture.md (section 4) beyond the per-remote matrix
 * (failure-matrix.spec.ts): fragments that fail inline, an entry that fails once and is fetched
 * again, and pins changed with the CLI applying on the next page load.
 */
test.describe.configure({ mode: 'serial' });

test('a fragment that times out is replaced inline; the page and the other fragment render; reported as fragment-timeout', async ({
  page,
}) => {
  await page.route('**/registry/mf-finance/*/remoteEntry.js', () => undefined);
  const report = failureReport(page, 'mf-finance', 'fragment-timeout');
  await page.goto(tenantUrl('harbourside-motors', '/'), { waitUntil: 'domcontentloaded' });
  const fallback = page.locator('[data-fallback="mf-finance"]');
  await expect(fallback).toHaveAttribute('role', 'status');
  await expect(fallback).toHaveText(/Finance is temporarily unavailable\. Please try again in a moment/);
  await expect(page.locator('[data-fallback]')).toHaveCount(1);
  await expect(page.locator('[data-boundary="mf-locations"]').getByRole('heading', { level: 2 }).first()).toBeVisible();
  await expect(slot(page, 'mf-search')).toHaveAttribute('data-status', 'mounted');
  expect(await report).toMatchObject({ remote: 'mf-finance', kind: 'fragment-timeout' });
  expect(reportedFailures('harbourside-motors')).toMatch(/mf-finance\s+\S+\s+fragment-timeout\s+\d+/);
});

test('a fragment whose remote fails is replaced inline; reported as fragment-error', async ({ page }) => {
  await page.route('**/registry/mf-locations/*/remoteEntry.js', (route) =>
    route.fulfill({ status: 500, body: 'Internal Server Error' }),
  );
  const report = failureReport(page, 'mf-locations', 'fragment-error');
  await page.goto(tenantUrl('harbourside-motors', '/'));
  await expect(page.locator('[data-fallback="mf-locations"]')).toHaveText(/Our locations is temporarily unavailable/);
  await expect(page.locator('[data-fallback]')).toHaveCount(1);
  await expect(page.locator('[data-boundary="mf-finance"]').getByRole('heading', { level: 2 })).toBeVisible();
  await expect(slot(page, 'mf-search')).toHaveAttribute('data-status', 'mounted');
  expect(await report).toMatchObject({ remote: 'mf-locations', kind: 'fragment-error' });
  expect(reportedFailures('harbourside-motors')).toMatch(/mf-locations\s+\S+\s+fragment-error\s+\d+/);
});

test('an entry that fails once is fetched again and mounts, with no fallback and no report', async ({ page }) => {
  let requests = 0;
  await page.route('**/registry/mf-leads/*/remoteEntry.js', async (route) => {
    requests += 1;
    if (requests === 1) await route.fulfill({ status: 503, body: 'Service Unavailable' });
    else await route.continue();
  });
  const reports: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/events') && (r.postData() ?? '').includes(`"eventId":${PLATFORM_EVENT.failure}`))
      reports.push(r.postData() ?? '');
  });
  await page.goto(tenantUrl('harbourside-motors', '/contact'));
  await expect(slot(page, 'mf-leads')).toHaveAttribute('data-status', 'mounted');
  await expect(page.locator('[data-boundary="mf-leads"]').getByRole('heading', { level: 1 })).toBeVisible();
  expect(requests).toBe(2);
  await expect(page.locator('[data-fallback]')).toHaveCount(0);
  expect(reports).toEqual([]);
});

test('a pin changed with the CLI shows on the next load, without a restart', async ({ page }) => {
  const frame = appFrame(page, 'mf-search');
  await page.goto(tenantUrl('harbourside-motors', '/'));
  await expect(frame).toHaveAttribute('data-version', checkoutVersion('mf-search'));

  forecourt('pin', 'harbourside-motors', 'mf-search', '1.0.0');
  await page.reload();
  await expect(frame).toHaveAttribute('data-version', '1.0.0');

  forecourt('rollback', 'harbourside-motors', 'mf-search');
  await page.reload();
  await expect(frame).toHaveAttribute('data-version', checkoutVersion('mf-search'));
});
