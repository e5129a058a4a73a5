import { sql, type Kysely } from 'kysely';
import type { PlatformTables } from './schema';

type Db = Kysely<PlatformTables>;

export type StoredLead = { status: 'stored' | 'replayed'; leadId: string } | { status: 'conflict' };

/**
 * Stores a lead and its outbox row in one transaction. With an idempotency key, a second
 * submission with the same key is answered from the first: the same lead id when the body is
 * the same, a conflict when it is not. Two submissions racing with one key meet at the unique
 * constraint: the loser reads the winner's row.
 */
export async function storeLead(db: Db, input: { tenant: string; form: string; payload: Record<string, unknown>; idempotency: { key: string; bodyHash: string } | null }): Promise<StoredLead> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('leads')
      .values({ tenant: input.tenant, form: input.form, payload: JSON.stringify(input.payload), idempotency_key: input.idempotency?.key ?? null, body_hash: input.idempotency?.bodyHash ?? null })
      .onConflict((oc) => oc.columns(['tenant', 'idempotency_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) {
      await trx.insertInto('lead_outbox').values({ lead_id: inserted.id, tenant: input.tenant }).execute();
      return { status: 'stored', leadId: inserted.id };
    }
    const first = await trx
      .selectFrom('leads')
      .select(['id', 'body_hash'])
      .where('tenant', '=', input.tenant)
      .where('idempotency_key', '=', input.idempotency?.key ?? '')
      .executeTakeFirstOrThrow();
    return first.body_hash === input.idempotency?.bodyHash ? { status: 'replayed', leadId: first.id } : { status: 'conflict' };
  });
}

/** Leads a site received from one phone (digits only, +61 as 0) since `since`. */
export async function countLeadsFromPhone(db: Db, tenant: string, phoneDigits: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant', '=', tenant)
    .where('created_at', '>', since)
    .where(sql<string>`regexp_replace(regexp_replace(payload->'userData'->>'phone', '\\D', '', 'g'), '^61', '0')`, '=', phoneDigits)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface LeadRow {
  id: string;
  form: string;
  payload: Record<string, unknown>;
  createdAt: Date;
  deliveredAt: Date | null;
}

/** A site's newest leads with their delivery state (the dev CRM page, tests). */
export async function recentLeads(db: Db, tenant: string, limit = 50): Promise<LeadRow[]> {
  const rows = await db
    .selectFrom('leads')
    .leftJoin('lead_outbox', 'lead_outbox.lead_id', 'leads.id')
    .select(['leads.id as id', 'leads.form as form', 'leads.payload as payload', 'leads.created_at as createdAt', 'lead_outbox.delivered_at as deliveredAt'])
    .where('leads.tenant', '=', tenant)
    .orderBy('leads.created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    form: row.form,
    payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload,
    createdAt: new Date(row.createdAt),
    deliveredAt: row.deliveredAt ? new Date(row.deliveredAt) : null,
  }));
}
