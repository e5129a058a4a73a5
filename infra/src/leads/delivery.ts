import { sql, type Kysely } from 'kysely';
import type { PlatformTables } from '../db/schema';
import type { Crm } from './crm';

/** The wait before the next attempt after `attempts` failures: 2 s, 4 s, 8 s ... up to an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60 * 60 * 1000, 1000 * 2 ** Math.max(1, attempts));
}

export interface DeliveryRound {
  delivered: number;
  failed: number;
}

/**
 * One round of delivery: the due outbox rows (not delivered, next attempt due), oldest first, a
 * batch at a time. Each row is claimed by pushing its next attempt a minute ahead in the same
 * statement that reads it, so two servers (or two rounds) never send one lead at once; a
 * success marks it delivered, a failure counts the attempt, keeps the error and waits longer.
 * A lead is never dropped: however often it fails, its row stays, and the dev CRM page shows it
 * waiting with its attempts and last error.
 */
export async function deliverDueLeads(db: Kysely<PlatformTables>, crm: Crm, now: () => Date = () => new Date(), batch = 20): Promise<DeliveryRound> {
  const claimAt = now();
  const claimed = await sql<{ id: string; lead_id: string; attempts: number }>`
    update lead_outbox set next_attempt_at = ${new Date(claimAt.getTime() + 60_000)}
    where id in (
      select id from lead_outbox
      where delivered_at is null and next_attempt_at <= ${claimAt}
      order by id
      limit ${batch}
      for update skip locked
    )
    returning id, lead_id, attempts`.execute(db);
  const round: DeliveryRound = { delivered: 0, failed: 0 };
  for (const row of claimed.rows) {
    const lead = await db.selectFrom('leads').selectAll().where('id', '=', row.lead_id).executeTakeFirst();
    if (!lead) continue;
    const payload = typeof lead.payload === 'string' ? (JSON.parse(lead.payload) as Record<string, unknown>) : lead.payload;
    try {
      await crm.deliver({ id: lead.id, tenant: lead.tenant, form: lead.form, payload, createdAt: new Date(lead.created_at) });
      await db.updateTable('lead_outbox').set({ delivered_at: now(), last_error: null }).where('id', '=', Number(row.id)).execute();
      round.delivered += 1;
    } catch (error) {
      const attempts = Number(row.attempts) + 1;
      await db
        .updateTable('lead_outbox')
        .set({ attempts, next_attempt_at: new Date(now().getTime() + retryDelayMs(attempts)), last_error: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500) })
        .where('id', '=', Number(row.id))
        .execute();
      round.failed += 1;
    }
  }
  return round;
}
