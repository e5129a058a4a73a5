import fs from 'node:fs/promises';
import path from 'node:path';
import { federationName, isRemoteTeam } from '@forecourt/shared-config/teams';
import { REGISTRY_TEAMS } from '../registry';
import { label, type Candidate } from './candidate';
import { readTeamSettings } from './team-settings';

/**
 * Two static checks of what a build exposes:
 * - every module its build info lists is in the federation manifest with its files present;
 * - every fragment another team loads from it (`RemoteFragment id="mf_x/Name"`, `loadRemote`,
 *   or declared in that team's package.json) is still exposed.
 */

export async function checkExposedFiles(candidate: Candidate): Promise<string[]> {
  const reasons: string[] = [];
  for (const exposed of candidate.info.exposes) {
    const entry = candidate.manifest.exposes.find((e) => e.path === exposed);
    if (!entry) {
      reasons.push(
        `${label(candidate)} lists ${exposed} in its build info but its mf-manifest.json has no such exposed module`,
      );
      continue;
    }
    const files = [...(entry.assets.js?.sync ?? []), ...(entry.assets.css?.sync ?? [])];
    for (const file of files) {
      const present = await fs.stat(path.join(candidate.dir, file)).then(
        (s) => s.isFile(),
        () => false,
      );
      if (!present)
        reasons.push(`${label(candidate)} exposes ${exposed} but its file ${file} is missing from the build`);
    }
  }
  return reasons;
}

/** One place another team's code (or its declaration) loads a module of a remote. */
export interface FragmentUse {
  /** The federation module id, e.g. `mf_finance/Calculator`. */
  id: string;
  /** The team that loads it. */
  by: string;
  /** Where: a source file relative to the repository, or the package.json field. */
  where: string;
}

/** `'mf_finance/Calculator'` (also inside a lookup table) — any quoted module id in source. */
const LITERAL_ID = /['"`](mf_[a-z]+)\/([A-Za-z][\w-]*)['"`]/g;
/** `` `${federationName('mf-locations')}/ReviewSummary` `` — the shell's way of naming one. */
const TEMPLATE_ID = /federationName\(\s*['"](mf-[a-z]+)['"]\s*\)\s*\}\/([A-Za-z][\w-]*)/g;
const SOURCE_FILE = /\.(tsx?|jsx?|mjs)$/;
const TEST_FILE = /\.(test|spec)\.[jt]sx?$/;

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile() && SOURCE_FILE.test(e.name) && !TEST_FILE.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

/** Module ids a piece of source loads; exported for the tests of the patterns. */
export function moduleIdsIn(source: string): string[] {
  const ids: string[] = [];
  for (const match of source.matchAll(LITERAL_ID)) ids.push(`${match[1]}/${match[2]}`);
  for (const match of source.matchAll(TEMPLATE_ID)) {
    if (isRemoteTeam(match[1]!)) ids.push(`${federationName(match[1])}/${match[2]}`);
  }
  return ids;
}

/**
 * Every use of `container`'s modules by the other teams of the repository (their `src/` and their
 * package.json declaration). `./app` is the shell's to load and is checked on its own.
 */
export async function findFragmentUses(repoRoot: string, team: string, container: string): Promise<FragmentUse[]> {
  const uses: FragmentUse[] = [];
  for (const other of REGISTRY_TEAMS) {
    if (other === team) continue;
    const teamDir = path.join(repoRoot, other);
    for (const file of await sourceFiles(path.join(teamDir, 'src'))) {
      const source = await fs.readFile(file, 'utf8');
      for (const id of moduleIdsIn(source)) {
        if (id.startsWith(`${container}/`) && id !== `${container}/app`)
          uses.push({ id, by: other, where: path.relative(repoRoot, file) });
      }
    }
    for (const id of (await readTeamSettings(repoRoot, other)).uses ?? []) {
      if (id.startsWith(`${container}/`)) uses.push({ id, by: other, where: `${other}/package.json forecourt.uses` });
    }
  }
  return uses;
}

/** Refuses a build that no longer exposes a module another team loads from it. */
export function checkNeededFragments(
  candidate: Pick<Candidate, 'team' | 'version' | 'info'>,
  uses: readonly FragmentUse[],
): string[] {
  const exposed = new Set(candidate.info.exposes.map((e) => e.replace(/^\.\//, '')));
  const missing = new Map<string, FragmentUse[]>();
  for (const use of uses) {
    const name = use.id.slice(use.id.indexOf('/') + 1);
    if (!exposed.has(name)) missing.set(use.id, [...(missing.get(use.id) ?? []), use]);
  }
  return [...missing].map(([id, found]) => {
    const teams = [...new Set(found.map((u) => u.by))];
    return (
      `${label(candidate)} does not expose ./${id.slice(id.indexOf('/') + 1)}, which ${teams.join(' and ')} load${teams.length === 1 ? 's' : ''} as ${id} ` +
      `(${found.map((u) => u.where).join(', ')})`
    );
  });
}
