import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PLATFORM_EVENT } from '@forecourt/shared-config/failures';
import { parseInput } from '@forecourt/shared-config/server/validation';
import { isProduction } from '../../config/load';
import { failureSummary } from '../../db/events';
import { CANARY_PERCENT } from '../../db/pins';
import { indexStock, searchClient } from '../../search/indexing/indexer';
import { CARS_INDEX } from '../../search/indexing/records';
import publishesRoutes from './publishes';

const PinBody = z
  .object({
    tenant: z.string().min(1),
    team: z.string().min(1),
    version: z.string().min(1),
    actor: z.string().min(1).max(100).default('admin-api'),
  })
  .strict();

const SynonymWord = z.string().trim().min(1).max(60);
const SynonymBody = z
  .object({
    type: z.enum(['synonym', 'onewaysynonym']),
    synonyms: z.array(SynonymWord).min(1).max(20),
    input: SynonymWord.optional(),
  })
  .strict()
  .refine((body) => body.type !== 'onewaysynonym' || body.input !== undefined, { message: 'input is required for a one-way synonym', path: ['input'] })
  // A two-way synonym joins words: one word alone joins nothing (the search service refuses it too).
  .refine((body) => body.type !== 'synonym' || new Set(body.synonyms.map((word) => word.toLowerCase())).size >= 2, { message: 'a two-way synonym needs at least two different words', path: ['synonyms'] });
const SynonymParams = z.object({ objectID: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'lower-case letters, digits and dashes, at most 64') }).strict();

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

const OverrideBody = z
  .object({
    tenant: z.string().min(1),
    team: z.string().min(1),
    /** The remote's entry on the developer's dev server, e.g. http://localhost:3001/remoteEntry.js. */
    entry: z.string().min(1).max(2048),
    /** How long the override lasts once the link is opened (default 8). */
    hours: z.number().int().min(1).max(24).optional(),
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
  // The publish audit: registered after the hook, so the admin check guards it too.
  await fastify.register(publishesRoutes);

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

  // A developer override: a short-lived signed link that, opened in a browser, makes that one
  // browser load the team's entry from the given URL on this tenant's site (see override.ts).
  fastify.post('/overrides', async (request, reply) => {
    const body = parseInput(OverrideBody, request.body ?? null, 'body');
    const tenant = fastify.tenants.get(body.tenant);
    if (!tenant) return reply.code(404).send({ error: `Unknown tenant '${body.tenant}'`, field: 'tenant' });
    const grant = fastify.overrides.grant({ tenant, team: body.team, entry: body.entry, ...(body.hours ? { lifetimeSeconds: body.hours * 3600 } : {}) });
    // Where the site answers: outside production {slug}.localhost on this server's port (the port
    // it will listen on, PORT, when the CLI runs this in process), then its production domains.
    const address = fastify.server.address();
    const port = typeof address === 'object' && address ? address.port : fastify.config.PORT;
    const origins = [
      ...(isProduction(fastify.config) ? [] : [`http://${tenant.slug}.localhost${port === 80 ? '' : `:${port}`}`]),
      ...tenant.domains.map((domain) => `https://${domain}`),
    ];
    return { tenant: tenant.slug, team: body.team, path: grant.path, urls: origins.map((origin) => `${origin}${grant.path}`), linkExpiresAt: grant.expiresAt.toISOString() };
  });

  // A synonym of the stock index (all sites' cars, and the sort replicas), saved by its id: the
  // platform's operators manage synonyms with the admin token, never the search admin key.
  // Saved in the one search index every instance reads, so every instance's shoppers use it at once.
  fastify.put('/synonyms/:objectID', async (request, reply) => {
    const { objectID } = parseInput(SynonymParams, request.params, 'params');
    const body = parseInput(SynonymBody, request.body ?? null, 'body');
    if (fastify.stockSearch.state.embedded && !fastify.server.listening) {
      return reply.code(409).send({ error: 'The embedded search index lives in the running server: start it with npm start.' });
    }
    const address = fastify.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const target = fastify.stockSearch.target({ host: '127.0.0.1', port });
    const client = searchClient(target, target.adminKey);
    const saved = await client.saveSynonyms({ indexName: CARS_INDEX, synonymHit: [{ objectID, ...body }], forwardToReplicas: true });
    await client.waitForTask({ indexName: CARS_INDEX, taskID: saved.taskID });
    return { objectID, ...body };
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
