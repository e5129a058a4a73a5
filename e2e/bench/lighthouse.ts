/**
 * Lighthouse's mobile run (its default: a simulated slow 4G link and a 4x slower CPU) against
 * Debian's Chromium, on the routes a shopper lands on. Prints the performance score, LCP, CLS,
 * TBT and what the page sent, median of `--runs` runs per route (3 by default; Lighthouse's own
 * advice, as single runs vary by a few points).
 */
import * as chromeLauncher from 'chrome-launcher';
import { parseArgs } from 'node:util';
import { formatTable } from '../../infra/src/cli/table';
import { listedCarPath } from '../support/listed-cars';
import { CHROMIUM_PATH, startSite } from './site';

const { values: args } = parseArgs({
  options: { port: { type: 'string', default: process.env.BENCH_PORT ?? '8093' }, runs: { type: 'string', default: '3' } },
});
const PORT = Number(args.port);
const RUNS = Math.max(1, Number(args.runs));
const ROUTES = [
  { tenant: 'harbourside-motors', path: '/', label: 'home page' },
  { tenant: 'harbourside-motors', path: '/search/new-used-and-demo-cars', label: 'search page' },
  { tenant: 'summit-auto-group', path: '/search/new-used-and-demo-cars', label: 'search page' },
  // The demo pins Redgum to mf-search 1.0.0, built before the first paint: its pages are built
  // in the browser, as every page was before. The difference is what upgrading is worth.
  { tenant: 'redgum-used-cars', path: '/search/used-cars', label: 'search page, mf-search 1.0.0 pinned' },
  // A car the site lists, read from its sitemap once the site is up.
  { tenant: 'harbourside-motors', path: '/cars/{first listed}', label: 'vehicle page' },
  // Summit opens a car on its photos (galleryFirst) and shows the phone at once.
  { tenant: 'summit-auto-group', path: '/cars/{first listed}', label: 'vehicle page' },
];


interface Run {
  score: number;
  lcp: number;
  cls: number;
  tbt: number;
  fcp: number;
  transferKb: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function audit(url: string, port: number): Promise<Run> {
  const { default: lighthouse } = await import('lighthouse');
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const metric = (id: string) => Number(lhr.audits[id]?.numericValue ?? Number.NaN);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: metric('largest-contentful-paint'),
    cls: metric('cumulative-layout-shift'),
    tbt: metric('total-blocking-time'),
    fcp: metric('first-contentful-paint'),
    transferKb: metric('total-byte-weight') / 1024,
  };
}

async function main(): Promise<void> {
  const stop = await startSite(PORT, 'lighthouse');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    console.log(`Lighthouse mobile performance (simulated slow 4G, 4x CPU), median of ${RUNS} run(s)`);
    const rows: string[][] = [];
    for (const route of ROUTES) {
      const path = route.path.includes('{') ? await listedCarPath(PORT, route.tenant) : route.path;
      const url = `http://${route.tenant}.localhost:${PORT}${path}`;
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(url, chrome.port));
      const pick = (key: keyof Run) => median(runs.map((r) => r[key]));
      rows.push([
        `${route.tenant}${path} (${route.label})`,
        String(pick('score')),
        `${(pick('fcp') / 1000).toFixed(2)} s`,
        `${(pick('lcp') / 1000).toFixed(2)} s`,
        pick('cls').toFixed(3),
        `${Math.round(pick('tbt'))} ms`,
        pick('transferKb').toFixed(1),
        runs.map((r) => r.score).join('/'),
      ]);
    }
    console.log(formatTable(['ROUTE', 'SCORE', 'FCP', 'LCP', 'CLS', 'TBT', 'SENT KB', 'RUNS'], rows));
  } finally {
    chrome.kill();
    stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
