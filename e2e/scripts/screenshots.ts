/**
 * Screenshots of the shopper's pages at a phone's width (375 px) and a laptop's (1280 px), full
 * page, into e2e/.screenshots/, to look at after a change to any page:
 *
 *   npm run screenshots -w @forecourt/e2e                       # starts its own site
 *   npm run screenshots -w @forecourt/e2e -- --url http://127.0.0.1:8080   # a running one
 *
 * With --url, tenants are reached as {tenant}.localhost on that URL's port.
 */
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CHROMIUM_ARGS } from '../../infra/src/platform/chromium';
import { CHROMIUM_PATH, REPO_ROOT, startSite } from '../bench/site';

const { values: args } = parseArgs({ options: { url: { type: 'string' }, port: { type: 'string', default: '8094' } } });
const PAGES = [
  ['harbourside-motors', '/'],
  ['harbourside-motors', '/search/new-used-and-demo-cars'],
  ['harbourside-motors', '/special-offers'],
  ['harbourside-motors', '/special-offers?query=zzzqqq'],
  ['redgum-used-cars', '/search/used-cars'],
  ['summit-auto-group', '/search/new-used-and-demo-cars'],
  ['coastal-caravans', '/search/new-used-and-demo-cars'],
  // The chrome and the content pages: a dealer group's landing, brands, blog and pages; a single dealer's.
  ['summit-auto-group', '/'],
  ['summit-auto-group', '/brands'],
  ['summit-auto-group', '/ford/overview'],
  ['summit-auto-group', '/blog'],
  ['summit-auto-group', '/blog/vehicle-reviews/ford-ranger-or-everest'],
  ['summit-auto-group', '/about-us'],
  ['redgum-used-cars', '/'],
  ['redgum-used-cars', '/autopact-handback-guarantee'],
] as const;
const WIDTHS = [375, 1280];

async function main(): Promise<void> {
  const port = args.url ? Number(new URL(args.url).port) : Number(args.port);
  const stop = args.url ? () => undefined : await startSite(port, 'screenshots');
  const outDir = path.join(REPO_ROOT, 'e2e', '.screenshots');
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  try {
    for (const [tenant, pathname] of PAGES) {
      for (const width of WIDTHS) {
        const page = await browser.newPage({ viewport: { width, height: 900 } });
        await page.goto(`http://${tenant}.localhost:${port}${pathname}`);
        await page.waitForLoadState('networkidle');
        // Lazy images below the fold: scroll through once so the full-page picture has them.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 600) {
            window.scrollTo(0, y);
            await new Promise((r) => setTimeout(r, 50));
          }
          window.scrollTo(0, 0);
        });
        await page.waitForLoadState('networkidle');
        const name = `${tenant}${pathname.replace(/[/?=&]+/g, '_')}-${width}.png`;
        await page.screenshot({ path: path.join(outDir, name), fullPage: true });
        console.log(`  ${name}`);
        await page.close();
      }
    }
  } finally {
    await browser.close();
    stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
