/**
 * Screenshots of the shopper's pages and the operator console's at a phone's width (375 px) and a
 * laptop's (1280 px), full page, into e2e/.screenshots/, to look at after a change to any page:
 *
 *   npm run screenshots -w @forecourt/e2e                       # starts its own site
 *   npm run screenshots -w @forecourt/e2e -- --url http://127.0.0.1:8080   # a running one
 *   npm run screenshots -w @forecourt/e2e -- --url http://127.0.0.1:8080 --only console   # or --only tenants
 *
 * With --url, tenants are reached as {tenant}.localhost on that URL's port, and the console as
 * console.localhost; the console is signed in with a passkey of Chromium's virtual authenticator,
 * enrolled through a link the CLI makes for 'Demo operator' (so it needs the site's data folder,
 * --data-dir, default infra/.data).
 */
import { chromium, type Browser } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CHROMIUM_ARGS } from '@forecourt/config/chromium';
import { CHROMIUM_PATH, REPO_ROOT, startSite } from '../bench/site';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    port: { type: 'string', default: '8094' },
    'data-dir': { type: 'string' },
    only: { type: 'string' },
  },
});
const CONSOLE_PAGES = [
  '/',
  '/tenants/harbourside-motors/mf-search',
  '/publishes',
  '/lead-delivery',
  '/search',
  '/audit',
  '/accounts',
  '/stock-keys',
  '/stock',
];
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

/** The platform CLI against the site being photographed. */
function forecourt(port: number, dataDir: string, ...cli: string[]): string {
  return execFileSync(path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), ['infra/cli/src/main.ts', ...cli], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), FORECOURT_DATA_DIR: dataDir },
    encoding: 'utf8',
  });
}

/** Every console page at each width, signed in as 'Demo operator' through a passkey made for the run. */
async function consolePages(browser: Browser, port: number, dataDir: string, outDir: string): Promise<void> {
  const id = /^\s*(\d+)\s+Demo operator\b/m.exec(forecourt(port, dataDir, 'operators', 'list'))?.[1];
  const link = id ? /(http\S+\/enroll#\S+)/.exec(forecourt(port, dataDir, 'operators', 'enroll', id))?.[1] : undefined;
  if (!link) throw new Error("could not make an enrollment link for 'Demo operator'");
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  try {
    await page.setViewportSize({ width: 375, height: 900 });
    await page.goto(link);
    await page.screenshot({ path: path.join(outDir, 'console_enroll-375.png'), fullPage: true });
    await page.getByRole('button', { name: 'Create my passkey' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tenants' }).waitFor();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const pathname of CONSOLE_PAGES) {
        await page.goto(`http://console.localhost:${port}${pathname}`);
        await page.waitForLoadState('networkidle');
        const name = `console${pathname.replace(/[/?=&]+/g, '_')}-${width}.png`;
        await page.screenshot({ path: path.join(outDir, name), fullPage: true });
        console.log(`  ${name}`);
      }
    }
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await page.screenshot({ path: path.join(outDir, `console_sign-in-${WIDTHS.at(-1)}.png`), fullPage: true });
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const port = args.url ? Number(new URL(args.url).port) : Number(args.port);
  const stop = args.url ? () => undefined : await startSite(port, 'screenshots');
  const dataDir = args['data-dir']
    ? path.resolve(args['data-dir'])
    : args.url
      ? path.join(REPO_ROOT, 'infra', '.data')
      : path.join(REPO_ROOT, 'e2e', '.data', 'screenshots');
  const outDir = path.join(REPO_ROOT, 'e2e', '.screenshots');
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  try {
    if (args.only !== 'tenants') await consolePages(browser, port, dataDir, outDir);
    for (const [tenant, pathname] of args.only === 'console' ? [] : PAGES) {
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
