import type { Kysely, Selectable } from 'kysely';
import type { PlatformTables, PublishCheckRecord, PublishesTable } from './schema';

/** One publish as the audit keeps it. */
export interface PublishRecord {
  id: number;
  at: Date;
  team: string;
  version: string;
  actor: string;
  /** Published although the contract gate refused it. */
  forced: boolean;
  /** Every check the gate ran; the failed ones are what a forced publish overrode. */
  checks: PublishCheckRecord[];
  /** Why it was forced (required then), or a note. */
  reason: string | null;
}

export interface NewPublish {
  team: string;
  version: string;
  actor: string;
  forced: boolean;
  checks: readonly PublishCheckRecord[];
  reason?: string | null;
  at?: Date;
}

export class PublishAuditError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PublishAuditError';
  }
}

function toRecord(row: Selectable<PublishesTable>): PublishRecord {
  // jsonb comes back parsed from both engines; text only from a driver that does not parse it.
  const checks = typeof row.checks === 'string' ? (JSON.parse(row.checks) as PublishCheckRecord[]) : row.checks;
  return {
    id: Number(row.id),
    at: new Date(row.at),
    team: row.team,
    version: row.version,
    actor: row.actor,
    forced: row.forced,
    checks,
    reason: row.reason,
  };
}

export async function recordPublish(db: Kysely<PlatformTables>, publish: NewPublish): Promise<PublishRecord> {
  const reason = publish.reason?.trim() || null;
  if (publish.forced && !reason) throw new PublishAuditError('a forced publish needs a reason (--reason "...")');
  const row = await db
    .insertInto('publishes')
    .values({
      team: publish.team,
      version: publish.version,
      actor: publish.actor,
      forced: publish.forced,
      checks: JSON.stringify(publish.checks),
      reason,
      ...(publish.at ? { at: publish.at } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

/** Newest first; `forced` keeps only publishes forced past the gate. */
export async function listPublishes(
  db: Kysely<PlatformTables>,
  options: { team?: string; forced?: boolean; limit?: number } = {},
): Promise<PublishRecord[]> {
  let query = db.selectFrom('publishes').selectAll();
  if (options.team) query = query.where('team', '=', options.team);
  if (options.forced !== undefined) query = query.where('forced', '=', options.forced);
  const rows = await query
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit ?? 200)
    .execute();
  return rows.map(toRecord);
}

/** The checks a forced publish overrode, by name. */
export function failedCheckNames(record: Pick<PublishRecord, 'checks'>): string[] {
  return record.checks.filter((c) => !c.passed).map((c) => c.check);
}
