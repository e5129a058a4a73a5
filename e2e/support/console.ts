import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { z } from 'zod';
import { Session } from '@forecourt/admin-contract';
import { E2E_DATA_DIR, E2E_PORT } from './env';
import { seriousAxeViolations } from './axe';
import { forecourtAsync } from './platform';

/** The operator console's own origin on the e2e site. */
export const CONSOLE = `http://console.localhost:${E2E_PORT}`;

/** A browser of one person: its own cookies and its own passkey device. */
export interface PasskeyBrowser {
  context: BrowserContext;
  page: Page;
}

/**
 * A browser context with a platform authenticator (resident keys and user verification, like a
 * laptop's or phone's) standing in for the person's device: Chromium's virtual authenticator.
 * Each context gets its own, so two people's passkeys never meet.
 */
export async function passkeyBrowser(browser: Browser): Promise<PasskeyBrowser> {
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
  return { context, page };
}

/** The id of the account named `name`, from `forecourt operators list`, or null when there is none. */
export function accountIdIn(list: string, name: string): string | null {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^\\s*(\\d+)\\s+${escaped}\\s{2,}`, 'm').exec(list)?.[1] ?? null;
}

/**
 * The account named `name`, made with `forecourt operators add` when it does not exist yet (a
 * retried run finds it made: names are unique); answers its id.
 */
export async function ensureAccount(
  name: string,
  role: 'operator' | 'tenant-manager' | 'viewer',
  tenants?: readonly string[],
): Promise<string> {
  const existing = accountIdIn(await forecourtAsync('operators', 'list'), name);
  if (existing) return existing;
  const added = await forecourtAsync(
    'operators',
    'add',
    name,
    '--role',
    role,
    ...(tenants ? ['--tenants', tenants.join(',')] : []),
  );
  const id = /^Account (\d+):/m.exec(added)?.[1];
  if (!id) throw new Error(`forecourt operators add printed no account id:\n${added}`);
  return id;
}

/** A one-use enrollment link for an account, as an operator makes one with the CLI. */
export async function enrollmentLink(accountId: string): Promise<string> {
  const link = /(http\S+\/enroll#\S+)/.exec(await forecourtAsync('operators', 'enroll', accountId))?.[1];
  if (!link) throw new Error(`forecourt operators enroll ${accountId} printed no link`);
  return link;
}

/** A one-use enrollment link for the demo operator that `npm start` made. */
export async function demoOperatorLink(): Promise<string> {
  const id = accountIdIn(await forecourtAsync('operators', 'list'), 'Demo operator');
  if (!id) throw new Error("no 'Demo operator' account in forecourt operators list");
  return enrollmentLink(id);
}

/** Opens an enrollment link and registers a passkey on the page's device; the person is then signed in. */
export async function enrollPasskey(page: Page, link: string, label = 'e2e browser'): Promise<void> {
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your passkey' })).toBeVisible();
  await page.getByLabel('Name for this passkey (optional)').fill(label);
  await page.getByRole('button', { name: 'Create my passkey' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tenants' })).toBeVisible();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
}

/** On the console's sign-in page: the passkey alone signs the person in (no name to type). */
export async function signInWithPasskey(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tenants' })).toBeVisible();
}

/**
 * A read of the admin API as the demo operator, with the personal token `npm start` keeps in the
 * data folder (what the CLI uses), over loopback as the CLI does.
 */
export async function adminGet<Schema extends z.ZodType>(route: string, schema: Schema): Promise<z.output<Schema>> {
  const token = readFileSync(path.join(E2E_DATA_DIR, 'operator-token'), 'utf8').trim();
  const response = await fetch(`http://127.0.0.1:${E2E_PORT}/_admin${route}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`GET /_admin${route} answered ${response.status}: ${await response.text()}`);
  return schema.parse(await response.json());
}

/**
 * A change the console's page sends itself, from the signed-in page (its Origin and session
 * cookie), with the session's CSRF token: what a forged request from someone who holds the
 * session would look like. Answers the status and body.
 */
