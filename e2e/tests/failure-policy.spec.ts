import { expect, test } from '@playwright/test';
import { tenantUrl } from '../support/env';
import { failureReport, forecourt, publishFaultyBuild, reportedFailures, slot } from '../support/platform';

/**
 * The failure policy of docs/architecture.md (section 4), proven in a real browser: a dead
 * remote never blanks the page, the tenant's last-good version takes over where there is one,
 * and pins changed with the CLI apply on the next page load.
 */
const FAULTY_LOCATIONS = '1.0.1-fault.0';
const RENDER_FAULT_FINANCE = '1.0.1-render-fault.0';

test.describe.configure({ mode: 'serial' });

test.beforeAll(() => {
  publishFaultyBuild('mf-locations', FAULTY_LOCATIONS);
  publishFaultyBuild('mf-finance', RENDER_FAULT_FINANCE, 'render');
});

/** A row of `forecourt failures <tenant>` for one remote and kind. */
const failureRow = (remote: string, version: string, kind: string) => new RegExp(`${remote}\\s+${version.replace(/\./g, '\\.')}\\s+${kind}\\s+\\d+`);

test('an entry that hangs times out: one fallback, the chrome and other remotes work, reported as entry', async ({ page }) => {
  // The entry request is never answered (a stalled CDN edge); the shell's entry timeout ends each attempt.
  await page.route('**/registry/mf-finance/*/remoteEntry.js', () => undefined);
  const report = failureReport(page, 'mf-finance', 'entry');
  // Not until 'load': the browser's load event waits for the script that never arrives.
  await page.goto(tenantUrl('harbourside-motors', '/finance'), { waitUntil: 'domcontentloaded' });
  await expect(slot(page, 'mf-finance')).toHaveAttribute('data-status', 'failed', { timeout: 30_000 });
  await expect(page.getByRole('alert')).toHaveText(/Finance is temporarily unavailable/);
  await expect(page.locator('[data-fallback]')).toHaveCount(1);
  await expect(page.getByRole('banner')).toContainText('Harbourside Motors');
  expect(await report).toMatchObject({ remote: 'mf-finance', kind: 'entry', version: '1.0.0' });
  expect(reportedFailures('harbourside-motors')).toMatch(failureRow('mf-finance', '1.0.0', 'entry'));

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
  await expect(slot(page, 'mf-leads')).toHaveAttribute('data-status', 'mounted');
});

test('a remote that throws in render shows the one fallback in its area and is reported as render', async ({ page }) => {
  forecourt('pin', 'summit-auto-group', 'mf-finance', RENDER_FAULT_FINANCE);
  try {
    const report = failureReport(page, 'mf-finance', 'render');
    await page.goto(tenantUrl('summit-auto-group', '/finance'));
    await expect(page.getByRole('alert')).toHaveText(/Finance is temporarily unavailable/);
    await expect(page.locator('[data-fallback]')).toHaveCount(1);
    await expect(page.getByRole('banner')).toContainText('Summit Auto Group');
    expect(await report).toMatchObject({ remote: 'mf-finance', kind: 'render', version: RENDER_FAULT_FINANCE });
    expect(reportedFailures('summit-auto-group')).toMatch(failureRow('mf-finance', RENDER_FAULT_FINANCE, 'render'));

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
    await expect(slot(page, 'mf-leads')).toHaveAttribute('data-status', 'mounted');
  } finally {
    forecourt('rollback', 'summit-auto-group', 'mf-finance');
  }
});

test('a fragment that times out is replaced inline; the page and the other fragment render; reported as fragment-timeout', async ({ page }) => {
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
  await page.route('**/registry/mf-locations/*/remoteEntry.js', (route) => route.fulfill({ status: 500, body: 'Internal Server Error' }));
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
    if (r.url().endsWith('/api/events') && (r.postData() ?? '').includes('"eventId":1002')) reports.push(r.postData() ?? '');
  });
  await page.goto(tenantUrl('harbourside-motors', '/contact'));
  await expect(slot(page, 'mf-leads')).toHaveAttribute('data-status', 'mounted');
  await expect(page.locator('[data-boundary="mf-leads"]').getByRole('heading', { level: 1 })).toBeVisible();
  expect(requests).toBe(2);
  await expect(page.locator('[data-fallback]')).toHaveCount(0);
  expect(reports).toEqual([]);
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
    await page.goto(tenantUrl('summit-auto-group', '/dealer-locator'));
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
    await page.goto(tenantUrl('summit-auto-group', '/dealer-locator'));
    await expect(slot(page, 'mf-locations')).toHaveAttribute('data-status', 'failed');
    await expect(page.getByRole('alert')).toContainText('Our locations is temporarily unavailable');
    await expect(page.getByRole('banner')).toContainText('Summit Auto Group');

    await page.getByRole('link', { name: /Summit Auto Group/ }).first().click();
    await expect(slot(page, 'mf-search')).toHaveAttribute('data-status', 'mounted');
  } finally {
    forecourt('rollback', 'summit-auto-group', 'mf-locations');
  }
});
