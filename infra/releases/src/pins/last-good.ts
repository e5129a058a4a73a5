import type { Pin } from '@forecourt/data/pins';

/**
 * The pins a page is composed from, each with the fallback the shell may use if the served
 * version fails: the version that most recently earned last-good for this tenant (reported
 * mounting cleanly by shoppers' shells, infra/data/src/version-health.ts), other than the one served. With
 * none earned there is no fallback: the shell shows its fallback UI rather than a version nobody
 * has seen work. Run after `pinsForShopper`, so a canary shopper falls back to the earned pin.
 */
export function withEarnedLastGood(
  pins: ReadonlyMap<string, Pin>,
  earned: ReadonlyMap<string, readonly string[]>,
): Map<string, Pin> {
  const result = new Map<string, Pin>();
  for (const [team, pin] of pins) {
    const lastGood = earned.get(team)?.find((version) => version !== pin.version) ?? null;
    result.set(team, { ...pin, lastGoodVersion: lastGood });
  }
  return result;
}
