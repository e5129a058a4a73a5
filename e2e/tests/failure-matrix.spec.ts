import { PLATFORM_EVENT } from '@forecourt/shared-config/failures';
import { expect, test, type Page, type Route } from '@playwright/test';
import { E2E_PORT, tenantUrl } from '../support/env';
import { listedCarPath } from '../support/listed-cars';
import {
  bootRemotes,
  failureReport,
  forecourt,
  MATRIX_VERSION,
  publishFaultyBuild,
  reportedFailures,
  slot,
  appFrame,
} from '../support/platform';

/**
 * The failure matrix of docs/architecture.md (section 4): every remote x every way it can fail,
 * on one dealer site in a real browser. In each case the chrome and the other remotes keep
 * working, the failure is reported with its kind, the tenant's last-good version recovers where
 * there is one, and where there is none the one fallback shows in the remote's own area.
 *
 * Per remote, a build of it whose app throws on mount or in render when the page asks
 * (`window.__FORECOURT_FAULTS__`, a knob only fault builds read) is published and pinned; the
 * version the tenant ran before has earned last-good by then (the journeys' site counts one
 * clean mount as enough). The entry cases intercept the pinned build's remoteEntry.js:
 * 404, 500, or a request never answered (ended by the shell's entry timeout).
 */
const TENANT = 'harbourside-motors';
const REMOTES = ['mf-search', 'mf-vehicle', 'mf-finance', 'mf-leads', 'mf-locations'] as const;
type Remote = (typeof REMOTES)[number];
const KINDS = ['entry 404', 'entry 500', 'entry hangs', 'throws on mount', 'throws in render'] as const;
type Kind = (typeof KINDS)[number];

/** What the shell reports each case as. */
const REPORTED: Record<Kind, string> = {
  'entry 404': 'entry',
  'entry 500': 'entry',
  'entry hangs': 'entry',
  'throws on mount': 'mount',
  'throws in render': 'render',
};

/** A page the remote's app owns, and a main-menu link to another remote's page with the team that owns it. */
const PAGES: Record<Remote, { path: () => Promise<string>; elsewhere: { link: string; team: Remote } }> = {
  'mf-search': { path: async () => '/search/used-cars', elsewhere: { link: 'Contact', team: 'mf-leads' } },
  'mf-vehicle': { path: () => listedCarPath(E2E_PORT, TENANT), elsewhere: { link: 'Contact', team: 'mf-leads' } },
  'mf-finance': { path: async () => '/finance', elsewhere: { link: 'Contact', team: 'mf-leads' } },
  'mf-leads': { path: async () => '/contact', elsewhere: { link: 'Finance', team: 'mf-finance' } },
  'mf-locations': { path: async () => '/dealer-locator', elsewhere: { link: 'Contact', team: 'mf-leads' } },
};

test.describe.configure({ mode: 'serial' });

/**
 * The hang cases wait out the shell's entry timeout three times (the first try and two retries)
 * per page load, and then the last good's; at the site's 4 s that is about 34 s a case. These
 * pages get a shorter timeout through the boot data the server inlines (the knob the shell reads,
 * `failurePolicy.entryTimeoutMs`), long enough for an entry that does answer on a busy machine.
 */
const HANG_ENTRY_TIMEOUT_MS = 2000;

async function shortenEntryTimeout(page: Page, path: string): Promise<void> {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      // Node cannot resolve *.localhost: ask the site at 127.0.0.1, naming the tenant as tools do.
      const url = new URL(route.request().url());
      url.hostname = '127.0.0.1';
      const response = await route.fetch({
        url: url.href,
        headers: { ...(await route.request().allHeaders()), 'x-forecourt-tenant': TENANT },
      });
      const html = await response.text();
      const shortened = html.replace(/"entryTimeoutMs":\d+/, `"entryTimeoutMs":${HANG_ENTRY_TIMEOUT_MS}`);
      if (shortened === html) throw new Error('the page carries no entry timeout to shorten');
      await route.fulfill({ response, body: shortened });
    },
  );
}

/** Makes `remote` fail as `kind` says. `everyVersion`: the last-good version's entry fails as well (no recovery possible). */
async function inject(page: Page, remote: Remote, kind: Kind, everyVersion: boolean): Promise<void> {
  const fail = async (route: Route) => {
    if (kind === 'entry 404') await route.fulfill({ status: 404, body: 'Not Found' });
    else if (kind === 'entry 500') await route.fulfill({ status: 500, body: 'Internal Server Error' });
    // 'entry hangs': never answered; the shell's entry timeout ends each attempt.
  };
  if (kind === 'entry hangs') await shortenEntryTimeout(page, await PAGES[remote].path());
  if (kind.startsWith('entry')) {
    await page.route(`**/registry/${remote}/${everyVersion ? '*' : MATRIX_VERSION}/remoteEntry.js`, fail);
    return;
  }
  await page.addInitScript(
    ([team, fault]) => {
      (window as unknown as { __FORECOURT_FAULTS__: Record<string, string> }).__FORECOURT_FAULTS__ = { [team]: fault };
    },
    [remote, kind === 'throws on mount' ? 'mount' : 'render'] as const,
  );
  if (everyVersion) {
    // The last-good build cannot be had either: nothing left to recover onto.
    await page.route(
      new RegExp(`/registry/${remote}/(?!${MATRIX_VERSION.replace(/\./g, '\\.')}/)[^/]+/remoteEntry\\.js$`),
      (route) => route.fulfill({ status: 404, body: 'Not Found' }),
    );
  }
}

