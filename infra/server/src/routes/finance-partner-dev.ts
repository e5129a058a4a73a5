import fp from 'fastify-plugin';
import { isProduction } from '@forecourt/config/load';
import { findLead } from '@forecourt/data/leads';
import { SimulatedFinancePartner } from '@forecourt/partners/finance/finance-partner';
import { renderPlainPage } from '@forecourt/pages/page';

/**
 * Where the finance partner's simulator sends a shopper after the customer is created (in place
 * of the partner's own application pages): `/_dev/finance-partner/{id}` shows what the partner
 * received, on the site that took the application only. Outside production, and only when the
 * simulator is the partner.
 */
export default fp(
  async (fastify) => {
    const partner = fastify.partners.finance;
    if (!(partner instanceof SimulatedFinancePartner) || isProduction(fastify.config)) return;
    fastify.get<{ Params: { id: string } }>('/_dev/finance-partner/:id', async (request, reply) => {
      const found = partner.applications.get(request.params.id);
      // It shows a shopper's name, email and mobile: only on the site whose finance lead it is,
      // so another dealer's host (or one that names no site) finds nothing here.
      const application =
        found && request.tenant && (await findLead(fastify.database.db, request.tenant.slug, found.leadId, 'finance'))
          ? found
          : undefined;
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      if (!application)
        return reply
          .code(404)
          .send(
            renderPlainPage(
              'Finance partner (development)',
              'No application with this number on this site: the simulator keeps the newest 1,000 while the server runs.',
            ),
          );
      const { data, additionalData } = application.request;
      return renderPlainPage(
        'Finance partner (development)',
        `Application ${request.params.id} received. This page stands in for the finance partner's own application, where the shopper would continue.`,
        {
          headers: ['Field', 'Value'],
          rows: [
            ['Name', `${data.firstName} ${data.lastName}`],
            ['Email', data.email],
            ['Mobile', data.phoneNumber],
            ['Postcode', additionalData.postCode],
            ['Purchase price', `$${data.purchasePrice.toLocaleString('en-AU')}`],
            ['Loan term', `${data.loanTerm} years`],
            ['Credit score', data.selfAssessedCreditScore],
            ['Car', [data.year, data.vin, data.nvic].filter(Boolean).join(' · ') || 'none chosen'],
            ['Received', application.receivedAt.toISOString()],
          ],
        },
      );
    });
  },
  { name: 'finance-partner-dev', fastify: '5.x', dependencies: ['config', 'partners', 'database', 'tenants'] },
);
