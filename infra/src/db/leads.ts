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

/**
 * Test-drive times booked at a location from `fromDate` on (the dealer's 'YYYY-MM-DDTHH:mm'),
 * leaving out the lead sent with `exceptKey` (a retry must not find its own booking in the way).
 */
export async function bookedTestDrives(db: Db, tenant: string, locationId: string, fromDate: string, exceptKey: string | null): Promise<string[]> {
  let query = db
    .selectFrom('leads')
    .select(sql<string>`payload->'userData'->>'dateTime'`.as('dateTime'))
    .where('tenant', '=', tenant)
    .where('form', '=', 'test-drive')
    .where(sql<string>`payload->'userData'->>'location_id'`, '=', locationId)
    .where(sql<string>`payload->'userData'->>'dateTime'`, '>=', fromDate);
  if (exceptKey) query = query.where((eb) => eb.or([eb('idempotency_key', 'is', null), eb('idempotency_key', '!=', exceptKey)]));
  const rows = await query.execute();
  return rows.map((row) => row.dateTime);
}

/** One lead of a site by id and form (null when the site has no such lead). */
export async function findLead(db: Db, tenant: string, id: string, form: string): Promise<{ id: string; payload: Record<string, unknown> } | null> {
  const row = await db.selectFrom('leads').select(['id', 'payload']).where('tenant', '=', tenant).where('id', '=', id).where('form', '=', form).executeTakeFirst();
  if (!row) return null;
  return { id: row.id, payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : (row.payload as Record<string, unknown>) };
}

/** Saves a value beside a lead (spec §7 POST /api/miscellaneous); saving it again replaces it. */
export async function saveMiscellaneous(db: Db, input: { tenant: string; columnName: string; leadId: string; data: Record<string, unknown> }): Promise<string> {
  const row = await db
    .insertInto('miscellaneous')
    .values({ tenant: input.tenant, column_name: input.columnName, lead_id: input.leadId, data: JSON.stringify(input.data) })
    .onConflict((oc) => oc.columns(['lead_id', 'column_name']).doUpdateSet({ data: JSON.stringify(input.data) }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
