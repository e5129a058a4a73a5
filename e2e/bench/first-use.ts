/**
 * What a shopper's first use of the search page costs: the time from pressing a make's checkbox
 * to the page showing that make's count, on a search page loaded fresh with the CPU slowed 4x
 * (as Lighthouse's mobile run assumes a phone). Two cases:
 * - asleep: a shopper new to the site, whose results page stays on the server's first paint until
 *   they are about to use it (mf-search's search-page.tsx): the press loads the results' code,
 *   which takes over and replays the tick;
 * - awake: the same page after a key said the shopper would use it, and the results took over.
 * Each run waits until the page is idle before the press. Prints the median and every run.
 *
 *   npx tsx e2e/bench/first-use.ts [--tenant harbourside-motors] [--runs 5] [--make Toyota]
 */
import { chromium, type Page } from '@playwright/test';
import { parseArgs } from 'node:util';
import { formatTable } from '@forecourt/runtime/table';
import { CHROMIUM_ARGS } from '@forecourt/config/chromium';
import { CHROMIUM_PATH, startSite } from './site';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.BENCH_PORT ?? '8096' },
    tenant: { type: 'string', default: 'harbourside-motors' },
    runs: { type: 'string', default: '5' },
    make: { type: 'string', default: 'Toyota' },
  },
});
const PORT = Number(args.port);
const RUNS = Math.max(1, Number(args.runs));
const PATH = '/search/new-used-and-demo-cars';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The app's count (not the first paint's) once it says `count`: ms from the press, read in the page. */
async function pressAndTime(page: Page, count: string): Promise<number> {
  // Strings, not functions: the bench runs under tsx, whose helpers would not exist in the page.
  await page.evaluate(
    `window.__pressedAt = undefined; document.addEventListener('pointerdown', () => { window.__pressedAt = performance.now(); }, { capture: true, once: true });`,
  );
  await page
    .getByRole('checkbox', { name: new RegExp(`^${args.make}`) })
    .filter({ visible: true })
    .check();
  // Polled in the page with its own frames (the site's policy allows no eval, which
  // waitForFunction would need).
  const shownAt = Number(
    await page.evaluate(
      `new Promise((resolve) => { const check = () => { const el = document.querySelector('[data-result-count="${count}"]:not([data-first-paint] *)'); if (el && el.checkVisibility()) resolve(performance.now()); else requestAnimationFrame(check); }; check(); })`,
    ),
  );
  return shownAt - Number(await page.evaluate('window.__pressedAt'));
}

async function main(): Promise<void> {
  const stop = await startSite(PORT, 'first-use');
  try {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
    const rows: string[][] = [];
    for (const awake of [false, true]) {
      const times: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await page.goto(`http://${args.tenant}.localhost:${PORT}${PATH}`);
        await page.waitForSelector('#app-mf-search[data-status="mounted"]', { state: 'attached', timeout: 60_000 });
        if (awake) {
          await page.keyboard.press('Shift');
          await page.waitForSelector('[data-first-paint]', { state: 'detached', timeout: 60_000 });
        }
        await page.waitForLoadState('networkidle');
        const label = await page
          .getByRole('checkbox', { name: new RegExp(`^${args.make}`) })
          .filter({ visible: true })
          .evaluate((box) => box.closest('label')?.textContent ?? '');
        const count = /(\d+)\s*$/.exec(label)?.[1];
        if (!count) throw new Error(`no count beside ${args.make} (${label})`);
        times.push(await pressAndTime(page, count));
        await context.close();
      }
      rows.push([
        awake ? 'awake (the results took over at a key)' : 'asleep (a new shopper: the press loads the results)',
        `${median(times).toFixed(0)} ms`,
        times.map((ms) => ms.toFixed(0)).join('/'),
      ]);
    }
    await browser.close();
    console.log(
      `First use of the search page: a make ticked until its count shows (CPU slowed 4x, 1280 px, median of ${RUNS})`,
    );
    console.log(formatTable(['PAGE', 'PRESS TO COUNT', 'RUNS'], rows));
  } finally {
    stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
