import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  LeadDelivery,
  LeadRetryBody,
  LeadRetryResult,
  NoQuery,
  SearchHealth,
  type SearchEngine,
} from '@forecourt/admin-contract';
import { parseInput } from '@forecourt/shared-config/server/validation';
import { searchStats } from '@forecourt/data/search-stats';
import { deliverySummary, makeTenantLeadsDue, outboxOutcome } from '@forecourt/domain/leads/delivery';
import { canSee } from '@forecourt/domain/operators/permissions';
import { searchClient } from '@forecourt/search-service/indexing/indexer';
import { CARS_INDEX } from '@forecourt/search-service/indexing/records';
import { scoped } from '@forecourt/shared-config/server';

/**
 * The operator console's lead delivery and search health (docs/operators.md, "Console data"),
 * read from the database every instance writes to, so any instance answers the same.
 */

/** How long "retry now" waits for its delivery round before answering what it has so far. */
const RETRY_WAIT_MS = 5_000;

/** Algolia's own hosts (an application reached with no SEARCH_HOSTS uses them too). */
const isAlgoliaHost = (host: string) => /(^|\.)algolia(net)?\.(net|com)(:\d+)?$/.test(host);

const NOTES: Record<SearchEngine, string> = {
  embedded:
    "The platform's own search service counts what it answers: p95Ms is over the last hour, the upper bound of the latency class (1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 75, 100, 150, 200, 300, 500, 1000, 2000, 5000 ms) that holds the 95th percentile of answered search requests; topNoHits are the queries that found nothing over the last 24 hours (lower-cased, at most 300 distinct a tenant an hour); snapshotAgeSeconds is the age of the index's snapshot, the same for every tenant.",
  algolia:
    "Search runs on Algolia: shoppers' browsers search it directly, so the platform sees no searches and records no p95 or no-hit queries (null and []), and Algolia keeps the index (no snapshot). Algolia's Analytics API gives searches without results per index (GET /2/searches/noResults, per tenant only if pages tag searches with the tenant in analyticsTags) and its Monitoring API the application's server latency, not per tenant; neither is wired into the console.",
};

