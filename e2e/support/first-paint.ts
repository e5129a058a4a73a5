import { expect, type Page } from '@playwright/test';

/**
 * Waits until the app has taken over from the server's first paint. The search results stay on
 * the first paint until the shopper is about to use them (a press, a touch, a key, the pointer on
 * a control: mf-search's search-page.tsx); a journey is about using the page, so it says so as a
 * keyboard shopper's first key would, with Shift, which does nothing else. Other pages take over
 * as soon as their app is ready, and the key changes nothing there.
 */
export async function takeOver(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
  await expect(page.locator('[data-first-paint]')).toHaveCount(0);
}
