import { createHash } from 'node:crypto';
import { Overview, type HealthBucket, type VersionHealth } from '@forecourt/admin-contract';
import { PLATFORM_EVENT } from '@forecourt/shared-config/failures';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { checkoutVersion, tenantUrl } from '../support/env';
import {
  adminGet,
  changeFromPage,
  CONSOLE,
  demoOperatorLink,
  enrollmentLink,
  enrollPasskey,
  ensureAccount,
  passkeyBrowser,
  signInWithPasskey,
  signOut,
  type PasskeyBrowser,
} from '../support/console';
import { SHOPPER_COOKIE, servesCanary } from '@forecourt/releases/pins/canary';
import { forecourtAsync } from '../support/platform';

/**
 * The console's roles in a real browser, each person with a passkey of their own: an operator
 * runs a canary that real shoppers' page loads split, reads their clean mounts in the console as
 * the server counts them, and promotes it; a tenant manager rolls back their own tenant and is
 * refused another's, in the page and by a forged request; a viewer gets no change controls and
 * is refused the same way; and the audit names each of them for each change and refusal.
 */
const HARBOURSIDE = 'harbourside-motors';
const SUMMIT = 'summit-auto-group';
const TEAM = 'mf-search';
/** An already published version other than the checkout's pin (the start publishes it for the demo). */
const OTHER = '1.0.0';
const MANAGER = 'Sam Lee';
const VIEWER = 'Val Viewer';
const CANARY_SHARE = 20;
/**
 * Shoppers whose ids the journey chooses (as their first visit's cookie would carry them), half
 * in the canary's buckets and half not, so each one's version is known before the visit: a
 * random draw of shoppers made the count a chance (outside 3..17 of 50 about once in 130 runs),
 * and 50 page loads at once outlasted the journey on a loaded machine. That the buckets split
 * shoppers in proportion is the canary rule's own test (infra/releases/src/pins/canary.test.ts).
 */
const SHOPPERS = chosenShoppers(5);
const SHOPPERS_AT_ONCE = 5;

// The people and their browsers carry through the journeys, in order. Each journey also runs the
// CLI (`list`, `history`) from source before and after its change, four runs of several seconds
// each on a busy 2-core machine, where 60 s was once not enough.
test.describe.configure({ mode: 'serial', timeout: 150_000 });

type Bucket = HealthBucket;

/** A remote's row of `forecourt list`: [team, pin, canary, last good, rollback to]. */
function listRow(list: string, tenant: string, team: string): string[] {
  const block = list.split(/\n\s*\n/).find((b) => b.startsWith(`${tenant}\n`)) ?? '';
  const line = block.split('\n').find((l) => l.startsWith(`${team} `));
  if (!line) throw new Error(`forecourt list has no ${tenant} ${team}:\n${list}`);
  return line.trim().split(/\s{2,}/);
}

/** The pin's version in a `forecourt list` cell ('1.1.6 (earned)' -> '1.1.6'). */
const pinOf = (row: string[]): string => (row[1] ?? '').split(' ')[0] ?? '';

/**
 * The pins as `forecourt list` shows them and Harbourside's mf-search history as `forecourt
 * history` does (one remote's, so it stays under the history's 200 newest): a change would show
 * in either.
 */
async function pinsAndHistory(): Promise<{ list: string; history: string; changes: number }> {
  const [list, history] = await Promise.all([
    forecourtAsync('list'),
    forecourtAsync('history', '--tenant', HARBOURSIDE, '--remote', TEAM),
  ]);
  return { list, history, changes: history.split('\n').filter((line) => /^\d{4}-\d\d-\d\d /.test(line)).length };
}

/** One version's buckets as the server counts them for the remote (GET /_admin/overview). */
async function serverVersions(tenant: string, team: string): Promise<Map<string, VersionHealth>> {
  const overview = await adminGet('/overview?window=hour', Overview);
  const remote = overview.tenants.find((t) => t.tenant === tenant)?.remotes.find((r) => r.team === team);
  return new Map((remote?.versions ?? []).map((v) => [v.version, v]));
}

