import { createHash } from 'node:crypto';
import { exceedsPin, type Standing } from '../pins/canary-alerts';

/**
 * A release rolled across the fleet in waves (docs/remotes.md, Rollouts): the rules that put
 * tenants into waves and judge a wave, kept apart from storage and timers so each is tested on
 * its own. A wave's tenants run the new version as a canary beside their pin; the wave is judged
 * by the canary rule every tenant's canary already answers to (a failure rate more than the
 * margin above the pin's, over the same time and the same shoppers' traffic), summed over the
 * wave's tenants.
 */

export interface WaveSettings {
  /** Cumulative shares of the rollout's tenants, in percent, rising to 100: e.g. 1, 10, 50, 100. */
  waves: readonly number[];
  /** The share of each wave tenant's shoppers sent to the new version while the wave soaks. */
  canaryPercent: number;
  /** The least time a wave soaks before it may advance. */
  soakMinutes: number;
  /** Mount reports of the new version across the wave before it may advance (or be judged worse). */
  minMounts: number;
  /** A wave short of `minMounts` by this long after it started pauses for an operator. */
  deadlineMinutes: number;
  /** Points of failure rate the new version may have above the pins' before the wave halts. */
  marginPercent: number;
}

export type WaveDecision =
  | { kind: 'wait'; reason: string }
  | { kind: 'advance'; reason: string }
  | { kind: 'halt'; reason: string }
  | { kind: 'pause'; reason: string };

/** What is wrong with the settings, by field, or nothing. */
export function waveSettingsProblems(settings: WaveSettings): Array<{ field: string; reason: string }> {
  const problems: Array<{ field: string; reason: string }> = [];
  const { waves } = settings;
  if (waves.length === 0 || waves.length > 10) problems.push({ field: 'waves', reason: 'must name 1 to 10 waves' });
  waves.forEach((share, index) => {
    if (!(share > 0 && share <= 100))
      problems.push({ field: `waves.${index}`, reason: 'must be a share above 0 and at most 100' });
    else if (index > 0 && share <= waves[index - 1]!)
      problems.push({ field: `waves.${index}`, reason: 'must be more than the wave before it' });
  });
  if (waves.length && waves.at(-1) !== 100)
    problems.push({ field: `waves.${waves.length - 1}`, reason: 'the last wave must reach 100' });
  if (settings.deadlineMinutes < settings.soakMinutes)
    problems.push({ field: 'deadlineMinutes', reason: 'must be at least the soak time' });
  return problems;
}

/** A stable place for the tenant in this rollout's order: another rollout orders the fleet anew. */
function place(rolloutId: string, tenant: string): string {
  return createHash('sha256').update(`${rolloutId}\u0000${tenant}`).digest('hex');
}

/**
 * The rollout's tenants in waves: each wave takes its share of the tenants (rounded up, at least
 * one), in an order drawn from the rollout's id, so which dealers go first is neither the
 * alphabet's nor the same every time. A wave that would be empty (few tenants, close shares) is
 * left out. Every tenant is in exactly one wave.
 */
export function planWaves(rolloutId: string, tenants: readonly string[], shares: readonly number[]): string[][] {
  const ordered = [...new Set(tenants)].sort(
    (a, b) => place(rolloutId, a).localeCompare(place(rolloutId, b)) || a.localeCompare(b),
  );
  const waves: string[][] = [];
  let taken = 0;
  for (const share of shares) {
    const end = Math.min(ordered.length, Math.max(taken + 1, Math.ceil((share / 100) * ordered.length)));
    if (end > taken) waves.push(ordered.slice(taken, end));
    taken = end;
  }
  return waves;
}

const percent = (standing: Standing) => `${Math.round(standing.failureRatePercent * 10) / 10}%`;

/**
 * A wave's verdict from its tenants' reports since it started: the new version (`canary`) and
 * the versions pinned beside it (`pin`). It halts as soon as the canary rule says the new version
 * fails more often; it advances once it has soaked and has its mounts; it pauses for an operator
 * when the deadline comes without them (it never advances on time alone); else it waits.
 */
export function judgeWave(input: {
  canary: Standing;
  pin: Standing;
  startedAt: Date;
  now: Date;
  settings: WaveSettings;
}): WaveDecision {
  const { canary, pin, startedAt, now, settings } = input;
  const rule = { marginPercent: settings.marginPercent, minReports: settings.minMounts };
  if (exceedsPin(canary, pin, rule))
    return {
      kind: 'halt',
      reason: `${canary.version ?? 'the new version'} failed ${percent(canary)} of ${canary.reports} mounts against ${percent(pin)} of ${pin.reports} for the pinned versions, more than ${settings.marginPercent} points worse`,
    };
  const elapsedMs = now.getTime() - startedAt.getTime();
  const soaked = elapsedMs >= settings.soakMinutes * 60_000;
  const enough = canary.reports >= settings.minMounts;
  if (soaked && enough)
    return {
      kind: 'advance',
      reason: `${canary.reports} mounts over ${Math.floor(elapsedMs / 60_000)} min, failing ${percent(canary)} against ${percent(pin)} for the pinned versions`,
    };
  if (!enough && elapsedMs >= settings.deadlineMinutes * 60_000)
    return {
      kind: 'pause',
      reason: `only ${canary.reports} of the ${settings.minMounts} mounts needed within ${settings.deadlineMinutes} min: an operator decides`,
    };
  return {
    kind: 'wait',
    reason: enough
      ? `soaking: ${Math.ceil((settings.soakMinutes * 60_000 - elapsedMs) / 60_000)} min to go`
      : `${canary.reports} of the ${settings.minMounts} mounts needed`,
  };
}
