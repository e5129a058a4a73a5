import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_TEAMS, type RemoteTeam } from '@forecourt/shared-config/teams';

/**
 * Which workspaces a change touches, so CI rebuilds and retests only those (plus the journeys,
 * which always run: they are what proves the composed site). The rules follow the code's real
 * dependencies (docs/architecture.md, team boundaries):
 * - shared-config is the one module every team imports: a change there touches everything;
 * - a remote's change touches that remote, and infra too when it is in the remote's server
 *   plugin or in a file that plugin imports (infra mounts every team's server plugin);
 * - the shell, the operator console and infra touch only themselves; e2e only the journeys;
 * - the admin API's contract (infra/admin-contract) is infra's and the console's alike: a change
 *   there touches both;
 * - the root's build and test configuration (package.json, the lockfile, TypeScript, lint and
 *   jest configuration, CI) touches everything; documentation touches nothing.
 */
export const WORKSPACES = ['shared-config', 'shell', ...REMOTE_TEAMS, 'console', 'infra', 'e2e'] as const;
export type Workspace = (typeof WORKSPACES)[number];

const ROOT_CONFIG =
  /^(package(-lock)?\.json|tsconfig\.base\.json|eslint\.config\.js|jest\.config\.js|\.ci\/.*|\.npmrc)$/;
const DOCUMENTATION = /(^docs\/|\.md$)/;
const ADMIN_CONTRACT = 'infra/admin-contract/';

export interface Affected {
  workspaces: Workspace[];
  /** Why each workspace is in the list: the first changed file that put it there. */
  reasons: Partial<Record<Workspace, string>>;
}

/**
 * The files a remote's server plugin is made of: its `server/` folder and every file reached from
 * there through relative imports. Followed by hand (a regular expression over import specifiers)
 * because a bundler's or the compiler's module graph would cost seconds per question, and the
 * team's server code only ever imports by relative path or by package name.
 */
export function serverFiles(repoRoot: string, team: RemoteTeam): Set<string> {
  const seen = new Set<string>();
  const entry = path.join(repoRoot, team, 'server');
  const queue = fs.existsSync(entry)
    ? fs
        .readdirSync(entry, { recursive: true, encoding: 'utf8' })
        .filter((f) => !/\.test\.tsx?$/.test(f))
        .map((f) => path.join(entry, f))
    : [];
  const resolve = (from: string, specifier: string): string | null => {
    const base = path.resolve(path.dirname(from), specifier);
    for (const candidate of [
      base,
      `${base}.ts`,
      `${base}.tsx`,
      path.join(base, 'index.ts'),
      path.join(base, 'index.tsx'),
    ]) {
      if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
    }
    return null;
  };
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || !/\.(ts|tsx|json)$/.test(file) || !fs.existsSync(file)) continue;
    seen.add(file);
    if (file.endsWith('.json')) continue;
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const target = resolve(file, match[1]!);
      if (target) queue.push(target);
    }
  }
  return new Set([...seen].map((file) => path.relative(repoRoot, file).split(path.sep).join('/')));
}

/** `changed`: paths relative to the repository root, with forward slashes, as `git diff --name-only` prints them. */
export function affectedWorkspaces(
  changed: readonly string[],
  serverFilesOf: (team: RemoteTeam) => ReadonlySet<string>,
): Affected {
  const reasons: Partial<Record<Workspace, string>> = {};
  const add = (workspace: Workspace, file: string) => {
    reasons[workspace] ??= file;
  };
  for (const file of changed) {
    if (ROOT_CONFIG.test(file)) {
      for (const workspace of WORKSPACES) add(workspace, file);
      continue;
    }
    if (DOCUMENTATION.test(file)) continue;
    const top = file.split('/')[0] as Workspace;
    if (!WORKSPACES.includes(top)) continue;
    if (top === 'shared-config') {
      for (const workspace of WORKSPACES) add(workspace, file);
      continue;
    }
    add(top, file);
    if (file.startsWith(ADMIN_CONTRACT)) add('console', file);
    if ((REMOTE_TEAMS as readonly string[]).includes(top) && serverFilesOf(top as RemoteTeam).has(file))
      add('infra', file);
  }
  // The journeys run on every change that touches code: they prove the composed site.
  if (Object.keys(reasons).length > 0) add('e2e', reasons[Object.keys(reasons)[0] as Workspace]!);
  return { workspaces: WORKSPACES.filter((w) => reasons[w] !== undefined), reasons };
}
