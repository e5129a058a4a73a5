import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { PlatformTables } from './schema';

type Db = Kysely<PlatformTables>;

export type StoredLead =
  | { status: 'stored' | 'replayed'; leadId: string }
  | { status: 'conflict' }
  | { status: 'limited' }
  | { status: 'taken' };

export interface LeadInput {
  tenant: string;
  form: string;
  /** A test drive's `userData.location_id` and `userData.dateTime` are its slot (one lead each). */
  payload: Record<string, unknown>;
  /** The sender's mobile, digits only with +61 as 0 (the per-phone limit counts by it). */
  phoneDigits: string | null;
  idempotency: { key: string; bodyHash: string } | null;
  /**
   * At most `max` leads from this phone on this site since `since`: over it, the lead is not
   * stored ('limited'). A lead with a fresh idempotency key counts like any other; only a retry
   * of a key already stored is answered from its first without counting.
   */
  phoneLimit?: { max: number; since: Date } | null;
}

/** A test drive's slot, from the lead's own values (the form checked them). */
function slotOf(input: LeadInput): { location: string; time: string } | null {
  if (input.form !== 'test-drive') return null;
  const userData = input.payload['userData'];
  if (!userData || typeof userData !== 'object') return null;
  const { location_id: location, dateTime: time } = userData as Record<string, unknown>;
  return typeof location === 'string' && typeof time === 'string' ? { location, time } : null;
}

/**
 * Takes, until the transaction ends, one lock per phone and site that these leads are limited by,
 * in one order (so two batches cannot wait on each other). Counting a phone's leads and inserting
 * is not enough alone: on PostgreSQL two transactions can both count 9 and both insert. With the
 * lock the second counts after the first has committed. (PGlite runs one transaction at a time;
 * the lock costs it one statement.)
 */
async function lockPhones(trx: Db, keys: readonly string[]): Promise<void> {
  const values = sql.join(keys.map((key) => sql`(${key}::text)`));
  await sql`
    select pg_advisory_xact_lock(h)
    from (select distinct hashtextextended('lead-phone:' || k, 0) as h from (values ${values}) as v (k)) as locks
    order by h`.execute(trx);
}

/**
 * Stores leads, each with its outbox row, in one statement: a data-modifying CTE whose leads'
 * insert and outbox rows' insert commit together or not at all, in one round trip (the embedded
 * database pays a fixed cost per statement on its thread, so the phone check, the lead and its
 * outbox row are one statement, not four). The database decides what must hold under any race:
 *
 * - Per phone, a lead is counted with the phone's stored leads of the window and its batch-mates
 *   before it; over the limit it is not inserted ('limited'). Limited leads are written in a
 *   transaction that holds their phones' locks first (lockPhones).
 * - A key the site has seen is answered from the first: the same lead id when the body is the
 *   same, a conflict when it is not. Two leads racing with one key meet at the unique constraint.
 * - A test drive's slot is one lead's: two bookings racing for it meet at the unique index
 *   leads_one_booking_per_slot, and the second is 'taken'.
 *
 * `on conflict do nothing` names no index on purpose: both unique indexes decide, and an insert
 * that meets another transaction's uncommitted row waits for it to end, so the loser reads the
 * winner's row, committed by then.
 */
