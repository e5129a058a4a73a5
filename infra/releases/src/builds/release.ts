import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import semver from 'semver';
import { REMOTE_TEAMS } from '@forecourt/shared-config/teams';
import { SHELL_TEAM } from '../registry/registry';

/** Every team that publishes builds: the shell and the remotes. */
export const RELEASE_TEAMS: readonly string[] = [SHELL_TEAM, ...REMOTE_TEAMS];

/** The command that records a team's new release; the check and `npm start` both name it. */
export function stampCommand(team: string): string {
  return `npm run release:stamp -- ${team}`;
}

/**
 * What a team last released: its package.json version and the hash of the sources that build
 * had. Committed as `<team>/release.json`, so the check needs nothing but the checkout: no git
 * history, no registry.
 */
export interface Release {
  version: string;
  sourceHash: string;
}

export const RELEASE_FILE = 'release.json';

/** Folders of a team that are not build input: its server half is deployed with the platform. */
const SKIPPED_TEAM_DIRS = new Set(['server', 'node_modules', 'dist', 'coverage']);
/** Files at a team's top level that webpack never reads (swc's options are the factory's, not tsconfig's). */
const SKIPPED_TEAM_FILES = new Set(['README.md', 'jest.config.js', 'tsconfig.json', RELEASE_FILE]);

function isTestOrTypesOnly(name: string): boolean {
  return /\.test\.[jt]sx?$/.test(name) || name.endsWith('.d.ts');
}

async function walk(dir: string, skip: (relative: string, isDir: boolean) => boolean, base = dir): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    const relative = path.relative(base, full).split(path.sep).join('/');
    if (skip(relative, entry.isDirectory())) continue;
    if (entry.isDirectory()) files.push(...(await walk(full, skip, base)));
    else if (entry.isFile()) files.push(full);
  }
  return files;
}

/**
 * The files whose bytes make a team's build, as paths from the repository root.
 *
 * The team's own folder counts by exclusion rather than by a list (src/, and mf-search's build/
 * alias, and whatever a team adds next): a file wrongly counted costs a version bump, a file
 * wrongly left out is a stale build, which is what this check exists to prevent. Left out:
 * tests, type declarations, the server half, docs, the jest and TypeScript configs, build
 * output and anything dot-named (.data and the like are not committed).
 *
 * shared-config counts too, for every team: its webpack factory decides the build, and every
 * build carries its own copy of shared-config (the singleton's fallback, which re-exports most
 * of it, and the subpaths that are not shared), so an edit there changes the bytes of all six
 * builds. Leaving it out would let a shared-config change reach `npm start` as six rebuilt
 * builds that differ from their published versions: the stale builds this check is for. The
 * cost, a patch bump of each team per shared-config change, is one command
 * (`npm run release:stamp` with no team stamps every team whose sources moved) and is honest:
 * each of those builds is new. Only what reaches a browser build counts: not its tests, its
 * test kit (src/testing), its server half (src/server) or its jest files.
 */
export async function buildInputFiles(repoRoot: string, team: string): Promise<string[]> {
  const teamDir = path.join(repoRoot, team);
  const own = await walk(teamDir, (relative, isDir) => {
    const name = path.posix.basename(relative);
    if (name.startsWith('.')) return true;
    const topLevel = !relative.includes('/');
    if (isDir) return topLevel && (SKIPPED_TEAM_DIRS.has(name) || name.startsWith('dist-'));
    return (topLevel && SKIPPED_TEAM_FILES.has(name)) || isTestOrTypesOnly(name);
  });
  const sharedDir = path.join(repoRoot, 'shared-config');
  const shared = [
    ...(await walk(path.join(sharedDir, 'src'), (relative, isDir) =>
      isDir ? relative === 'testing' || relative === 'server' : isTestOrTypesOnly(path.posix.basename(relative)),
    )),
    path.join(sharedDir, 'build', 'federated-webpack.js'),
    path.join(sharedDir, 'package.json'),
  ];
  return [...own, ...shared].map((file) => path.relative(repoRoot, file).split(path.sep).join('/')).sort();
}

/** shared-config exports that lead to code no browser build has (its server half, its test kit). */
const NOT_BUNDLED_EXPORT = /^\.\/(src\/server\/|src\/testing\/|build\/jest-)/;

/**
 * The bytes a file contributes. A team's package.json counts without its version (the version
 * is what the hash is recorded against, and bumping it must not move the hash). shared-config's
 * counts by what reaches a build: its version and pinned dependencies (the shared singletons'
 * versions) and the exports that resolve browser code, so adding a server-only subpath moves no
 * team. Line endings are normalised so a checkout with CRLF endings hashes as the repository does.
 */
