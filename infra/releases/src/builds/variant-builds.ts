/** A build of a team's checkout made for a test rather than for the registry (e2e's faulty builds). */
export interface VariantBuild {
  team: string;
  /** The version the build is published under. */
  version: string;
  /** What the build is made to do differently (the factory's FORECOURT_FAULT). */
  fault: string;
  /** sourceHash (release.ts) of the team's checkout. */
  sourceHash: string;
}

/** Leading hex digits of the hash kept in the name: short enough for a folder, far past any collision among a few builds. */
const HASH_DIGITS = 16;

/**
 * The folder a variant build is cached in, named by everything that makes its bytes: the same
 * team, version and fault from the same sources is the same build, and an edit to any of its
 * sources (a new hash) is a new folder, so a test never runs the build of older code.
 */
export function variantBuildName(variant: VariantBuild): string {
  return `${variantBuildPrefix(variant)}${variant.sourceHash.slice(0, HASH_DIGITS)}`;
}

/** What every build of this team, version and fault shares in its name, whatever its sources: to find the outdated ones. */
export function variantBuildPrefix(variant: Omit<VariantBuild, 'sourceHash'>): string {
  return `${variant.team}-${variant.version}-${variant.fault}-`;
}
