import { emit, track } from '@forecourt/shared-config';

/**
 * Platform event ids for `/api/events`, kept apart from the product's analytics ids (which are
 * below 100 in the specification) so dashboards never mix them.
 */
export const PLATFORM_EVENT = {
  appMounted: 1001,
  appFailed: 1002,
  appRecovered: 1003,
} as const;

export function reportMounted(team: string, version: string): void {
  emit('shell:app-mounted', { team, version });
}

export function reportFailure(team: string, version: string, reason: string): void {
  console.error(`[forecourt] ${team}@${version} failed: ${reason}`);
  emit('shell:app-failed', { team, version, reason });
  void track(PLATFORM_EVENT.appFailed, { team, version, reason: reason.slice(0, 300) });
}

export function reportRecovered(team: string, from: string, to: string): void {
  console.warn(`[forecourt] ${team} recovered onto last-good ${to} (pinned ${from} failed)`);
  void track(PLATFORM_EVENT.appRecovered, { team, from, to });
}
