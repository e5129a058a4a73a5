/**
 * Lighthouse's mobile run (its default: a simulated slow 4G link and a 4x slower CPU) against
 * Debian's Chromium, on the routes a shopper lands on. Prints the performance score, LCP, CLS,
 * TBT and what the page sent, median of `--runs` runs per route (3 by default; Lighthouse's own
 * advice, as single runs vary by a few points).
 *
 * `--console`: the operator console's pages instead, in Lighthouse's desktop run (a laptop's
 * screen, a fast link, no CPU slowdown: where operators work), signed in and with data, scored
 * for performance, accessibility and best practices; and axe on each page and with each
 * confirmation dialog open (bench/console.ts).
 */
import * as chromeLauncher from 'chrome-launcher';
import { parseArgs } from 'node:util';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { formatTable } from '@forecourt/runtime/table';
import { listedCarPath } from '../support/listed-cars';
import { CONSOLE_DATA, consoleOrigin, prepareConsole, startDownCrm } from './console';
import { DESKTOP_CHROMIUM_PATH, REPO_ROOT, startSite } from './site';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.BENCH_PORT ?? '8093' },
    runs: { type: 'string', default: '3' },
    /** Only the routes whose label or tenant contains this (e.g. `--only garage`, `--only redgum`). */
    only: { type: 'string' },
    /** Also print, per route, the long tasks and each script's main-thread time (the last run's). */
    detail: { type: 'boolean', default: false },
    /** The operator console's pages (desktop), instead of the shoppers'. */
    console: { type: 'boolean', default: false },
  },
});
const PORT = Number(args.port);
const RUNS = Math.max(1, Number(args.runs));
/** What the route list needs of a demo tenant's configuration (infra/tenants/*.json). */
interface TenantFile {
  slug: string;
  features?: Record<string, boolean>;
  gatedRoutes?: string[];
  search?: { carTypes?: string[] };
}
const TENANTS_DIR = path.join(REPO_ROOT, 'infra', 'tenants');
const TENANTS = readdirSync(TENANTS_DIR)
  .filter((file) => file.endsWith('.json'))
  .map((file) => JSON.parse(readFileSync(path.join(TENANTS_DIR, file), 'utf8')) as TenantFile);

/** The first path of the tenant's sitemap that `pattern` matches (a location page, a blog post). */
async function sitemapPath(tenant: string, pattern: RegExp): Promise<string | null> {
  const sitemap = await (
    await fetch(`http://127.0.0.1:${PORT}/sitemap.xml`, { headers: { 'x-forecourt-tenant': tenant } })
  ).text();
  return (
    [...sitemap.matchAll(/<loc>https?:\/\/[^/]+([^<]+)<\/loc>/g)].map((m) => m[1]!).find((p) => pattern.test(p)) ?? null
  );
}

/**
 * The shopper routes of every demo tenant: home, search, a car, finance, a
 * location page, a blog post and sign-in. A route the tenant does not have (finance switched off,
 * or behind sign-in, where Lighthouse would measure the sign-in page) is left out and said so.
 * The garage is behind sign-in: it is measured signed in (see `signedInCookie`).
 */
async function routesOf(tenant: TenantFile): Promise<Array<{ path: string; label: string; signedIn?: boolean }>> {
  const usedOnly = (tenant.search?.carTypes ?? ['new', 'used', 'demo']).join() === 'used';
  const routes: Array<{ path: string; label: string; signedIn?: boolean }> = [
    { path: '/', label: 'home' },
    { path: usedOnly ? '/search/used-cars' : '/search/new-used-and-demo-cars', label: 'search' },
    { path: await listedCarPath(PORT, tenant.slug), label: 'vehicle' },
  ];
  if (tenant.features?.['mf-finance'] === false) console.log(`${tenant.slug}: no finance route (finance switched off)`);
  else if (tenant.gatedRoutes?.includes('finance')) console.log(`${tenant.slug}: no finance route (behind sign-in)`);
  else routes.push({ path: '/finance', label: 'finance' });
  for (const [label, pattern] of [
    ['location page', /^\/locations\/[^/]+$/],
    ['blog post', /^\/blog\/[^/]+\/[^/]+$/],
  ] as const) {
    const found = await sitemapPath(tenant.slug, pattern);
    if (found) routes.push({ path: found, label });
    else console.log(`${tenant.slug}: no ${label} in its sitemap`);
  }
  routes.push({ path: '/sign-in', label: 'sign-in' });
  routes.push({ path: '/my-garage', label: 'garage', signedIn: true });
  return routes;
}

