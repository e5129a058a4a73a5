import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { normalisePhone } from '@forecourt/shared-config/identity';
import type { StoredLocation } from '@forecourt/mf-locations/server';
import { listDealerships, listLocations } from '@forecourt/data/stock';
import { LeadWriter } from '@forecourt/data/leads';

/** How long a site's locations are kept in memory for the lead forms (they change when the dealer edits them, rarely). */
const LOCATIONS_TTL_MS = 60_000;

/**
 * The lead store both lead-taking teams use (mf-leads' forms, mf-finance's finance enquiry): one
 * group-committing writer, so every lead of the site goes through one pipeline.
 */
export function leadStore(fastify: FastifyInstance) {
  const writer = new LeadWriter(fastify.database.db);
  fastify.addHook('onClose', async () => writer.idle());
  return async (
    request: FastifyRequest,
    lead: { form: string; userData: Record<string, unknown> },
    idempotency: { key: string; bodyHash: string } | null,
    phonePerHour?: number,
  ) => {
    if (!request.tenant) throw new Error('a lead needs a site');
    const phone = lead.userData['phone'];
    const phoneLimit =
      phonePerHour === undefined ? null : { max: phonePerHour, since: new Date(Date.now() - 60 * 60 * 1000) };
    return writer.store({
      tenant: request.tenant.slug,
      form: lead.form,
      payload: { ...lead },
      phoneDigits: typeof phone === 'string' ? normalisePhone(phone) : null,
      idempotency,
      phoneLimit,
    });
  };
}

export type LeadStore = ReturnType<typeof leadStore>;

/**
 * A site's location rows with their dealership's name, read once a minute per site: the location
 * pages, blocks and forms all ask for them, and they change only when the stock is seeded or the
 * site's hours are edited (a tenant change, which drops the site's entry).
 */
export function storedLocations(fastify: FastifyInstance) {
  const db = fastify.database.db;
  const cache = new LRUCache<string, StoredLocation[]>({
    max: 500,
    ttl: LOCATIONS_TTL_MS,
    fetchMethod: async (tenant) => {
      const names = new Map((await listDealerships(db, tenant)).map((dealership) => [dealership.id, dealership.name]));
      return (await listLocations(db, tenant)).map(({ tenant: _tenant, ...location }) => ({
        ...location,
        dealership_name: names.get(location.dealership_id) ?? location.name,
      }));
    },
  });
  // A site's hours are its settings: an edit is read on the next request, on every instance.
  fastify.tenantSync.onChange((tenant) => cache.delete(tenant.slug));
  return async (tenant: string): Promise<StoredLocation[]> => (await cache.fetch(tenant)) ?? [];
}

export type StoredLocations = ReturnType<typeof storedLocations>;

/**
 * `read` once per request and argument: the parts of one page (its head, its app's first paint)
 * that each ask the platform for the same thing share one answer. Kept on the request object, so
 * it goes with it; a failed read is not kept, and the next part asks again.
 */
export function oncePerRequest<A extends string, T>(
  read: (request: FastifyRequest, argument: A) => Promise<T>,
): (request: FastifyRequest, argument: A) => Promise<T> {
  const answers = new WeakMap<FastifyRequest, Map<A, Promise<T>>>();
  return (request, argument) => {
    const known = answers.get(request) ?? new Map<A, Promise<T>>();
    answers.set(request, known);
    let answer = known.get(argument);
    if (!answer) {
      answer = read(request, argument);
      known.set(argument, answer);
      answer.catch(() => known.get(argument) === answer && known.delete(argument));
    }
    return answer;
  };
}
