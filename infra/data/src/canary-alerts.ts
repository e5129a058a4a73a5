import { sql, type Kysely, type Selectable } from 'kysely';
import type { CanaryAlertsTable, PlatformTables } from './schema';

type Db = Kysely<PlatformTables>;

export interface CanaryAlert {
  id: number;
  tenant: string;
  team: string;
  version: string;
  canaryStartedAt: Date;
  flaggedAt: Date;
  /** What the canary and its pin stood at when it was flagged (the webhook's body carries it). */
  details: Record<string, unknown>;
  attempts: number;
  sentAt: Date | null;
  lastError: string | null;
}

function toAlert(row: Selectable<CanaryAlertsTable>): CanaryAlert {
  return {
    id: Number(row.id),
    tenant: row.tenant,
    team: row.team,
    version: row.version,
    canaryStartedAt: new Date(row.canary_started_at),
    flaggedAt: new Date(row.flagged_at),
    details: (typeof row.details === 'string' ? JSON.parse(row.details) : row.details) as Record<string, unknown>,
    attempts: Number(row.attempts),
    sentAt: row.sent_at === null ? null : new Date(row.sent_at),
    lastError: row.last_error,
  };
}

/**
 * Flags a canary, once: the row is unique per tenant, team, version and start, so whichever
 * instance inserts it first raised the alert and every other finds it there (null).
 */
export async function raiseCanaryAlert(
  db: Db,
  input: { tenant: string; team: string; version: string; canaryStartedAt: Date; details: Record<string, unknown> },
  now = new Date(),
): Promise<CanaryAlert | null> {
  const row = await db
    .insertInto('canary_alerts')
    .values({
      tenant: input.tenant,
      team: input.team,
      version: input.version,
      canary_started_at: input.canaryStartedAt,
      flagged_at: now,
      next_attempt_at: now,
      details: JSON.stringify(input.details),
    })
    .onConflict((oc) => oc.columns(['tenant', 'team', 'version', 'canary_started_at']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ? toAlert(row) : null;
}

/** The alerts raised for these tenants' canaries (the console marks them flagged). */
export async function canaryAlertsOf(db: Db, tenants: readonly string[]): Promise<CanaryAlert[]> {
  if (tenants.length === 0) return [];
  const rows = await db
    .selectFrom('canary_alerts')
    .selectAll()
    .where('tenant', 'in', [...tenants])
    .orderBy('id')
    .execute();
  return rows.map(toAlert);
}

/** Attempts at a webhook before it is given up (its last error stays on the row). */
export const MAX_ALERT_ATTEMPTS = 10;
/** How long a sender holds an alert it claimed: another instance may take it once this passes. */
const CLAIM_MS = 60_000;

/**
 * Claims the alerts due to be sent: not sent, due, not held by another sender, raised in the last
 * day (an alert for a canary long gone is not worth sending once a webhook is configured), and
 * not given up. The claim is one statement that skips rows another sender is claiming, so two
 * instances never send one alert at once.
 */
export async function claimDueAlerts(db: Db, now = new Date(), limit = 20): Promise<CanaryAlert[]> {
  const since = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const claimed = await sql<Selectable<CanaryAlertsTable>>`
    update canary_alerts set claimed_until = ${new Date(now.getTime() + CLAIM_MS)}
    where id in (
      select id from canary_alerts
      where sent_at is null and next_attempt_at <= ${now} and (claimed_until is null or claimed_until <= ${now})
        and flagged_at > ${since} and attempts < ${MAX_ALERT_ATTEMPTS}
      order by id
      limit ${limit}
      for update skip locked
    )
    returning *`.execute(db);
  return claimed.rows.map(toAlert);
}

export async function markAlertSent(db: Db, id: number, now = new Date()): Promise<void> {
  await db
    .updateTable('canary_alerts')
    .set({ sent_at: now, claimed_until: null, last_error: null })
    .where('id', '=', id)
    .execute();
}

/** A failed attempt: counted, its error kept, tried again after 10 s, 20 s, 40 s ... up to an hour. */
export async function markAlertFailed(db: Db, alert: CanaryAlert, error: string, now = new Date()): Promise<void> {
  const attempts = alert.attempts + 1;
  const delay = Math.min(60 * 60 * 1000, 10_000 * 2 ** (attempts - 1));
  await db
    .updateTable('canary_alerts')
    .set({
      attempts,
      last_error: error.slice(0, 500),
      claimed_until: null,
      next_attempt_at: new Date(now.getTime() + delay),
    })
    .where('id', '=', alert.id)
    .execute();
}