export async function changeFromPage(
  page: Page,
  route: string,
  body: object,
): Promise<{ status: number; body: unknown }> {
  // Read in the page (its session cookie), checked here against the contract's schema.
  const answer: unknown = await page.evaluate(async () =>
    (await fetch('/_admin/session', { credentials: 'same-origin' })).json(),
  );
  const session = Session.parse(answer);
  return page.evaluate(
    async ({ route: target, body: payload, csrf }) => {
      const response = await fetch(target, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
        body: JSON.stringify(payload),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      return { status: response.status, body: parsed };
    },
    { route, body, csrf: session.csrf },
  );
}

/** The state every confirmation dialog of the console needs before its button shows. */
export interface DialogState {
  tenant: string;
  team: string;
  /** The tenant's pin of the team: the checkout's version. */
  pin: string;
  /** Another published version of the team, for the canary and the rollback. */
  other: string;
  /** An active account besides the signed-in one, whose deactivation is asked. */
  account: string;
  /** A tenant whose leads wait for a CRM that is down: its retry is asked as well (its button is live only then). */
  leadsWaiting?: string;
}

/**
 * One confirmation dialog of the console, opened and never confirmed: the page it is on, whether
 * it needs the tenant's canary running, and how its button is pressed.
 */
export interface ConsoleDialog {
  name: string;
  path: string;
  canary: boolean;
  open: (page: Page) => Promise<void>;
}

/**
 * Every confirmation dialog a change to a remote or an account asks (start, change the share of,
 * promote and stop a canary; roll back; deactivate an account; retry leads when some wait), for
 * `state`.
 */
export function confirmationDialogs(state: DialogState): ConsoleDialog[] {
  const remote = `/tenants/${state.tenant}/${state.team}`;
  return [
    {
      name: 'start a canary',
      path: remote,
      canary: false,
      open: (page) => page.getByRole('button', { name: 'Start canary' }).click(),
    },
    {
      name: 'roll back',
      path: remote,
      canary: false,
      open: (page) => page.getByRole('button', { name: `Roll back to ${state.other}` }).click(),
    },
    {
      name: "change the canary's share",
      path: remote,
      canary: true,
      open: async (page) => {
        // The button is live once the share differs from the canary's.
        await page.getByLabel('Share of shoppers (%)').fill('25');
        await page.getByRole('button', { name: 'Change share' }).click();
      },
    },
    {
      name: 'promote',
      path: remote,
      canary: true,
      open: (page) => page.getByRole('button', { name: `Promote ${state.other}` }).click(),
    },
    {
      name: 'stop the canary',
      path: remote,
      canary: true,
      open: (page) => page.getByRole('button', { name: 'Stop canary' }).click(),
    },
    {
      name: 'deactivate an account',
      path: '/accounts',
      canary: false,
      open: (page) => page.getByRole('button', { name: `Deactivate ${state.account}` }).click(),
    },
    ...(state.leadsWaiting
      ? [
          {
            name: 'retry leads',
            path: '/lead-delivery',
            canary: false,
            open: (page: Page) =>
              page
                .locator(`tr[data-tenant="${state.leadsWaiting}"]`)
                .getByRole('button', { name: 'Retry now' })
                .click(),
          },
        ]
      : []),
  ];
}

/**
 * Opens `dialog` on the console at `origin`, runs axe with it open, then cancels it (nothing is
 * changed): the serious and critical violations, each prefixed with the dialog's name.
 */
export async function violationsWithDialogOpen(page: Page, origin: string, dialog: ConsoleDialog): Promise<string[]> {
  await page.goto(`${origin}${dialog.path}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await dialog.open(page);
  const open = page.getByRole('dialog');
  await expect(open).toBeVisible();
  const violations = await seriousAxeViolations(page);
  await open.getByRole('button', { name: 'Cancel' }).click();
  await expect(open).toHaveCount(0);
  return violations.map((violation) => `${dialog.name}: ${violation}`);
}

/**
 * Each confirmation dialog opened in turn on the signed-in operator's `page` and checked with
 * axe; answers the serious and critical violations (none is the goal). The state each needs is
 * made first with the platform CLI (`cli` runs it against the site at `origin`): the tenant's own
 * pin of `pin` replacing `other`, so a rollback has somewhere to go, then a canary of `other` at
 * 15 % for the canary's dialogs. It leaves that canary running.
 */
export async function violationsWithEachDialogOpen(
  page: Page,
  origin: string,
  cli: (...args: string[]) => Promise<string>,
  state: DialogState,
): Promise<string[]> {
  const dialogs = confirmationDialogs(state);
  const violations: string[] = [];
  await cli('pin', state.tenant, state.team, state.other);
  await cli('pin', state.tenant, state.team, state.pin);
  for (const dialog of dialogs.filter((d) => !d.canary))
    violations.push(...(await violationsWithDialogOpen(page, origin, dialog)));
  await cli('canary', state.tenant, state.team, state.other, '15');
  for (const dialog of dialogs.filter((d) => d.canary))
    violations.push(...(await violationsWithDialogOpen(page, origin, dialog)));
  return violations;
}
