import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { isRemoteTeam, REMOTE_TEAMS } from '@forecourt/shared-config/teams';
import { LRUCache } from 'lru-cache';
import semver from 'semver';
import { compressedCopies } from './precompress';
import { LocalFolderStorage, type BuildStorage } from './storage/build-storage';
import { contentTypeOf } from './storage/content-types';
import { PublishedFileCache, type PublishedFile } from './storage/published-files';

/**
 * The registry of published builds: `{team}/{version}/` per build, never overwritten, kept in a
 * folder on this machine (the embedded default) or in object storage every instance shares.
 */

/** A folder name is a version only when it is exactly one (`semver.valid` also accepts 'v1.2.3'). */
const isSemver = (version: string): boolean => semver.valid(version) === version;

/**
 * Whether two versions of a shared singleton can stand in for each other the way the federation
 * runtime's caret ranges allow: `^18.2.0` takes 18.3.1, `^0.4.1` only 0.4.x, `^0.0.3` only itself.
 */
const sameCompatibilityLine = (a: string, b: string): boolean =>
  semver.valid(a) && semver.valid(b)
    ? semver.satisfies(a, `^${b}`, { includePrerelease: true }) ||
      semver.satisfies(b, `^${a}`, { includePrerelease: true })
    : a === b;

export const SHELL_TEAM = 'shell';
export const REGISTRY_TEAMS = [SHELL_TEAM, ...REMOTE_TEAMS] as const;
export type RegistryTeam = (typeof REGISTRY_TEAMS)[number];

export function isRegistryTeam(value: string): value is RegistryTeam {
  return value === SHELL_TEAM || isRemoteTeam(value);
}

export const REMOTE_ENTRY = 'remoteEntry.js';
/** A build's files in storage: `{team}/{version}/{file}`, the registry folder's layout. */
const keyOf = (team: string, version: string, file: string): string => `${team}/${version}/${file}`;
const REMOTE_MANIFEST = 'mf-manifest.json';
const BUILD_INFO = 'forecourt-build.json';
const META = 'registry.json';

