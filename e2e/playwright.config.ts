import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@forecourt/config/chromium';
import { E2E_DATA_DIR, E2E_PORT, E2E_RESERVE_HOLD_SECONDS, REPO_ROOT } from './support/env';

/**
 * The journeys that change what every other journey would see on the one server: pins, canaries,
 * publishes and overrides (failure matrix and policy, canary, console, publish gate), a car held
 * (reserve), records written to the search index (spelling), sign-in limits (identity) and a
 * dealer feed imported (stock-feed).
 */
const PLATFORM_JOURNEYS =
  /(canary|console|console-roles|failure-matrix|failure-policy|publish-gate|override|reserve|search-spelling|identity|stock-feed)\.spec\.ts$/;

/**
 * One config that starts the composed site once, the way a newcomer does (`npm start`), on its
 * own port and data folder so a developer's running site is untouched.
 */
export default defineConfig({
  testDir: './tests',
  // `npm test` runs the two projects as two runs at once, each with its own site (E2E_PORT,
  // E2E_DATA_DIR): each run keeps its results in a folder of its own, which it empties as it starts.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  // Two journeys at a time where nothing they do changes what another sees; the journeys that
  // change the platform run one at a time after all of those (the 'platform' project), or, in
  // `npm test`, at the same time on a site of their own (infra/scripts/test-all.mjs). Most of a
  // journey's time is waiting (for the page, the server, a debounce), so two overlap well: the
  // run took 27.7 min one at a time on the CI machine beside the unit tests.
  workers: 2,
  fullyParallel: false,
  projects: [
    { name: 'shoppers', testIgnore: PLATFORM_JOURNEYS },
    { name: 'platform', testMatch: PLATFORM_JOURNEYS, dependencies: ['shoppers'], workers: 1 },
  ],
  // Two retries in CI: under two journeys at a time beside the unit tests, a run has seen four
  // journeys fail once from load (a search shed past its time budget, a click during the
  // hand-over) and the canary count's 1-in-a-few-hundred draw, each passing on its retry.
  retries: process.env.CI ? 2 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
    },
    // A trace records every action's DOM snapshot and a screencast of the page: in CI only a
    // journey's first retry records one (a journey that fails every time has it; one that passes
    // does not pay for it). Locally, with no retries, a failing journey keeps its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `rm -rf "${E2E_DATA_DIR}" && npm start`,
    cwd: REPO_ROOT,
    // A reservation's hold of seconds instead of 48 hours, so the reserve journey sees one end.
    // Short failure timeouts, so the hang journeys of the failure policy finish in seconds.
    // One clean mount earns a version last-good, whatever failures the journeys injected before
    // or a busy machine caused (a fragment past its 3 s on another page counts against its
    // version: a run has seen 3 such failures against one clean mount, and 100 % was not
    // enough); the product's rule, 20 mounts with at most 5% failures, is proven in the unit tests.
    // A first paint that takes up to 3 s on a busy machine still comes (300 ms in production), and
    // a page's search may take up to 5 s before the service sheds it (200 ms), so each journey
    // meets the page it was written for.
    // The embedded database in its own data folder, as `npm start` on a fresh machine: a
    // DATABASE_URL in the environment (CI sets one for the PostgreSQL data-layer tests) would
    // point the site at a database other runs have left their stock, pins and leads in; and
    // REDIS_URL (CI sets one for the shared rate-limit tests) would count this site's sign-ins
    // from 127.0.0.1 together with every earlier run's, in a Redis that outlives them.
    // Every journey's shopper comes from 127.0.0.1, two journeys at a time: the per-address limits
    // of events, leads and mount reports (240, 20 and 120 a minute, for one shopper's address)
    // would refuse them as one abusive shopper. So would the pace of pages with a query (search
    // pages: one a second per address after five), and a busy machine could fill the few such
    // pages an instance renders at once, or hold them while its request thread is busy. The limits have their own tests.
    env: {
      FORECOURT_QUERY_PAGES_PER_SECOND: '1000',
      FORECOURT_QUERY_PAGES_BURST: '1000',
      FORECOURT_QUERY_PAGES_AT_ONCE: '100',
      FORECOURT_QUERY_PAGES_MAX_LOAD: '1',
      FORECOURT_EVENTS_PER_MINUTE: '100000',
      FORECOURT_LEADS_PER_MINUTE: '100000',
      FORECOURT_MOUNT_REPORTS_PER_ADDRESS_PER_MINUTE: '100000',
      PORT: String(E2E_PORT),
      FORECOURT_DATA_DIR: E2E_DATA_DIR,
      FORECOURT_ENTRY_TIMEOUT_MS: '4000',
      FORECOURT_FRAGMENT_TIMEOUT_MS: '3000',
      FORECOURT_RESERVE_HOLD_SECONDS: String(E2E_RESERVE_HOLD_SECONDS),
      FORECOURT_LAST_GOOD_MOUNTS: '1',
      FORECOURT_LAST_GOOD_MAX_FAILURE_PERCENT: '1000000',
      FORECOURT_FIRST_PAINT_BUDGET_MS: '3000',
      FORECOURT_FIRST_PAINT_CONCURRENCY: '100',
      FORECOURT_SEARCH_BUDGET_MS: '5000',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
