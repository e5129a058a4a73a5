import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { StockKey } from '@forecourt/admin-contract';
import type { PlatformTables, StockKeysTable } from '@forecourt/data/schema';

/**
 * A tenant's Stock API keys. A key is `fsk_` and 43 random characters, shown once when made;
 * the table keeps only its SHA-256, so a copy of the database opens no dealer's stock.
 */

type Db = Kysely<PlatformTables>;

export const STOCK_KEY_PREFIX = 'fsk_';

/** A key as the admin API answers it (its times as ISO text), never the key itself. */
export type { StockKey };

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function keyOf(row: Selectable<StockKeysTable>): StockKey {
  return {
    id: Number(row.id),
    tenant: row.tenant,
    label: row.label,
    createdAt: iso(row.created_at)!,
    createdBy: row.created_by,
    revokedAt: iso(row.revoked_at),
    lastUsedAt: iso(row.last_used_at),
  };
}

export async function createStockKey(
  db: Db,
  input: { tenant: string; label: string; createdBy: string },
): Promise<{ key: StockKey; secret: string }> {
  const secret = `${STOCK_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await db
    .insertInto('stock_keys')
    .values({ tenant: input.tenant, label: input.label, key_hash: hashOf(secret), created_by: input.createdBy })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { key: keyOf(row), secret };
}

/** The keys of the given tenants (null: every tenant), newest first. */
export async function listStockKeys(db: Db, tenants: readonly string[] | null): Promise<StockKey[]> {
  if (tenants !== null && tenants.length === 0) return [];
  let query = db.selectFrom('stock_keys').selectAll().orderBy('id', 'desc');
  if (tenants !== null) query = query.where('tenant', 'in', [...tenants]);
  return (await query.execute()).map(keyOf);
}

export async function findStockKey(db: Db, id: number): Promise<StockKey | null> {
  const row = await db.selectFrom('stock_keys').selectAll().where('id', '=', String(id)).executeTakeFirst();
  return row ? keyOf(row) : null;
}

/** Revokes the key (a second revoke keeps the first time); the key as it is now, or null when there is none. */
export async function revokeStockKey(db: Db, id: number, now: Date): Promise<StockKey | null> {
  await db
    .updateTable('stock_keys')
    .set({ revoked_at: now })
    .where('id', '=', String(id))
    .where('revoked_at', 'is', null)
    .execute();
  return findStockKey(db, id);
}

/** The live key a caller sent, or null (unknown, revoked, or not a key at all). Marks it used. */
export async function authenticateStockKey(db: Db, secret: string, now: Date): Promise<StockKey | null> {
  if (!secret.startsWith(STOCK_KEY_PREFIX) || secret.length > 200) return null;
  const row = await db
    .selectFrom('stock_keys')
    .selectAll()
    .where('key_hash', '=', hashOf(secret))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  // At most once a minute: a busy integrator's every request need not write.
  if (!row.last_used_at || now.getTime() - new Date(row.last_used_at).getTime() > 60_000) {
    await db.updateTable('stock_keys').set({ last_used_at: now }).where('id', '=', row.id).execute();
  }
  return keyOf(row);
}
