import { z } from 'zod';
import { Empty, TenantSlug, Timestamp } from './common';

/** Lead delivery and search health, per tenant (docs/operators.md, "The console's data"). */

/** One tenant's leads in the outbox. */
export const LeadDeliveryTenant = z.object({
  tenant: z.string(),
  /** Leads stored (each has its outbox row). */
  received: z.number().int(),
  delivered: z.number().int(),
  /** Not delivered, never tried yet (or due now). */
  waiting: z.number().int(),
  /** Not delivered after at least one failed attempt. */
  failing: z.number().int(),
  /** Age of the oldest lead not delivered, in whole seconds; null when none waits. */
  oldestWaitingSeconds: z.number().int().nullable(),
  /** The last error of the newest lead still not delivered after a failed attempt. */
  lastError: z.string().nullable(),
});
export type LeadDeliveryTenant = z.output<typeof LeadDeliveryTenant>;

/** `GET /_admin/lead-delivery` */
export const LeadDelivery = z.object({ generatedAt: Timestamp, tenants: z.array(LeadDeliveryTenant) });
export type LeadDelivery = z.output<typeof LeadDelivery>;

export const LeadRetryBody = z.object({ tenant: TenantSlug }).strict();
export type LeadRetryBody = z.input<typeof LeadRetryBody>;

/** `POST /_admin/lead-delivery/retry`: what the retry did. */
export const LeadRetryResult = z.object({
  tenant: z.string(),
  /** Leads made due now. */
  retried: z.number().int(),
  /** Leads another delivery round was sending already (left to it). */
  inFlight: z.number().int(),
  delivered: z.number().int(),
  stillWaiting: z.number().int(),
  /** Whether the delivery round ended before the answer (it goes on otherwise). */
  finished: z.boolean(),
});
export type LeadRetryResult = z.output<typeof LeadRetryResult>;

export const SearchEngine = z.enum(['embedded', 'algolia']);
export type SearchEngine = z.output<typeof SearchEngine>;

export const SearchHealthTenant = z.object({
  tenant: z.string(),
  /** Null where the search engine could not be asked. */
  records: z.number().int().nullable(),
  lastWrite: Timestamp.nullable(),
  snapshotAgeSeconds: z.number().int().nullable(),
  p95Ms: z.number().nullable(),
  /** Searches answered in the last hour (none counted when the engine is Algolia). */
  searchesLastHour: z.number().int(),
  topNoHits: z.array(z.object({ query: z.string(), count: z.number().int() })),
});
export type SearchHealthTenant = z.output<typeof SearchHealthTenant>;

/** `GET /_admin/search-health` */
export const SearchHealth = z.object({
  engine: SearchEngine,
  /** What the figures mean on this engine, and what it cannot say. */
  note: z.string(),
  generatedAt: Timestamp,
  tenants: z.array(SearchHealthTenant),
});
export type SearchHealth = z.output<typeof SearchHealth>;

/** The query of the lead delivery and search health routes: none. */
export const NoQuery = Empty;
