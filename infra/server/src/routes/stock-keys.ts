import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CreatedStockKey, RevokedStockKey, StockKeyBody, StockKeys, StockKeysQuery } from '@forecourt/admin-contract';
import { parseInput } from '@forecourt/shared-config/server/validation';
import { scoped } from '@forecourt/shared-config/server';
import { createStockKey, findStockKey, listStockKeys, revokeStockKey } from '@forecourt/stock-in/stock-keys';
import { may } from '@forecourt/domain/operators/permissions';

const KeyParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }).strict();

/**
 * A tenant's Stock API keys, under the admin routes' hooks (the CLI's `stock-keys` and the
 * console): operators for every tenant, a tenant manager for its own. Making and revoking are
 * audited; the key itself is answered once and never stored.
 */
async function stockKeysRoutes(fastify: FastifyInstance): Promise<void> {
  const db = fastify.database.db;
  const callerOf = (request: FastifyRequest) => {
    if (!request.operator) throw new Error('an admin route ran without an authenticated caller');
    return request.operator;
  };

  fastify.get(
    '/stock-keys',
    { config: { permission: { action: 'stock-keys', on: 'list' } } },
    async (request, reply) => {
      const query = parseInput(StockKeysQuery, request.query, 'query');
      const caller = callerOf(request);
      const tenants = fastify.tenants.all
        .map((tenant) => tenant.slug)
        .filter(
          (slug) => (query.tenant === undefined || slug === query.tenant) && may(caller, 'stock-keys', slug).allowed,
        );
      reply.header('cache-control', 'no-store');
      return { keys: await listStockKeys(db, tenants) } satisfies z.input<typeof StockKeys>;
    },
  );

  fastify.post(
    '/stock-keys',
    { config: { permission: { action: 'stock-keys', on: 'tenant' } } },
    async (request, reply) => {
      const body = parseInput(StockKeyBody, request.body ?? null, 'body');
      if (!fastify.tenants.get(body.tenant))
        return reply.code(404).send({ error: `tenant: no tenant '${body.tenant}'`, field: 'tenant' });
      const caller = callerOf(request);
      const created = await createStockKey(db, {
        tenant: body.tenant,
        label: body.label ?? 'Stock API',
        createdBy: caller.name,
      });
      await fastify.auditAdmin(request, {
        action: 'stock-keys',
        tenant: body.tenant,
        outcome: 'allowed',
        after: { created: created.key.id, label: created.key.label },
      });
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send(created satisfies z.input<typeof CreatedStockKey>);
    },
  );

  fastify.post(
    '/stock-keys/:id/revoke',
    { config: { permission: { action: 'stock-keys', on: 'list' } } },
    async (request, reply) => {
      const { id } = parseInput(KeyParams, request.params, 'params');
      const key = await findStockKey(db, id);
      const caller = callerOf(request);
      // A key of a tenant the caller does not hold is not there for it: the same 404 as none.
      if (!key || !may(caller, 'stock-keys', key.tenant).allowed)
        return reply.code(404).send({ error: `id: no stock key ${id}`, field: 'id' });
      const revoked = await revokeStockKey(db, id, new Date());
      // Found a moment ago, and keys are never deleted: its row is there.
      if (!revoked) throw new Error(`stock key ${id} was revoked and is gone`);
      await fastify.auditAdmin(request, {
        action: 'stock-keys',
        tenant: key.tenant,
        outcome: 'allowed',
        before: { key: id, revokedAt: key.revokedAt },
        after: { key: id, revokedAt: revoked.revokedAt },
      });
      return { key: revoked } satisfies z.input<typeof RevokedStockKey>;
    },
  );
}

export default scoped('routes-stock-keys', stockKeysRoutes);
