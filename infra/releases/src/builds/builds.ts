import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { REMOTE_TEAMS } from '@forecourt/shared-config/teams';

export type Log = (line: string) => void;

/** Runs one named step of a start or a deployment, printing its name, then how long it took. */
export function timedStep(log: Log): <T>(name: string, run: () => Promise<T>) => Promise<T> {
  return async (name, run) => {
    const started = Date.now();
    log(`${name}...`);
    const result = await run();
    log(`${name}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return result;
  };
}

/** One webpack build the demo site needs: a team's own build, or an extra one under another version. */
export interface BuildTarget {
  team: string;
  /** The team's package folder (where webpack.config.js lives). */
  packageDir: string;
  outDir: string;
  /** FORECOURT_BUILD_VERSION for builds published under another version than package.json's. */
  versionOverride?: string;
  /** Rebuild when sources are newer than the build (own builds), or only when missing (extra builds). */
  rebuildWhenStale: boolean;
  /** The file whose time is the build's (default: forecourt-build.json, which every team's build writes). */
  marker?: string;
  /** shared-config is compiled in, so a change there is a change to this build (default: true, as for every team). */
  sharedConfig?: boolean;
}

/** The builds `npm start` keeps up to date, shell first: remotes are contract-checked against it. */
export function demoBuildTargets(repoRoot: string): BuildTarget[] {
  const own = ['shell', ...REMOTE_TEAMS].map((team) => ({
    team,
    packageDir: path.join(repoRoot, team),
    outDir: path.join(repoRoot, team, 'dist'),
    rebuildWhenStale: true,
  }));
  // The same mf-search source built and published as 1.0.0 as well, so that one demo tenant
  // can run an earlier pinned version than the others: per-tenant pins with nothing faked.
  // Rebuilt when its sources change, like the team's own build: the build records the version
  // of the sources it was made from, and the server paints pages first for a build of its own
  // sources (infra/pages/src/first-paint.ts), so a stale copy must not claim today's sources.
  // (A data folder that already published 1.0.0 keeps that build: versions are immutable.)
  const earlierSearch: BuildTarget = {
    team: 'mf-search',
    packageDir: path.join(repoRoot, 'mf-search'),
    outDir: path.join(repoRoot, 'mf-search', 'dist-1.0.0'),
    versionOverride: '1.0.0',
    rebuildWhenStale: true,
  };
  return [...own, earlierSearch];
}

/**
 * The operator console's build: a site of its own that the server serves on the console's host
 * (never published to the registry, never pinned). It imports nothing from shared-config.
 */
export function consoleBuildTarget(repoRoot: string): BuildTarget {
  return {
    team: 'console',
    packageDir: path.join(repoRoot, 'console'),
    outDir: path.join(repoRoot, 'console', 'dist'),
    rebuildWhenStale: true,
    marker: 'index.html',
    sharedConfig: false,
  };
}

const BUILD_INFO = 'forecourt-build.json';

async function mtime(file: string): Promise<number | null> {
  return fs.stat(file).then(
    (s) => s.mtimeMs,
    () => null,
  );
}

async function newestIn(dir: string): Promise<number> {
  let newest = 0;
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, await newestIn(full));
    // Tests are not in the bundle: editing one must not trigger a rebuild.
    else if (/\.test\.[jt]sx?$/.test(entry.name)) continue;
    else newest = Math.max(newest, (await mtime(full)) ?? 0);
  }
  return newest;
}

/** Why a target needs building, or null when its build is current. */
export async function buildReason(target: BuildTarget): Promise<string | null> {
  const built = await mtime(path.join(target.outDir, target.marker ?? BUILD_INFO));
  if (built === null) return 'no build yet';
  if (!target.rebuildWhenStale) return null;
  // shared-config is compiled into every team's build (as the fallback copy of the singleton), and
  // its build folder holds the webpack factory: a change there is a change to every such build.
  const sharedConfig = path.join(target.packageDir, '..', 'shared-config');
  const inputs = [
    await newestIn(path.join(target.packageDir, 'src')),
    ...(target.sharedConfig === false
      ? []
      : [await newestIn(path.join(sharedConfig, 'src')), await newestIn(path.join(sharedConfig, 'build'))]),
    ...(await Promise.all(
      ['routes.json', 'package.json', 'webpack.config.js'].map(
        async (f) => (await mtime(path.join(target.packageDir, f))) ?? 0,
      ),
    )),
  ];
  return Math.max(...inputs) > built ? 'sources changed since the last build' : null;
}

function runWebpack(repoRoot: string, target: BuildTarget): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const env: NodeJS.ProcessEnv = { ...process.env, FORECOURT_OUT_DIR: target.outDir };
    if (target.versionOverride) env.FORECOURT_BUILD_VERSION = target.versionOverride;
    else delete env.FORECOURT_BUILD_VERSION;
    delete env.FORECOURT_FAULT;
    const child = spawn(path.join(repoRoot, 'node_modules', '.bin', 'webpack'), ['--mode', 'production'], {
      cwd: target.packageDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => resolve({ ok: false, output: output + error.message }));
    child.on('close', (code) => resolve({ ok: code === 0, output }));
  });
}

function label(target: BuildTarget): string {
  return target.versionOverride ? `${target.team} ${target.versionOverride}` : target.team;
}

export interface BuildOutcome {
  target: BuildTarget;
  status: 'built' | 'current' | 'failed' | 'skipped';
}

/**
 * Builds every target that is missing or stale (the teams' and the operator console's), at most `parallel` webpack processes at once
 * (each takes a core for several seconds). A failed build is reported and skipped: the site
 * still starts with whatever is already published.
 */
export async function buildMissing(repoRoot: string, log: Log, parallel = 2): Promise<BuildOutcome[]> {
  const outcomes: BuildOutcome[] = [];
  const queue: BuildTarget[] = [];
  for (const target of [...demoBuildTargets(repoRoot), consoleBuildTarget(repoRoot)]) {
    if ((await mtime(path.join(target.packageDir, 'webpack.config.js'))) === null) {
      log(`  skip   ${label(target)}: no webpack.config.js yet`);
      outcomes.push({ target, status: 'skipped' });
      continue;
    }
    const reason = await buildReason(target);
    if (!reason) {
      outcomes.push({ target, status: 'current' });
      continue;
    }
    log(`  build  ${label(target)} (${reason}) -> ${path.relative(repoRoot, target.outDir)}`);
    queue.push(target);
  }
  const worker = async () => {
    for (let target = queue.shift(); target; target = queue.shift()) {
      const started = Date.now();
      const { ok, output } = await runWebpack(repoRoot, target);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (ok) {
        // webpack leaves files whose bytes did not change untouched (compareBeforeEmit), so the
        // build info would keep its old time and look stale forever.
        const now = new Date();
        await fs.utimes(path.join(target.outDir, target.marker ?? BUILD_INFO), now, now).catch(() => undefined);
        log(`  built  ${label(target)} in ${seconds} s`);
        outcomes.push({ target, status: 'built' });
      } else {
        log(`  FAILED ${label(target)} after ${seconds} s:\n${output.trim().replace(/^/gm, '         ')}`);
        outcomes.push({ target, status: 'failed' });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, queue.length) }, worker));
  return outcomes;
}