/** The header, footer and main menu are there and the menu takes the shopper to another remote's page, which mounts. */
async function expectRestOfSiteWorks(page: Page, remote: Remote): Promise<void> {
  await expect(page.getByRole('banner')).toContainText('Harbourside Motors');
  await expect(page.getByRole('contentinfo')).toBeVisible();
  const { link, team } = PAGES[remote].elsewhere;
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).click();
  await expect(slot(page, team)).toHaveAttribute('data-status', 'mounted');
  await expect(page.locator(`[data-boundary="${team}"]`).getByRole('heading', { level: 1 })).toBeVisible();
}

for (const remote of REMOTES) {
  test.describe(remote, () => {
    /** The version the tenant ran before the matrix build: its last good. */
    let lastGood = '';

    test.beforeAll(async ({ browser }) => {
      test.setTimeout(180_000);
      await publishFaultyBuild(remote, MATRIX_VERSION, 'runtime');
      // A shopper mounts the tenant's current version cleanly: it earns last-good.
      const page = await browser.newPage();
      try {
        const mounted = page.waitForRequest(
          (r) =>
            r.url().endsWith('/api/events') &&
            (r.postData() ?? '').includes(`"eventId":${PLATFORM_EVENT.appMounted}`) &&
            (r.postData() ?? '').includes(`"remote":"${remote}"`),
          { timeout: 30_000 },
        );
        await page.goto(tenantUrl(TENANT, await PAGES[remote].path()));
        await expect(slot(page, remote)).toHaveAttribute('data-status', 'mounted');
        lastGood = (await bootRemotes(page)).find((r) => r.team === remote)?.version ?? '';
        await (await mounted).response();
      } finally {
        await page.close();
      }
      forecourt('pin', TENANT, remote, MATRIX_VERSION);
    });

    test.afterAll(() => {
      if (lastGood) forecourt('pin', TENANT, remote, lastGood);
    });

    for (const kind of KINDS) {
      test(`${kind}: recovers onto last-good, and with none shows the one fallback; reported as ${REPORTED[kind]}`, async ({
        browser,
        page: failing,
      }) => {
        if (kind === 'entry hangs') test.setTimeout(120_000);
        const path = await PAGES[remote].path();

        // 1. The pinned version fails; the version that earned last-good takes its place.
        const recovering = await browser.newPage();
        try {
          await inject(recovering, remote, kind, false);
          const report = failureReport(recovering, remote, REPORTED[kind]);
          await recovering.goto(tenantUrl(TENANT, path), { waitUntil: 'domcontentloaded' });
          expect((await bootRemotes(recovering)).find((r) => r.team === remote)).toMatchObject({
            version: MATRIX_VERSION,
            lastGood: { version: lastGood },
          });
          await expect(slot(recovering, remote)).toHaveAttribute('data-status', 'recovered', { timeout: 45_000 });
          await expect(appFrame(recovering, remote)).toHaveAttribute('data-version', lastGood);
          await expect(recovering.locator('[data-fallback]')).toHaveCount(0);
          expect(await report).toMatchObject({ remote, kind: REPORTED[kind], version: MATRIX_VERSION });
          await expect(recovering.getByRole('banner')).toContainText('Harbourside Motors');
        } finally {
          await recovering.close();
        }

        // 2. No version of it can be had: its area shows the one fallback, the rest of the site works.
        {
          await inject(failing, remote, kind, true);
          const report = failureReport(failing, remote, REPORTED[kind]);
          await failing.goto(tenantUrl(TENANT, path), { waitUntil: 'domcontentloaded' });
          await expect(slot(failing, remote)).toHaveAttribute('data-status', 'failed', { timeout: 45_000 });
          const fallback = failing.locator('[data-fallback]');
          await expect(fallback).toHaveCount(1);
          await expect(fallback).toHaveAttribute('data-fallback', remote);
          await expect(fallback).toContainText('is temporarily unavailable');
          expect(await report).toMatchObject({ remote, kind: REPORTED[kind], version: MATRIX_VERSION });
          await expectRestOfSiteWorks(failing, remote);
        }
      });
    }
  });
}

test('the platform lists every remote and kind of the matrix among the tenant failures', () => {
  const listed = reportedFailures(TENANT);
  for (const remote of REMOTES) {
    for (const kind of new Set(Object.values(REPORTED))) {
      expect(listed).toMatch(new RegExp(`${remote}\\s+${MATRIX_VERSION.replace(/\./g, '\\.')}\\s+${kind}\\s+\\d+`));
    }
  }
});
