import { sql, type Kysely, type Transaction } from 'kysely';
import type { PlatformTables } from './schema';

/**
 * Tenants as rows (migration 0026). This module stores and reads them; what a valid tenant is,
 * and who may change which part, is the tenant service's (domain/tenants), which validates
 * every config before it reaches `insertTenant` or `updateTenant`.
 */

export interface TenantRow {
  slug: string;
  /** The tenant's configuration as written: its file's JSON, or the file's JSON with edited sections. */
  config: unknown;
  revision: number;
  updatedAt: Date;
  updatedBy: string;
}

export class TenantWriteError extends Error {
  constructor(
    message: string,
    readonly code: 'exists' | 'unknown' | 'stale' | 'domain-taken',
    readonly field: string,
  ) {
    super(message);
    this.name = 'TenantWriteError';
  }
}

/**
 * The channel a change is announced on. Named after the schema, so that processes sharing one
 * PostgreSQL database in separate schemas (tests) hear only their own tenants' changes.
 */
export async function tenantChannel(db: Kysely<PlatformTables>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return `forecourt_tenants_${rows[0]?.schema ?? 'public'}`;
}

function toRow(row: {
  slug: string;
  config: unknown;
  revision: number | string;
  updated_at: Date | string;
  updated_by: string;
}): TenantRow {
  // jsonb comes back parsed from both engines; text only from a driver that does not parse it.
  const config = typeof row.config === 'string' ? (JSON.parse(row.config) as unknown) : row.config;
  return {
    slug: row.slug,
    config,
    revision: Number(row.revision),
    updatedAt: new Date(row.updated_at),
    updatedBy: row.updated_by,
  };
}

/** Every tenant, by slug. */
export async function listTenantRows(db: Kysely<PlatformTables>): Promise<TenantRow[]> {
  const rows = await db
    .selectFrom('tenants')
    .select(['slug', 'config', 'revision', 'updated_at', 'updated_by'])
    .orderBy('slug')
    .execute();
  return rows.map(toRow);
}

export async function findTenantRow(db: Kysely<PlatformTables>, slug: string): Promise<TenantRow | null> {
  const row = await db
    .selectFrom('tenants')
    .select(['slug', 'config', 'revision', 'updated_at', 'updated_by'])
    .where('slug', '=', slug)
    .executeTakeFirst();
  return row ? toRow(row) : null;
}

/** The highest revision written (0 with no tenants): an instance that read this one has every change. */
export async function latestTenantRevision(db: Kysely<PlatformTables>): Promise<number> {
  const row = await db
    .selectFrom('tenants')
    .select((eb) => eb.fn.max('revision').as('revision'))
    .executeTakeFirst();
  return Number(row?.revision ?? 0);
}

async function announce(trx: Transaction<PlatformTables>, slug: string): Promise<void> {
  // Delivered by PostgreSQL only when the transaction commits, so no listener reads a change
  // that then rolls back. The embedded database has no other process to tell: its one server
  // hears its own writes from the tenant store itself.
  await sql`select pg_notify(${await tenantChannel(trx)}, ${slug})`.execute(trx);
}

async function claimDomains(trx: Transaction<PlatformTables>, slug: string, domains: readonly string[]): Promise<void> {
  await trx.deleteFrom('tenant_domains').where('tenant', '=', slug).execute();
  for (const [index, domain] of domains.entries()) {
    const owner = await trx
      .selectFrom('tenant_domains')
      .select('tenant')
      .where('domain', '=', domain)
      .executeTakeFirst();
    if (owner)
      throw new TenantWriteError(
        `'${domain}' already belongs to '${owner.tenant}'`,
        'domain-taken',
        `domains.${index}`,
      );
    await trx.insertInto('tenant_domains').values({ domain, tenant: slug }).execute();
  }
}

function domainsOf(config: unknown): string[] {
  const domains = (config as { domains?: unknown }).domains;
  return Array.isArray(domains)
    ? domains.filter((d): d is string => typeof d === 'string').map((d) => d.toLowerCase())
    : [];
}

