import { existsSync } from 'node:fs';
import { loadConfig } from './load';

/** Debian's package chromium-headless-shell: the same Chromium, built as a headless shell only. */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/** Debian's package chromium: the desktop browser. */
const DESKTOP_BROWSER = '/usr/bin/chromium';

/**
 * The one browser the platform drives headless: the contract gate's mount check, the e2e
 * journeys, the first-load benchmark and the screenshots. Debian's Chromium, as its headless
 * shell when that package is installed (`.ci/run` installs it): the same engine and version
 * without the desktop browser's compositor and services around it, which halved the journeys'
 * browser CPU (47 journeys on 2 cores: 4.0 CPU-minutes in the desktop browser's headless mode,
 * 1.6 in the shell; 3.1 min of wall time against 1.7). `CHROMIUM_PATH` names another binary.
 */
export const CHROMIUM_PATH =
  loadConfig().CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : DESKTOP_BROWSER);

/**
 * The desktop browser, for Lighthouse: its page-speed figures are what a shopper's browser
 * does (and its runs ask for the desktop browser's headless mode, `--headless=new`).
 */
export const DESKTOP_CHROMIUM_PATH = loadConfig().CHROMIUM_PATH ?? DESKTOP_BROWSER;

/**
 * The switches that keep a headless run self-contained: no sandbox (it runs as root in CI), no
 * GPU, no QUIC, and none of the first-run, sync, component-update or background traffic a
 * desktop browser starts with. Playwright adds `--headless` itself.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
