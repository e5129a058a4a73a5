import type { Kysely } from 'kysely';
import type { Canary } from '@forecourt/data/pins';
import { reportCounts, type ReportCounts } from '@forecourt/data/health-buckets';
import type { CanaryAlert } from '@forecourt/data/canary-alerts';
import type { PlatformTables } from '@forecourt/data/schema';
import { bucketStart } from '@forecourt/data/version-health';

/**
 * When a canary is flagged: once it has `minReports` mount reports (clean mounts and failures),
 * if its failure rate is more than `marginPercent` points above its pin's over the same time
 * (FORECOURT_CANARY_ALERT_MARGIN_PERCENT, FORECOURT_CANARY_ALERT_MIN_MOUNTS).
 */
export interface CanaryAlertRule {
  marginPercent: number;
  minReports: number;
}

export const DEFAULT_CANARY_ALERT_RULE: CanaryAlertRule = { marginPercent: 5, minReports: 20 };

/** One version's mount reports since the canary started, and its failure rate in percent. */
export interface Standing {
  version: string | null;
  clean: number;
  failures: number;
  reports: number;
  failureRatePercent: number;
}

export interface CanaryVerdict {
  tenant: string;
  team: string;
  canary: Standing & { version: string; percent: number; startedAt: Date };
  pin: Standing;
  /** Counted from the five-minute bucket the canary started in. */
  since: Date;
  flagged: boolean;
}

export function standing(version: string | null, counts: ReportCounts | undefined): Standing {
  const clean = counts?.clean ?? 0;
  const failures = counts?.failures ?? 0;
  const reports = clean + failures;
  return { version, clean, failures, reports, failureRatePercent: reports === 0 ? 0 : (failures * 100) / reports };
}

/** The rule itself. A pin with no reports over the time counts as failing never. */
export function exceedsPin(canary: Standing, pin: Standing, rule: CanaryAlertRule): boolean {
  return canary.reports >= rule.minReports && canary.failureRatePercent - pin.failureRatePercent > rule.marginPercent;
}

/**
 * The canary against its pin, each counted from the canary's start (its five-minute bucket) in the
 * mount report buckets: the pin's rate over the same time, with the same shoppers' traffic, is
 * what the canary is compared with, not its whole past.
 */
export async function judgeCanary(
  db: Kysely<PlatformTables>,
  canary: Canary,
  pinVersion: string | null,
  rule: CanaryAlertRule,
): Promise<CanaryVerdict> {
  const since = bucketStart(canary.startedAt);
  const versions = pinVersion && pinVersion !== canary.version ? [canary.version, pinVersion] : [canary.version];
  const counts = await reportCounts(db, { tenant: canary.tenant, team: canary.team, versions, since });
  const canaryStanding = standing(canary.version, counts.get(canary.version));
  const pinStanding = standing(
    pinVersion,
    pinVersion && pinVersion !== canary.version ? counts.get(pinVersion) : undefined,
  );
  return {
    tenant: canary.tenant,
    team: canary.team,
    canary: { ...canaryStanding, version: canary.version, percent: canary.percent, startedAt: canary.startedAt },
    pin: pinStanding,
    since,
    flagged: exceedsPin(canaryStanding, pinStanding, rule),
  };
}

const rounded = (value: number) => Math.round(value * 100) / 100;

/** What an alert row keeps of the verdict, and the webhook's body carries. */
export function alertDetails(verdict: CanaryVerdict, rule: CanaryAlertRule): Record<string, unknown> {
  const { canary, pin } = verdict;
  return {
    canary: {
      version: canary.version,
      percent: canary.percent,
      startedAt: canary.startedAt.toISOString(),
      clean: canary.clean,
      failures: canary.failures,
      failureRatePercent: rounded(canary.failureRatePercent),
    },
    pin: {
      version: pin.version,
      clean: pin.clean,
      failures: pin.failures,
      failureRatePercent: rounded(pin.failureRatePercent),
    },
    since: verdict.since.toISOString(),
    rule: { marginPercent: rule.marginPercent, minReports: rule.minReports },
  };
}

/** The webhook's body: the alert, with what its canary and pin stood at when it was flagged. */
export function webhookBody(alert: CanaryAlert): Record<string, unknown> {
  return {
    type: 'canary-flagged',
    id: alert.id,
    tenant: alert.tenant,
    team: alert.team,
    version: alert.version,
    flaggedAt: alert.flaggedAt.toISOString(),
    ...alert.details,
  };
}

/**
 * POSTs the alert as JSON. Any answer but 2xx (or no answer within 10 s) is a failure the caller
 * records and retries. `Idempotency-Key` names the alert, so a receiver can drop the one repeat
 * that a sender stopped between sending and recording can cause.
 */
export async function postCanaryAlert(url: string, alert: CanaryAlert, fetchImpl: typeof fetch = fetch): Promise<void> {
  const response = await fetchImpl(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': `canary-alert-${alert.id}` },
    body: JSON.stringify(webhookBody(alert)),
    signal: AbortSignal.timeout(10_000),
  });
  // The body is not needed; reading it frees the connection.
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok) throw new Error(`the canary webhook answered ${response.status}`);
}