async function consoleOperationsRoutes(fastify: FastifyInstance): Promise<void> {
  const db = fastify.database.db;

  const callerOf = (request: FastifyRequest) => {
    if (!request.operator) throw new Error('a console route ran without an authenticated caller');
    return request.operator;
  };
  const visibleSlugs = (request: FastifyRequest): string[] => {
    const caller = callerOf(request);
    return fastify.tenants.all.map((tenant) => tenant.slug).filter((slug) => canSee(caller, slug));
  };

  // Per tenant the caller may read: leads received, delivered, waiting and failing, the oldest
  // waiting lead's age and the latest error (the outbox, leads/delivery.ts).
  fastify.get('/lead-delivery', { config: { permission: { action: 'read', on: 'list' } } }, async (request, reply) => {
    parseInput(NoQuery, request.query, 'query');
    const now = new Date();
    reply.header('cache-control', 'no-store');
    return {
      generatedAt: now.toISOString(),
      tenants: await deliverySummary(db, visibleSlugs(request), now),
    } satisfies z.input<typeof LeadDelivery>;
  });

  // Operators only: the tenant's leads not delivered are sent now, through the outbox's claim
  // (a lead a round is sending is left to it), so no lead is sent twice.
  fastify.post(
    '/lead-delivery/retry',
    { config: { permission: { action: 'lead-retry', on: 'tenant' } } },
    async (request, reply) => {
      const body = parseInput(LeadRetryBody, request.body ?? null, 'body');
      if (!fastify.tenants.get(body.tenant))
        return reply.code(404).send({ error: `Unknown tenant '${body.tenant}'`, field: 'tenant' });
      const { due, inFlight } = await makeTenantLeadsDue(db, body.tenant);
      const round = fastify.deliverLeadsNow();
      let timer: NodeJS.Timeout | undefined;
      // A CRM that hangs would hold the answer for as long as its timeouts: the round goes on, the
      // answer says how far it got.
      const finished = await Promise.race([
        round.then(() => true),
        new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), RETRY_WAIT_MS))),
      ]).finally(() => clearTimeout(timer));
      const outcome = await outboxOutcome(db, due);
      const result = {
        tenant: body.tenant,
        retried: due.length,
        inFlight,
        delivered: outcome.delivered,
        stillWaiting: outcome.waiting,
        finished,
      } satisfies z.input<typeof LeadRetryResult>;
      await fastify.auditAdmin(request, {
        action: 'lead-retry',
        tenant: body.tenant,
        outcome: 'allowed',
        after: result,
      });
      return result;
    },
  );

  /** Records of each tenant in the stock index, asked of the search engine itself; null where it cannot say. */
  async function recordsPerTenant(slugs: readonly string[], engine: SearchEngine): Promise<Map<string, number | null>> {
    const counts = new Map<string, number | null>(slugs.map((slug) => [slug, null]));
    if (slugs.length === 0) return counts;
    const params = (slug: string) => ({ query: '', filters: `tenant:"${slug}"`, hitsPerPage: 0, analytics: false });
    const search = fastify.stockSearch;
    if (search.state.embedded) {
      const index = search.store.get(CARS_INDEX);
      for (const slug of slugs) counts.set(slug, index ? index.search(params(slug)).nbHits : 0);
      return counts;
    }
    try {
      const target = search.target();
      const { results } = await searchClient(target, target.adminKey).search({
        requests: slugs.map((slug) => ({ indexName: CARS_INDEX, ...params(slug) })),
      });
      results.forEach((result, i) =>
        counts.set(slugs[i]!, 'nbHits' in result && typeof result.nbHits === 'number' ? result.nbHits : null),
      );
    } catch (error) {
      fastify.log.warn({ err: error, engine }, 'search health: the search engine could not be asked for record counts');
    }
    return counts;
  }

  // Per tenant: records in the index, the last write of its records, the snapshot's age, the
  // p95 of the last hour and the top queries that found nothing over the last day.
  fastify.get('/search-health', { config: { permission: { action: 'read', on: 'list' } } }, async (request, reply) => {
    parseInput(NoQuery, request.query, 'query');
    const now = new Date();
    const slugs = visibleSlugs(request);
    const search = fastify.stockSearch;
    const engine: SearchEngine = search.state.embedded
      ? 'embedded'
      : search.target().hosts.every(isAlgoliaHost)
        ? 'algolia'
        : 'embedded';
    const stats = await searchStats(db, {
      tenants: slugs,
      latencySince: new Date(now.getTime() - 60 * 60 * 1000),
      noHitsSince: new Date(now.getTime() - 24 * 60 * 60 * 1000),
    });
    const records = await recordsPerTenant(slugs, engine);
    const snapshotAgeSeconds =
      engine === 'embedded' && stats.snapshotSavedAt
        ? Math.max(0, Math.floor((now.getTime() - stats.snapshotSavedAt.getTime()) / 1000))
        : null;
    reply.header('cache-control', 'no-store');
    return {
      engine,
      note: NOTES[engine],
      generatedAt: now.toISOString(),
      tenants: stats.tenants.map((entry) => ({
        tenant: entry.tenant,
        records: records.get(entry.tenant) ?? null,
        lastWrite: entry.lastWrite?.toISOString() ?? null,
        snapshotAgeSeconds,
        p95Ms: engine === 'algolia' ? null : entry.p95Ms,
        searchesLastHour: entry.searches,
        topNoHits: engine === 'algolia' ? [] : entry.topNoHits,
      })),
    } satisfies z.input<typeof SearchHealth>;
  });
}

export default scoped('routes-console-operations', consoleOperationsRoutes);
