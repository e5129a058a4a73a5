import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './load';

/**
 * The repository root, wherever the clone lives: the first folder above this file whose
 * package.json lists the workspaces. Found rather than counted, because this file runs both from
 * its source (infra/config/src) and bundled into the server (infra/dist), at different depths.
 */
function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && 'workspaces' in (JSON.parse(fs.readFileSync(manifest, 'utf8')) as object))
      return dir;
    if (path.dirname(dir) === dir) throw new Error(`No repository root (a package.json with workspaces) above ${from}`);
  }
}

export const REPO_ROOT = findRepoRoot(__dirname);
export const INFRA_ROOT = path.join(REPO_ROOT, 'infra');
/** The operator console's build (`npm run build -w @forecourt/console`), which the server serves on the console's host. */
export const CONSOLE_BUILD_DIR = path.join(REPO_ROOT, 'console', 'dist');

/** Everything the platform writes at run time (registry, PGlite files, admin token); git-ignored. */
export function resolveDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return loadConfig(env).FORECOURT_DATA_DIR ?? path.join(INFRA_ROOT, '.data');
}

export function resolveTenantsDir(env: NodeJS.ProcessEnv = process.env): string {
  return loadConfig(env).FORECOURT_TENANTS_DIR ?? path.join(INFRA_ROOT, 'tenants');
}

/** The dealers' content pages (Markdown with front matter), one folder per tenant plus `_all`. */
export function resolveContentDir(env: NodeJS.ProcessEnv = process.env): string {
  return loadConfig(env).FORECOURT_CONTENT_DIR ?? path.join(INFRA_ROOT, 'content');
}
