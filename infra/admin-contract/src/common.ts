import { z } from 'zod';

/**
 * What every part of the contract shares. The schemas describe the JSON on the wire: a moment is
 * the ISO 8601 text the server writes (Date.toISOString()), never a Date.
 */

export const Timestamp = z.iso.datetime({ offset: true });

/** A tenant's slug as a body or query names it; whether the tenant exists is the route's to say. */
export const TenantSlug = z.string().min(1).max(100);

/** The admin API's refusals: 400 `{ error, field }`, 401, 403 and 404 `{ error }`, 409 `{ error, current }`. */
export const ErrorAnswer = z.object({
  error: z.string(),
  /** The field at fault, by its path in the body, query or parameters ('tenant', 'synonyms.1'). */
  field: z.string().optional(),
  /** On a stale change (409): what the thing is now (a pin's version, an import's status). */
  current: z.string().nullable().optional(),
  /** A refused tenant configuration (400): every field at fault, by its path. */
  problems: z.array(z.object({ field: z.string(), reason: z.string() })).optional(),
});
export type ErrorAnswer = z.output<typeof ErrorAnswer>;

/** A change with nothing to say (204, signing out): no body at all. */
export const NoContent = z.undefined();

/** A body or query that must be empty: a field the route does not know is refused, not ignored. */
export const Empty = z.object({}).strict();