/** A new tenant; refused when the slug is taken or one of its domains belongs to another tenant. */
export async function insertTenant(
  db: Kysely<PlatformTables>,
  input: { slug: string; config: unknown; by: string },
): Promise<TenantRow> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('tenants')
      .values({ slug: input.slug, config: JSON.stringify(input.config), created_by: input.by, updated_by: input.by })
      .onConflict((oc) => oc.column('slug').doNothing())
      .returning(['slug', 'config', 'revision', 'updated_at', 'updated_by'])
      .executeTakeFirst();
    if (!inserted) throw new TenantWriteError(`a tenant '${input.slug}' already exists`, 'exists', 'slug');
    await claimDomains(trx, input.slug, domainsOf(input.config));
    await announce(trx, input.slug);
    return toRow(inserted);
  });
}

/**
 * The tenant's next revision, with its new config when given, in the writer's transaction; with
 * `revision`, only if the row is still at it. Every change to a tenant goes through here, so one
 * rule says what a stale form and an unknown tenant are.
 */
async function nextRevision(
  trx: Transaction<PlatformTables>,
  input: { slug: string; by: string; revision?: number; config?: unknown; unknownField: string },
) {
  let query = trx
    .updateTable('tenants')
    .set({
      ...(input.config === undefined ? {} : { config: JSON.stringify(input.config) }),
      revision: sql<number>`nextval('tenant_revision')`,
      updated_at: sql<Date>`now()`,
      updated_by: input.by,
    })
    .where('slug', '=', input.slug);
  if (input.revision !== undefined) query = query.where('revision', '=', input.revision);
  const updated = await query.returning(['slug', 'config', 'revision', 'updated_at', 'updated_by']).executeTakeFirst();
  if (updated) return updated;
  const exists = await trx.selectFrom('tenants').select('slug').where('slug', '=', input.slug).executeTakeFirst();
  if (!exists) throw new TenantWriteError(`no tenant '${input.slug}'`, 'unknown', input.unknownField);
  throw new TenantWriteError(
    `'${input.slug}' was changed by someone else since revision ${input.revision}: reload it and make the change again`,
    'stale',
    'revision',
  );
}

/**
 * Replaces a tenant's config. With `revision`, only if the row is still at it: an edit made on a
 * form loaded before someone else's save is refused (`stale`), never merged over it.
 */
export async function updateTenant(
  db: Kysely<PlatformTables>,
  input: { slug: string; config: unknown; by: string; revision?: number },
): Promise<TenantRow> {
  return db.transaction().execute(async (trx) => {
    const updated = await nextRevision(trx, { ...input, unknownField: 'slug' });
    await claimDomains(trx, input.slug, domainsOf(input.config));
    await announce(trx, input.slug);
    return toRow(updated);
  });
}

/**
 * The files' tenants, each written once: a slug that already has a row keeps its row (rows win
 * once written), so running this again at every migrate adds new files' tenants and changes
 * nothing else. Returns the slugs it added.
 */
export async function seedTenantRows(
  db: Kysely<PlatformTables>,
  tenants: ReadonlyArray<{ slug: string; config: unknown }>,
  by: string,
): Promise<string[]> {
  const added: string[] = [];
  for (const tenant of tenants) {
    try {
      await insertTenant(db, { ...tenant, by });
      added.push(tenant.slug);
    } catch (error) {
      if (!(error instanceof TenantWriteError && error.code === 'exists')) throw error;
    }
  }
  return added;
}

/**
 * One department's weekly hours at one of the tenant's locations, written with the tenant's
 * revision: the hours are part of the site's settings, so an hours change is a settings change
 * every instance hears (their location caches are dropped with it).
 */
export async function updateLocationHours(
  db: Kysely<PlatformTables>,
  input: { tenant: string; location: string; type: string; hours: unknown[]; by: string; revision: number },
): Promise<TenantRow> {
  return db.transaction().execute(async (trx) => {
    const updated = await nextRevision(trx, {
      slug: input.tenant,
      by: input.by,
      revision: input.revision,
      unknownField: 'tenant',
    });
    const path = `{opening_hours,${input.type}}`;
    const { rows } = await sql<{ slug: string }>`update locations
      set contact_detail = jsonb_set(contact_detail, ${path}::text[], ${JSON.stringify(input.hours)}::jsonb, true)
      where tenant = ${input.tenant} and slug = ${input.location} returning slug`.execute(trx);
    if (rows.length === 0)
      throw new TenantWriteError(`'${input.tenant}' has no location '${input.location}'`, 'unknown', 'location');
    await announce(trx, input.tenant);
    return toRow(updated);
  });
}
