import { stampCommand } from './release';

/**
 * A way the site `npm start` serves is not what the checkout builds. Each is printed where it
 * happens too, but start-up prints pages of steps, URLs and server lines after it: these are
 * gathered and said again as the start's last lines, each with its fix.
 */
export type StaleBuild =
  /** The checkout's build of a version differs from the published one, which stays in use. */
  | { kind: 'differs'; team: string; version: string }
  /** The checkout's build was not published (the contract gate refused it, or publishing did). */
  | { kind: 'not-published'; team: string; version: string; reason: string }
  /** webpack failed: whatever was published before keeps being served. */
  | { kind: 'build-failed'; team: string }
  /** Tenants pinned to an older version than the checkout's (a pin start-up made earlier, or a person's). */
  | { kind: 'pinned-older'; team: string; version: string; tenants: { tenant: string; version: string }[] };

const RULE = '='.repeat(78);

function lines(stale: StaleBuild): string[] {
  switch (stale.kind) {
    case 'differs':
      return [
        `${stale.team}: the checkout's build of ${stale.version} differs from the published ${stale.version}, which is served (versions are immutable).`,
        `  fix: ${stampCommand(stale.team)}   then npm start again`,
      ];
    case 'not-published':
      return [
        `${stale.team}: the checkout's ${stale.version} was not published (${stale.reason}); an older build is served.`,
        `  fix: the reasons are printed under Publish above; correct them, then npm start again`,
      ];
    case 'build-failed':
      return [
        `${stale.team}: the build failed; the last published build is served.`,
        `  fix: npm run build -w @forecourt/${stale.team} shows the errors; correct them, then npm start again`,
      ];
    case 'pinned-older':
      return [
        `${stale.team}: the checkout is ${stale.version}, but ${stale.tenants.map((t) => `${t.tenant} runs ${t.version}`).join(', ')}.`,
        // The platform default's tenant is '*', which a shell would expand.
        ...stale.tenants.map(
          (t) =>
            `  fix: npm run forecourt -- pin ${t.tenant === '*' ? "'*'" : t.tenant} ${stale.team} ${stale.version}`,
        ),
      ];
  }
}

/**
 * The block `npm start` ends with when the site serves builds older than the checkout: one
 * entry per team and cause, each with the command that fixes it. Empty when there is none.
 */
export function staleBuildNotice(stale: readonly StaleBuild[]): string[] {
  if (!stale.length) return [];
  return [
    RULE,
    'NOT THE CHECKOUT: this site serves builds older than the code in this folder.',
    ...stale.flatMap(lines),
    RULE,
  ];
}
