/**
 * `npm run times`: how long each team's own pipeline takes on this machine — its production
 * build (`npm run build -w <team>`) and its unit tests run alone (`npm test -w <team>`) — and what
 * a change to one of its files rebuilds. A benchmark, not a test: it prints figures.
 */
import { spawnSync } from 'node:child_process';
import { REMOTE_TEAMS, type RemoteTeam } from '@forecourt/shared-config/teams';
import { affectedWorkspaces, serverFiles } from '@forecourt/tools/affected';
import { REPO_ROOT } from '@forecourt/config/paths';

function timed(command: string, args: string[]): { seconds: number; ok: boolean } {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: REPO_ROOT, stdio: 'ignore' });
  return { seconds: (Date.now() - started) / 1000, ok: result.status === 0 };
}

const teams = ['shell', ...REMOTE_TEAMS, 'shared-config', 'infra'] as const;
const rows: string[][] = [];
for (const team of teams) {
  const builds = team === 'shell' || (REMOTE_TEAMS as readonly string[]).includes(team);
  const build = builds ? timed('npm', ['run', 'build', '-w', `@forecourt/${team}`]) : null;
  const test = timed('npm', ['test', '-w', `@forecourt/${team}`]);
  const sample = `${team}/src/index.ts`;
  const touched = affectedWorkspaces([sample], (remote: RemoteTeam) => serverFiles(REPO_ROOT, remote)).workspaces;
  rows.push([
    team,
    build ? `${build.seconds.toFixed(1)} s${build.ok ? '' : ' (FAILED)'}` : '-',
    `${test.seconds.toFixed(1)} s${test.ok ? '' : ' (FAILED)'}`,
    touched.join(', '),
  ]);
  console.log(`${team}: build ${rows.at(-1)![1]}, tests ${rows.at(-1)![2]}`);
}

const header = ['TEAM', 'BUILD', 'UNIT TESTS ALONE', 'A CHANGE IN ITS BROWSER CODE RETESTS'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
console.log('');
for (const row of [header, ...rows])
  console.log(
    row
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd(),
  );
