import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CanaryBody,
  CanaryResult,
  Failures,
  FailuresQuery,
  HistoryQuery,
  OverrideBody,
  OverrideLink,
  PinBody,
  PinHistory,
  PinResult,
  PinsOverview as PinsAnswer,
  PromoteBody,
  Reindexed,
  RollbackBody,
  SavedSynonym,
} from '@forecourt/admin-contract';
import { PLATFORM_EVENT } from '@forecourt/shared-config/failures';
import { parseInput } from '@forecourt/shared-config/server/validation';
import { isProduction } from '@forecourt/config/load';
import { failureSummary } from '@forecourt/data/events';
import { PinChangeError, pinSnapshot } from '@forecourt/data/pins';
import { canSee } from '@forecourt/domain/operators/permissions';
import type { PinsOverview } from '@forecourt/releases/pins/pin-service';
import operatorsRoutes from './operators';
import consoleSessionRoutes from './console-session';
import { indexStock, searchClient } from '@forecourt/search-service/indexing/indexer';
import { CARS_INDEX } from '@forecourt/search-service/indexing/records';
import { tokenize } from '@forecourt/search-engine/engine/tokenize';
import publishesRoutes from './publishes';
import consoleDataRoutes from './console-data';
import consoleOperationsRoutes from './console-operations';
import stockKeysRoutes from './stock-keys';
import feedsAdminRoutes from './feeds-admin';
import tenantSettingsRoutes from './tenant-settings';
import tenantTableRoutes from './tenant-table';
import { scoped } from '@forecourt/shared-config/server';
import { listeningPort } from '../listening-port';
import { jsonOf } from '@forecourt/runtime/json';

// The synonym's body stays beside the search engine's tokenizer, which its words' rule needs.
// A word the search engine can match: one that tokenizes to nothing ('*', '-', '!') matches no
// shopper's query, and the search service refuses it (which answered 500 here before).
const SynonymWord = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .refine((word) => tokenize(word).length > 0, 'a word with at least one letter or digit');
const SynonymBody = z
  .object({
    type: z.enum(['synonym', 'onewaysynonym']),
    synonyms: z.array(SynonymWord).min(1).max(20),
    input: SynonymWord.optional(),
  })
  .strict()
  .refine((body) => body.type !== 'onewaysynonym' || body.input !== undefined, {
    message: 'input is required for a one-way synonym',
    path: ['input'],
  })
  // A two-way synonym joins words: one word alone joins nothing (the search service refuses it too).
  .refine((body) => body.type !== 'synonym' || new Set(body.synonyms.map((word) => word.toLowerCase())).size >= 2, {
    message: 'a two-way synonym needs at least two different words',
    path: ['synonyms'],
  });
const SynonymParams = z
  .object({
    objectID: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'lower-case letters, digits and dashes, at most 64'),
  })
  .strict();

/** What a caller who holds some tenants only may see of the pins: theirs, never the platform defaults' rows. */
function visibleOverview(overview: PinsOverview, tenants: readonly string[] | null): PinsOverview {
  if (tenants === null) return overview;
  return {
    ...overview,
    pins: overview.pins.filter((pin) => tenants.includes(pin.tenant)),
    canaries: overview.canaries.filter((canary) => tenants.includes(canary.tenant)),
    effective: overview.effective.filter((pin) => tenants.includes(pin.tenant)),
  };
}

/**
 * What the CLI calls. In its own scope (`scoped`), so its auth hooks guard these routes
 * only; register with prefix `/_admin`. Every route declares its permission (admin-auth.ts):
 * what it does and which tenant it touches.
 */