/** The rows the console's table beside a version's chart should have: the buckets with a report, newest first. */
function reportedRows(version: VersionHealth | undefined): Bucket[] {
  return (version?.buckets ?? [])
    .filter((b) => b.clean + b.failures > 0)
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}

/** Clean mounts of a version in the buckets from `from` on (so a bucket leaving the hour changes nothing). */
function cleanFrom(version: VersionHealth | undefined, from: number): number {
  return (version?.buckets ?? []).filter((b) => Date.parse(b.at) >= from).reduce((sum, b) => sum + b.clean, 0);
}

/** The table beside a version's chart on the remote's page, read as the operator sees it. */
async function tableRows(page: Page, version: string): Promise<Bucket[]> {
  const table = page.getByRole('region', { name: `${TEAM} ${version}, reports per 5 minutes` }).getByRole('table');
  return table.locator('tbody tr:has(time)').evaluateAll((rows) =>
    rows.map((row) => {
      const cells = row.querySelectorAll('td');
      const count = (cell: Element | undefined) => Number((cell?.textContent ?? '').replace(/\D/g, ''));
      return {
        at: row.querySelector('time')?.getAttribute('datetime') ?? '',
        clean: count(cells[1]),
        failures: count(cells[2]),
      };
    }),
  );
}

/**
 * A first-time shopper loads Harbourside's home page in a browser of their own (a new shopper
 * cookie, so the canary split applies) and stays until the shell reports the search app's clean
 * mount; answers the version it reported.
 */
async function shopperVisit(browser: Browser, shopperId: string): Promise<string> {
  const context = await browser.newContext();
  try {
    await context.addCookies([{ name: SHOPPER_COOKIE, value: shopperId, url: tenantUrl(HARBOURSIDE, '/') }]);
    const page = await context.newPage();
    const report = page.waitForRequest(
      (r) => {
        if (!r.url().endsWith('/api/events') || r.method() !== 'POST') return false;
        const body = JSON.parse(r.postData() ?? '{}') as { eventId?: number; payload?: { remote?: string } };
        return body.eventId === PLATFORM_EVENT.appMounted && body.payload?.remote === TEAM;
      },
      { timeout: 45_000 },
    );
    await page.goto(tenantUrl(HARBOURSIDE, '/'), { waitUntil: 'commit' });
    const request = await report;
    const status = (await request.response())?.status();
    // A report the server refused (429: over a limit) would be counted nowhere: say so, not a wrong count.
    if (status !== 202) throw new Error(`/api/events answered ${status} to a clean mount report`);
    return (JSON.parse(request.postData() ?? '{}') as { payload: { version: string } }).payload.version;
  } finally {
    await context.close();
  }
}

/** `perArm` shopper ids in the canary's buckets and `perArm` outside them, each with its arm. */
function chosenShoppers(perArm: number): Array<{ id: string; canary: boolean }> {
  const chosen: Array<{ id: string; canary: boolean }> = [];
  const count = { canary: 0, pin: 0 };
  for (let n = 0; count.canary < perArm || count.pin < perArm; n++) {
    const id = createHash('sha256').update(`console-roles shopper ${n}`).digest('hex').slice(0, 32);
    const canary = servesCanary(id, { tenant: HARBOURSIDE, team: TEAM, percent: CANARY_SHARE });
    if (count[canary ? 'canary' : 'pin'] >= perArm) continue;
    count[canary ? 'canary' : 'pin'] += 1;
    chosen.push({ id, canary });
  }
  return chosen;
}

