import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { isRemoteTeam, REMOTE_TEAMS } from '@forecourt/shared-config/teams';
import { LRUCache } from 'lru-cache';
import semver from 'semver';
import { precompress } from './precompress';

/**
 * The registry of published builds: a folder `{root}/{team}/{version}/` per build, never
 * overwritten. Production would put the same layout in object storage behind a CDN.
 */

/** A folder name is a version only when it is exactly one (`semver.valid` also accepts 'v1.2.3'). */
const isSemver = (version: string): boolean => semver.valid(version) === version;

/**
 * Whether two versions of a shared singleton can stand in for each other the way the federation
 * runtime's caret ranges allow: `^18.2.0` takes 18.3.1, `^0.4.1` only 0.4.x, `^0.0.3` only itself.
 */
const sameCompatibilityLine = (a: string, b: string): boolean =>
  semver.valid(a) && semver.valid(b)
    ? semver.satisfies(a, `^${b}`, { includePrerelease: true }) || semver.satisfies(b, `^${a}`, { includePrerelease: true })
    : a === b;

export const SHELL_TEAM = 'shell';
export const REGISTRY_TEAMS = [SHELL_TEAM, ...REMOTE_TEAMS] as const;
export type RegistryTeam = (typeof REGISTRY_TEAMS)[number];

export function isRegistryTeam(value: string): value is RegistryTeam {
  return value === SHELL_TEAM || isRemoteTeam(value);
}

export const REMOTE_ENTRY = 'remoteEntry.js';
const REMOTE_MANIFEST = 'mf-manifest.json';
const BUILD_INFO = 'forecourt-build.json';
const META = 'registry.json';

/** What the shared webpack factory writes into every build (`forecourt-build.json`). */
const BuildInfoSchema = z.object({
  team: z.string().min(1),
  kind: z.enum(['host', 'remote']),
  name: z.string().min(1),
  version: z.string().min(1),
  exposes: z.array(z.string()).default([]),
  routes: z.array(z.string().startsWith('/')).default([]),
  shared: z.record(z.string(), z.string()).default({}),
  entryFiles: z.array(z.string().min(1)).default([]),
});
export type BuildInfo = z.infer<typeof BuildInfoSchema>;

export const PublishedMetaSchema = z.object({
  team: z.string(),
  kind: z.enum(['host', 'remote']),
  name: z.string(),
  version: z.string(),
  publishedAt: z.string(),
  /** Subresource Integrity (sha384) per file the page loads: remoteEntry.js, or the shell's entry files. */
  integrity: z.record(z.string(), z.string()),
  exposes: z.array(z.string()),
  routes: z.array(z.string()),
  shared: z.record(z.string(), z.string()),
  entryFiles: z.array(z.string()),
});
export type PublishedMeta = z.infer<typeof PublishedMetaSchema>;

export class PublishError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PublishError';
  }
}

export async function sriOf(file: string): Promise<string> {
  const hash = createHash('sha384');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return `sha384-${hash.digest('base64')}`;
}

async function isFile(file: string): Promise<boolean> {
  return fs.stat(file).then((s) => s.isFile(), () => false);
}

/** A relative file name that cannot leave its folder. */
function isSafeRelative(file: string): boolean {
  if (!file || file.includes('\0') || path.isAbsolute(file)) return false;
  return file.split(/[\\/]/).every((part) => part !== '..' && part !== '');
}

