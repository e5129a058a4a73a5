/**
 * First-load JavaScript per route, counted from the browser: starts the site the way
 * `npm start` does (own port and data folder), opens each route in a fresh Chromium context
 * (empty cache), waits until the route's app has mounted, and sums every script the page
 * downloaded: bytes as sent on the wire (the server's Brotli or gzip, as the browser accepted
 * it), the decoded bytes, and the number of requests of any kind.
 */
import { chromium } from '@playwright/test';
import { parseArgs } from 'node:util';
// The platform's one table printer (the CLI's), so every benchmark prints alike.
import { formatTable } from '@forecourt/runtime/table';
import { listedCarPath } from '../support/listed-cars';
import { CHROMIUM_ARGS } from '@forecourt/config/chromium';
import { CHROMIUM_PATH, startSite } from './site';

const { values: args } = parseArgs({
  options: { port: { type: 'string', default: process.env.BENCH_PORT ?? '8092' } },
});
const PORT = Number(args.port);
const ROUTES = [
  { tenant: 'harbourside-motors', path: '/', team: 'mf-search', label: 'home page' },
  { tenant: 'harbourside-motors', path: '/search/new-used-and-demo-cars', team: 'mf-search', label: 'search page' },
  { tenant: 'harbourside-motors', path: '/finance', team: 'mf-finance', label: 'finance route' },
  // A car the site lists, read from its sitemap when the site is up (an invented slug is a 404).
  { tenant: 'harbourside-motors', path: '/cars/{first listed}', team: 'mf-vehicle', label: 'vehicle route' },
];

async function main(): Promise<void> {
  const stop = await startSite(PORT, 'bench');
  try {
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
    });
    console.log('First-load JavaScript (fresh cache, counted from the browser)');
    const rows: string[][] = [];
    for (const route of ROUTES) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts: Promise<{ sent: number; decoded: number; encoding: string }>[] = [];
      let requests = 0;
      page.on('requestfinished', (request) => {
        requests += 1;
        if (request.resourceType() !== 'script') return;
        scripts.push(
          Promise.all([request.sizes(), request.response()]).then(async ([sizes, response]) => ({
            sent: sizes.responseBodySize,
            decoded: (await response?.body().catch(() => Buffer.alloc(0)))?.length ?? 0,
            encoding: (await response?.headerValue('content-encoding')) ?? 'none',
          })),
        );
      });
      const started = Date.now();
      const path = route.path.includes('{') ? await listedCarPath(PORT, route.tenant) : route.path;
      await page.goto(`http://${route.tenant}.localhost:${PORT}${path}`);
      await page.waitForSelector(`#app-${route.team}[data-status="mounted"]`, { timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const ms = Date.now() - started;
      const all = await Promise.all(scripts);
      const sent = all.reduce((sum, s) => sum + s.sent, 0);
      const decoded = all.reduce((sum, s) => sum + s.decoded, 0);
      const encodings = [...new Set(all.map((s) => s.encoding))].join('+');
      rows.push([
        `${route.tenant}${path} (${route.label})`,
        String(requests),
        String(all.length),
        (sent / 1024).toFixed(1),
        encodings,
        (decoded / 1024).toFixed(1),
        String(ms),
      ]);
      await context.close();
    }
    await browser.close();
    console.log(formatTable(['ROUTE', 'REQUESTS', 'SCRIPTS', 'JS SENT KB', 'ENCODING', 'JS DECODED KB', 'MS'], rows));
  } finally {
    stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
