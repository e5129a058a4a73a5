import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_DATA_DIR, tenantUrl } from '../support/env';
import { bootRemotes, forecourt, slot, appFrame } from '../support/platform';
import { axeViolations } from '../support/axe';

/**
 * The developer override: one browser loads a team's build from the developer's own server
 * instead of the pinned version; every other browser keeps the pin. The "dev server" here serves
 * a real build of mf-search (the published 1.0.0 from the site's registry) on a port of its own,
 * so the version mark on the page says which build runs.
 */
const TENANT = 'harbourside-motors';
const LOCAL_BUILD = '1.0.0';

let devServer: Server;
let entry: string;

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.map': 'application/json',
};

test.beforeAll(async () => {
  const root = path.join(E2E_DATA_DIR, 'registry', 'mf-search', LOCAL_BUILD);
  devServer = createServer((request, response) => {
    const file = path.join(root, path.normalize(decodeURIComponent((request.url ?? '/').split('?')[0] ?? '/')));
    if (!file.startsWith(root + path.sep)) return void response.writeHead(404).end();
    readFile(file).then(
      (body) => {
        // Open CORS, as the remotes' dev servers send: the page loads the entry and chunks with crossorigin.
        response
          .writeHead(200, {
            'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
            'access-control-allow-origin': '*',
          })
          .end(body);
      },
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => devServer.listen(0, '127.0.0.1', resolve));
  entry = `http://127.0.0.1:${(devServer.address() as AddressInfo).port}/remoteEntry.js`;
});

test.afterAll(async () => {
  await new Promise((resolve) => devServer.close(resolve));
});

const banner = (page: Page) => page.getByRole('region', { name: /^Developer override:/ });

/** The link `forecourt override` prints for this e2e site. */
function overrideLink(): string {
  const output = forecourt('override', TENANT, 'mf-search', entry);
  const link = /http:\/\/harbourside-motors\.localhost:\d+\/_dev\/override\?grant=\S+/.exec(output)?.[0];
  if (!link) throw new Error(`no link in: ${output}`);
  return link;
}

test('a developer override shows only in the browser that set it', async ({ browser }, testInfo) => {
  const developer = await browser.newContext();
  const shopper = await browser.newContext();
  try {
    const mine = await developer.newPage();
    const theirs = await shopper.newPage();
    await theirs.goto(tenantUrl(TENANT, '/'));
    const pinned = (await bootRemotes(theirs)).find((r) => r.team === 'mf-search')?.version;
    expect(pinned).toBeTruthy();
    expect(pinned).not.toBe(LOCAL_BUILD);

    // The developer opens the link: the site sets the override and shows the home page.
    const response = await mine.goto(overrideLink());
    expect(new URL(mine.url()).pathname).toBe('/');
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    await expect(banner(mine)).toHaveAccessibleName(`Developer override: mf-search from ${entry}`);
    await expect(banner(mine)).toContainText(`shoppers get mf-search ${pinned}`);
    await expect(slot(mine, 'mf-search')).toHaveAttribute('data-status', 'mounted');
    await expect(appFrame(mine)).toHaveAttribute('data-version', LOCAL_BUILD);
    expect((await developer.cookies()).find((c) => c.name === 'fc_override')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
    });
    // The other teams are untouched, and the banner stays while the developer moves around.
    await mine.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Finance' }).first().click();
    await expect(slot(mine, 'mf-finance')).toHaveAttribute('data-status', 'mounted');
    await expect(banner(mine)).toBeVisible();
    expect(await axeViolations(mine, { include: '[data-override-banner]' })).toEqual([]);
    await mine.goto(tenantUrl(TENANT, '/'));
    await expect(appFrame(mine)).toHaveAttribute('data-version', LOCAL_BUILD);
    for (const width of [375, 1280]) {
      await mine.setViewportSize({ width, height: 800 });
      await mine.screenshot({ path: testInfo.outputPath(`override-banner-${width}.png`) });
    }

    // The shopper, on the same site at the same time, gets the pin and no banner.
    await theirs.reload();
    await expect(slot(theirs, 'mf-search')).toHaveAttribute('data-status', 'mounted');
    await expect(appFrame(theirs)).toHaveAttribute('data-version', pinned!);
    await expect(banner(theirs)).toHaveCount(0);
    expect(await shopper.cookies()).not.toContainEqual(expect.objectContaining({ name: 'fc_override' }));
  } finally {
    await developer.close();
    await shopper.close();
  }
});

test('the dev page sets an override with a personal operator token, and Clear removes it', async ({ page }) => {
  const token = readFileSync(path.join(E2E_DATA_DIR, 'operator-token'), 'utf8').trim();
  await page.goto(tenantUrl(TENANT, '/_dev/overrides'));
  await page.getByLabel('Team').selectOption('mf-search');
  await page.getByLabel('Entry URL').fill(entry);
  await page.getByLabel('Operator token').fill(token);
  await page.getByRole('button', { name: 'Set override' }).click();
  await expect(banner(page)).toBeVisible();
  await expect(appFrame(page, 'mf-search')).toHaveAttribute('data-version', LOCAL_BUILD);
  const pinned = await page.evaluate(
    () =>
      (
        JSON.parse(document.getElementById('forecourt-boot')?.textContent ?? '{}') as {
          override?: { remotes: Array<{ pinned?: string }> };
        }
      ).override?.remotes[0]?.pinned,
  );

  // Cleared from the keyboard: back on the same page, with the pinned version and no banner.
  await page.goto(tenantUrl(TENANT, '/special-offers'));
  await page.getByRole('button', { name: 'Clear override' }).focus();
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/_dev/override/clear') && r.status() === 303),
    page.keyboard.press('Enter'),
  ]);
  await page.waitForLoadState();
  expect(new URL(page.url()).pathname).toBe('/special-offers');
  await expect(slot(page, 'mf-search')).toHaveAttribute('data-status', 'mounted');
  await expect(banner(page)).toHaveCount(0);
  await expect(appFrame(page, 'mf-search')).toHaveAttribute('data-version', pinned!);
  expect(await page.context().cookies()).not.toContainEqual(expect.objectContaining({ name: 'fc_override' }));
});
