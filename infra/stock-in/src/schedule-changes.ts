import type { Kysely } from 'kysely';
import type { PlatformTables } from '@forecourt/data/schema';
import { putSchedule, type FeedSchedule } from './feed-schedules';
import type { Schedule, ScheduleBody } from '@forecourt/admin-contract';

/**
 * A schedule's change as both ways in make it: the Stock API (a dealer's key) and the admin API
 * (an operator or the tenant's manager). One place, so the two never differ in what they accept,
 * what they answer or what the audit keeps.
 */

type Db = Kysely<PlatformTables>;

/** A schedule as the routes answer it. */
export function scheduleOf(schedule: FeedSchedule): Schedule {
  return {
    source: schedule.source,
    url: schedule.url,
    format: schedule.format,
    interval_minutes: schedule.intervalMinutes,
    updated_by: schedule.updatedBy,
    updated_at: schedule.updatedAt.toISOString(),
    next_pull_at: schedule.nextPullAt.toISOString(),
    last_pulled_at: schedule.lastPulledAt?.toISOString() ?? null,
    last_outcome: schedule.lastOutcome,
    last_message: schedule.lastMessage,
    last_import_id: schedule.lastImportId,
  };
}

/** What the audit keeps of a schedule: what was asked for, not the state of its pulls. */
export function auditedSchedule(schedule: FeedSchedule | null) {
  return schedule
    ? { source: schedule.source, url: schedule.url, format: schedule.format, intervalMinutes: schedule.intervalMinutes }
    : null;
}

export type ScheduleChange =
  | { status: 201 | 200; before: FeedSchedule | null; after: FeedSchedule }
  | { status: 409; body: { error: string; field: 'source' } };

/**
 * Makes or changes the tenant's schedule of `source`. A new one past the site's cap
 * (FORECOURT_FEEDS_PER_SITE) is refused, 409: every schedule is a pull the platform makes on its
 * own, so a script that makes a source per run would have it pulling without end. Changing one
 * the site has is always allowed.
 */
export async function setSchedule(
  db: Db,
  change: { tenant: string; source: string; body: ScheduleBody; updatedBy: string; perSite: number },
  now: Date,
): Promise<ScheduleChange> {
  const { body } = change;
  const result = await putSchedule(
    db,
    {
      tenant: change.tenant,
      source: change.source,
      url: body.url,
      format: body.format,
      intervalMinutes: body.interval_minutes,
      updatedBy: change.updatedBy,
    },
    now,
    { perTenant: change.perSite },
  );
  if ('refused' in result) {
    return {
      status: 409,
      body: {
        error: `source: this site has ${result.limit} scheduled feeds, the most it may have (FORECOURT_FEEDS_PER_SITE); remove one, or change one it has`,
        field: 'source',
      },
    };
  }
  return { status: result.before ? 200 : 201, before: result.before, after: result.after };
}
