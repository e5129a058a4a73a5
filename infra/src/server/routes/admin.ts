import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
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

const HistoryQuery = z.object({
  tenant: z.string().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});

/**
 * What the CLI calls. Encapsulated (not fastify-plugin) so its auth hook guards these routes
 * only; register with prefix `/_admin`.
 */
export default async function adminRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.addHook('onRequest', fastify.requireAdmin);

  fastify.get('/pins', async () => fastify.pins.overview());

  fastify.get('/history', async (request) => {
    const query = parseInput(HistoryQuery, request.query, 'query');
    return { changes: await fastify.pins.history(query.tenant, query.limit) };
  });

  fastify.post('/pins', async (request) => {
    const body = parseInput(PinBody, request.body ?? null, 'body');
    return fastify.pins.pin(body);
  });

  fastify.post('/rollback', async (request) => {
    const body = parseInput(RollbackBody, request.body ?? null, 'body');
    return fastify.pins.rollback(body);
  });
}
