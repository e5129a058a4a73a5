import type { Kysely, Selectable } from 'kysely';
import type { PinChangesTable, PinsTable, PlatformTables } from './schema';

/** The tenant value of a platform-wide default pin, used by every tenant without its own. */
export const DEFAULT_TENANT = '*';

export interface Pin {
  tenant: string;
  team: string;
  version: string;
  lastGoodVersion: string | null;
  updatedAt: Date;
}

export interface PinChange {
  id: number;
  at: Date;
  tenant: string;
  team: string;
  fromVersion: string | null;
  toVersion: string;
  action: 'pin' | 'rollback';
  actor: string;
}

/** A pin change the data cannot make; `code` picks the HTTP status at the edge. */
export class PinChangeError extends Error {
  constructor(
    message: string,
    readonly code: 'not-found' | 'conflict' | 'invalid',
  ) {
    super(message);
    this.name = 'PinChangeError';
  }
}

function toPin(row: Selectable<PinsTable>): Pin {
  return {
    tenant: row.tenant,
    team: row.team,
    version: row.version,
    lastGoodVersion: row.last_good_version,
    updatedAt: new Date(row.updated_at),
  };
}

function toChange(row: Selectable<PinChangesTable>): PinChange {
  return {
    id: Number(row.id),
    at: new Date(row.at),
    tenant: row.tenant,
    team: row.team,
    fromVersion: row.from_version,
    toVersion: row.to_version,
    action: row.action,
    actor: row.actor,
  };
}

export async function listPins(db: Kysely<PlatformTables>): Promise<Pin[]> {
  const rows = await db.selectFrom('pins').selectAll().orderBy('tenant').orderBy('team').execute();
  return rows.map(toPin);
}

/** A tenant's own pins and the platform defaults, in one round trip (read on every page). */
export async function pinsForTenant(db: Kysely<PlatformTables>, tenant: string): Promise<Pin[]> {
  const rows = await db
    .selectFrom('pins')
    .selectAll()
    .where('tenant', 'in', [tenant, DEFAULT_TENANT])
    .execute();
  return rows.map(toPin);
}

/** Resolves each team to the tenant's own pin, else the platform default. */
export function effectivePins(pins: readonly Pin[], tenant: string): Map<string, Pin> {
  const byTeam = new Map<string, Pin>();
  for (const pin of pins) if (pin.tenant === DEFAULT_TENANT) byTeam.set(pin.team, pin);
  for (const pin of pins) if (pin.tenant === tenant) byTeam.set(pin.team, pin);
  return byTeam;
}

export async function listPinChanges(
  db: Kysely<PlatformTables>,
  filter: { tenant?: string; limit?: number } = {},
): Promise<PinChange[]> {
  let query = db.selectFrom('pin_changes').selectAll().orderBy('id', 'desc').limit(filter.limit ?? 200);
  if (filter.tenant) query = query.where('tenant', '=', filter.tenant);
  return (await query.execute()).map(toChange);
}

export interface PinInput {
  tenant: string;
  team: string;
  version: string;
  actor: string;
}

export interface PinResult {
  pin: Pin;
  /** Null when the version was already pinned: nothing changed, nothing recorded. */
  change: PinChange | null;
}

/**
 * Pins a version. The version the tenant ran until now (its own pin, else the platform default)
 * becomes its last-good version, which the shell falls back to if the new one fails to load.
 */
export async function setPin(db: Kysely<PlatformTables>, input: PinInput): Promise<PinResult> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('pins')
      .selectAll()
      .where('tenant', 'in', [input.tenant, DEFAULT_TENANT])
      .where('team', '=', input.team)
      .forUpdate()
      .execute();
    const own = current.find((row) => row.tenant === input.tenant);
    const inherited = current.find((row) => row.tenant === DEFAULT_TENANT);
    if (own?.version === input.version) return { pin: toPin(own), change: null };

    const previous = own?.version ?? inherited?.version ?? null;
    const lastGood = previous === input.version ? (own?.last_good_version ?? null) : previous;
    const now = new Date();
    const row = await trx
      .insertInto('pins')
      .values({
        tenant: input.tenant,
        team: input.team,
        version: input.version,
        last_good_version: lastGood,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['tenant', 'team']).doUpdateSet({ version: input.version, last_good_version: lastGood, updated_at: now }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    const change = await trx
      .insertInto('pin_changes')
      .values({
        tenant: input.tenant,
        team: input.team,
        from_version: previous,
        to_version: input.version,
        action: 'pin',
        actor: input.actor,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { pin: toPin(row), change: toChange(change) };
  });
}

export interface RollbackInput {
  tenant: string;
  team: string;
  /** Defaults to the pin's last-good version. */
  to?: string;
  actor: string;
}

/**
 * Goes back to the last-good version (or `to`). The version rolled away from is presumed bad,
 * so it never becomes the fallback: last-good is cleared until the next forward pin.
 */
export async function rollbackPin(db: Kysely<PlatformTables>, input: RollbackInput): Promise<PinResult> {
  return db.transaction().execute(async (trx) => {
    const own = await trx
      .selectFrom('pins')
      .selectAll()
      .where('tenant', '=', input.tenant)
      .where('team', '=', input.team)
      .forUpdate()
      .executeTakeFirst();
    if (!own) {
      throw new PinChangeError(`${input.tenant} has no pin for ${input.team} to roll back`, 'not-found');
    }
    const target = input.to ?? own.last_good_version;
    if (!target) {
      throw new PinChangeError(
        `${input.tenant} ${input.team} has no last-good version to roll back to; name one with --to <version>`,
        'conflict',
      );
    }
    if (target === own.version) {
      throw new PinChangeError(`${input.tenant} ${input.team} is already on ${target}`, 'conflict');
    }
    const row = await trx
      .updateTable('pins')
      .set({ version: target, last_good_version: null, updated_at: new Date() })
      .where('tenant', '=', input.tenant)
      .where('team', '=', input.team)
      .returningAll()
      .executeTakeFirstOrThrow();
    const change = await trx
      .insertInto('pin_changes')
      .values({
        tenant: input.tenant,
        team: input.team,
        from_version: own.version,
        to_version: target,
        action: 'rollback',
        actor: input.actor,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { pin: toPin(row), change: toChange(change) };
  });
}