/** Each shopper's visit, `atOnce` at a time, each in a fresh browser context: the versions they reported, in order. */
async function shopperVisits(
  browser: Browser,
  shoppers: ReadonlyArray<{ id: string }>,
  atOnce: number,
): Promise<string[]> {
  const versions: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < shoppers.length) {
      const index = next++;
      versions[index] = await shopperVisit(browser, shoppers[index]!.id);
    }
  };
  await Promise.all(Array.from({ length: atOnce }, worker));
  return versions;
}

/** The audit page's rows from `since` on: when, who, action, where, outcome. */
async function auditRows(
  page: Page,
  since: number,
): Promise<Array<{ who: string; action: string; where: string; outcome: string }>> {
  const rows = await page
    .getByRole('region', { name: 'Audit entries' })
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => {
        const cells = [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim());
        return {
          at: tr.querySelector('time')?.getAttribute('datetime') ?? '',
          who: cells[1] ?? '',
          action: cells[2] ?? '',
          where: cells[3] ?? '',
          outcome: cells[4] ?? '',
        };
      }),
    );
  return rows.filter((row) => Date.parse(row.at) >= since).map(({ at: _at, ...rest }) => rest);
}

let startedAt = 0;
let operator: PasskeyBrowser;
let manager: PasskeyBrowser;
let viewer: PasskeyBrowser;
let links: { operator: string; manager: string; viewer: string };
/** The pins the journeys change, as they were: put back after. */
let harboursidePin = '';
let summitPin = '';
/** Summit's manager rolled it back to its pin: nothing left to put back there. */
let summitRestored = false;

test.beforeAll(async ({ browser }) => {
  // Seven CLI runs, each a process that loads the CLI from source: on a busy 2-core machine,
  // with the other site's journeys and the unit tests beside them, they took over 90 s twice.
  test.setTimeout(240_000);
  // The audit's clock and this one are the same machine's; a second of slack for rounding.
  startedAt = Date.now() - 1000;
  // Independent CLI runs at once: each takes seconds to start.
  const [list, managerId, viewerId, operatorLink] = await Promise.all([
    forecourtAsync('list'),
    ensureAccount(MANAGER, 'tenant-manager', [SUMMIT]),
    ensureAccount(VIEWER, 'viewer'),
    demoOperatorLink(),
  ]);
  harboursidePin = pinOf(listRow(list, HARBOURSIDE, TEAM));
  summitPin = pinOf(listRow(list, SUMMIT, TEAM));
  expect(harboursidePin).toBe(checkoutVersion(TEAM));
  // Something for Summit's manager to roll back: another published version pinned over Summit's own.
  const summitOther = summitPin === OTHER ? checkoutVersion(TEAM) : OTHER;
  const [managerLink, viewerLink] = await Promise.all([
    enrollmentLink(managerId),
    enrollmentLink(viewerId),
    forecourtAsync('pin', SUMMIT, TEAM, summitOther),
  ]);
  links = { operator: operatorLink, manager: managerLink, viewer: viewerLink };
  [operator, manager, viewer] = await Promise.all([
    passkeyBrowser(browser),
    passkeyBrowser(browser),
    passkeyBrowser(browser),
  ]);
});

test.afterAll(async () => {
  await Promise.all([operator, manager, viewer].map((person) => person?.context.close()));
  // Other journeys share the server: each pin goes back to what it was (a pin drops any canary).
  await Promise.all([
    harboursidePin ? forecourtAsync('pin', HARBOURSIDE, TEAM, harboursidePin) : null,
    summitPin && !summitRestored ? forecourtAsync('pin', SUMMIT, TEAM, summitPin) : null,
  ]);
});

