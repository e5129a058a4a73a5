import fp from 'fastify-plugin';
import { isProduction } from '@forecourt/config/load';
import { crmFromConfig, type Crm } from '@forecourt/domain/leads/crm';
import { deliverAllDue, type DeliveryRound } from '@forecourt/domain/leads/delivery';
import { renderPlainPage } from '@forecourt/pages/page';

declare module 'fastify' {
  interface FastifyInstance {
    /** One delivery round now (the timer runs them every `intervalMs`). */
    deliverLeads: () => Promise<DeliveryRound>;
    /** A round that starts after this call: it sees rows made due just before (an operator's retry). */
    deliverLeadsNow: () => Promise<DeliveryRound>;
  }
}

export interface LeadDeliveryOptions {
  /** Default: the webhook when FORECOURT_CRM_WEBHOOK_URL is set, else the development CRM. */
  crm?: Crm;
  /** How often due leads are delivered (default 1000 ms); 0 runs no timer (tests call `deliverLeads`). */
  intervalMs?: number;
  clock?: () => Date;
}

interface CrmEntry {
  lead_id: string;
  form: string;
  name: string;
  subcategory: string | null;
  /** The lead's values as the CRM received them. */
  userData: Record<string, unknown>;
  received_at: string | null;
  attempts: number;
  last_error: string | null;
}

/**
 * Delivery of stored leads to the dealer's CRM from the outbox (leads/delivery.ts), on a timer,
 * and the development CRM's page: `/_dev/crm` (and `.json`) lists what the site's CRM received
 * and every lead still waiting, with its attempts and last error, outside production.
 */
export default fp<LeadDeliveryOptions>(
  async (fastify, options) => {
    const db = fastify.database.db;
    const crm = options.crm ?? crmFromConfig(db, fastify.config);
    const clock = options.clock ?? (() => new Date());
    let running: Promise<DeliveryRound> | null = null;
    const deliverLeads = () => {
      // One round at a time in this process; rows are claimed, so other servers can run theirs.
      running ??= deliverAllDue(db, crm, clock).finally(() => {
        running = null;
      });
      return running;
    };
    fastify.decorate('deliverLeads', deliverLeads);
    // A round already running may have read the outbox before the rows were made due: wait for it,
    // then start (or join) a fresh one.
    fastify.decorate('deliverLeadsNow', async () => {
      await running?.catch(() => undefined);
      return deliverLeads();
    });

    // FORECOURT_LEAD_DELIVERY_MS: how often the outbox is read (0: never, for a server that
    // leaves delivery to another).
    const intervalMs = options.intervalMs ?? fastify.config.FORECOURT_LEAD_DELIVERY_MS;
    let timer: NodeJS.Timeout | undefined;
    if (intervalMs > 0) {
      fastify.addHook('onReady', async () => {
        timer = setInterval(
          () =>
            void deliverLeads().catch((error: unknown) =>
              fastify.log.error({ err: error }, 'leads: a delivery round failed'),
            ),
          intervalMs,
        ).unref();
      });
    }
    // preClose, not onClose: the round in flight finishes and no new one starts before any
    // onClose hook (the database's among them) runs.
    fastify.addHook('preClose', async () => {
      clearInterval(timer);
      await running?.catch(() => undefined);
    });

    if (crm.kind !== 'dev' || isProduction(fastify.config)) return;
    const entries = async (tenant: string): Promise<CrmEntry[]> => {
      const rows = await db
        .selectFrom('leads')
        .innerJoin('lead_outbox', 'lead_outbox.lead_id', 'leads.id')
        .leftJoin('dev_crm_leads', 'dev_crm_leads.lead_id', 'leads.id')
        .select([
          'leads.id as lead_id',
          'leads.form as form',
          'leads.payload as payload',
          'dev_crm_leads.received_at as received_at',
          'lead_outbox.attempts as attempts',
          'lead_outbox.last_error as last_error',
        ])
        .where('leads.tenant', '=', tenant)
        .orderBy('leads.created_at', 'desc')
        .limit(100)
        .execute();
      return rows.map((row) => {
        const payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as {
          userData?: Record<string, unknown>;
        };
        const userData = payload.userData ?? {};
        return {
          lead_id: row.lead_id,
          form: row.form,
          name: [userData['name'], userData['last_name']].filter(Boolean).join(' '),
          subcategory: typeof userData['subcategory'] === 'string' ? userData['subcategory'] : null,
          userData,
          received_at: row.received_at ? new Date(row.received_at).toISOString() : null,
          attempts: Number(row.attempts),
          last_error: row.last_error,
        };
      });
    };
    fastify.get('/_dev/crm.json', async (request, reply) => {
      if (!request.tenant) return reply.code(404).send({ error: 'No dealer site at this address' });
      reply.header('cache-control', 'no-store');
      return { leads: await entries(request.tenant.slug) };
    });
    fastify.get('/_dev/crm', async (request, reply) => {
      if (!request.tenant) return reply.code(404).send({ error: 'No dealer site at this address' });
      const about = (e: CrmEntry) =>
        [
          e.subcategory,
          e.userData['Vehicle Make']
            ? `${String(e.userData['Vehicle Make'])} ${String(e.userData['Vehicle Model'] ?? '')} (${String(e.userData['stock_number'] ?? '')})`
            : null,
          e.userData['dateTime'] ? `at ${String(e.userData['dateTime'])}` : null,
        ]
          .filter(Boolean)
          .join(' · ');
      const rows = (await entries(request.tenant.slug)).map((e) => [
        e.received_at ?? `waiting (${e.attempts} attempts${e.last_error ? `: ${e.last_error}` : ''})`,
        e.form,
        e.name,
        about(e),
        e.lead_id,
      ]);
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      return renderPlainPage(
        'CRM (development)',
        `Leads ${request.tenant.name}'s CRM received from the site, newest first, and those still waiting to be delivered. Production delivers them to the dealer's CRM webhook and has no such page.`,
        { headers: ['Received', 'Form', 'Name', 'About', 'Lead'], rows },
      );
    });
  },
  { name: 'lead-delivery', fastify: '5.x', dependencies: ['config', 'database', 'tenants'] },
);
