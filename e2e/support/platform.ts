import { PLATFORM_EVENT } from '@forecourt/shared-config/failures';
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type Locator, type Page } from '@playwright/test';
import { sourceHash } from '@forecourt/releases/builds/release';
import { variantBuildName, variantBuildPrefix } from '@forecourt/releases/builds/variant-builds';
import { E2E_DATA_DIR, E2E_PORT, REPO_ROOT } from './env';

const execFileAsync = promisify(execFile);
const env = { ...process.env, PORT: String(E2E_PORT), FORECOURT_DATA_DIR: E2E_DATA_DIR };

/** Runs the platform CLI against the e2e site, exactly as an engineer would from the shell. */
export function forecourt(...args: string[]): string {
  return execFileSync(path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), ['infra/cli/src/main.ts', ...args], {
    cwd: REPO_ROOT,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * The platform CLI, without blocking: a journey runs independent commands at once (each one
 * starts the CLI afresh, seconds on a busy machine).
 */
export async function forecourtAsync(...args: string[]): Promise<string> {
  const { stdout } = await execFileAsync(
    path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
    ['infra/cli/src/main.ts', ...args],
    { cwd: REPO_ROOT, env, encoding: 'utf8' },
  );
  return stdout;
}

/**
 * Builds a variant of a remote whose app throws on mount or in render (the factory's
 * FORECOURT_FAULT knob; 'runtime' throws as the page's `window.__FORECOURT_FAULTS__` says, and
 * otherwise works) and publishes it under its own version. Cached between runs while the
 * team's sources stay the same (buildFaultyVariant).
 */
export async function publishFaultyBuild(
  team: string,
  version: string,
  fault: 'mount' | 'render' | 'runtime' = 'mount',
): Promise<void> {
  const outDir = await buildFaultyVariant(team, version, fault);
  // Past the contract gate, which refuses an app that does not mount: forced, and so audited.
  try {
    forecourt(
      'publish',
      team,
      '--from',
      outDir,
      '--force',
      '--reason',
      'e2e: a deliberately faulty build for the failure policy',
    );
  } catch (error) {
    // A retried journey publishes the same build again: versions are immutable, and the one
    // already published is this build (the same sources, the same fault).
    if (!String((error as { stderr?: unknown }).stderr ?? error).includes('is already published')) throw error;
  }
}

/** A fault build the journeys publish: which team, under which version, with which fault. */
export interface FaultBuild {
  team: string;
  version: string;
  fault: 'mount' | 'render' | 'runtime' | 'fragment';
}

/**
 * Every fault build the journeys use, in one list: `npm test` builds them while the site starts
 * (e2e/scripts/prebuild-fault-builds.ts), so no journey waits for webpack.
 */
export const MATRIX_VERSION = '0.0.1-matrix.0';
export const FRAGMENT_FAULT_VERSION = '1.0.1-fragment-fault.0';
export const FAULT_BUILDS: readonly FaultBuild[] = [
  ...(['mf-search', 'mf-vehicle', 'mf-finance', 'mf-leads', 'mf-locations'] as const).map((team) => ({
    team,
    version: MATRIX_VERSION,
    fault: 'runtime' as const,
  })),
  { team: 'mf-finance', version: FRAGMENT_FAULT_VERSION, fault: 'fragment' },
];

/**
 * Builds a variant of a remote with one of the factory's FORECOURT_FAULT kinds ('fragment': every
 * exposed fragment throws when rendered) under its own version, without publishing it; returns
 * the build folder. Cached between runs under a name that holds the hash of the team's build
 * sources (shared-config's included), so an edit to them builds again instead of testing the
 * older code; the builds of older sources are removed. webpack writes into a folder of its own
 * that is renamed into place when it is done, so two builds of one variant at once (the prebuild
 * and a journey) never leave a half-written folder: the second to finish is dropped.
 */
export async function buildFaultyVariant(team: string, version: string, fault: FaultBuild['fault']): Promise<string> {
  const builds = path.join(REPO_ROOT, 'e2e', '.data', 'builds');
  const variant = { team, version, fault, sourceHash: await sourceHash(REPO_ROOT, team) };
  const name = variantBuildName(variant);
  const outDir = path.join(builds, name);
  if (!existsSync(path.join(outDir, 'forecourt-build.json'))) {
    const outdated = existsSync(builds)
      ? readdirSync(builds).filter((entry) => entry.startsWith(variantBuildPrefix(variant)) && entry !== name)
      : [];
    for (const entry of outdated) rmSync(path.join(builds, entry), { recursive: true, force: true });
    const building = path.join(builds, `.building-${name}-${process.pid}`);
    rmSync(building, { recursive: true, force: true });
    try {
      // Asynchronous, so the prebuild can run two at once.
      await execFileAsync(path.join(REPO_ROOT, 'node_modules', '.bin', 'webpack'), ['--mode', 'production'], {
        cwd: path.join(REPO_ROOT, team),
        env: { ...process.env, FORECOURT_FAULT: fault, FORECOURT_BUILD_VERSION: version, FORECOURT_OUT_DIR: building },
        maxBuffer: 64 * 1024 * 1024,
      });
    } catch (error) {
      rmSync(building, { recursive: true, force: true });
      const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
      throw new Error(`the ${fault} fault build of ${team} ${version} failed:\n${`${stdout}${stderr}`.slice(-3000)}`, {
        cause: error,
      });
    }
    try {
      renameSync(building, outDir);
    } catch (error) {
      // Another build of the same sources got there first: use it.
      rmSync(building, { recursive: true, force: true });
      if (!existsSync(path.join(outDir, 'forecourt-build.json'))) throw error;
    }
  }
  return outDir;
}

/** Runs the platform CLI when it is expected to fail: its exit status and everything it printed. */
export function forecourtFailing(...args: string[]): { status: number; output: string } {
  const result = spawnSync(path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), ['infra/cli/src/main.ts', ...args], {
    cwd: REPO_ROOT,
    env,
    encoding: 'utf8',
  });
  return { status: result.status ?? -1, output: `${result.stdout}${result.stderr}` };
}

/**
 * Resolves with the failure report the shell posts to /api/events (PLATFORM_EVENT.failure) for one
 * remote and kind; start waiting before the page does what fails.
 */
export async function failureReport(
  page: Page,
  remote: string,
  kind: string,
): Promise<{ remote: string; kind: string; version: string }> {
  const request = await page.waitForRequest((r) => {
    if (!r.url().endsWith('/api/events') || r.method() !== 'POST') return false;
    const body = JSON.parse(r.postData() ?? '{}') as { eventId?: number; payload?: Record<string, unknown> };
    return body.eventId === PLATFORM_EVENT.failure && body.payload?.remote === remote && body.payload?.kind === kind;
  });
  const response = await request.response();
  if (response?.status() !== 202) throw new Error(`/api/events answered ${response?.status()} to the failure report`);
  return (JSON.parse(request.postData() ?? '{}') as { payload: { remote: string; kind: string; version: string } })
    .payload;
}

/** The tenant's failures as the platform CLI lists them (`forecourt failures <tenant>`). */
export function reportedFailures(tenant: string): string {
  return forecourt('failures', tenant);
}

/**
 * The frame of a team's app (or, with no team, of every slot's app), whose `data-version` names
 * the build running: the visible one, since the server's first paint carries the same frame
 * until the app takes over from it, and the app's copy waits hidden beside it until then.
 * Fragments on another team's page carry the boundary without a version.
 */
export function appFrame(page: Page | Locator, team?: string): Locator {
  return page
    .locator(team ? `[data-boundary="${team}"][data-version]` : '[data-slot] [data-boundary][data-version]')
    .filter({ visible: true });
}

/** The slot of a team's app, once the shell has settled it (mounted, recovered or failed). */
export function slot(page: Page, team: string) {
  return page.locator(`#app-${team}[data-status]:not([data-status="loading"])`);
}

export interface BootRemote {
  team: string;
  version: string;
  entry: string;
  lastGood?: { version: string; entry: string };
}

export async function bootRemotes(page: Page): Promise<BootRemote[]> {
  const text = await page.locator('#forecourt-boot').textContent();
  return (JSON.parse(text ?? '{}') as { remotes: BootRemote[] }).remotes;
}

/**
 * Scrolls to where another team's fragment goes, as a shopper does: a fragment is asked for only
 * when its place comes near the window (RemoteFragment's marker, `data-fragment="<id>"`). Waits
 * until the page has rendered either the marker or the fragment itself (`loaded`), so a fragment
 * already in the window needs nothing.
 */
export async function scrollToFragment(page: Page, id: `mf_${string}/${string}`, loaded: Locator): Promise<void> {
  // The app's marker, not the server's first paint of the same place.
  const marker = page.locator(`[data-fragment="${id}"]:not([data-first-paint] *)`);
  await expect(marker.or(loaded).first()).toBeAttached();
  // In one step in the page: the marker may be replaced by the fragment between a count and a
  // scroll, and a locator's evaluate would then wait for a marker that never comes back (seen
  // once in a clean-clone run: the journey timed out here).
  await page.evaluate(
    (selector) => document.querySelector(selector)?.scrollIntoView({ block: 'center' }),
    `[data-fragment="${id}"]:not([data-first-paint] *)`,
  );
}
