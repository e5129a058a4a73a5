import { loadConfig } from '../config/load';

/**
 * The one browser the platform drives headless: the contract gate's mount check, the e2e
 * journeys, the first-load benchmark and the screenshots. Debian's Chromium (`CHROMIUM_PATH` to
 * use another), with the switches that keep a headless run self-contained: no sandbox (it runs as
 * root in CI), no GPU, no QUIC, and none of the first-run, sync, component-update or background
 * traffic a desktop browser starts with. Playwright adds `--headless` itself.
 */
export const CHROMIUM_PATH = loadConfig().CHROMIUM_PATH;

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
