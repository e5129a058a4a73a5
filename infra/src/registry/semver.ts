/** The small part of semver the registry needs: parse, compare, and caret compatibility. */

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

export interface SemVer {
  major: number;
  minor: number;
  patch: number;
  prerelease: string | undefined;
}

export function parseSemver(version: string): SemVer | null {
  const match = SEMVER.exec(version);
  if (!match) return null;
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]), prerelease: match[4] };
}

export function isSemver(version: string): boolean {
  return parseSemver(version) !== null;
}

/** Orders versions; a prerelease sorts before its release. Unparseable versions sort first. */
export function compareSemver(a: string, b: string): number {
  const x = parseSemver(a);
  const y = parseSemver(b);
  if (!x || !y) return x ? 1 : y ? -1 : a.localeCompare(b);
  return (
    x.major - y.major ||
    x.minor - y.minor ||
    x.patch - y.patch ||
    (x.prerelease === y.prerelease ? 0 : x.prerelease === undefined ? 1 : y.prerelease === undefined ? -1 : x.prerelease.localeCompare(y.prerelease))
  );
}

/**
 * Whether two installed versions of a shared singleton can stand in for each other the way the
 * federation runtime's caret ranges allow: the same major (and, below 1.0, the same minor).
 */
export function sameCompatibilityLine(a: string, b: string): boolean {
  const x = parseSemver(a);
  const y = parseSemver(b);
  if (!x || !y) return a === b;
  return x.major === y.major && (x.major !== 0 || x.minor === y.minor);
}
