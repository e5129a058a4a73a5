import semver from 'semver';
import { label, type Candidate } from './candidate';

/** The shell build a remote is checked against: the platform default's, else the newest published. */
export interface ShellBuild {
  version: string;
  /** Shared singletons the shell provides, name to installed version (its forecourt-build.json). */
  shared: Record<string, string>;
}

/**
 * Refuses a remote whose shared-singleton ranges the shell's versions do not satisfy. Every
 * singleton is loaded once per page, from the shell: a remote that requires `^19.4.0` of React
 * on a shell that provides 19.3.1 would run on a React older than it was built for (the federation
 * runtime only warns). A singleton the shell does not provide is the remote's own to bring (a
 * slice added after the shell was built) and is not checked.
 */
export function checkSharedRanges(
  candidate: Pick<Candidate, 'team' | 'version' | 'info' | 'manifest'>,
  shell: ShellBuild | null,
): string[] {
  if (!shell) return [];
  const required = new Map<string, string>();
  // The range webpack was told (`requiredVersion` in the federation manifest); a caret on the
  // built version when the manifest does not say.
  for (const [name, version] of Object.entries(candidate.info.shared)) required.set(name, `^${version}`);
  for (const entry of candidate.manifest.shared) {
    if (entry.requiredVersion) required.set(entry.name, entry.requiredVersion);
  }
  const reasons: string[] = [];
  for (const [name, range] of required) {
    const provided = shell.shared[name];
    if (!provided) continue;
    if (!semver.validRange(range)) {
      reasons.push(`${label(candidate)} requires shared ${name} '${range}', which is not a version range`);
      continue;
    }
    if (!semver.satisfies(provided, range, { includePrerelease: true })) {
      reasons.push(
        `${label(candidate)} requires shared ${name} ${range}, but shell ${shell.version} provides ${provided}: ` +
          `publish a shell that provides it first, or build against ${provided}`,
      );
    }
  }
  return reasons;
}
