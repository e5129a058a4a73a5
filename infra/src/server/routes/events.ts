import fp from 'fastify-plugin';
import { z } from 'zod';
import { insertEvent } from '../../db/events';
import { parseInput } from '../errors';

export const EventBodySchema = z
  .object({
    eventId: z.number().int().positive(),
    payload: z.record(z.string().max(100), z.union([z.string().max(2000), z.number(), z.boolean(), z.null()])).optional(),
    path: z.string().startsWith('/').max(2048).optional(),
  })
  .strict();

/** Analytics beacons from the page; stored under the tenant the host names, never the body. */
export default fp(
  async (fastify) => {
    fastify.post('/api/events', { bodyLimit: 16 * 1024 }, async (request, reply) => {
      if (!request.tenant) return reply.code(404).send({ error: 'No dealer site at this address' });
      const body = parseInput(EventBodySchema, request.body ?? null, 'body');
      const id = await insertEvent(fastify.database.db, {
        tenant: request.tenant.slug,
        eventId: body.eventId,
        payload: body.payload ?? {},
        path: body.path ?? null,
      });
      return reply.code(202).send({ id });
    });
  },
  { name: 'routes-events', fastify: '5.x', dependencies: ['database', 'tenants'] },
);
