import path from 'node:path';
import { loadConfig } from './config/load';

/** The repository root: infra/src is two levels down, wherever the clone lives. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');
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
