import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { PublishBody, PublishesQuery, PublishRecorded, Publishes } from '@forecourt/admin-contract';
import { fieldError, parseInput } from '@forecourt/shared-config/server/validation';
import { listPublishes, recordPublish } from '@forecourt/data/publishes';
import { isRegistryTeam } from '@forecourt/releases/registry/registry';
import { scoped } from '@forecourt/shared-config/server';
import { jsonOf } from '@forecourt/runtime/json';

/**
 * The publish audit (infra/data/src/publishes.ts) behind `forecourt publish` and `forecourt publishes`.
 * Registered inside the admin routes, so their checks guard these too: reading the publishes
 * concerns every tenant, and publishing is an operator's. The CLI copies the
 * build into the registry itself (the build folder is on its machine) and records it here; a
 * record is accepted only for a version the registry has.
 */
async function publishesRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.get('/publishes', { config: { permission: { action: 'read', on: 'platform' } } }, async (request) => {
    const query = parseInput(PublishesQuery, request.query, 'query');
    return jsonOf({
      publishes: await listPublishes(fastify.database.db, {
        ...(query.team ? { team: query.team } : {}),
        ...(query.forced ? { forced: query.forced === 'true' } : {}),
        ...(query.limit ? { limit: query.limit } : {}),
      }),
    }) satisfies z.input<typeof Publishes>;
  });

  fastify.post(
    '/publishes',
    { config: { permission: { action: 'publish', on: 'platform' } } },
    async (request, reply) => {
      const body = parseInput(PublishBody, request.body ?? null, 'body');
      if (!isRegistryTeam(body.team))
        return reply.code(404).send({ error: `Unknown team '${body.team}'`, field: 'team' });
      if (!(await fastify.registry.isPublished(body.team, body.version))) {
        return reply.code(409).send({
          error: `${body.team} ${body.version} is not published: record a publish after the registry has it`,
          field: 'version',
        });
      }
      if (body.forced && !body.reason?.trim()) return fieldError(reply, 'reason', 'a forced publish needs a reason');
      // Who published is the account the token belongs to, not a name the caller types.
      const publish = await recordPublish(fastify.database.db, { ...body, actor: request.operator?.name ?? 'unknown' });
      await fastify.auditAdmin(request, { action: 'publish', team: body.team, outcome: 'allowed', after: publish });
      return reply.code(201).send(jsonOf({ publish }) satisfies z.input<typeof PublishRecorded>);
    },
  );
}

export default scoped('routes-publishes', publishesRoutes);
