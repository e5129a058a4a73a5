/**
 * `npm run test:changed [-- --since <ref>] [--dry-run]`: what a team's pipeline runs — lint,
 * typecheck, unit tests and builds of only the workspaces the change touches (see
 * tools/src/affected.ts for the rules), then the e2e journeys. The change is everything between
 * `--since` (default: where this branch left origin/main, else the previous commit) and the
 * working tree, uncommitted files included. Prints each step's time per workspace.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { REMOTE_TEAMS, type RemoteTeam } from '@forecourt/shared-config/teams';
import { affectedWorkspaces, serverFiles, type Workspace } from '@forecourt/tools/affected';
import { REPO_ROOT } from '@forecourt/config/paths';

const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const sinceAt = args.indexOf('--since');

function git(...gitArgs: string[]): string {
  return execFileSync('git', gitArgs, { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
}

function base(): string {
  if (sinceAt >= 0) {
    const ref = args[sinceAt + 1];
    if (!ref) throw new Error('--since needs a git ref, e.g. --since origin/main');
    return ref;
  }
  try {
    return git('merge-base', 'HEAD', 'origin/main');
  } catch {
    return 'HEAD~1';
  }
}

/**
 * The docs are held against every workspace's code (CLI, scripts, versions, configuration), so a
 * change anywhere, documentation alone included, can break them; the test takes seconds.
 */
const DOCS_FACTS = 'infra/tools/src/docs-facts.test.ts';

const since = base();
const changed = [
  ...new Set(
    [git('diff', '--name-only', since), git('diff', '--name-only'), git('ls-files', '--others', '--exclude-standard')]
      .flatMap((out) => out.split('\n'))
      .filter(Boolean),
  ),
];
const server = new Map<RemoteTeam, Set<string>>();
const { workspaces, reasons } = affectedWorkspaces(changed, (team) => {
  if (!server.has(team)) server.set(team, serverFiles(REPO_ROOT, team));
  return server.get(team)!;
});

console.log(`Changed since ${since}: ${changed.length} file(s)`);
if (workspaces.length === 0) {
  console.log(`Nothing to rebuild (documentation only); the docs are checked against the code (${DOCS_FACTS}).`);
  if (dryRun) process.exit(0);
  process.exit(spawnSync('npx', ['jest', DOCS_FACTS], { cwd: REPO_ROOT, stdio: 'inherit' }).status === 0 ? 0 : 1);
}
for (const workspace of workspaces) console.log(`  ${workspace.padEnd(14)} because of ${reasons[workspace]}`);
if (dryRun) process.exit(0);

const times: Array<[string, string, number, boolean]> = [];
function step(label: string, workspace: string, command: string, commandArgs: string[]): boolean {
  const started = Date.now();
  console.log(`\n=== ${label} ${workspace}: ${command} ${commandArgs.join(' ')}`);
  const result = spawnSync(command, commandArgs, { cwd: REPO_ROOT, stdio: 'inherit' });
  const ok = result.status === 0;
  times.push([label, workspace, (Date.now() - started) / 1000, ok]);
  return ok;
}

const code = workspaces.filter((w): w is Exclude<Workspace, 'e2e'> => w !== 'e2e');
const builds = code.filter((w) => w === 'shell' || w === 'console' || (REMOTE_TEAMS as readonly string[]).includes(w));
let ok = true;
ok = step('lint', code.join(' '), 'npx', ['eslint', '--max-warnings', '0', ...code]) && ok;
// TypeScript 7's compiler by path, as npm test runs it (TypeScript 6 provides a `tsc` too).
const tscNative = path.join(REPO_ROOT, 'node_modules', 'typescript-native', 'bin', 'tsc');
for (const workspace of code) ok = step('typecheck', workspace, 'node', [tscNative, '-p', workspace]) && ok;
for (const workspace of code) ok = step('unit', workspace, 'npx', ['jest', '--selectProjects', workspace]) && ok;
if (!code.includes('infra')) ok = step('unit', 'docs', 'npx', ['jest', DOCS_FACTS]) && ok;
for (const workspace of builds)
  ok = step('build', workspace, 'npm', ['run', 'build', '-w', `@forecourt/${workspace}`]) && ok;
ok = step('e2e', 'journeys', 'npx', ['playwright', 'test', '-c', path.join('e2e', 'playwright.config.ts')]) && ok;

console.log('\nSTEP       WORKSPACE       SECONDS  RESULT');
for (const [label, workspace, seconds, passed] of times) {
  console.log(
    `${label.padEnd(10)} ${workspace.slice(0, 15).padEnd(15)} ${seconds.toFixed(1).padStart(7)}  ${passed ? 'ok' : 'FAILED'}`,
  );
}
process.exit(ok ? 0 : 1);
