import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { REMOTE_ENTRY } from '../registry';
import { label, type Candidate } from './candidate';
import { readTeamSettings } from './team-settings';

const brotli = promisify(zlib.brotliCompress);

/**
 * First-load bytes: what a shopper's browser must download from this remote before its app can
 * mount — `remoteEntry.js` and the files `./app` needs synchronously (the federation manifest's
 * sync assets), Brotli-compressed as the registry serves them. Shared singletons are the shell's
 * and chunks the app loads later (a route's own page) are not counted.
 */

/** Without a budget of its own, a remote may send this much (Brotli) before its app mounts. */
export const DEFAULT_FIRST_LOAD_BUDGET_KB = 60;

export interface FirstLoad {
  files: Array<{ file: string; bytes: number; compressed: number }>;
  /** Brotli bytes in all. */
  total: number;
}

export async function measureFirstLoad(candidate: Pick<Candidate, 'dir' | 'manifest'>): Promise<FirstLoad> {
  const app = candidate.manifest.exposes.find((e) => e.path === './app');
  const names = [REMOTE_ENTRY, ...(app?.assets.js?.sync ?? []), ...(app?.assets.css?.sync ?? [])];
  const files: FirstLoad['files'] = [];
  for (const file of [...new Set(names)]) {
    const content = await fs.readFile(path.join(candidate.dir, file)).catch(() => null);
    if (!content) continue; // a missing file is the exposes check's to report
    const compressed = await brotli(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    files.push({ file, bytes: content.length, compressed: compressed.length });
  }
  return { files, total: files.reduce((sum, f) => sum + f.compressed, 0) };
}

/**
 * The team's budget in KB (1024 bytes, Brotli): `"forecourt": { "firstLoadBudgetKB": 80 }` in its
 * package.json, else the default. A budget raised in the same change as the bytes is visible in
 * review, which is the point of keeping it beside the code.
 */
export async function firstLoadBudgetKB(repoRoot: string, team: string): Promise<{ kb: number; source: string }> {
  const kb = (await readTeamSettings(repoRoot, team)).firstLoadBudgetKB;
  return kb === undefined
    ? { kb: DEFAULT_FIRST_LOAD_BUDGET_KB, source: 'the default' }
    : { kb, source: `${team}/package.json` };
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

export function checkFirstLoadBudget(
  candidate: Pick<Candidate, 'team' | 'version'>,
  measured: FirstLoad,
  budget: { kb: number; source: string },
): string[] {
  if (measured.total <= budget.kb * 1024) return [];
  const largest = [...measured.files].sort((a, b) => b.compressed - a.compressed).slice(0, 3);
  return [
    `${label(candidate)} first load is ${kb(measured.total)} (Brotli) over its budget of ${budget.kb} KB (${budget.source}); ` +
      `largest: ${largest.map((f) => `${f.file} ${kb(f.compressed)}`).join(', ')}`,
  ];
}