test("an operator's canary splits shoppers, the console counts their clean mounts as the server does, and promote pins it", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const { page } = operator;
  await enrollPasskey(page, links.operator);
  await signOut(page);
  await signInWithPasskey(page);

  await page.goto(`${CONSOLE}/tenants/${HARBOURSIDE}/${TEAM}`);
  await page.getByLabel('Version', { exact: true }).selectOption(OTHER);
  await page.getByLabel('Share of shoppers (%)').fill(String(CANARY_SHARE));
  await page.getByRole('button', { name: 'Start canary' }).click();
  await expect(page.getByRole('dialog')).toContainText(
    `${CANARY_SHARE}% of Harbourside Motors' shoppers will get ${TEAM} ${OTHER}`,
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Start canary' }).click();
  await expect(
    page.getByText(`${TEAM} ${OTHER} now goes to ${CANARY_SHARE}% of Harbourside Motors' shoppers.`),
  ).toBeVisible();

  // Counted from the bucket the shoppers start in: a bucket leaving the hour's window meanwhile changes nothing.
  const from = Math.floor(Date.now() / 300_000) * 300_000;
  const before = await serverVersions(HARBOURSIDE, TEAM);
  // A reload would clear this: the console must show the shoppers' mounts by polling alone.
  await page.evaluate(() => {
    (window as unknown as { keptSinceCanary: boolean }).keptSinceCanary = true;
  });

  const served = await shopperVisits(browser, SHOPPERS, SHOPPERS_AT_ONCE);
  expect(served).toEqual(SHOPPERS.map((shopper) => (shopper.canary ? OTHER : harboursidePin)));
  const toCanary = SHOPPERS.filter((shopper) => shopper.canary).length;

  // The server counted every report, each under the version the shopper got.
  const after = await serverVersions(HARBOURSIDE, TEAM);
  const canaryMounts = cleanFrom(after.get(OTHER), from) - cleanFrom(before.get(OTHER), from);
  const pinMounts = cleanFrom(after.get(harboursidePin), from) - cleanFrom(before.get(harboursidePin), from);
  expect({ canaryMounts, pinMounts }).toEqual({ canaryMounts: toCanary, pinMounts: SHOPPERS.length - toCanary });

  // The tables beside the charts reach the server's counts within two polls, with no reload.
  await expect
    .poll(
      async () => {
        const server = await serverVersions(HARBOURSIDE, TEAM);
        const shown = JSON.stringify({
          pin: await tableRows(page, harboursidePin),
          canary: await tableRows(page, OTHER),
        });
        const counted = JSON.stringify({
          pin: reportedRows(server.get(harboursidePin)),
          canary: reportedRows(server.get(OTHER)),
        });
        return shown === counted ? 'the same' : `the console shows ${shown}, the server counts ${counted}`;
      },
      { timeout: 10_000, intervals: [500] },
    )
    .toBe('the same');
  const total = (rows: Bucket[]) => rows.filter((r) => Date.parse(r.at) >= from).reduce((sum, r) => sum + r.clean, 0);
  expect(total(await tableRows(page, OTHER)) - cleanFrom(before.get(OTHER), from)).toBe(canaryMounts);
  expect(await page.evaluate(() => (window as unknown as { keptSinceCanary?: boolean }).keptSinceCanary)).toBe(true);

  await page.getByRole('button', { name: `Promote ${OTHER}` }).click();
  await expect(page.getByRole('dialog')).toContainText(`Every Harbourside Motors shopper will get ${TEAM} ${OTHER}`);
  await page.getByRole('dialog').getByRole('button', { name: 'Promote' }).click();
  await expect(page.getByText(`${TEAM} ${OTHER} is now pinned for Harbourside Motors.`)).toBeVisible();
  const row = listRow(await forecourtAsync('list', HARBOURSIDE), HARBOURSIDE, TEAM);
  expect({ pin: pinOf(row), canary: row[2] }).toEqual({ pin: OTHER, canary: '-' });
});

