import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { CANARY_PERCENT } from '@forecourt/admin-contract';
import { forfeitEarned } from './version-health';
import type { CanariesTable, PinChangeAction, PinChangesTable, PinsTable, PlatformTables } from './schema';

/** The tenant value of a platform-wide default pin, used by every tenant without its own. */
export const DEFAULT_TENANT = '*';

export interface Pin {
  tenant: string;
  team: string;
  version: string;
  /**
   * Stored: the version this pin replaced, where `rollback` goes. On a page's pins it is replaced
   * by the earned last-good the shell falls back to (pins/last-good.ts): a version shoppers'
   * shells reported mounting cleanly, never one that was merely pinned before.
   */
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
  action: PinChangeAction;
  /** The canary's share of shoppers this change set or ended; null when it concerned every shopper. */
  percent: number | null;
  actor: string;
}

/** A tenant's canary of one remote: `percent` of its shoppers, chosen sticky, get `version`. */
export interface Canary {
  tenant: string;
  team: string;
  version: string;
  percent: number;
  startedAt: Date;
  /** Who started it or last changed it (the audit has every change). */
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

/**
 * A promote or rollback sent with the pin its caller saw (`expected`), which has changed since:
 * nothing is done, and `current` says what the pin is now so the caller can look again.
 */
export class StalePinError extends PinChangeError {
  constructor(
    readonly tenant: string,
    readonly team: string,
    readonly expected: string | null,
    readonly current: string | null,
  ) {
    super(
      `${tenant} ${team} is on ${current ?? '(no pin)'} now, not ${expected ?? '(no pin)'} as you saw: look again before you change it`,
      'conflict',
    );
    this.name = 'StalePinError';
  }
}

function checkExpected(
  input: { tenant: string; team: string; expected?: string | null },
  effective: Selectable<PinsTable> | undefined,
): void {
  if (input.expected !== undefined && (effective?.version ?? null) !== input.expected) {
    throw new StalePinError(input.tenant, input.team, input.expected, effective?.version ?? null);
  }
}

/** What one tenant's team runs, as the operator audit keeps it before and after a change. */
export interface PinSnapshot {
  /** The pin in force: the tenant's own, else the platform default ('*'). */
  pin: { tenant: string; version: string; lastGoodVersion: string | null } | null;
  canary: { version: string; percent: number } | null;
}

export async function pinSnapshot(db: Kysely<PlatformTables>, tenant: string, team: string): Promise<PinSnapshot> {
  const rows = await db
    .selectFrom('pins')
    .selectAll()
    .where('tenant', 'in', [tenant, DEFAULT_TENANT])
    .where('team', '=', team)
    .execute();
  const pin = rows.find((row) => row.tenant === tenant) ?? rows.find((row) => row.tenant === DEFAULT_TENANT);
  const canary = await db
    .selectFrom('canaries')
    .select(['version', 'percent'])
    .where('tenant', '=', tenant)
    .where('team', '=', team)
    .executeTakeFirst();
  return {
    pin: pin ? { tenant: pin.tenant, version: pin.version, lastGoodVersion: pin.last_good_version } : null,
    canary: canary ?? null,
  };
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

function toCanary(row: Selectable<CanariesTable>): Canary {
  return {
    tenant: row.tenant,
    team: row.team,
    version: row.version,
    percent: row.percent,
    startedAt: new Date(row.started_at),
    actor: row.actor,
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
    percent: row.percent,
    actor: row.actor,
  };
}

export async function listPins(db: Kysely<PlatformTables>): Promise<Pin[]> {
  const rows = await db.selectFrom('pins').selectAll().orderBy('tenant').orderBy('team').execute();
  return rows.map(toPin);
}

/** A tenant's own pins and the platform defaults, in one round trip (read on every page). */
export async function pinsForTenant(db: Kysely<PlatformTables>, tenant: string): Promise<Pin[]> {
  const rows = await db.selectFrom('pins').selectAll().where('tenant', 'in', [tenant, DEFAULT_TENANT]).execute();
  return rows.map(toPin);
}

/** Resolves each team to the tenant's own pin, else the platform default. */
export function effectivePins(pins: readonly Pin[], tenant: string): Map<string, Pin> {
  const byTeam = new Map<string, Pin>();
  for (const pin of pins) if (pin.tenant === DEFAULT_TENANT) byTeam.set(pin.team, pin);
  for (const pin of pins) if (pin.tenant === tenant) byTeam.set(pin.team, pin);
  return byTeam;
}

export async function listCanaries(db: Kysely<PlatformTables>): Promise<Canary[]> {
  const rows = await db.selectFrom('canaries').selectAll().orderBy('tenant').orderBy('team').execute();
  return rows.map(toCanary);
}

/** A tenant's canaries by team (read on every page, next to its pins). */
export async function canariesForTenant(db: Kysely<PlatformTables>, tenant: string): Promise<Map<string, Canary>> {
  const rows = await db.selectFrom('canaries').selectAll().where('tenant', '=', tenant).execute();
  return new Map(rows.map((row) => [row.team, toCanary(row)]));
}

export async function listPinChanges(
  db: Kysely<PlatformTables>,
  filter: { tenant?: string; tenants?: readonly string[]; team?: string; limit?: number } = {},
): Promise<PinChange[]> {
  let query = db
    .selectFrom('pin_changes')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(filter.limit ?? 200);
  if (filter.tenant) query = query.where('tenant', '=', filter.tenant);
  // A caller who holds some tenants only: theirs, never the platform default's.
  if (filter.tenants)
    query = filter.tenants.length ? query.where('tenant', 'in', [...filter.tenants]) : query.where(sql<boolean>`false`);
  if (filter.team) query = query.where('team', '=', filter.team);
  return (await query.execute()).map(toChange);
}

type Trx = Transaction<PlatformTables>;

/** The tenant's own pin and the platform default for one team, locked for the change. */
async function lockPins(trx: Trx, tenant: string, team: string) {
  const rows = await trx
    .selectFrom('pins')
    .selectAll()
    .where('tenant', 'in', [tenant, DEFAULT_TENANT])
    .where('team', '=', team)
    .forUpdate()
    .execute();
  const own = rows.find((row) => row.tenant === tenant);
  const inherited = rows.find((row) => row.tenant === DEFAULT_TENANT);
  return { own, inherited, effective: own ?? inherited };
}

async function lockCanary(trx: Trx, tenant: string, team: string): Promise<Selectable<CanariesTable> | undefined> {
  return trx
    .selectFrom('canaries')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('team', '=', team)
    .forUpdate()
    .executeTakeFirst();
}

async function deleteCanary(trx: Trx, tenant: string, team: string): Promise<void> {
  await trx.deleteFrom('canaries').where('tenant', '=', tenant).where('team', '=', team).execute();
}

async function record(
  trx: Trx,
  entry: {
    tenant: string;
    team: string;
    from: string | null;
    to: string;
    action: PinChangeAction;
    percent?: number | null;
    actor: string;
  },
): Promise<PinChange> {
  const row = await trx
    .insertInto('pin_changes')
    .values({
      tenant: entry.tenant,
      team: entry.team,
      from_version: entry.from,
      to_version: entry.to,
      action: entry.action,
      percent: entry.percent ?? null,
      actor: entry.actor,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toChange(row);
}

/**
 * Moves the tenant's own pin to `version`. The version it ran until now (its own pin, else the
 * platform default) is kept as where a rollback goes.
 */
async function movePin(trx: Trx, tenant: string, team: string, version: string) {
  const { own, inherited } = await lockPins(trx, tenant, team);
  if (own?.version === version) return { pin: toPin(own), previous: own.version, moved: false };
  const previous = own?.version ?? inherited?.version ?? null;
  const lastGood = previous === version ? (own?.last_good_version ?? null) : previous;
  const now = new Date();
  const row = await trx
    .insertInto('pins')
    .values({ tenant, team, version, last_good_version: lastGood, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['tenant', 'team']).doUpdateSet({ version, last_good_version: lastGood, updated_at: now }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return { pin: toPin(row), previous, moved: true };
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
  /** The canary this change ended, if there was one. */
  droppedCanary: Canary | null;
}

/**
 * Pins a version. The version the tenant ran until now (its own pin, else the platform default)
 * becomes its last-good version. A canary of the team ends: the pin says what every shopper gets,
 * and the drop is recorded on its own so the audit shows who ended it.
 */
export async function setPin(db: Kysely<PlatformTables>, input: PinInput): Promise<PinResult> {
  return db.transaction().execute(async (trx) => {
    const moved = await movePin(trx, input.tenant, input.team, input.version);
    const canary = await lockCanary(trx, input.tenant, input.team);
    if (canary) {
      await deleteCanary(trx, input.tenant, input.team);
      await record(trx, {
        ...input,
        from: canary.version,
        to: moved.previous ?? input.version,
        action: 'drop-canary',
        percent: canary.percent,
      });
    }
    const change = moved.moved
      ? await record(trx, { ...input, from: moved.previous, to: input.version, action: 'pin' })
      : null;
    return { pin: moved.pin, change, droppedCanary: canary ? toCanary(canary) : null };
  });
}

export interface RollbackInput {
  tenant: string;
  team: string;
  /** Defaults to the pin's last-good version. */
  to?: string;
  actor: string;
  /** The pin version the caller saw (null: none); a different one refuses the rollback (StalePinError). */
  expected?: string | null;
}

/**
 * With a canary, drops it: its shoppers go back to the pin, which stays. Without one, goes back to
 * the version the pin replaced (or `to`); the version rolled away from is presumed bad: it forfeits
 * the last-good standing it earned, and the rollback target is cleared until the next forward pin.
 */
export async function rollbackPin(db: Kysely<PlatformTables>, input: RollbackInput): Promise<PinResult> {
  return db.transaction().execute(async (trx) => {
    const { effective } = await lockPins(trx, input.tenant, input.team);
    checkExpected(input, effective);
    const canary = await lockCanary(trx, input.tenant, input.team);
    if (canary) {
      if (input.to) {
        // One rollback undoes one thing: naming a version while a canary runs would also move
        // the pin its shoppers go back to.
        throw new PinChangeError(
          `${input.tenant} ${input.team} has a canary of ${canary.version} at ${canary.percent}%: roll back without --to to drop it, then roll the pin back`,
          'conflict',
        );
      }
      if (!effective)
        throw new PinChangeError(`${input.tenant} has no pin for ${input.team} to go back to`, 'not-found');
      await deleteCanary(trx, input.tenant, input.team);
      await forfeitEarned(trx, { tenant: input.tenant, team: input.team, version: canary.version, everyTenant: false });
      const change = await record(trx, {
        ...input,
        from: canary.version,
        to: effective.version,
        action: 'rollback',
        percent: canary.percent,
      });
      return { pin: toPin(effective), change, droppedCanary: toCanary(canary) };
    }

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
    await forfeitEarned(trx, {
      tenant: input.tenant,
      team: input.team,
      version: own.version,
      everyTenant: input.tenant === DEFAULT_TENANT,
    });
    const change = await record(trx, { ...input, from: own.version, to: target, action: 'rollback' });
    return { pin: toPin(row), change, droppedCanary: null };
  });
}

export interface CanaryInput {
  tenant: string;
  team: string;
  version: string;
  percent: number;
  actor: string;
}

export interface CanaryResult {
  canary: Canary;
  /** The pin the other shoppers keep (the tenant's own, else the platform default). */
  pin: Pin;
  /** Null when the canary already ran that version at that percent: nothing recorded. */
  change: PinChange | null;
}

/**
 * Starts a canary, or changes its version or percent. A new version starts it afresh; a new
 * percent keeps its start (a shopper already on the canary stays on it while the share grows).
 */
export async function startCanary(db: Kysely<PlatformTables>, input: CanaryInput): Promise<CanaryResult> {
  if (!Number.isInteger(input.percent) || input.percent < CANARY_PERCENT.min || input.percent > CANARY_PERCENT.max) {
    throw new PinChangeError(
      `percent must be a whole number from ${CANARY_PERCENT.min} to ${CANARY_PERCENT.max}, not ${input.percent}`,
      'invalid',
    );
  }
  return db.transaction().execute(async (trx) => {
    const { effective } = await lockPins(trx, input.tenant, input.team);
    if (!effective) {
      throw new PinChangeError(
        `${input.tenant} has no pin for ${input.team}: pin a version before a canary of another`,
        'conflict',
      );
    }
    if (effective.version === input.version) {
      throw new PinChangeError(
        `${input.tenant} ${input.team} is pinned to ${input.version}: a canary needs another version`,
        'conflict',
      );
    }
    const existing = await lockCanary(trx, input.tenant, input.team);
    if (existing && existing.version === input.version && existing.percent === input.percent) {
      return { canary: toCanary(existing), pin: toPin(effective), change: null };
    }
    const startedAt = existing && existing.version === input.version ? existing.started_at : new Date();
    const values = { version: input.version, percent: input.percent, started_at: startedAt, actor: input.actor };
    const row = await trx
      .insertInto('canaries')
      .values({ tenant: input.tenant, team: input.team, ...values })
      .onConflict((oc) => oc.columns(['tenant', 'team']).doUpdateSet(values))
      .returningAll()
      .executeTakeFirstOrThrow();
    const change = await record(trx, { ...input, from: effective.version, to: input.version, action: 'canary' });
    return { canary: toCanary(row), pin: toPin(effective), change };
  });
}

/**
 * Makes the canary's version the tenant's pin, as `setPin` would (the pin it replaces becomes last
 * good, for a rollback), and ends the canary: every shopper now gets its version.
 */
export async function promoteCanary(
  db: Kysely<PlatformTables>,
  input: { tenant: string; team: string; actor: string; expected?: string | null },
): Promise<PinResult> {
  return db.transaction().execute(async (trx) => {
    // Pins before the canary, in every change, so two changes at once never wait on each other.
    const { effective } = await lockPins(trx, input.tenant, input.team);
    checkExpected(input, effective);
    const canary = await lockCanary(trx, input.tenant, input.team);
    if (!canary) throw new PinChangeError(`${input.tenant} has no canary of ${input.team} to promote`, 'not-found');
    const moved = await movePin(trx, input.tenant, input.team, canary.version);
    await deleteCanary(trx, input.tenant, input.team);
    const change = await record(trx, {
      ...input,
      from: moved.previous,
      to: canary.version,
      action: 'promote',
      percent: canary.percent,
    });
    return { pin: moved.pin, change, droppedCanary: toCanary(canary) };
  });
}
