import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_DATA_DIR, E2E_PORT, REPO_ROOT } from './env';

const env = { ...process.env, PORT: String(E2E_PORT), FORECOURT_DATA_DIR: E2E_DATA_DIR };

/** Runs the platform CLI against the e2e site, exactly as an engineer would from the shell. */
export function forecourt(...args: string[]): string {
  return execFileSync(path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), ['infra/src/cli/main.ts', ...args], {
    cwd: REPO_ROOT,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * Builds a variant of a remote whose app throws on mount (the factory's FORECOURT_FAULT knob)
 * and publishes it under its own version. Cached between runs: the build does not change.
 */
export function publishFaultyBuild(team: string, version: string): void {
  const outDir = path.join(REPO_ROOT, 'e2e', '.data', 'builds', `${team}-${version}`);
  if (!existsSync(path.join(outDir, 'forecourt-build.json'))) {
    execFileSync(path.join(REPO_ROOT, 'node_modules', '.bin', 'webpack'), ['--mode', 'production'], {
      cwd: path.join(REPO_ROOT, team),
      env: { ...process.env, FORECOURT_FAULT: 'mount', FORECOURT_BUILD_VERSION: version, FORECOURT_OUT_DIR: outDir },
      stdio: 'ignore',
    });
  }
  forecourt('publish', team, '--from', outDir);
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
