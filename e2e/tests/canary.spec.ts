import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { checkoutVersion, tenantUrl } from '../support/env';
import { bootRemotes, forecourt, slot, appFrame } from '../support/platform';

/** Harbourside runs the checkout's mf-search; the canary sends a share of its shoppers to the earlier 1.0.0. */
const TENANT = 'harbourside-motors';
const PIN = checkoutVersion('mf-search');
const CANARY = '1.0.0';

// One canary on the one server, changed step by step: the journeys depend on the order.
test.describe.configure({ mode: 'serial' });

/** The version of mf-search the page's manifest names and the one that mounted, which must agree. */
async function searchVersion(context: BrowserContext): Promise<string> {
  const page = context.pages()[0] ?? (await context.newPage());
  if (page.url().startsWith('http')) await page.reload();
  else await page.goto(tenantUrl(TENANT, '/'));
  await expect(slot(page, 'mf-search')).toHaveAttribute('data-status', 'mounted');
  const served = (await bootRemotes(page)).find((r) => r.team === 'mf-search')?.version ?? '';
  await expect(appFrame(page, 'mf-search')).toHaveAttribute('data-version', served);
  return served;
}

/** What a number of first-time shoppers get, each in a browser of their own. */
async function freshShoppers(browser: Browser, count: number): Promise<string[]> {
  const versions: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const context = await browser.newContext();
    try {
      versions.push(await searchVersion(context));
    } finally {
      await context.close();
    }
  }
  return versions;
}

test.afterAll(() => {
  // Other journeys share the server: the tenant goes back to its pin, and a pin drops a canary.
  forecourt('pin', TENANT, 'mf-search', PIN);
});

test('a canary at 50% sends some first-time shoppers to the new version and the rest to the pin', async ({
  browser,
}) => {
  // Thirteen first-time shoppers, each a whole page load in a browser of its own, and three CLI
  // runs: about 20 s on an idle machine, 133 to 143 s on a busy one (one core kept busy, the
  // unit tests beside the journeys).
  test.setTimeout(300_000);
  expect(await freshShoppers(browser, 1)).toEqual([PIN]);
  expect(forecourt('canary', TENANT, 'mf-search', CANARY, '50')).toContain(
    `${CANARY} for 50% of shoppers (the others stay on ${PIN})`,
  );
  // The pin may be marked '(earned)': the shoppers' journeys run first and mount it.
  expect(forecourt('list', TENANT)).toMatch(
    new RegExp(
      `^mf-search +${PIN.replace(/\./g, '\\.')}(?: \\(earned\\))? +${CANARY.replace(/\./g, '\\.')} @ 50%`,
      'm',
    ),
  );

  const versions = await freshShoppers(browser, 12);
  // Twelve even coin tosses all alike is one chance in 2,048.
  expect(new Set(versions)).toEqual(new Set([PIN, CANARY]));
});

test('a returning shopper keeps their version on every reload', async ({ browser }) => {
  const context = await browser.newContext();
  try {
    const first = await searchVersion(context);
    const cookie = (await context.cookies()).find((c) => c.name === 'fc_shopper');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    for (let i = 0; i < 5; i += 1) expect(await searchVersion(context)).toBe(first);
  } finally {
    await context.close();
  }
});

test('promote gives every shopper the canary version', async ({ browser }) => {
  expect(forecourt('promote', TENANT, 'mf-search')).toContain(`${PIN} -> ${CANARY} (a rollback goes back to ${PIN})`);
  expect(await freshShoppers(browser, 6)).toEqual(Array(6).fill(CANARY));
});

test('rollback goes back to the previous pin, and the history shows each step', async ({ browser }) => {
  forecourt('rollback', TENANT, 'mf-search');
  expect(await freshShoppers(browser, 4)).toEqual(Array(4).fill(PIN));

  const actions = forecourt('history', '--tenant', TENANT, '--remote', 'mf-search')
    .split('\n')
    .slice(2, 5)
    .map((line) => line.split(/\s{2,}/).slice(3, 7));
  expect(actions).toEqual([
    ['rollback', CANARY, PIN, '-'],
    ['promote', PIN, CANARY, '50%'],
    ['canary', PIN, CANARY, '50%'],
  ]);
});
