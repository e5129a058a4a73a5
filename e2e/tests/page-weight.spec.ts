import { expect, test, type Browser, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { E2E_PORT, REPO_ROOT, tenantUrl } from '../support/env';
import { findListedCar } from '../support/listed-cars';
import { signInOnPage } from '../support/sign-in';

/**
 * What each shopper route sends on its first load, against the budgets in e2e/page-budgets.json:
 * JavaScript (everything the page fetches without a shopper's input: a fragment, a menu or a
 * dialog loaded early counts here), CSS and fonts, and the images a shopper sees before
 * scrolling. Bytes as sent (the server's Brotli or gzip), read from the browser's resource
 * timing in a fresh context (empty cache) on a phone-sized window. Bytes do not depend on the
 * machine's speed, so a budget can fail CI; timings are the benchmark's (npm run bench).
 */

interface Weight {
  js: number;
  css: number;
  fonts: number;
  imagesInFirstWindow: number;
}
type Budget = Record<`${keyof Weight}Kb`, number>;

const BUDGETS = JSON.parse(readFileSync(path.join(REPO_ROOT, 'e2e', 'page-budgets.json'), 'utf8')) as {
  routes: Record<string, Budget>;
};

const TENANT = 'harbourside-motors';

interface Route {
  name: string;
  /** The team whose app must have mounted before the count is read (null: the shell's own content page). */
  team: string | null;
  path: (browser: Browser) => Promise<string>;
  signedIn?: boolean;
}

const ROUTES: Route[] = [
  { name: 'home', team: 'mf-search', path: async () => '/' },
  { name: 'search', team: 'mf-search', path: async () => '/search/new-used-and-demo-cars' },
  {
    name: 'vehicle',
    team: 'mf-vehicle',
    path: async () => `/cars/${(await findListedCar(E2E_PORT, TENANT, (car) => car.status === 'in_stock')).slug}`,
  },
  { name: 'finance', team: 'mf-finance', path: async () => '/finance' },
  { name: 'location', team: 'mf-locations', path: async () => '/locations/harbourside-motors-alexandria' },
  { name: 'blog post', team: null, path: async () => '/blog/buyer-advice/new-demo-or-used' },
  { name: 'sign-in', team: 'mf-leads', path: async () => '/sign-in' },
  { name: 'garage', team: 'mf-search', path: async () => '/my-garage', signedIn: true },
];

/**
 * The bytes the page fetched so far, by kind, as resource timing reports them (body bytes as
 * sent). Images count when a shopper sees them before scrolling (their element in the first
 * window): those are what the largest paint waits for. Which images arrive before the paint
 * itself depends on how fast the machine is, which a byte budget must not.
 */
async function weigh(page: Page): Promise<Weight> {
  return page.evaluate(() => {
    const weight = { js: 0, css: 0, fonts: 0, imagesInFirstWindow: 0 };
    const bytesOf = new Map<string, number>();
    for (const entry of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
      const pathname = new URL(entry.name).pathname;
      const bytes = entry.encodedBodySize;
      bytesOf.set(entry.name, bytes);
      if (entry.initiatorType === 'script' || /\.m?js$/.test(pathname)) weight.js += bytes;
      else if (/\.(woff2?|ttf|otf)$/.test(pathname)) weight.fonts += bytes;
      else if (/\.css$/.test(pathname)) weight.css += bytes;
    }
    const seen = new Set<string>();
    for (const image of document.images) {
      const box = image.getBoundingClientRect();
      const inFirstWindow =
        box.width > 0 &&
        box.height > 0 &&
        box.bottom > 0 &&
        box.top < innerHeight &&
        box.right > 0 &&
        box.left < innerWidth;
      if (!inFirstWindow || !image.currentSrc || seen.has(image.currentSrc)) continue;
      seen.add(image.currentSrc);
      weight.imagesInFirstWindow += bytesOf.get(image.currentSrc) ?? 0;
    }
    return weight;
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

for (const route of ROUTES) {
  test(`${route.name}: first-load bytes stay within the route's budget`, async ({ browser }) => {
    test.setTimeout(90_000);
    const budget = BUDGETS.routes[route.name];
    expect(budget, `e2e/page-budgets.json has no budget for '${route.name}'`).toBeDefined();
    let storageState: Awaited<ReturnType<import('@playwright/test').BrowserContext['storageState']>> | undefined;
    if (route.signedIn) {
      const signIn = await browser.newContext();
      const page = await signIn.newPage();
      await page.goto(tenantUrl(TENANT, `/sign-in?redirect=${encodeURIComponent('/my-garage')}`));
      await signInOnPage(page);
      await expect(page).toHaveURL(/\/my-garage/);
      storageState = await signIn.storageState();
      await signIn.close();
    }
    // A fresh context (empty cache) the size of a phone, as Lighthouse's mobile run loads a page.
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, storageState });
    const page = await context.newPage();
    // Room for every request of a long page (the browser keeps 250 entries by default).
    await page.addInitScript(() => performance.setResourceTimingBufferSize(5000));
    await page.goto(tenantUrl(TENANT, await route.path(browser)));
    if (route.team)
      await expect(page.locator(`#app-${route.team}[data-status="mounted"]`)).toBeAttached({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const weight = await weigh(page);
    await context.close();
    const line = `${route.name}: JS ${kb(weight.js)}, CSS ${kb(weight.css)}, fonts ${kb(weight.fonts)}, images in the first window ${kb(weight.imagesInFirstWindow)}`;
    test.info().annotations.push({ type: 'first-load', description: line });
    console.log(`first load, ${line}`);
    for (const kind of ['js', 'css', 'fonts', 'imagesInFirstWindow'] as const) {
      const allowed = budget![`${kind}Kb`] * 1024;
      expect(
        weight[kind],
        `${route.name}: ${kind} ${kb(weight[kind])} against a budget of ${kb(allowed)} (e2e/page-budgets.json)`,
      ).toBeLessThanOrEqual(allowed);
    }
  });
}
