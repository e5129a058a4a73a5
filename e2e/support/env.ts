import { readFileSync } from 'node:fs';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8091);
/** How long the e2e site holds a reserved car (the product's hold is 48 hours). */
export const E2E_RESERVE_HOLD_SECONDS = 20;
/** Own port and data folder per run (E2E_PORT, E2E_DATA_DIR), so two runs on one machine do not meet. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR
  ? path.resolve(process.env.E2E_DATA_DIR)
  : path.join(REPO_ROOT, 'e2e', '.data', 'site');

export function tenantUrl(slug: string, pathname = '/'): string {
  return `http://${slug}.localhost:${E2E_PORT}${pathname}`;
}

/**
 * The version of a team's build in this checkout (its package.json): the one `npm start` builds,
 * publishes and pins. Journeys read it rather than writing it down, so a release bump moves them
 * with it. (The demo's earlier mf-search, 1.0.0, is a fixed version the start publishes as well.)
 */
export function checkoutVersion(team: string): string {
  return (JSON.parse(readFileSync(path.join(REPO_ROOT, team, 'package.json'), 'utf8')) as { version: string }).version;
}
