import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8091);
export const E2E_DATA_DIR = path.join(REPO_ROOT, 'e2e', '.data', 'site');

export function tenantUrl(slug: string, pathname = '/'): string {
  return `http://${slug}.localhost:${E2E_PORT}${pathname}`;
}