/** Reads and checks a build folder; returns its build info and the integrity the page will need. */
export async function inspectBuild(team: string, buildDir: string): Promise<{ info: BuildInfo; integrity: Record<string, string> }> {
  if (!isRegistryTeam(team)) {
    throw new PublishError(`Unknown team '${team}': expected one of ${REGISTRY_TEAMS.join(', ')}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(await fs.readFile(path.join(buildDir, BUILD_INFO), 'utf8'));
  } catch (error) {
    throw new PublishError(`${buildDir} is not a build: cannot read ${BUILD_INFO} (${(error as Error).message}). Build it first.`);
  }
  const parsed = BuildInfoSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new PublishError(`${BUILD_INFO} in ${buildDir}: field '${issue?.path.join('.')}' ${issue?.message}`);
  }
  const info = parsed.data;
  if (info.team !== team) throw new PublishError(`${buildDir} holds a build of ${info.team}, not ${team}`);
  if (!isSemver(info.version)) {
    throw new PublishError(`${team} version '${info.version}' is not a semantic version like 1.2.3`);
  }

  const integrity: Record<string, string> = {};
  if (team === SHELL_TEAM) {
    if (info.kind !== 'host') throw new PublishError(`the shell build must be kind 'host', not '${info.kind}'`);
    if (info.entryFiles.length === 0) throw new PublishError(`the shell build lists no entry files`);
    for (const file of info.entryFiles) {
      if (!isSafeRelative(file) || !(await isFile(path.join(buildDir, file)))) {
        throw new PublishError(`the shell build is missing its entry file ${file}`);
      }
      integrity[file] = await sriOf(path.join(buildDir, file));
    }
  } else {
    if (info.kind !== 'remote') throw new PublishError(`${team} must be built as a remote, not '${info.kind}'`);
    if (!info.exposes.includes('./app')) throw new PublishError(`${team} ${info.version} does not expose './app'`);
    for (const file of [REMOTE_ENTRY, REMOTE_MANIFEST]) {
      if (!(await isFile(path.join(buildDir, file)))) throw new PublishError(`${team} build in ${buildDir} has no ${file}`);
    }
    integrity[REMOTE_ENTRY] = await sriOf(path.join(buildDir, REMOTE_ENTRY));
  }
  return { info, integrity };
}

/** The refusal of a version that exists: said the same wherever it is noticed. */
export function alreadyPublishedError(team: string, version: string): PublishError {
  return new PublishError(`${team} ${version} is already published; versions are immutable — bump the version in ${team}/package.json`);
}

export class Registry {
  /**
   * Published builds never change, so their metadata is read from disk once; bounded, because
   * every version ever published (hundreds a year per team) would otherwise stay in memory.
   */
  private readonly metaCache = new LRUCache<string, PublishedMeta>({ max: 2000 });

  constructor(readonly root: string) {}

  dirOf(team: string, version: string): string {
    return path.join(this.root, team, version);
  }

  async listVersions(team: string): Promise<string[]> {
    if (!isRegistryTeam(team)) return [];
    const names = await fs.readdir(path.join(this.root, team)).catch(() => [] as string[]);
    const versions: string[] = [];
    for (const name of names) {
      if (isSemver(name) && (await isFile(path.join(this.root, team, name, META)))) versions.push(name);
    }
    return versions.sort(semver.compare);
  }

  async latest(team: string): Promise<PublishedMeta | null> {
    const versions = await this.listVersions(team);
    const newest = versions[versions.length - 1];
    return newest ? this.meta(team, newest) : null;
  }

  /** The published build's metadata, or null when that version was never published. */
  async meta(team: string, version: string): Promise<PublishedMeta | null> {
    if (!isRegistryTeam(team) || !isSemver(version)) return null;
    const key = `${team}@${version}`;
    const cached = this.metaCache.get(key);
    if (cached) return cached;
    let text: string;
    try {
      text = await fs.readFile(path.join(this.dirOf(team, version), META), 'utf8');
    } catch {
      return null;
    }
    const meta = PublishedMetaSchema.parse(JSON.parse(text));
    this.metaCache.set(key, meta);
    return meta;
  }

  async isPublished(team: string, version: string): Promise<boolean> {
    return (await this.meta(team, version)) !== null;
  }

  /**
   * Publishes a build folder as `{team}/{version}`. Refuses a version that exists (versions are
   * immutable) and, for a remote, shared singletons on another major line than the newest
   * published shell's — that remote would get a second React or store at run time.
   */
  async publish(team: string, buildDir: string, now: Date = new Date()): Promise<PublishedMeta> {
    const { info, integrity } = await inspectBuild(team, buildDir);
    const target = this.dirOf(team, info.version);
    const alreadyPublished = () => alreadyPublishedError(team, info.version);
    if (await fs.stat(target).then(() => true, () => false)) throw alreadyPublished();

    if (team !== SHELL_TEAM) {
      const shell = await this.latest(SHELL_TEAM);
      if (shell) {
        for (const [name, version] of Object.entries(info.shared)) {
          const hostVersion = shell.shared[name];
          if (hostVersion && !sameCompatibilityLine(version, hostVersion)) {
            throw new PublishError(
              `${team} ${info.version} shares ${name} ${version}, but shell ${shell.version} provides ${hostVersion}: ` +
                `a shared singleton must stay on the shell's major version`,
            );
          }
        }
      }
    }

    const meta: PublishedMeta = {
      team,
      kind: info.kind,
      name: info.name,
      version: info.version,
      publishedAt: now.toISOString(),
      integrity,
      exposes: info.exposes,
      routes: info.routes,
      shared: info.shared,
      entryFiles: info.entryFiles,
    };
    await fs.mkdir(path.join(this.root, team), { recursive: true });
    // Copy beside the target, then rename: readers see either no version or a complete one.
    const staging = path.join(this.root, team, `.staging-${info.version}-${randomBytes(6).toString('hex')}`);
    try {
      await fs.cp(buildDir, staging, { recursive: true });
      await precompress(staging);
      await fs.writeFile(path.join(staging, META), JSON.stringify(meta, null, 2) + '\n');
      await fs.rename(staging, target);
    } catch (error) {
      await fs.rm(staging, { recursive: true, force: true });
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST' || code === 'ENOTEMPTY') throw alreadyPublished();
      throw error;
    }
    this.metaCache.set(`${team}@${info.version}`, meta);
    return meta;
  }

  /**
   * The absolute path of a published file, or null for anything that is not a plain file inside
   * one published version (no listings, no dot files, no way out of the folder).
   */
  async resolveFile(team: string, version: string, file: string): Promise<string | null> {
    if (!isRegistryTeam(team) || !isSemver(version) || !isSafeRelative(file)) return null;
    if (file.split(/[\\/]/).some((part) => part.startsWith('.'))) return null;
    const base = this.dirOf(team, version);
    const full = path.resolve(base, file);
    if (!full.startsWith(base + path.sep)) return null;
    // A symlink inside a build must not lead out of the registry either.
    const real = await fs.realpath(full).catch(() => null);
    const realBase = await fs.realpath(base).catch(() => null);
    if (!real || !realBase || !real.startsWith(realBase + path.sep)) return null;
    return (await isFile(real)) ? real : null;
  }
}
