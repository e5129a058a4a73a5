import { sql, type Kysely } from 'kysely';
import type { LeadDeliveryTenant } from '@forecourt/admin-contract';
import type { PlatformTables } from '@forecourt/data/schema';
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
export async function deliverDueLeads(
  db: Kysely<PlatformTables>,
  crm: Crm,
  now: () => Date = () => new Date(),
  batch = 100,
): Promise<DeliveryRound> {
  const claimAt = now();
  // claimed_until says the row is in flight (an operator's retry leaves it alone); next_attempt_at
  // makes it due again should this process die before recording the outcome.
  const claimEnds = new Date(claimAt.getTime() + 60_000);
  const claimed = await sql<{ id: string; lead_id: string; attempts: number }>`
    update lead_outbox set next_attempt_at = ${claimEnds}, claimed_until = ${claimEnds}
    where id in (
      select id from lead_outbox
      where delivered_at is null and next_attempt_at <= ${claimAt}
      order by id
      limit ${batch}
      for update skip locked
    )
    returning id, lead_id, attempts`.execute(db);
  const round: DeliveryRound = { delivered: 0, failed: 0 };
  if (claimed.rows.length === 0) return round;
  // The claimed leads in one read, the delivered rows marked in one write.
  const leads = new Map(
    (
      await db
        .selectFrom('leads')
        .selectAll()
        .where(
          'id',
          'in',
          claimed.rows.map((row) => row.lead_id),
        )
        .execute()
    ).map((lead) => [lead.id, lead]),
  );
  const delivered: number[] = [];
  const outgoing = claimed.rows.flatMap((row) => {
    const lead = leads.get(row.lead_id);
    if (!lead) return [];
    const payload =
      typeof lead.payload === 'string' ? (JSON.parse(lead.payload) as Record<string, unknown>) : lead.payload;
    return [
      {
        row,
        lead: { id: lead.id, tenant: lead.tenant, form: lead.form, payload, createdAt: new Date(lead.created_at) },
      },
    ];
  });
  // A CRM with a batch API takes the round at once; one that refuses it gets the leads one by one,
  // so a single bad lead is retried on its own.
  let batched = false;
  if (crm.deliverMany && outgoing.length > 1) {
    try {
      await crm.deliverMany(outgoing.map((entry) => entry.lead));
      batched = true;
      delivered.push(...outgoing.map((entry) => Number(entry.row.id)));
      round.delivered += outgoing.length;
    } catch {
      batched = false;
    }
  }
  for (const { row, lead } of batched ? [] : outgoing) {
    try {
      await crm.deliver(lead);
      // Marked at once, not with the round: a process killed mid-round would otherwise leave every
      // lead it had already sent to be sent again once the claim lapses. This way at most the one
      // in flight is (the CRM recognises it by its Idempotency-Key).
      await db
        .updateTable('lead_outbox')
        .set({ delivered_at: now(), last_error: null, claimed_until: null })
        .where('id', '=', Number(row.id))
        .execute();
      round.delivered += 1;
    } catch (error) {
      const attempts = Number(row.attempts) + 1;
      await db
        .updateTable('lead_outbox')
        .set({
          attempts,
          next_attempt_at: new Date(now().getTime() + retryDelayMs(attempts)),
          claimed_until: null,
          last_error: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
        })
        .where('id', '=', Number(row.id))
        .execute();
      round.failed += 1;
    }
  }
  if (delivered.length > 0)
    await db
      .updateTable('lead_outbox')
      .set({ delivered_at: now(), last_error: null, claimed_until: null })
      .where('id', 'in', delivered)
      .execute();
  return round;
}

/**
 * Rounds until the outbox has nothing due (a round that claims less than a batch), giving the
 * server's requests a turn between rounds: under a burst the CRM keeps up instead of taking a
 * batch a tick.
 */