/**
 * A shopper's session cookie on `tenant`, signed in as a shopper does (a code sent to a phone,
 * read from the development SMS outbox, then verified), for the pages behind sign-in.
 */
async function signedInCookie(tenant: string): Promise<string> {
  const site = { 'x-forecourt-tenant': tenant, 'content-type': 'application/json' };
  const phone = `04${String(Date.now()).slice(-8)}`;
  const sent = await fetch(`http://127.0.0.1:${PORT}/api/auth/send-code`, {
    method: 'POST',
    headers: site,
    body: JSON.stringify({ phone }),
  });
  if (sent.status !== 202) throw new Error(`${tenant}: send-code answered ${sent.status}: ${await sent.text()}`);
  const outbox = (await (await fetch(`http://127.0.0.1:${PORT}/_dev/outbox.json`, { headers: site })).json()) as {
    messages: Array<{ to: string; body: string }>;
  };
  const code = /\b(\d{6})\b/.exec(outbox.messages.filter((m) => m.to === phone).at(-1)?.body ?? '')?.[1];
  if (!code) throw new Error(`${tenant}: no code for ${phone} in the outbox`);
  const verified = await fetch(`http://127.0.0.1:${PORT}/api/auth/verify-code`, {
    method: 'POST',
    headers: site,
    body: JSON.stringify({ phone, code }),
  });
  const cookie = verified.headers.get('set-cookie')?.split(';')[0];
  if (!verified.ok || !cookie)
    throw new Error(`${tenant}: verify-code answered ${verified.status}: ${await verified.text()}`);
  return cookie;
}

