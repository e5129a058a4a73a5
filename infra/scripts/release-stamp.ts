/**
 * `npm run release:stamp -- <team> [<team>...]`: records a team's release after its build sources
 * changed: the next patch version in its package.json (a minor or major bump already made by hand
 * is kept) and its release.json with the sources' hash, which the release check
 * (infra/releases/src/builds/release.test.ts) compares with the checkout. With no team, stamps
 * every team whose release no longer describes its checkout (after a shared-config change: all).
 */
import { RELEASE_TEAMS, releaseProblem, stampRelease } from '@forecourt/releases/builds/release';
import { REPO_ROOT } from '@forecourt/config/paths';

async function main(): Promise<void> {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((team) => !RELEASE_TEAMS.includes(team));
  if (unknown.length) throw new Error(`not a team: ${unknown.join(', ')} (teams: ${RELEASE_TEAMS.join(', ')})`);
  const teams = asked.length ? asked : [];
  if (!asked.length) {
    for (const team of RELEASE_TEAMS) if (await releaseProblem(REPO_ROOT, team)) teams.push(team);
    if (!teams.length) console.log("Every team's release.json describes its checkout: nothing to stamp.");
  }
  for (const team of teams) {
    const { version, changed, bumped } = await stampRelease(REPO_ROOT, team);
    const files = bumped ? `${team}/package.json and ${team}/release.json` : `${team}/release.json`;
    console.log(
      changed
        ? `${team} ${version}: wrote ${files} (commit ${bumped ? 'both' : 'it'})`
        : `${team} ${version}: already current`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