/** What the shared webpack factory writes into every build (`forecourt-build.json`). */
const BuildInfoSchema = z.object({
  team: z.string().min(1),
  kind: z.enum(['host', 'remote']),
  name: z.string().min(1),
  version: z.string().min(1),
  /** The package version of the sources it was built from (differs from `version` only for a build published under another). */
  sourceVersion: z.string().min(1).optional(),
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
  /** See BuildInfo's: absent for builds published before it was recorded. */
  sourceVersion: z.string().optional(),
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
  return fs.stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
}

/** A relative file name that cannot leave its folder. */
function isSafeRelative(file: string): boolean {
  if (!file || file.includes('\0') || path.isAbsolute(file)) return false;
  return file.split(/[\\/]/).every((part) => part !== '..' && part !== '');
}

/** Reads and checks a build folder; returns its build info and the integrity the page will need. */
export async function inspectBuild(
  team: string,
  buildDir: string,
): Promise<{ info: BuildInfo; integrity: Record<string, string> }> {
  if (!isRegistryTeam(team)) {
    throw new PublishError(`Unknown team '${team}': expected one of ${REGISTRY_TEAMS.join(', ')}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(await fs.readFile(path.join(buildDir, BUILD_INFO), 'utf8'));
  } catch (error) {
    throw new PublishError(
      `${buildDir} is not a build: cannot read ${BUILD_INFO} (${(error as Error).message}). Build it first.`,
    );
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
      if (!(await isFile(path.join(buildDir, file))))
        throw new PublishError(`${team} build in ${buildDir} has no ${file}`);
    }
    integrity[REMOTE_ENTRY] = await sriOf(path.join(buildDir, REMOTE_ENTRY));
  }
  return { info, integrity };
}

/** The refusal of a version that exists: said the same wherever it is noticed. */
export function alreadyPublishedError(team: string, version: string): PublishError {
  return new PublishError(
    `${team} ${version} is already published; versions are immutable — bump the version in ${team}/package.json`,
  );
}

/** How many files of a build are written to storage at once while publishing. */
const UPLOADS_AT_ONCE = 8;

async function inBatches<T>(items: readonly T[], size: number, run: (item: T) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

export interface RegistryOptions {
  /** The bound of the in-memory copy of published files read from object storage (default 64 MB). */
  cacheBytes?: number;
}

export class Registry {
  /**
   * Published builds never change, so their metadata is read from storage once; bounded, because
   * every version ever published (hundreds a year per team) would otherwise stay in memory.
   */
  private readonly metaCache = new LRUCache<string, PublishedMeta>({ max: 2000 });
  readonly storage: BuildStorage;
  /** Published files read through this instance (object storage; the local folder is served from disk). */
  readonly files: PublishedFileCache;

  /** A folder path means the local folder storage, as `npm start` has always kept it. */
  constructor(storage: BuildStorage | string, options: RegistryOptions = {}) {
    this.storage = typeof storage === 'string' ? new LocalFolderStorage(storage) : storage;
    this.files = new PublishedFileCache(this.storage, options.cacheBytes ?? 64 * 1024 * 1024);
  }

  /** The registry folder when builds are kept on this machine's disk, else null. */
  get localRoot(): string | null {
    return this.storage instanceof LocalFolderStorage ? this.storage.root : null;
  }

  async listVersions(team: string): Promise<string[]> {
    if (!isRegistryTeam(team)) return [];
    const candidates = (await this.storage.list(`${team}/`)).filter(isSemver);
    const versions: string[] = [];
    await inBatches(candidates, 16, async (version) => {
      // Only a version with its manifest is published (see publish).
      if (this.metaCache.has(`${team}@${version}`) || (await this.storage.exists(keyOf(team, version, META))))
        versions.push(version);
    });
    return versions.sort(semver.compare);
  }

  async latest(team: string): Promise<PublishedMeta | null> {
    const versions = await this.listVersions(team);
    const newest = versions[versions.length - 1];
    return newest ? this.meta(team, newest) : null;
  }

  /**
   * The published build's metadata, or null when that version was never published. A storage
   * that cannot be read throws: unreachable is not the same as never published.
   */
  async meta(team: string, version: string): Promise<PublishedMeta | null> {
    if (!isRegistryTeam(team) || !isSemver(version)) return null;
    const key = `${team}@${version}`;
    const cached = this.metaCache.get(key);
    if (cached) return cached;
    const bytes = await this.storage.get(keyOf(team, version, META));
    if (!bytes) return null;
    const meta = PublishedMetaSchema.parse(JSON.parse(bytes.toString('utf8')));
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
    const manifestKey = keyOf(team, info.version, META);
    const alreadyPublished = () => alreadyPublishedError(team, info.version);
    if (await this.storage.exists(manifestKey)) throw alreadyPublished();

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
      ...(info.sourceVersion ? { sourceVersion: info.sourceVersion } : {}),
      publishedAt: now.toISOString(),
      integrity,
      exposes: info.exposes,
      routes: info.routes,
      shared: info.shared,
      entryFiles: info.entryFiles,
    };
    // Plain files only: a link in a build folder is not followed out of it.
    const files = (await fs.readdir(buildDir, { withFileTypes: true, recursive: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(buildDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .filter((file) => file !== META);
    await inBatches(files, UPLOADS_AT_ONCE, async (file) => {
      const content = await fs.readFile(path.join(buildDir, ...file.split('/')));
      const contentType = contentTypeOf(file);
      await this.storage.put(keyOf(team, info.version, file), content, { contentType });
      for (const copy of await compressedCopies(file, content)) {
        await this.storage.put(keyOf(team, info.version, file + copy.suffix), copy.body, { contentType });
      }
    });
    // The manifest goes last, and only if no one else's is there: until it exists the version is
    // not published (listVersions, meta and the file routes all ask for it), so a publish that
    // stops half way is never seen by any instance, and publishing again writes over its files.
    const written = await this.storage.put(manifestKey, Buffer.from(JSON.stringify(meta, null, 2) + '\n'), {
      contentType: contentTypeOf(META),
      ifAbsent: true,
    });
    if (!written) throw alreadyPublished();
    this.metaCache.set(`${team}@${info.version}`, meta);
    return meta;
  }

  /**
   * The absolute path of a published file in the local folder, or null for anything that is not
   * a plain file inside one published version (no listings, no dot files, no way out of the
   * folder), and always null when builds are kept in object storage (see readFile).
   */
  async resolveFile(team: string, version: string, file: string): Promise<string | null> {
    const root = this.localRoot;
    if (!root || !isPublishedFileName(team, version, file)) return null;
    if (!(await this.isPublished(team, version))) return null;
    const base = path.join(root, team, version);
    const full = path.resolve(base, file);
    if (!full.startsWith(base + path.sep)) return null;
    // A symlink inside a build must not lead out of the registry either.
    const real = await fs.realpath(full).catch(() => null);
    const realBase = await fs.realpath(base).catch(() => null);
    if (!real || !realBase || !real.startsWith(realBase + path.sep)) return null;
    return (await isFile(real)) ? real : null;
  }

  /**
   * A published file's bytes through this instance's cache, or null for anything that is not a
   * file of a published version (the same names resolveFile accepts). Throws when storage cannot
   * be read and the file is not cached.
   */
  async readFile(team: string, version: string, file: string): Promise<PublishedFile | null> {
    if (!isPublishedFileName(team, version, file)) return null;
    if (!(await this.isPublished(team, version))) return null;
    return this.files.read(keyOf(team, version, file));
  }
}

/** Names a published file may have: a known team, a version, a relative path without dot parts. */
function isPublishedFileName(team: string, version: string, file: string): boolean {
  return (
    isRegistryTeam(team) &&
    isSemver(version) &&
    isSafeRelative(file) &&
    !file.split(/[\\/]/).some((part) => part.startsWith('.'))
  );
}
