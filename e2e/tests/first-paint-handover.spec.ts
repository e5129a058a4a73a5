import { expect, test } from '@playwright/test';
import { E2E_PORT, tenantUrl } from '../support/env';
import { listedCarPath } from '../support/listed-cars';
import { takeOver } from '../support/first-paint';

/**
 * The hand-over from the server's first paint to the app shows the page in every frame: the
 * route's heading is on screen from the first frame that has it until the app has taken over,
 * and after. The app builds beside the first paint, unseen, and replaces it in one commit. On a
 * phone-speed CPU (4× slowdown), a hand-over that empties the page first (as an app's root once
 * did, clearing its slot at its first commit) shows the page blank for several frames.
 */
const ROUTES = [
  { label: 'home', team: 'mf-search', path: async () => '/' },
  { label: 'search', team: 'mf-search', path: async () => '/search/new-used-and-demo-cars' },
  { label: 'vehicle', team: 'mf-vehicle', path: () => listedCarPath(E2E_PORT, 'harbourside-motors') },
  { label: 'finance', team: 'mf-finance', path: async () => '/finance' },
  { label: 'location', team: 'mf-locations', path: async () => '/locations/harbourside-motors-alexandria' },
  { label: 'sign-in', team: 'mf-leads', path: async () => '/sign-in' },
];

/**
 * Notes, at every frame (requestAnimationFrame runs right before the browser paints), whether the
 * page's main heading is in the layout; a frame without it after one with it is a blank frame.
 */
const FRAME_WATCH = `
  window.__frames = { seen: false, blank: [] };
  (function tick() {
    const heading = document.querySelector('main h1');
    const shown = !!heading && heading.getBoundingClientRect().height > 0;
    if (shown) window.__frames.seen = true;
    else if (window.__frames.seen) window.__frames.blank.push(Math.round(performance.now()));
    requestAnimationFrame(tick);
  })();
`;

for (const route of ROUTES) {
  test(`${route.label}: the first paint stays on screen until the app shows the same page`, async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript({ content: FRAME_WATCH });
    await page.goto(tenantUrl('harbourside-motors', await route.path()));
    await expect(page.locator(`#app-${route.team}`)).toHaveAttribute('data-status', 'mounted', { timeout: 30_000 });
    await takeOver(page);
    await expect(page.locator('main h1')).toBeVisible();
    const frames = await page.evaluate(
      () => (window as unknown as { __frames: { seen: boolean; blank: number[] } }).__frames,
    );
    expect(frames.seen).toBe(true);
    expect(frames.blank).toEqual([]);
  });
}