async function adminRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.addHook('onRequest', fastify.requireAdmin);
  fastify.addHook('preHandler', fastify.authorizeAdmin);
  // Registered after the hooks, so the same checks guard them.
  await fastify.register(publishesRoutes);
  await fastify.register(operatorsRoutes);
  // The operator console's data: overview, a remote's page, lead delivery, search health.
  await fastify.register(consoleDataRoutes);
  await fastify.register(consoleOperationsRoutes);
  await fastify.register(consoleSessionRoutes);
  await fastify.register(stockKeysRoutes);
  await fastify.register(feedsAdminRoutes);
  await fastify.register(tenantSettingsRoutes);
  await fastify.register(tenantTableRoutes);

  const operatorOf = (request: FastifyRequest) => {
    if (!request.operator) throw new Error('an admin route ran without an authenticated caller');
    return request.operator;
  };

  /**
   * A pin change with the audit's before and after (what the tenant's team ran), or the refusal
   * with its reason: a refused change leaves the rows as they were, and says so.
   */
  const auditedPinChange = async <T>(
    request: FastifyRequest,
    action: string,
    target: { tenant: string; team: string },
    change: (actor: string) => Promise<T>,
  ): Promise<T> => {
    const before = await pinSnapshot(fastify.database.db, target.tenant, target.team);
    try {
      const result = await change(operatorOf(request).name);
      await fastify.auditAdmin(request, {
        action,
        tenant: target.tenant,
        team: target.team,
        outcome: 'allowed',
        before,
        after: await pinSnapshot(fastify.database.db, target.tenant, target.team),
      });
      return result;
    } catch (error) {
      // Bad input (an unknown team) is answered, not audited: a 400 writes nothing.
      if (error instanceof PinChangeError && error.code !== 'invalid')
        await fastify.auditAdmin(request, {
          action,
          tenant: target.tenant,
          team: target.team,
          outcome: 'refused',
          before,
          reason: error.message,
        });
      throw error;
    }
  };

  fastify.get('/pins', { config: { permission: { action: 'read', on: 'list' } } }, async (request) => {
    const operator = operatorOf(request);
    return jsonOf(visibleOverview(await fastify.pins.overview(), operator.tenants)) satisfies z.input<
      typeof PinsAnswer
    >;
  });

  fastify.get('/history', { config: { permission: { action: 'read', on: 'list' } } }, async (request) => {
    const query = parseInput(HistoryQuery, request.query, 'query');
    const { tenants } = operatorOf(request);
    return jsonOf({
      changes: await fastify.pins.history({ ...query, ...(tenants ? { tenants } : {}) }),
    }) satisfies z.input<typeof PinHistory>;
  });

  // Failures the shells reported (entry, mount, render, fragment-timeout, fragment-error), per
  // tenant, remote, version and kind: which dealer sees which broken build.
  fastify.get('/failures', { config: { permission: { action: 'read', on: 'list' } } }, async (request, reply) => {
    const query = parseInput(FailuresQuery, request.query, 'query');
    if (query.tenant && !fastify.tenants.get(query.tenant))
      return reply.code(404).send({ error: `Unknown tenant '${query.tenant}'` });
    const since = query.days ? new Date(Date.now() - query.days * 24 * 60 * 60 * 1000) : undefined;
    const operator = operatorOf(request);
    const failures = await failureSummary(fastify.database.db, PLATFORM_EVENT.failure, { tenant: query.tenant, since });
    return jsonOf({ failures: failures.filter((failure) => canSee(operator, failure.tenant)) }) satisfies z.input<
      typeof Failures
    >;
  });

  fastify.post('/pins', { config: { permission: { action: 'pin', on: 'tenant' } } }, async (request) => {
    const body = parseInput(PinBody, request.body ?? null, 'body');
    return jsonOf(
      await auditedPinChange(request, 'pin', body, (actor) => fastify.pins.pin({ ...body, actor })),
    ) satisfies z.input<typeof PinResult>;
  });

  // With a canary running, a rollback drops it and leaves the pin.
  fastify.post('/rollback', { config: { permission: { action: 'rollback', on: 'tenant' } } }, async (request) => {
    const body = parseInput(RollbackBody, request.body ?? null, 'body');
    return jsonOf(
      await auditedPinChange(request, 'rollback', body, (actor) => fastify.pins.rollback({ ...body, actor })),
    ) satisfies z.input<typeof PinResult>;
  });

  fastify.post('/canary', { config: { permission: { action: 'canary', on: 'tenant' } } }, async (request) => {
    const body = parseInput(CanaryBody, request.body ?? null, 'body');
    return jsonOf(
      await auditedPinChange(request, 'canary', body, (actor) => fastify.pins.canary({ ...body, actor })),
    ) satisfies z.input<typeof CanaryResult>;
  });

  fastify.post('/promote', { config: { permission: { action: 'promote', on: 'tenant' } } }, async (request) => {
    const body = parseInput(PromoteBody, request.body ?? null, 'body');
    return jsonOf(
      await auditedPinChange(request, 'promote', body, (actor) => fastify.pins.promote({ ...body, actor })),
    ) satisfies z.input<typeof PinResult>;
  });

  // A developer override: a short-lived signed link that, opened in a browser, makes that one
  // browser load the team's entry from the given URL on this tenant's site (see override.ts).
  fastify.post(
    '/overrides',
    { config: { permission: { action: 'override', on: 'tenant' } } },
    async (request, reply) => {
      const body = parseInput(OverrideBody, request.body ?? null, 'body');
      const tenant = fastify.tenants.get(body.tenant);
      if (!tenant) return reply.code(404).send({ error: `Unknown tenant '${body.tenant}'`, field: 'tenant' });
      const grant = fastify.overrides.grant({
        tenant,
        team: body.team,
        entry: body.entry,
        ...(body.hours ? { lifetimeSeconds: body.hours * 3600 } : {}),
      });
      await fastify.auditAdmin(request, {
        action: 'override',
        tenant: tenant.slug,
        team: body.team,
        outcome: 'allowed',
        after: { entry: body.entry, hours: body.hours ?? null, linkExpiresAt: grant.expiresAt.toISOString() },
      });
      // Where the site answers: outside production {slug}.localhost on this server's port (the port
      // it will listen on, PORT, when the CLI runs this in process), then its production domains.
      const port = listeningPort(fastify, fastify.config.PORT);
      const origins = [
        ...(isProduction(fastify.config) ? [] : [`http://${tenant.slug}.localhost${port === 80 ? '' : `:${port}`}`]),
        ...tenant.domains.map((domain) => `https://${domain}`),
      ];
      return {
        tenant: tenant.slug,
        team: body.team,
        path: grant.path,
        urls: origins.map((origin) => `${origin}${grant.path}`),
        linkExpiresAt: grant.expiresAt.toISOString(),
      } satisfies z.input<typeof OverrideLink>;
    },
  );

  // A synonym of the stock index (all sites' cars, and the sort replicas), saved by its id: the
  // platform's operators manage synonyms with the admin token, never the search admin key.
  // Saved in the one search index every instance reads, so every instance's shoppers use it at once.
  fastify.put(
    '/synonyms/:objectID',
    { config: { permission: { action: 'synonyms', on: 'platform' } } },
    async (request, reply) => {
      const { objectID } = parseInput(SynonymParams, request.params, 'params');
      const body = parseInput(SynonymBody, request.body ?? null, 'body');
      if (fastify.stockSearch.state.embedded && !fastify.server.listening) {
        return reply
          .code(409)
          .send({ error: 'The embedded search index lives in the running server: start it with npm start.' });
      }
      const port = listeningPort(fastify, 0);
      const target = fastify.stockSearch.target({ host: '127.0.0.1', port });
      const client = searchClient(target, target.adminKey);
      const saved = await client.saveSynonyms({
        indexName: CARS_INDEX,
        synonymHit: [{ objectID, ...body }],
        forwardToReplicas: true,
      });
      await client.waitForTask({ indexName: CARS_INDEX, taskID: saved.taskID });
      await fastify.auditAdmin(request, { action: 'synonyms', outcome: 'allowed', after: { objectID, ...body } });
      return { objectID, ...body } satisfies z.input<typeof SavedSynonym>;
    },
  );

  // Re-index stock into the embedded search service from the server's own database (the CLI
  // cannot open a PGlite data dir the server holds). Searches keep working while it runs.
  fastify.post(
    '/reindex',
    { config: { permission: { action: 'reindex', on: 'platform' } } },
    async (request, reply) => {
      if (!fastify.server.listening) {
        return reply.code(409).send({
          error: 'The embedded search index lives in the running server: start it with npm start, which indexes stock.',
        });
      }
      const port = listeningPort(fastify, 0);
      const result = await indexStock({
        db: fastify.database.db,
        tenants: fastify.tenants.all,
        target: fastify.stockSearch.target({ host: '127.0.0.1', port }),
        log: (line) => request.log.info(line.trim()),
      });
      fastify.stockSearch.state.records = result.records;
      await fastify.auditAdmin(request, { action: 'reindex', outcome: 'allowed', after: { records: result.records } });
      return result satisfies z.input<typeof Reindexed>;
    },
  );
}

export default scoped('routes-admin', adminRoutes);
