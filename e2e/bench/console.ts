/**
 * The operator console's side of the Lighthouse bench (`lighthouse.ts --console`): a site with
 * something to show (accounts, a canary, shoppers' page loads, leads waiting for a CRM that is
 * down, the audit of all that), the demo operator signed in with a passkey, and axe run on every
 * console page and with every confirmation dialog open. Lighthouse then measures the pages with
 * the operator's session cookie.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { PLATFORM_EVENT } from '@forecourt/shared-config/failures';
import { chromium, expect, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '@forecourt/config/chromium';
import {
  accountIdIn,
  confirmationDialogs,
  enrollPasskey,
  passkeyBrowser,
  violationsWithEachDialogOpen,
  type DialogState,
} from '../support/console';
import { checkoutVersion } from '../support/env';
import { benchDataDir, CHROMIUM_PATH, REPO_ROOT } from './site';
import { seriousAxeViolations } from '../support/axe';

const execFileAsync = promisify(execFile);

export const CONSOLE_DATA = 'lighthouse-console';
const TENANT = 'harbourside-motors';
const TEAM = 'mf-search';
/** An account besides the demo operator, so the accounts page has rows and a deactivation to ask. */
const OTHER_ACCOUNT = 'Bench viewer';
const LEADS = 3;
const SESSION_COOKIE = '__Host-forecourt-console';

/** A console page as Lighthouse and axe open it: signed in, or (sign-in, enrollment) signed out. */
export interface ConsolePage {
  path: string;
  label: string;
  signedIn: boolean;
}

/** The console's pages behind sign-in, each as an operator opens it. */
const SIGNED_IN_PAGES: readonly ConsolePage[] = [
  { path: '/', label: 'tenants table', signedIn: true },
  { path: `/tenants/${TENANT}`, label: "a tenant's remotes", signedIn: true },
  { path: `/tenants/${TENANT}/settings`, label: "a tenant's settings", signedIn: true },
  { path: '/tenants/new', label: 'new tenant', signedIn: true },
  { path: `/tenants/${TENANT}/${TEAM}`, label: "a remote's page", signedIn: true },
  { path: '/publishes', label: 'publishes', signedIn: true },
  { path: '/lead-delivery', label: 'lead delivery', signedIn: true },
  { path: '/search', label: 'search', signedIn: true },
  { path: '/audit', label: 'audit', signedIn: true },
  { path: '/accounts', label: 'accounts', signedIn: true },
  { path: '/stock-keys', label: 'stock keys', signedIn: true },
];

export const consoleOrigin = (port: number) => `http://console.localhost:${port}`;

/** The platform CLI against the bench's site, as an engineer runs it. */
function cliOn(port: number): (...args: string[]) => Promise<string> {
  const env = { ...process.env, PORT: String(port), FORECOURT_DATA_DIR: benchDataDir(CONSOLE_DATA) };
  return async (...args) =>
    (
      await execFileAsync(path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), ['infra/cli/src/main.ts', ...args], {
        cwd: REPO_ROOT,
        env,
        encoding: 'utf8',
      })
    ).stdout;
}

/**
 * A dealer's CRM that is down (every delivery answered 503): the site's leads stay waiting, so
 * the lead-delivery page has figures and an error to show and its retry button is live.
 */
export async function startDownCrm(): Promise<{ env: Record<string, string>; close: () => void }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(503, { 'content-type': 'text/plain' }).end('down for the bench');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    env: {
      FORECOURT_CRM: 'http',
      FORECOURT_CRM_WEBHOOK_URL: `http://127.0.0.1:${port}/leads`,
      FORECOURT_CRM_WEBHOOK_SECRET: 'bench-secret',
    },
    close: () => server.close(),
  };
}

/** Enquiries from shoppers of the tenant, through the site's own lead API. */
async function sendLeads(port: number): Promise<void> {
  const site = { 'x-forecourt-tenant': TENANT };
  const form = (await (
    await fetch(`http://127.0.0.1:${port}/api/leads/form?form=enquiry`, { headers: site })
  ).json()) as { locations?: Array<{ id: string }> };
  const locationId = form.locations?.[0]?.id;
  if (!locationId) throw new Error(`${TENANT}'s enquiry form has no location`);
  for (let i = 0; i < LEADS; i++) {
    const body = {
      form: 'enquiry',
      url: '/contact',
      userData: {
        name: 'Bench',
        last_name: `Shopper ${i}`,
        email: `bench${i}@example.com`,
        phone: `04${String(40_000_000 + i)}`,
        postcode: '2000',
        message: 'Is it still available?',
        location_id: locationId,
      },
    };
    const sent = await fetch(`http://127.0.0.1:${port}/api/leads/submit`, {
      method: 'POST',
      headers: { ...site, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify(body),
    });
    if (sent.status !== 201) throw new Error(`lead ${i} answered ${sent.status}: ${await sent.text()}`);
  }
}

/**
 * Shoppers' first loads (each a fresh browser context, so the canary split applies) of every
 * tenant's home and search pages (one a search that finds nothing, for the search page's list of
 * those), each kept open until the shell's report of the search app's
 * clean mount is answered: the console's health tables and charts count those reports.
 */
async function shopperLoads(browser: Browser, port: number, tenants: readonly string[], rounds: number): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    for (const tenant of tenants) {
      for (const route of ['/', '/search/used-cars', '/search/used-cars?query=hovercraft']) {
        const context = await browser.newContext();
        try {
          const page = await context.newPage();
          const report = page.waitForResponse(
            (response) => {
              const request = response.request();
              if (!request.url().endsWith('/api/events') || request.method() !== 'POST') return false;
              const body = JSON.parse(request.postData() ?? '{}') as {
                eventId?: number;
                payload?: { remote?: string };
              };
              return body.eventId === PLATFORM_EVENT.appMounted && body.payload?.remote === TEAM;
            },
            { timeout: 45_000 },
          );
          await page.goto(`http://${tenant}.localhost:${port}${route}`, { waitUntil: 'commit' });
          const status = (await report).status();
          if (status !== 202) throw new Error(`/api/events answered ${status} to ${tenant}${route}'s mount report`);
        } finally {
          await context.close();
        }
      }
    }
  }
}