async function writeLeads(db: Db, inputs: readonly LeadInput[]): Promise<StoredLead[]> {
  // Ids chosen here, so the rows the insert skipped (limited, a key seen before, a slot taken) are known by theirs.
  const rows = inputs.map((input, order) => {
    const slot = slotOf(input);
    return {
      id: randomUUID(),
      order,
      tenant: input.tenant,
      form: input.form,
      payload: JSON.stringify(input.payload),
      idempotency_key: input.idempotency?.key ?? null,
      body_hash: input.idempotency?.bodyHash ?? null,
      phone_digits: input.phoneDigits,
      limit: input.phoneDigits ? (input.phoneLimit ?? null) : null,
      slot,
    };
  });
  // Written in SQL: the candidates are a VALUES list filtered by the phone check, which Kysely's
  // insert builder does not express. Every value is a parameter.
  const candidates = sql.join(
    rows.map(
      (row) =>
        sql`(${row.id}::uuid, ${row.order}::int, ${row.tenant}::text, ${row.form}::text, ${row.payload}::jsonb, ${row.idempotency_key}::text, ${row.body_hash}::text, ${row.phone_digits}::text, ${row.limit?.max ?? null}::int, ${row.limit?.since ?? null}::timestamptz, ${row.slot?.location ?? null}::text, ${row.slot?.time ?? null}::text)`,
    ),
  );
  const statement = sql<{ id: string; stored: boolean }>`
    with candidate (id, ord, tenant, form, payload, idempotency_key, body_hash, phone_digits, limit_max, limit_since, booking_location, booking_time) as (values ${candidates}),
    fresh as (
      select c.*, row_number() over (partition by c.tenant, c.phone_digits order by c.ord) - 1 as earlier
      from candidate c
      where c.idempotency_key is null or not exists (select 1 from leads l where l.tenant = c.tenant and l.idempotency_key = c.idempotency_key)
    ),
    allowed as (
      select f.* from fresh f
      where f.limit_max is null
         or (select count(*) from leads l where l.tenant = f.tenant and l.phone_digits = f.phone_digits and l.created_at > f.limit_since) + f.earlier < f.limit_max
    ),
    inserted as (
      insert into leads (id, tenant, form, payload, idempotency_key, body_hash, phone_digits, booking_location, booking_time)
      select a.id, a.tenant, a.form, a.payload, a.idempotency_key, a.body_hash, a.phone_digits, a.booking_location, a.booking_time from allowed a
      on conflict do nothing
      returning id, tenant
    ),
    outbox as (insert into lead_outbox (lead_id, tenant) select id, tenant from inserted)
    select a.id, exists (select 1 from inserted i where i.id = a.id) as stored from allowed a`;
  const phones = [
    ...new Set(rows.filter((row) => row.limit).map((row) => `${row.tenant}:${row.phone_digits ?? ''}`)),
  ].sort();
  const result =
    phones.length === 0
      ? await statement.execute(db)
      : await db.transaction().execute(async (trx) => {
          await lockPhones(trx, phones);
          return statement.execute(trx);
        });
  const allowed = new Map(result.rows.map((row) => [row.id, row.stored]));
  // A keyed lead not stored may be a retry (or have raced one): its key's first lead answers it.
  const keyed = rows.filter((row) => allowed.get(row.id) !== true && row.idempotency_key !== null);
  const first =
    keyed.length === 0
      ? []
      : await db
          .selectFrom('leads')
          .select(['id', 'tenant', 'idempotency_key', 'body_hash'])
          .where((eb) =>
            eb.or(
              keyed.map((row) =>
                eb.and([eb('tenant', '=', row.tenant), eb('idempotency_key', '=', row.idempotency_key ?? '')]),
              ),
            ),
          )
          .execute();
  return rows.map((row): StoredLead => {
    const passed = allowed.get(row.id);
    if (passed === true) return { status: 'stored', leadId: row.id };
    const winner =
      row.idempotency_key === null
        ? undefined
        : first.find(
            (candidate) => candidate.tenant === row.tenant && candidate.idempotency_key === row.idempotency_key,
          );
    if (winner)
      return winner.body_hash === row.body_hash ? { status: 'replayed', leadId: winner.id } : { status: 'conflict' };
    if (passed === undefined) return { status: 'limited' };
    if (row.slot) return { status: 'taken' };
    throw new Error(`lead ${row.id} was neither stored nor refused by a rule`);
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
  private queue: Array<{ input: LeadInput; resolve: (result: StoredLead) => void; reject: (error: unknown) => void }> =
    [];
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
        const results = await writeLeads(
          this.db,
          batch.map((entry) => entry.input),
        );
        batch.forEach((entry, i) => entry.resolve(results[i]!));
      } catch (error) {
        if (batch.length === 1) {
          batch[0]!.reject(error);
          continue;
        }
        for (const entry of batch)
          await writeLeads(this.db, [entry.input]).then(([result]) => entry.resolve(result!), entry.reject);
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
    .select([
      'leads.id as id',
      'leads.form as form',
      'leads.payload as payload',
      'leads.created_at as createdAt',
      'lead_outbox.delivered_at as deliveredAt',
    ])
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

/** Test-drive times booked at a location from `fromDate` on (the dealer's 'YYYY-MM-DDTHH:mm'). */
export async function bookedTestDrives(
  db: Db,
  tenant: string,
  locationId: string,
  fromDate: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('leads')
    .select('booking_time')
    .where('tenant', '=', tenant)
    .where('booking_location', '=', locationId)
    .where('booking_time', '>=', fromDate)
    .execute();
  return rows.flatMap((row) => (row.booking_time === null ? [] : [row.booking_time]));
}

/** A phone's leads on a site, newest first (the shopper's garage): the index on (tenant, phone_digits, created_at) answers it. */
export async function leadsFromPhone(
  db: Db,
  tenant: string,
  phoneDigits: string,
  limit = 20,
): Promise<Array<{ id: string; form: string; payload: Record<string, unknown>; createdAt: Date }>> {
  const rows = await db
    .selectFrom('leads')
    .select(['id', 'form', 'payload', 'created_at'])
    .where('tenant', '=', tenant)
    .where('phone_digits', '=', phoneDigits)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    form: row.form,
    payload: row.payload as Record<string, unknown>,
    createdAt: new Date(row.created_at as unknown as string),
  }));
}

/** One lead of a site by id and form (null when the site has no such lead). */
export async function findLead(
  db: Db,
  tenant: string,
  id: string,
  form: string,
): Promise<{ id: string; payload: Record<string, unknown> } | null> {
  const row = await db
    .selectFrom('leads')
    .select(['id', 'payload'])
    .where('tenant', '=', tenant)
    .where('id', '=', id)
    .where('form', '=', form)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    payload:
      typeof row.payload === 'string'
        ? (JSON.parse(row.payload) as Record<string, unknown>)
        : (row.payload as Record<string, unknown>),
  };
}

/** Saves a value beside a lead (spec §7 POST /api/miscellaneous); saving it again replaces it. */
export async function saveMiscellaneous(
  db: Db,
  input: { tenant: string; columnName: string; leadId: string; data: Record<string, unknown> },
): Promise<string> {
  const row = await db
    .insertInto('miscellaneous')
    .values({
      tenant: input.tenant,
      column_name: input.columnName,
      lead_id: input.leadId,
      data: JSON.stringify(input.data),
    })
    .onConflict((oc) => oc.columns(['lead_id', 'column_name']).doUpdateSet({ data: JSON.stringify(input.data) }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
