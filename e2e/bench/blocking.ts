/**
 * The main thread's blocking time while a page loads, measured in the browser: Chromium with its
 * CPU slowed 4x (as Lighthouse's mobile run assumes a phone), a fresh context per load, every long
 * task the page reports (PerformanceObserver 'longtask') until 4 s after `load`, and the sum of
 * each task's time past 50 ms. Prints the median and every run's figure, and the median of the
 * longest task, per route.
 *
 * Lighthouse's TBT comes from a simulation scaled from this machine's own speed, and on a fast
 * machine every route scores 100: this bench still tells a change that adds or removes a long
 * task apart from noise (an A/B of two builds, say). It does not replace Lighthouse's figures.
 *
 *   npx tsx e2e/bench/blocking.ts [--tenant harbourside-motors] [--runs 5] [path ...]
 */
import { chromium } from '@playwright/test';
import { parseArgs } from 'node:util';
import { formatTable } from '@forecourt/runtime/table';
import { CHROMIUM_ARGS } from '@forecourt/config/chromium';
import { listedCarPath } from '../support/listed-cars';
import { CHROMIUM_PATH, startSite } from './site';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    port: { type: 'string', default: process.env.BENCH_PORT ?? '8094' },
    tenant: { type: 'string', default: 'harbourside-motors' },
    runs: { type: 'string', default: '5' },
  },
});
const PORT = Number(args.port);
const RUNS = Math.max(1, Number(args.runs));
const tenant = args.tenant;

/** Every long task the page reports, from its start (the observer is in place before any script). */
const LONG_TASKS = `window.__longTasks = []; new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__longTasks.push(entry.duration); }).observe({ type: 'longtask', buffered: true });`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main(): Promise<void> {
  const stop = await startSite(PORT, 'blocking');
  try {
    const paths =
      positionals.length > 0
        ? positionals
        : ['/', '/search/new-used-and-demo-cars', await listedCarPath(PORT, tenant), '/finance', '/sign-in'];
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
    const rows: string[][] = [];
    for (const path of paths) {
      const blocking: number[] = [];
      const longest: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await page.addInitScript({ content: LONG_TASKS });
        await page.goto(`http://${tenant}.localhost:${PORT}${path}`, { waitUntil: 'load' });
        await page.waitForTimeout(4000);
        const tasks = (await page.evaluate('window.__longTasks')) as number[];
        blocking.push(tasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0));
        longest.push(Math.max(0, ...tasks));
        await context.close();
      }
      rows.push([
        `${tenant}${path}`,
        `${median(blocking).toFixed(0)} ms`,
        blocking.map((ms) => ms.toFixed(0)).join('/'),
        `${median(longest).toFixed(0)} ms`,
      ]);
    }
    await browser.close();
    console.log(`Blocking time while loading (CPU slowed 4x, fresh context, median of ${RUNS})`);
    console.log(formatTable(['ROUTE', 'BLOCKING', 'RUNS', 'LONGEST TASK'], rows));
  } finally {
    stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
