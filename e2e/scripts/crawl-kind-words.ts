/**
 * Crawls every page of one tenant's site that its home page and its sitemap lead to (car pages
 * included), in headless Chromium, and fails on any word of the kind-word list (support/kind-words.ts)
 * outside the text the dealer wrote:
 *
 *   npx tsx e2e/scripts/crawl-kind-words.ts --port 8080                    # coastal-caravans
 *   npx tsx e2e/scripts/crawl-kind-words.ts --port 8080 --tenant <slug> --max-pages 800 --max-minutes 30
 *
 * It needs a running site (`npm start`; the tenant is reached as <slug>.localhost on that port).
 * Each page is read twice: as the server's first paint arrives and once the app has taken over.
 * Links with a query string (filters, sorts, result pages) are followed up to --query-variants
 * per path: they show the same copy over other stock. Exit code 0: every page read, no offence;
 * 1: an offence (each printed with its page, word and context); 2: no offence, but the page or
 * time bound stopped the crawl before every page was read.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { parseArgs } from 'node:util';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@forecourt/config/chromium';
import {
  carNotPreorder,
  describeOffences,
  kindWordOffences,
  shopperText,
  type KindWordOffence,
} from '../support/kind-words';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.PORT ?? '8080' },
    tenant: { type: 'string', default: 'coastal-caravans' },
    'max-pages': { type: 'string', default: '600' },
    'max-minutes': { type: 'string', default: '30' },
    'query-variants': { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '2' },
  },
});
const PORT = Number(args.port);
const TENANT = args.tenant;
const ORIGIN = `http://${TENANT}.localhost:${PORT}`;
const MAX_PAGES = Number(args['max-pages']);
const DEADLINE = Date.now() + Number(args['max-minutes']) * 60_000;
const QUERY_VARIANTS = Number(args['query-variants']);
const CONCURRENCY = Number(args.concurrency);

/** Files, APIs and the development outbox: not pages of the site's copy. */
const NOT_A_PAGE =
  /^\/(api|_dev|assets|remotes|media|images)\/|\.(xml|txt|json|js|css|png|jpe?g|webp|avif|svg|ico|pdf|webmanifest)$/i;

/** The tenant's sitemap, asked from this machine with the tenant header (node cannot resolve *.localhost). */
async function sitemapPaths(): Promise<string[]> {
  const response = await fetch(`http://127.0.0.1:${PORT}/sitemap.xml`, { headers: { 'x-forecourt-tenant': TENANT } });
  if (!response.ok) throw new Error(`${TENANT}'s sitemap answered ${response.status}`);
  return [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => {
    const url = new URL(m[1]!);
    return url.pathname + url.search;
  });
}

/** A page of this site worth reading (path and query, no fragment), or null. */
function pageKey(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN || NOT_A_PAGE.test(url.pathname)) return null;
  return url.pathname + url.search;
}

class Frontier {
  private readonly seen = new Set<string>();
  private readonly variants = new Map<string, number>();
  private readonly queue: string[] = [];
  skippedVariants = 0;

  add(key: string | null): void {
    if (key === null || this.seen.has(key)) return;
    this.seen.add(key);
    const [pathname, query] = key.split('?');
    if (query) {
      const count = this.variants.get(pathname!) ?? 0;
      if (count >= QUERY_VARIANTS) {
        this.skippedVariants += 1;
        return;
      }
      this.variants.set(pathname!, count + 1);
    }
    this.queue.push(key);
  }

  next(): string | undefined {
    return this.queue.shift();
  }

  get waiting(): number {
    return this.queue.length;
  }
}

/** Opens a page, waiting out the site's pace of pages with a query (429 with Retry-After). */
async function open(page: Page, key: string): Promise<number> {
  for (let attempt = 0; ; attempt += 1) {
    const response = await page.goto(ORIGIN + key, { waitUntil: 'load', timeout: 60_000 });
    const status = response?.status() ?? 0;
    if (status !== 429 || attempt >= 5) return status;
    const wait = Number(response?.headers()['retry-after'] ?? '1');
    await new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(wait, 1), 10) * 1000));
  }
}

interface PageResult {
  key: string;
  status: number;
  offences: KindWordOffence[];
  links: string[];
}

async function readPage(browser: Browser, key: string): Promise<PageResult> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  try {
    const status = await open(page, key);
    const firstPaint = await shopperText(page);
    // The search results stay on the first paint until the shopper is about to use them: a key
    // with Shift, which does nothing else, hands them over (as support/first-paint.ts does).
    await page.keyboard.press('Shift');
    await page
      .locator('[data-first-paint]')
      .first()
      .waitFor({ state: 'detached', timeout: 20_000 })
      .catch(() => undefined);
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
    const app = await shopperText(page);
    const options = { carNotPreorder: await carNotPreorder(PORT, TENANT, new URL(page.url()).pathname) };
    const unique = new Map<string, KindWordOffence>();
    for (const offence of [...kindWordOffences(firstPaint, options), ...kindWordOffences(app, options)])
      unique.set(`${offence.word.toLowerCase()}|${offence.context}`, offence);
    const links = await page
      .locator('a[href]')
      .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
    return { key, status, offences: [...unique.values()], links };
  } finally {
    await page.close();
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const frontier = new Frontier();
  frontier.add('/');
  for (const key of await sitemapPaths()) frontier.add(pageKey(key));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  let crawled = 0;
  let offending = 0;
  let offences = 0;
  let active = 0;
  let leftAtBound = 0;
  const failed: string[] = [];
  const worker = async () => {
    for (;;) {
      const key = frontier.next();
      if (key === undefined) {
        // Another worker's page may still add links: wait for it before calling the crawl done.
        if (active === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 200));
        continue;
      }
      if (crawled >= MAX_PAGES || Date.now() > DEADLINE) {
        leftAtBound += 1;
        continue;
      }
      crawled += 1;
      active += 1;
      try {
        const result = await readPage(browser, key);
        for (const link of result.links) frontier.add(pageKey(link));
        if (result.status >= 400) console.log(`note ${key}: answered ${result.status}`);
        if (result.offences.length > 0) {
          offending += 1;
          offences += result.offences.length;
          console.log(describeOffences(key, result.offences));
        }
      } catch (error) {
        failed.push(key);
        console.log(`note ${key}: not read (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
      } finally {
        active -= 1;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  } finally {
    await browser.close();
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  const unread = frontier.waiting + leftAtBound;
  console.log(
    `\n${TENANT}: ${crawled} pages crawled in ${seconds} s; ${offences} offences on ${offending} pages` +
      `${failed.length > 0 ? `; ${failed.length} not read` : ''}${unread > 0 ? `; ${unread} left unread at the bound` : ''}` +
      `${frontier.skippedVariants > 0 ? `; ${frontier.skippedVariants} further query variants of listed paths skipped` : ''}`,
  );
  process.exit(offences > 0 ? 1 : unread > 0 || failed.length > 0 ? 2 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
