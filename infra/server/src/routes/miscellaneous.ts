import fp from 'fastify-plugin';
import { z } from 'zod';
import { parseInput } from '@forecourt/shared-config/server/validation';
import { findLead, saveMiscellaneous } from '@forecourt/data/leads';

/** What a form may save beside its lead: the spec names one column, the trade-in's 'valuation'. */
const MiscellaneousBodySchema = z
  .object({
    column_name: z.enum(['valuation'], { error: "must be 'valuation'" }),
    lead_id: z.uuid({ error: 'must be a lead id' }),
    data: z
      .record(z.string().max(64), z.unknown())
      .refine((data) => JSON.stringify(data).length <= 8 * 1024, { error: 'must be at most 8 KB' }),
  })
  .strict();

/**
 * `POST /api/miscellaneous` (spec §7: 'valuation result plus column_name "valuation" (some
 * dealers)'): saved beside the site's own trade-in lead, once per lead and column (a second save
 * replaces the first). A lead of another site, or none, is a 404 naming `lead_id`.
 */
export default fp(
  async (fastify) => {
    fastify.post('/api/miscellaneous', { bodyLimit: 16 * 1024 }, async (request, reply) => {
      if (!request.tenant) return reply.code(404).send({ error: 'No dealer site at this address' });
      const body = parseInput(MiscellaneousBodySchema, request.body ?? null, 'body');
      const lead = await findLead(fastify.database.db, request.tenant.slug, body.lead_id, 'trade-in');
      if (!lead)
        return reply.code(404).send({ error: `lead_id: no valuation ${body.lead_id} on this site`, field: 'lead_id' });
      const id = await saveMiscellaneous(fastify.database.db, {
        tenant: request.tenant.slug,
        columnName: body.column_name,
        leadId: lead.id,
        data: body.data,
      });
      return reply.code(201).send({ id });
    });
  },
  { name: 'routes-miscellaneous', fastify: '5.x', dependencies: ['database'] },
);
