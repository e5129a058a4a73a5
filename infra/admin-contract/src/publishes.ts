import { z } from 'zod';
import { Timestamp } from './common';

/** The publish audit behind `forecourt publish` and `forecourt publishes`, and the console's Publishes page. */

/** One check of the contract gate, as a publish records it. */
export const PublishCheck = z.object({
  check: z.string().min(1).max(40),
  passed: z.boolean(),
  reasons: z.array(z.string().max(4000)).max(200),
  /** Why the check did not run, when it did not. */
  skipped: z.string().max(200).optional(),
});
export type PublishCheck = z.output<typeof PublishCheck>;

export const Publish = z.object({
  id: z.number().int(),
  at: Timestamp,
  team: z.string(),
  version: z.string(),
  actor: z.string(),
  /** Published although the contract gate refused it. */
  forced: z.boolean(),
  /** Every check the gate ran; the failed ones are what a forced publish overrode. */
  checks: z.array(PublishCheck),
  /** Why it was forced (required then), or a note. */
  reason: z.string().nullable(),
});
export type Publish = z.output<typeof Publish>;

/** `GET /_admin/publishes`: newest first. */
export const Publishes = z.object({ publishes: z.array(Publish) });
export type Publishes = z.output<typeof Publishes>;

/** `POST /_admin/publishes` (201): the record as kept. */
export const PublishRecorded = z.object({ publish: Publish });
export type PublishRecorded = z.output<typeof PublishRecorded>;

export const PublishBody = z
  .object({
    team: z.string().min(1),
    version: z.string().min(1),
    forced: z.boolean().default(false),
    checks: z.array(PublishCheck.strict()).max(20).default([]),
    reason: z.string().max(1000).nullable().optional(),
  })
  .strict();
export type PublishBody = z.input<typeof PublishBody>;

export const PublishesQuery = z
  .object({
    team: z.string().min(1).optional(),
    forced: z.enum(['true', 'false']).optional(),
    limit: z.coerce.number().int().min(1).max(1000).optional(),
  })
  .strict();
