import { z } from 'zod';
import { TenantSlug, Timestamp } from './common';

/** Pins, canaries, their history and the failures the shells reported: the CLI's pin commands and the console's remote page. */

/** The smallest and largest canary share: 0% is no canary, 100% is a pin. */
export const CANARY_PERCENT = { min: 1, max: 99 } as const;

/**
 * `canary` starts a canary or changes its version or percent, `promote` makes it the pin,
 * `rollback` drops a canary (or, without one, moves the pin back), `drop-canary` is the canary a
 * direct pin replaced.
 */
export const PinChangeAction = z.enum(['pin', 'rollback', 'canary', 'promote', 'drop-canary']);
export type PinChangeAction = z.output<typeof PinChangeAction>;

export const Pin = z.object({
  /** A tenant's slug, or '*' for the platform default. */
  tenant: z.string(),
  team: z.string(),
  version: z.string(),
  /** The version this pin replaced: where a rollback goes. */
  lastGoodVersion: z.string().nullable(),
  updatedAt: Timestamp,
});
export type Pin = z.output<typeof Pin>;

/** A tenant's canary of one remote: `percent` of its shoppers, chosen sticky, get `version`. */
export const Canary = z.object({
  tenant: z.string(),
  team: z.string(),
  version: z.string(),
  percent: z.number().int(),
  startedAt: Timestamp,
  actor: z.string(),
});
export type Canary = z.output<typeof Canary>;

export const PinChange = z.object({
  id: z.number().int(),
  at: Timestamp,
  tenant: z.string(),
  team: z.string(),
  fromVersion: z.string().nullable(),
  toVersion: z.string(),
  action: PinChangeAction,
  /** The canary's share this change set or ended; null when it concerned every shopper. */
  percent: z.number().int().nullable(),
  actor: z.string(),
});
export type PinChange = z.output<typeof PinChange>;

/** What one tenant's shoppers get of one team. */
export const EffectivePin = z.object({
  tenant: z.string(),
  team: z.string(),
  version: z.string().nullable(),
  /** What the shell falls back to if the pin fails: the newest version that earned last-good, other than the pin. */
  lastGoodVersion: z.string().nullable(),
  /** Whether the pinned version itself has earned last-good for the tenant. */
  pinEarned: z.boolean(),
  /** Where a rollback goes: the version the pin replaced. */
  previousVersion: z.string().nullable(),
  /** The tenant's own pin, the platform default's, or none. */
  source: z.enum(['tenant', 'default', 'none']),
  canary: z.object({ version: z.string(), percent: z.number().int() }).nullable(),
});
export type EffectivePin = z.output<typeof EffectivePin>;

/** `GET /_admin/pins`: the caller's tenants' pins and canaries (an operator's include the platform defaults), and every published version. */
export const PinsOverview = z.object({
  pins: z.array(Pin),
  canaries: z.array(Canary),
  effective: z.array(EffectivePin),
  published: z.record(z.string(), z.array(z.string())),
});
export type PinsOverview = z.output<typeof PinsOverview>;

/** `GET /_admin/history`: pin changes, newest first. */
export const PinHistory = z.object({ changes: z.array(PinChange) });
export type PinHistory = z.output<typeof PinHistory>;

/** The answer of `POST /_admin/pins`, `/rollback` and `/promote`. */
export const PinResult = z.object({
  pin: Pin,
  /** Null when the version was already pinned: nothing changed, nothing recorded. */
  change: PinChange.nullable(),
  /** The canary the change ended, if there was one. */
  droppedCanary: Canary.nullable(),
});
export type PinResult = z.output<typeof PinResult>;

/** The answer of `POST /_admin/canary`. */
export const CanaryResult = z.object({
  canary: Canary,
  /** The pin the other shoppers keep. */
  pin: Pin,
  /** Null when the canary already ran that version at that share. */
  change: PinChange.nullable(),
});
export type CanaryResult = z.output<typeof CanaryResult>;

/** Failures the shells reported, per tenant, remote, version and kind. */
export const FailureSummary = z.object({
  tenant: z.string(),
  remote: z.string(),
  version: z.string(),
  kind: z.string(),
  count: z.number().int(),
  lastSeen: Timestamp,
});
export type FailureSummary = z.output<typeof FailureSummary>;

/** `GET /_admin/failures` */
export const Failures = z.object({ failures: z.array(FailureSummary) });
export type Failures = z.output<typeof Failures>;

/** `POST /_admin/overrides`: the signed link, on each address the site answers on. */
export const OverrideLink = z.object({
  tenant: z.string(),
  team: z.string(),
  path: z.string(),
  urls: z.array(z.string()),
  linkExpiresAt: Timestamp,
});
export type OverrideLink = z.output<typeof OverrideLink>;

/** `PUT /_admin/synonyms/:objectID`: the synonym as saved. */
export const SavedSynonym = z.object({
  objectID: z.string(),
  type: z.enum(['synonym', 'onewaysynonym']),
  synonyms: z.array(z.string()),
  input: z.string().optional(),
});
export type SavedSynonym = z.output<typeof SavedSynonym>;

/** `POST /_admin/reindex`: what the embedded search service was given. */
export const Reindexed = z.object({
  records: z.number().int(),
  models: z.number().int(),
  ms: z.number(),
  reused: z.boolean().optional(),
  replayed: z.number().int().optional(),
});
export type Reindexed = z.output<typeof Reindexed>;

export const PinBody = z
  .object({ tenant: z.string().min(1), team: z.string().min(1), version: z.string().min(1) })
  .strict();
export type PinBody = z.input<typeof PinBody>;

/** With a canary running, a rollback drops it and leaves the pin. */
export const RollbackBody = z
  .object({
    tenant: z.string().min(1),
    team: z.string().min(1),
    to: z.string().min(1).optional(),
    /** The pin version the caller saw before choosing to roll back (null: none): a stale one is refused (409). */
    expected: z.string().min(1).nullable(),
  })
  .strict();
export type RollbackBody = z.input<typeof RollbackBody>;

export const CanaryBody = z
  .object({
    tenant: z.string().min(1),
    team: z.string().min(1),
    version: z.string().min(1),
    percent: z.number().int().min(CANARY_PERCENT.min).max(CANARY_PERCENT.max),
  })
  .strict();
export type CanaryBody = z.input<typeof CanaryBody>;

export const PromoteBody = z
  .object({
    tenant: z.string().min(1),
    team: z.string().min(1),
    /** The pin version the caller saw before choosing to promote (null: none): a stale one is refused (409). */
    expected: z.string().min(1).nullable(),
  })
  .strict();
export type PromoteBody = z.input<typeof PromoteBody>;

export const OverrideBody = z
  .object({
    tenant: z.string().min(1),
    team: z.string().min(1),
    /** The remote's entry on the developer's dev server, e.g. http://localhost:3001/remoteEntry.js. */
    entry: z.string().min(1).max(2048),
    /** How long the override lasts once the link is opened (default 8). */
    hours: z.number().int().min(1).max(24).optional(),
  })
  .strict();
export type OverrideBody = z.input<typeof OverrideBody>;

export const HistoryQuery = z.object({
  tenant: z.string().min(1).optional(),
  team: z.string().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});

export const FailuresQuery = z
  .object({
    tenant: TenantSlug.optional(),
    /** Only failures reported in the last N days. */
    days: z.coerce.number().int().min(1).max(3650).optional(),
  })
  .strict();