interface Run {
  score: number;
  /** Accessibility and best practices (the console's run; NaN in the shoppers' performance-only run). */
  accessibility: number;
  bestPractices: number;
  lcp: number;
  cls: number;
  tbt: number;
  fcp: number;
  transferKb: number;
  /** Lighthouse's long tasks (url, start, duration) and its script boot-up table (url, scripting, parse). */
  detail: string[];
  /** The scored audits of accessibility and best practices that the page did not pass. */
  misses: string[];
  /** Every request of the load and its answer's status. */
  requests: Array<{ url: string; status: number }>;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

type Audits = Record<string, { details?: unknown } | undefined>;
const itemsOf = (audits: Audits, id: string) =>
  (audits[id]?.details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];

const shortUrl = (url: unknown) =>
  String(url)
    .replace(/^https?:\/\/[^/]+/, '')
    .replace(/^\/registry\//, '');

/** What moved (the layout shifts) and where the main thread's time went: the long tasks (Lighthouse's simulated 4x CPU) and each script's share. */
function describeMainThread(audits: Audits): string[] {
  const tasks = itemsOf(audits, 'long-tasks').map(
    (t) =>
      `  long task ${Math.round(Number(t['duration']))} ms at ${Math.round(Number(t['startTime']))} ms: ${shortUrl(t['url'])}`,
  );
  const scripts = itemsOf(audits, 'bootup-time')
    .filter((s) => Number(s['total']) >= 20)
    .map(
      (s) =>
        `  script ${shortUrl(s['url'])}: ${Math.round(Number(s['scripting']))} ms scripting, ${Math.round(Number(s['scriptParseCompile']))} ms parse`,
    );
  const shifts = itemsOf(audits, 'layout-shifts').map((item) => {
    const node = item['node'] as { selector?: string; snippet?: string } | undefined;
    return `  layout shift ${Number(item['score']).toFixed(3)}: ${node?.selector ?? '?'} ${node?.snippet?.slice(0, 120) ?? ''}`;
  });
  return [...shifts, ...tasks, ...scripts];
}

type Lhr = NonNullable<Awaited<ReturnType<typeof import('lighthouse').default>>>['lhr'];

/** The audits of `category` that count towards its score and that the page did not pass. */
function missesOf(lhr: Lhr, category: string): string[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((found) => found !== undefined && found.score !== null && found.score < 1)
    .map(
      (found) =>
        `  ${category} misses ${found?.id} (${found?.title}): ${found?.displayValue ?? ''} ${itemsOf(
          lhr.audits,
          found?.id ?? '',
        )
          .map(
            (item) =>
              (item['node'] as { selector?: string } | undefined)?.selector ??
              shortUrl(item['url'] ?? item['description'] ?? ''),
          )
          .slice(0, 5)
          .join(', ')}`,
    );
}

async function audit(url: string, port: number, options: { cookie?: string; desktop?: boolean } = {}): Promise<Run> {
  const { default: lighthouse } = await import('lighthouse');
  const categories = options.desktop ? ['performance', 'accessibility', 'best-practices'] : ['performance'];
  const config = options.desktop ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined;
  const flags = {
    port,
    output: 'json' as const,
    logLevel: 'error' as const,
    onlyCategories: categories,
    ...(options.cookie ? { extraHeaders: { Cookie: options.cookie } } : {}),
  };
  const result = await lighthouse(url, flags, config);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const metric = (id: string) => Number(lhr.audits[id]?.numericValue ?? Number.NaN);
  const scoreOf = (category: string) =>
    lhr.categories[category] ? Math.round((lhr.categories[category]?.score ?? 0) * 100) : Number.NaN;
  return {
    score: scoreOf('performance'),
    accessibility: scoreOf('accessibility'),
    bestPractices: scoreOf('best-practices'),
    lcp: metric('largest-contentful-paint'),
    cls: metric('cumulative-layout-shift'),
    tbt: metric('total-blocking-time'),
    fcp: metric('first-contentful-paint'),
    transferKb: metric('total-byte-weight') / 1024,
    detail: describeMainThread(lhr.audits),
    misses: [...missesOf(lhr, 'accessibility'), ...missesOf(lhr, 'best-practices')],
    requests: itemsOf(lhr.audits, 'network-requests').map((item) => ({
      url: String(item['url']),
      status: Number(item['statusCode']),
    })),
  };
}

type Figure = Exclude<keyof Run, 'detail' | 'misses' | 'requests'>;
const medianOf = (runs: Run[], key: Figure) => median(runs.map((r) => r[key]));

async function main(): Promise<void> {
  const stop = await startSite(PORT, 'lighthouse');
  const chrome = await chromeLauncher.launch({
    chromePath: DESKTOP_CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    console.log(`Lighthouse mobile performance (simulated slow 4G, 4x CPU), median of ${RUNS} run(s)`);
    const rows: string[][] = [];
    const routes = (
      await Promise.all(
        TENANTS.map(async (tenant) => (await routesOf(tenant)).map((route) => ({ ...route, tenant: tenant.slug }))),
      )
    )
      .flat()
      .filter((route) => !args.only || route.label.includes(args.only) || route.tenant.includes(args.only));
    for (const route of routes) {
      const url = `http://${route.tenant}.localhost:${PORT}${route.path}`;
      const cookie = route.signedIn ? await signedInCookie(route.tenant) : undefined;
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(url, chrome.port, { cookie }));
      const pick = (key: Figure) => medianOf(runs, key);
      rows.push([
        `${route.tenant}${route.path} (${route.label})`,
        String(pick('score')),
        `${(pick('fcp') / 1000).toFixed(2)} s`,
        `${(pick('lcp') / 1000).toFixed(2)} s`,
        pick('cls').toFixed(3),
        `${Math.round(pick('tbt'))} ms`,
        pick('transferKb').toFixed(1),
        runs.map((r) => r.score).join('/'),
      ]);
      if (args.detail) console.log(`${url}\n${runs.at(-1)?.detail.join('\n')}`);
    }
    console.log(formatTable(['ROUTE', 'SCORE', 'FCP', 'LCP', 'CLS', 'TBT', 'SENT KB', 'RUNS'], rows));
  } finally {
    chrome.kill();
    stop();
  }
}

/**
 * The console's pages, desktop, signed in as the demo operator: the bench's own site (with a CRM
 * that is down, so leads wait), its data made and axe run first (bench/console.ts).
 */
async function consoleMain(): Promise<void> {
  const crm = await startDownCrm();
  const stop = await startSite(PORT, CONSOLE_DATA, crm.env);
  try {
    const bench = await prepareConsole(
      PORT,
      TENANTS.map((tenant) => tenant.slug),
    );
    console.log(
      `axe on ${bench.pages.length} console pages: ${bench.pageViolations.length} serious or critical violation(s)`,
    );
    for (const violation of bench.pageViolations) console.log(`  ${violation}`);
    console.log(
      `axe with each of ${bench.dialogs} confirmation dialogs open: ${bench.dialogViolations.length} serious or critical violation(s)`,
    );
    for (const violation of bench.dialogViolations) console.log(`  ${violation}`);

    const chrome = await chromeLauncher.launch({
      chromePath: DESKTOP_CHROMIUM_PATH,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    });
    try {
      console.log(
        `\nLighthouse desktop (fast link, no CPU slowdown), signed in but for the sign-in and enrollment pages, median of ${RUNS} run(s)`,
      );
      const rows: string[][] = [];
      const misses: string[] = [];
      for (const page of bench.pages.filter(
        (p) => !args.only || p.label.includes(args.only) || p.path.includes(args.only),
      )) {
        const url = `${consoleOrigin(PORT)}${page.path}`;
        const runs: Run[] = [];
        for (let i = 0; i < RUNS; i++) {
          const run = await audit(url, chrome.port, {
            cookie: page.signedIn ? bench.cookie : undefined,
            desktop: true,
          });
          // A signed-in page that the session did not reach would measure the sign-in page under its name.
          const session = run.requests.find((request) => new URL(request.url).pathname === '/_admin/session');
          if (page.signedIn && session?.status !== 200)
            throw new Error(`${url}: measured signed out (/_admin/session answered ${session?.status ?? 'nothing'})`);
          runs.push(run);
        }
        const pick = (key: Figure) => medianOf(runs, key);
        rows.push([
          `${page.path.replace(/#.*/, '#…')} (${page.label})`,
          String(pick('score')),
          String(pick('accessibility')),
          String(pick('bestPractices')),
          `${(pick('fcp') / 1000).toFixed(2)} s`,
          `${(pick('lcp') / 1000).toFixed(2)} s`,
          pick('cls').toFixed(3),
          `${Math.round(pick('tbt'))} ms`,
          pick('transferKb').toFixed(1),
          runs.map((r) => `${r.score}/${r.accessibility}/${r.bestPractices}`).join(' '),
        ]);
        const last = runs.at(-1);
        if (last?.misses.length) misses.push(`${page.path.replace(/#.*/, '#…')}\n${last.misses.join('\n')}`);
        if (args.detail) console.log(`${url}\n${last?.detail.join('\n')}`);
      }
      console.log(
        formatTable(
          ['PAGE', 'PERF', 'A11Y', 'BEST PR.', 'FCP', 'LCP', 'CLS', 'TBT', 'SENT KB', 'RUNS (PERF/A11Y/BP)'],
          rows,
        ),
      );
      if (misses.length)
        console.log(`\nWhat accessibility and best practices missed (the last run):\n${misses.join('\n')}`);
      // The bar: each median at least 95, and no serious or critical axe finding.
      const below = rows.filter((row) => row.slice(1, 4).some((score) => Number(score) < 95)).map((row) => row[0]);
      if (below.length) console.log(`\nBelow 95: ${below.join(', ')}`);
      if (below.length || bench.pageViolations.length || bench.dialogViolations.length) process.exitCode = 1;
    } finally {
      chrome.kill();
    }
  } finally {
    stop();
    crm.close();
  }
}

(args.console ? consoleMain() : main()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