async function hashedBytes(repoRoot: string, relative: string, team: string): Promise<string> {
  const text = (await fs.readFile(path.join(repoRoot, relative), 'utf8')).replace(/\r\n/g, '\n');
  if (relative === `${team}/package.json`) {
    const pkg = JSON.parse(text) as Record<string, unknown>;
    delete pkg.version;
    return JSON.stringify(pkg);
  }
  if (relative === 'shared-config/package.json') {
    const pkg = JSON.parse(text) as {
      version?: string;
      dependencies?: Record<string, string>;
      exports?: Record<string, string>;
    };
    const exports = Object.entries(pkg.exports ?? {}).filter(([, target]) => !NOT_BUNDLED_EXPORT.test(target));
    return JSON.stringify({ version: pkg.version, dependencies: pkg.dependencies, exports });
  }
  return text;
}

/**
 * A hash of everything that goes into a team's build: each input file's path and bytes, in
 * sorted path order. Nothing from the machine enters it (no times, no absolute paths), so a
 * clean clone in CI and a developer's checkout agree. The root package.json's engines field
 * counts too: the factory writes it into the build's info.
 */
export async function sourceHash(repoRoot: string, team: string): Promise<string> {
  const hash = createHash('sha256');
  for (const relative of await buildInputFiles(repoRoot, team)) {
    const bytes = await hashedBytes(repoRoot, relative, team);
    hash.update(`${relative}\0${createHash('sha256').update(bytes).digest('hex')}\n`);
  }
  const rootPackage = JSON.parse(await fs.readFile(path.join(repoRoot, 'package.json'), 'utf8')) as {
    engines?: unknown;
  };
  hash.update(`package.json#engines\0${JSON.stringify(rootPackage.engines ?? null)}\n`);
  return hash.digest('hex');
}

export async function packageVersion(repoRoot: string, team: string): Promise<string> {
  const pkg = JSON.parse(await fs.readFile(path.join(repoRoot, team, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

export async function readRelease(repoRoot: string, team: string): Promise<Release | null> {
  const text = await fs.readFile(path.join(repoRoot, team, RELEASE_FILE), 'utf8').catch(() => null);
  return text === null ? null : (JSON.parse(text) as Release);
}

/**
 * Why a team's committed release does not describe its checkout, or null when it does. Any
 * disagreement fails, not only "sources moved under the same version": a version bumped by hand
 * with the old hash left in release.json would hide every later change.
 */
export async function releaseProblem(repoRoot: string, team: string): Promise<string | null> {
  const release = await readRelease(repoRoot, team);
  const fix = `run \`${stampCommand(team)}\` and commit ${team}/package.json and ${team}/${RELEASE_FILE}`;
  if (!release) return `${team}: no ${team}/${RELEASE_FILE}; ${fix}`;
  const version = await packageVersion(repoRoot, team);
  const hash = await sourceHash(repoRoot, team);
  if (version === release.version && hash === release.sourceHash) return null;
  if (version === release.version) {
    return `${team}: its build sources changed but its version is still ${version}, and a build of ${version} from other sources may already be published (versions are immutable); ${fix}`;
  }
  return `${team}: package.json says ${version} but ${team}/${RELEASE_FILE} records ${release.version}; ${fix}`;
}

/** The version a stamp records: package.json's when it is new, else the next patch after the last release. */
export function nextReleaseVersion(packageVersion: string, released: string | null): string {
  if (!semver.valid(packageVersion)) throw new Error(`not a semantic version: ${packageVersion}`);
  if (released === null || semver.gt(packageVersion, released)) return packageVersion;
  // A minor or major bump made by hand is kept (above); otherwise the next patch, never a
  // version at or below one already released.
  return semver.inc(released, 'patch') ?? packageVersion;
}

/**
 * Records a team's release: the version (nextReleaseVersion) in package.json, and release.json
 * with the sources' hash. A team whose release already describes its checkout is left as it is.
 * Returns the version recorded, whether release.json changed and whether package.json did.
 */
export async function stampRelease(
  repoRoot: string,
  team: string,
): Promise<{ version: string; changed: boolean; bumped: boolean }> {
  const release = await readRelease(repoRoot, team);
  const packageFile = path.join(repoRoot, team, 'package.json');
  const text = await fs.readFile(packageFile, 'utf8');
  const pkg = JSON.parse(text) as { version: string };
  const hash = await sourceHash(repoRoot, team);
  if (release && release.version === pkg.version && release.sourceHash === hash)
    return { version: pkg.version, changed: false, bumped: false };
  const version = nextReleaseVersion(pkg.version, release && release.sourceHash !== hash ? release.version : null);
  if (version !== pkg.version) {
    // Only the version's value changes: the file keeps its layout and key order.
    await fs.writeFile(packageFile, text.replace(/("version"\s*:\s*)"[^"]*"/, `$1"${version}"`));
  }
  const stamped: Release = { version, sourceHash: hash };
  await fs.writeFile(path.join(repoRoot, team, RELEASE_FILE), `${JSON.stringify(stamped, null, 2)}\n`);
  return { version, changed: true, bumped: version !== pkg.version };
}