export interface ConsoleBench {
  /** The operator's session, as a Cookie header. */
  cookie: string;
  /** Every page to measure: the signed-in ones, the sign-in page and an enrollment link (unused: opening it uses nothing). */
  pages: ConsolePage[];
  /** axe's serious and critical violations, per page ('<path>: <rule>: <where>') and per open dialog. */
  pageViolations: string[];
  dialogViolations: string[];
  dialogs: number;
}

/** Opens a console page and waits until its data is in (no 'Loading' left); answers axe's serious and critical findings. */
async function pageViolations(page: Page, origin: string, pagePath: string): Promise<string[]> {
  await page.goto(`${origin}${pagePath}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  return (await seriousAxeViolations(page)).map((violation) => `${pagePath.replace(/#.*/, '#…')}: ${violation}`);
}

/** `forecourt operators enroll <id>`'s link, as a path on the console's origin. */
async function enrollmentPath(cli: (...args: string[]) => Promise<string>, name: string): Promise<string> {
  const id = accountIdIn(await cli('operators', 'list'), name);
  if (!id) throw new Error(`no '${name}' in forecourt operators list`);
  const link = /(http\S+\/enroll#\S+)/.exec(await cli('operators', 'enroll', id))?.[1];
  if (!link) throw new Error(`forecourt operators enroll ${id} printed no link`);
  return new URL(link).pathname + new URL(link).hash;
}

/**
 * Makes the data, signs the demo operator in with a passkey (Chromium's virtual authenticator)
 * and runs axe on every console page (the sign-in and enrollment pages before signing in) and
 * with each confirmation dialog open. Leaves a canary of the tenant's mf-search running, so the
 * remote's page shows one.
 */
export async function prepareConsole(port: number, tenants: readonly string[]): Promise<ConsoleBench> {
  const cli = cliOn(port);
  const origin = consoleOrigin(port);
  await cli('operators', 'add', OTHER_ACCOUNT, '--role', 'viewer');
  await sendLeads(port);
  const signedOut: ConsolePage[] = [
    { path: '/sign-in', label: 'sign-in, signed out', signedIn: false },
    // The other account's link: the demo operator's own is used up by signing in.
    { path: await enrollmentPath(cli, OTHER_ACCOUNT), label: 'enrollment link, signed out', signedIn: false },
  ];
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  try {
    const { context, page } = await passkeyBrowser(browser);
    await page.setViewportSize({ width: 1350, height: 940 });
    const violations: string[] = [];
    // The enrollment page first: the demo operator's link below then opens from another path, a page load of its own.
    for (const { path: pagePath } of [...signedOut].reverse())
      violations.push(...(await pageViolations(page, origin, pagePath)));

    await enrollPasskey(page, `${origin}${await enrollmentPath(cli, 'Demo operator')}`, 'bench browser');
    const cookie = (await context.cookies(origin)).find((c) => c.name === SESSION_COOKIE);
    if (!cookie) throw new Error(`no ${SESSION_COOKIE} cookie after signing in`);

    const state: DialogState = {
      tenant: TENANT,
      team: TEAM,
      pin: checkoutVersion(TEAM),
      other: '1.0.0',
      account: OTHER_ACCOUNT,
      leadsWaiting: TENANT,
    };
    const dialogViolations = await violationsWithEachDialogOpen(page, origin, cli, state);
    // With the canary running: shoppers' loads split between the pin and it, on the charts.
    await shopperLoads(browser, port, tenants, 2);

    for (const { path: pagePath } of SIGNED_IN_PAGES)
      violations.push(...(await pageViolations(page, origin, pagePath)));
    return {
      cookie: `${cookie.name}=${cookie.value}`,
      pages: [...SIGNED_IN_PAGES, ...signedOut],
      pageViolations: violations,
      dialogViolations,
      dialogs: confirmationDialogs(state).length,
    };
  } finally {
    await browser.close();
  }
}
