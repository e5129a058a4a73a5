import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

async function waitForHealth(port: number, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the site did not start in time');
}

/** The data folder of a bench's site (the platform CLI needs it to reach that site). */
export function benchDataDir(dataName: string): string {
  return path.join(REPO_ROOT, 'e2e', '.data', dataName);
}

/**
 * Starts the composed site as a newcomer does (`npm start`), on its own port and a fresh data
 * folder so a running developer site is untouched; resolves with a stop function once healthy.
 * `env` adds settings of the bench's own (a CRM's address, say).
 */
export async function startSite(port: number, dataName: string, env: Record<string, string> = {}): Promise<() => void> {
  const dataDir = benchDataDir(dataName);
  rmSync(dataDir, { recursive: true, force: true });
  const server = spawn('npm', ['start'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, PORT: String(port), FORECOURT_DATA_DIR: dataDir },
    stdio: 'ignore',
    detached: true,
  });
  const stop = () => {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
  };
  try {
    await waitForHealth(port, Date.now() + 600_000);
  } catch (error) {
    stop();
    throw error;
  }
  return stop;
}

export { CHROMIUM_PATH, DESKTOP_CHROMIUM_PATH } from '@forecourt/config/chromium';