export async function deliverAllDue(
  db: Kysely<PlatformTables>,
  crm: Crm,
  now: () => Date = () => new Date(),
  batch = 100,
): Promise<DeliveryRound> {
  const total: DeliveryRound = { delivered: 0, failed: 0 };
  for (;;) {
    const round = await deliverDueLeads(db, crm, now, batch);
    total.delivered += round.delivered;
    total.failed += round.failed;
    if (round.delivered + round.failed < batch) return total;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * An operator's "retry now" for one tenant: its leads not delivered, waiting for their next
 * attempt, become due at once, and the next delivery round sends them through the claim above.
 * A row a round holds right now (claimed_until ahead) is left alone: making it due again would let
 * another round send it a second time. One statement, so a round claiming at the same moment
 * either claimed the row first (it is skipped here) or finds it due.
 */
export async function makeTenantLeadsDue(
  db: Kysely<PlatformTables>,
  tenant: string,
  now: Date = new Date(),
): Promise<{ due: number[]; inFlight: number }> {
  const due = await db
    .updateTable('lead_outbox')
    .set({ next_attempt_at: now })
    .where('tenant', '=', tenant)
    .where('delivered_at', 'is', null)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
    .returning('id')
    .execute();
  const inFlight = await db
    .selectFrom('lead_outbox')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('tenant', '=', tenant)
    .where('delivered_at', 'is', null)
    .where('claimed_until', '>', now)
    .executeTakeFirstOrThrow();
  return { due: due.map((row) => Number(row.id)), inFlight: Number(inFlight.count) };
}

/** Of these outbox rows, how many are delivered and how many still wait. */
export async function outboxOutcome(
  db: Kysely<PlatformTables>,
  ids: readonly number[],
): Promise<{ delivered: number; waiting: number }> {
  if (ids.length === 0) return { delivered: 0, waiting: 0 };
  const rows = await db
    .selectFrom('lead_outbox')
    .select(['delivered_at'])
    .where('id', 'in', [...ids])
    .execute();
  const delivered = rows.filter((row) => row.delivered_at !== null).length;
  return { delivered, waiting: rows.length - delivered };
}

/** Each tenant's lead delivery, counted in the outbox (the console's lead delivery page). */
export async function deliverySummary(
  db: Kysely<PlatformTables>,
  tenants: readonly string[],
  now: Date = new Date(),
): Promise<LeadDeliveryTenant[]> {
  if (tenants.length === 0) return [];
  const counts = await db
    .selectFrom('lead_outbox')
    .innerJoin('leads', 'leads.id', 'lead_outbox.lead_id')
    .select((eb) => [
      'lead_outbox.tenant as tenant',
      eb.fn.countAll<number>().as('received'),
      sql<number>`count(*) filter (where lead_outbox.delivered_at is not null)`.as('delivered'),
      sql<number>`count(*) filter (where lead_outbox.delivered_at is null and lead_outbox.attempts = 0)`.as('waiting'),
      sql<number>`count(*) filter (where lead_outbox.delivered_at is null and lead_outbox.attempts > 0)`.as('failing'),
      sql<Date | string | null>`min(leads.created_at) filter (where lead_outbox.delivered_at is null)`.as('oldest'),
    ])
    .where('lead_outbox.tenant', 'in', [...tenants])
    .groupBy('lead_outbox.tenant')
    .execute();
  const errors = await db
    .selectFrom('lead_outbox')
    .select(['tenant', 'last_error'])
    .distinctOn('tenant')
    .where('tenant', 'in', [...tenants])
    .where('delivered_at', 'is', null)
    .where('last_error', 'is not', null)
    .orderBy('tenant')
    .orderBy('id', 'desc')
    .execute();
  return tenants.map((tenant) => {
    const row = counts.find((entry) => entry.tenant === tenant);
    const oldest = row?.oldest ? new Date(row.oldest) : null;
    return {
      tenant,
      received: Number(row?.received ?? 0),
      delivered: Number(row?.delivered ?? 0),
      waiting: Number(row?.waiting ?? 0),
      failing: Number(row?.failing ?? 0),
      oldestWaitingSeconds: oldest ? Math.max(0, Math.floor((now.getTime() - oldest.getTime()) / 1000)) : null,
      lastError: errors.find((entry) => entry.tenant === tenant)?.last_error ?? null,
    };
  });
}
