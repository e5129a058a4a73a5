import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PLATFORM_EVENT } from '@forecourt/shared-config/failures';
import { failureSummary } from '../../db/events';
import { CANARY_PERCENT } from '../../db/pins';
import { indexStock } from '../../search/indexing/indexer';
import { parseInput } from '../errors';

const PinBody = z
  .object({
    tenant: z.string().min(1),
    team: z.string().min(1),
    version: z.string().min(1),
    actor: z.string().min(1).max(100).default('admin-api'),
  })
  .strict();

const RollbackBody = z
  .object({
    tenant: z.string().min(1),
    team: z.string().min(1),
    to: z.string().min(1).optional(),
    actor: z.string().min(1).max(100).default('admin-api'),
  })
  .strict();

const CanaryBody = z
  .object({
    tenant: z.string().min(1),
    team: z.string().min(1),
    version: z.string().min(1),
    // 0% is no canary and 100% is a pin.
    percent: z.number().int().min(CANARY_PERCENT.min).max(CANARY_PERCENT.max),
    actor: z.string().min(1).max(100).default('admin-api'),
  })
  .strict();

const PromoteBody = z
  .object({
    tenant: z.string().min(1),
    team: z.string().min(1),
    actor: z.string().min(1).max(100).default('admin-api'),
  })
  .strict();

const HistoryQuery = z.object({
  tenant: z.string().min(1).optional(),
  team: z.string().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});

const FailuresQuery = z
  .object({
    tenant: z.string().min(1).max(100).optional(),
    /** Only failures reported in the last N days. */
    days: z.coerce.number().int().min(1).max(3650).optional(),
  })
  .strict();

/**
 * What the CLI calls. Encapsulated (not fastify-plugin) so its auth hook guards these routes
 * only; register with prefix `/_admin`.
 */
export default async function adminRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.addHook('onRequest', fastify.requireAdmin);

  fastify.get('/pins', async () => fastify.pins.overview());

  fastify.get('/history', async (request) => {
    const query = parseInput(HistoryQuery, request.query, 'query');
    return { changes: await fastify.pins.history(query) };
  });

  // Failures the shells reported (entry, mount, render, fragment-timeout, fragment-error), per
  // tenant, remote, version and kind: which dealer sees which broken build.
  fastify.get('/failures', async (request, reply) => {
    const query = parseInput(FailuresQuery, request.query, 'query');
    if (query.tenant && !fastify.tenants.get(query.tenant)) return reply.code(404).send({ error: `Unknown tenant '${query.tenant}'` });
    const since = query.days ? new Date(Date.now() - query.days * 24 * 60 * 60 * 1000) : undefined;
    return { failures: await failureSummary(fastify.database.db, PLATFORM_EVENT.failure, { tenant: query.tenant, since }) };
  });

  fastify.post('/pins', async (request) => {
    const body = parseInput(PinBody, request.body ?? null, 'body');
    return fastify.pins.pin(body);
  });

  // With a canary running, a rollback drops it and leaves the pin.
  fastify.post('/rollback', async (request) => {
    const body = parseInput(RollbackBody, request.body ?? null, 'body');
    return fastify.pins.rollback(body);
  });

  fastify.post('/canary', async (request) => {
    const body = parseInput(CanaryBody, request.body ?? null, 'body');
    return fastify.pins.canary(body);
  });

  fastify.post('/promote', async (request) => {
    const body = parseInput(PromoteBody, request.body ?? null, 'body');
    return fastify.pins.promote(body);
  });

  // Re-index stock into the embedded search service from the server's own database (the CLI
  // cannot open a PGlite data dir the server holds). Searches keep working while it runs.
  fastify.post('/reindex', async (request, reply) => {
    if (!fastify.server.listening) {
      return reply.code(409).send({ error: 'The embedded search index lives in the running server: start it with npm start, which indexes stock.' });
    }
    const address = fastify.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const result = await indexStock({
      db: fastify.database.db,
      tenants: fastify.tenants.all,
      target: fastify.stockSearch.target({ host: '127.0.0.1', port }),
      log: (line) => request.log.info(line.trim()),
    });
    fastify.stockSearch.state.records = result.records;
    return result;
  });
}
