import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { PlatformTables } from './schema';

type Db = Kysely<PlatformTables>;

export type StoredLead = { status: 'stored' | 'replayed'; leadId: string } | { status: 'conflict' } | { status: 'limited' };

export interface LeadInput {
  tenant: string;
  form: string;
  payload: Record<string, unknown>;
  /** The sender's mobile, digits only with +61 as 0 (the per-phone limit counts by it). */
  phoneDigits: string | null;
  idempotency: { key: string; bodyHash: string } | null;
  /**
   * At most `max` leads from this phone on this site since `since`: over it, the lead is not
   * stored ('limited'). Leads sent with an idempotency key are not limited (a retry is not a
   * new lead). Checked in the statement that stores the lead; leads from one phone written in
   * the same batch do not see each other, so a burst may pass the limit by its batch-mates.
   */
  phoneLimit?: { max: number; since: Date } | null;
}

/**
 * Stores leads, each with its outbox row, in one statement: a data-modifying CTE whose leads'
 * insert and outbox rows' insert commit together or not at all, in one round trip (the embedded
 * database pays a fixed cost per statement on its thread, so the phone check, the lead and its
 * outbox row are one statement, not four). A lead over its phone limit is not inserted
 * ('limited'). With an idempotency key, a lead whose key the site has seen is answered from the
 * first: the same lead id when the body is the same, a conflict when it is not. Two leads racing
 * with one key (in this batch or another) meet at the unique constraint: the loser reads the
 * winner's row, committed by then (an insert that meets another transaction's uncommitted key
 * waits for it to end).
 */
async function writeLeads(db: Db, inputs: readonly LeadInput[]): Promise<StoredLead[]> {
  // Ids chosen here, so the rows the insert skipped (limited, or a key seen before) are known by theirs.
  const rows = inputs.map((input) => ({
    id: randomUUID(),
    tenant: input.tenant,
    form: input.form,
    payload: JSON.stringify(input.payload),
    idempotency_key: input.idempotency?.key ?? null,
    body_hash: input.idempotency?.bodyHash ?? null,
    phone_digits: input.phoneDigits,
    limit: input.idempotency ? null : (input.phoneLimit ?? null),
  }));
  // Written in SQL: the candidates are a VALUES list filtered by the phone check, which Kysely's
  // insert builder does not express. Every value is a parameter.
  const candidates = sql.join(
    rows.map(
      (row) =>
        sql`(${row.id}::uuid, ${row.tenant}::text, ${row.form}::text, ${row.payload}::jsonb, ${row.idempotency_key}::text, ${row.body_hash}::text, ${row.phone_digits}::text, ${row.limit?.max ?? null}::int, ${row.limit?.since ?? null}::timestamptz)`,
    ),
  );
  const result = await sql<{ id: string }>`
    with candidate (id, tenant, form, payload, idempotency_key, body_hash, phone_digits, limit_max, limit_since) as (values ${candidates}),
    inserted as (
      insert into leads (id, tenant, form, payload, idempotency_key, body_hash, phone_digits)
      select c.id, c.tenant, c.form, c.payload, c.idempotency_key, c.body_hash, c.phone_digits from candidate c
      where c.limit_max is null
         or (select count(*) from leads l where l.tenant = c.tenant and l.phone_digits = c.phone_digits and l.created_at > c.limit_since) < c.limit_max
      on conflict (tenant, idempotency_key) do nothing
      returning id, tenant
    ),
    outbox as (insert into lead_outbox (lead_id, tenant) select id, tenant from inserted)
    select id from inserted`.execute(db);
  const inserted = new Set(result.rows.map((row) => row.id));
  // Not inserted without a key: over the phone limit (a lead without a key cannot meet another's).
  const skipped = rows.filter((row) => !inserted.has(row.id) && row.idempotency_key !== null);
  const first =
    skipped.length === 0
      ? []
      : await db
          .selectFrom('leads')
          .select(['id', 'tenant', 'idempotency_key', 'body_hash'])
          .where((eb) => eb.or(skipped.map((row) => eb.and([eb('tenant', '=', row.tenant), eb('idempotency_key', '=', row.idempotency_key ?? '')]))))
          .execute();
  return rows.map((row): StoredLead => {
    if (inserted.has(row.id)) return { status: 'stored', leadId: row.id };
    if (row.idempotency_key === null) return { status: 'limited' };
    const winner = first.find((candidate) => candidate.tenant === row.tenant && candidate.idempotency_key === row.idempotency_key);
    if (!winner) throw new Error(`lead with key ${row.idempotency_key} was neither stored nor found`);
    return winner.body_hash === row.body_hash ? { status: 'replayed', leadId: winner.id } : { status: 'conflict' };
  });
}

/** Stores one lead (see writeLeads); the server goes through a LeadWriter instead. */
export async function storeLead(db: Db, input: LeadInput): Promise<StoredLead> {
  const [result] = await writeLeads(db, [input]);
  return result!;
}

/**
 * Group commit for leads. Each lead is acknowledged only after the transaction that holds it has
 * committed, but while one transaction is being written the leads that arrive meanwhile queue,
 * and the next transaction takes them all (up to `maxBatch`): at a trickle every lead is its own
 * transaction, under load one commit (and its disk flush) serves many. The embedded database
 * runs every statement on the server's own thread, so statements saved are CPU given back to
 * requests. Written here because no library does this over Kysely; it is a queue and a loop.
 * A batch that fails is written again lead by lead, so one bad lead cannot fail its neighbours.
 */
export class LeadWriter {
  private queue: Array<{ input: LeadInput; resolve: (result: StoredLead) => void; reject: (error: unknown) => void }> = [];
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly maxBatch = 200,
  ) {}

  store(input: LeadInput): Promise<StoredLead> {
    return new Promise<StoredLead>((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      this.running ??= this.drain().finally(() => {
        this.running = null;
      });
    });
  }

  /** Resolves when everything queued so far is written (server shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    // One turn of the event loop first: requests parsed in the same turn join the first batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      try {
        const results = await writeLeads(this.db, batch.map((entry) => entry.input));
        batch.forEach((entry, i) => entry.resolve(results[i]!));
      } catch (error) {
        if (batch.length === 1) {
          batch[0]!.reject(error);
          continue;
        }
        for (const entry of batch) await writeLeads(this.db, [entry.input]).then(([result]) => entry.resolve(result!), entry.reject);
      }
    }
  }
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

/** A phone's leads on a site, newest first (the shopper's garage): the index on (tenant, phone_digits, created_at) answers it. */
export async function leadsFromPhone(db: Db, tenant: string, phoneDigits: string, limit = 20): Promise<Array<{ id: string; form: string; payload: Record<string, unknown>; createdAt: Date }>> {
  const rows = await db
    .selectFrom('leads')
    .select(['id', 'form', 'payload', 'created_at'])
    .where('tenant', '=', tenant)
    .where('phone_digits', '=', phoneDigits)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, form: row.form, payload: row.payload as Record<string, unknown>, createdAt: new Date(row.created_at as unknown as string) }));
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