test("a tenant manager rolls back their own tenant and is refused another's, in the page and by a forged request", async () => {
  const { page } = manager;
  await enrollPasskey(page, links.manager);
  await expect(page.getByRole('banner')).toContainText(`${MANAGER} (tenant manager)`);

  await page.goto(`${CONSOLE}/tenants/${SUMMIT}/${TEAM}`);
  await page.getByRole('button', { name: `Roll back to ${summitPin}` }).click();
  await expect(page.getByRole('dialog')).toContainText(
    `Every Summit Auto Group shopper will get ${TEAM} ${summitPin} instead of`,
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Roll back' }).click();
  await expect(page.getByText(`${TEAM} is rolled back to ${summitPin} for Summit Auto Group.`)).toBeVisible();
  const before = await pinsAndHistory();
  expect(pinOf(listRow(before.list, SUMMIT, TEAM))).toBe(summitPin);
  summitRestored = true;
  // The canary and its promote at least: the count below can tell a new row.
  expect(before.changes).toBeGreaterThanOrEqual(2);

  // The page asks the server, which refuses: the console shows the server's words.
  await page.goto(`${CONSOLE}/tenants/${HARBOURSIDE}/${TEAM}`);
  await expect(page.getByRole('alert')).toContainText(
    `Could not load this remote: ${MANAGER} (tenant-manager): this account may not read on '${HARBOURSIDE}' (it holds ${SUMMIT})`,
  );
  await expect(page.getByRole('button', { name: /Roll back|Promote|Start canary/ })).toHaveCount(0);

  const forged = await changeFromPage(page, '/_admin/rollback', { tenant: HARBOURSIDE, team: TEAM, expected: OTHER });
  expect(forged).toEqual({
    status: 403,
    body: {
      error: `${MANAGER} (tenant-manager): this account may not rollback on '${HARBOURSIDE}' (it holds ${SUMMIT})`,
    },
  });
  expect(await pinsAndHistory()).toEqual(before);
});

test('a viewer sees no change controls, and a forged change is refused and changes nothing', async () => {
  const { page } = viewer;
  await enrollPasskey(page, links.viewer);
  await expect(page.getByRole('banner')).toContainText(`${VIEWER} (viewer)`);

  await page.goto(`${CONSOLE}/tenants/${HARBOURSIDE}/${TEAM}`);
  const changes = page.getByRole('region', { name: 'Change' });
  await expect(changes).toContainText('This account reads Harbourside Motors');
  await expect(changes.getByRole('button')).toHaveCount(0);
  await expect(changes.getByRole('combobox')).toHaveCount(0);
  await expect(changes.getByRole('spinbutton')).toHaveCount(0);

  const before = await pinsAndHistory();
  const forged = await changeFromPage(page, '/_admin/pins', {
    tenant: HARBOURSIDE,
    team: TEAM,
    version: harboursidePin,
  });
  expect(forged).toEqual({ status: 403, body: { error: `${VIEWER} (viewer): a viewer may not pin` } });
  expect(await pinsAndHistory()).toEqual(before);
});

test("the audit page lists every change and refusal above with the person's name", async () => {
  const { page } = operator;
  await page.goto(`${CONSOLE}/audit`);
  const where = `${HARBOURSIDE} · ${TEAM}`;
  await expect
    .poll(() => auditRows(page, startedAt))
    .toEqual(
      expect.arrayContaining([
        { who: 'Demo operator', action: 'pin', where: `${SUMMIT} · ${TEAM}`, outcome: 'allowed' },
        { who: 'Demo operator', action: 'canary', where, outcome: 'allowed' },
        { who: 'Demo operator', action: 'promote', where, outcome: 'allowed' },
        { who: MANAGER, action: 'rollback', where: `${SUMMIT} · ${TEAM}`, outcome: 'allowed' },
        {
          who: MANAGER,
          action: 'read',
          where: expect.stringMatching(new RegExp(`^${HARBOURSIDE}`)) as unknown as string,
          outcome: 'refused',
        },
        { who: MANAGER, action: 'rollback', where, outcome: 'refused' },
        { who: VIEWER, action: 'pin', where, outcome: 'refused' },
      ]),
    );
});
