import { normalisePhone } from '@forecourt/shared-config/identity';
import { defineTeamServer } from '@forecourt/shared-config/server';
import { bodyHash, idempotencyKey, keyReused } from '@forecourt/shared-config/server/idempotency';
import { parseInput } from '@forecourt/shared-config/server/validation';
import type { FinanceSettings } from '@forecourt/shared-config/tenant';
import type { FastifyReply, FastifyRequest } from 'fastify';
import packageJson from '../package.json';
import { CUSTOMER_FAILED, NO_REDIRECT, type EnquiryAnswer } from '../src/features/finance-enquiry/api/enquiry';
import { QUOTE_FAILED, type QuoteAnswer } from '../src/features/finance-enquiry/api/quote';
import type { FeaturedCarsAnswer, FinanceCarAnswer } from '../src/features/finance-page/api/finance-cars';
import {
  customerRequestSchema,
  quoteRequestSchema,
  type CustomerRequest,
} from '../src/features/finance-enquiry/lib/finance-schema';
import { chosenCar, featuredCars } from './cars';
import { renderFinanceFirstPaint } from './first-paint';
import type { FinanceLeadRecord, FinancePorts } from './ports';

/** The comparison rate, for the platform's finance-partner simulator (one definition; the repayment's is shared-config's). */
export { comparisonRate } from '../src/features/finance-calculator/lib/repayment';
/** The partner port, beside the simulator's arithmetic for the adapter that imports both from here. */
export type { FinancePartner } from '../src/contract';
/** The ports infra implements (its adapter imports them from here), and what the lead store is given and answers. */
export type { FinanceLeadRecord, FinancePorts, StoreLeadResult } from './ports';

/** Spec: the finance lead's category. */
export const FINANCE_CATEGORY = 'Finance Enquiry';
/** Not in the spec: an application claiming the Equifax credit check's consent on a site without the Equifax finance page. */
export const NO_CREDIT_CHECK = 'additionalData.creditCheck: this site does not run credit checks';
/** The lead's tag for an application sent with the shopper's consent to a credit check with Equifax. */
export const CREDIT_CHECK_TAG = 'equifax-credit-check';
/** Not in the spec: a create-customer or finance enquiry for a phone this browser has not confirmed. */
export const PHONE_NOT_VERIFIED = 'Please confirm your mobile number with the code we sent before you apply.';

const noSite = (reply: FastifyReply) => reply.code(404).send({ error: 'No finance on this site' });

/** The finance lead from an application (spec: category 'Finance Enquiry', amount, term, selfAssessedCreditScore, whoIsHelping, tags, car_id, vin, dealership_slug, car_type, subscribe, lead_attributes). */
export function financeLead(
  application: CustomerRequest,
  request: FastifyRequest,
  partner: boolean,
): FinanceLeadRecord {
  const { data, additionalData } = application;
  const userData: Record<string, unknown> = {
    category: FINANCE_CATEGORY,
    name: data.firstName,
    last_name: data.lastName,
    email: data.email,
    phone: data.phoneNumber,
    postcode: additionalData.postCode,
    amount: data.purchasePrice,
    term: data.loanTerm,
    selfAssessedCreditScore: data.selfAssessedCreditScore,
    whoIsHelping: additionalData.whoIsHelping,
    tags: [
      ...additionalData.tags,
      ...(partner ? ['partner-application'] : []),
      ...(additionalData.creditCheck ? [CREDIT_CHECK_TAG] : []),
    ],
    // The dealer's finance team runs the Equifax check only on this consent (the Equifax finance page).
    credit_check_consent: additionalData.creditCheck,
    car_id: additionalData.car_id,
    vin: data.vin,
    nvic: data.nvic,
    year: data.year,
    dealership_slug: additionalData.dealership_slug,
    car_type: additionalData.car_type,
    subscribe: additionalData.subscribe,
    opt_in: additionalData.subscribe,
  };
  return {
    form: 'finance',
    userData: Object.fromEntries(Object.entries(userData).filter(([, value]) => value !== undefined)),
    url: additionalData.url ?? '/finance',
    lead_attributes: additionalData.lead_attributes,
    source: 'Website',
    user_agent: request.headers['user-agent']?.slice(0, 512) ?? null,
    car_id: additionalData.car_id ?? null,
    car_dealership_id: null,
  };
}

/**
 * An application as both routes take it: checked, from the phone this browser confirmed, and
 * stored as the finance lead before anything else (so no application is lost, whatever the
 * partner does). Bad input is thrown (`parseInput`); any other refusal is answered here, and
 * then null is returned.
 */
async function receiveApplication(
  ports: FinancePorts,
  request: FastifyRequest,
  reply: FastifyReply,
  settings: FinanceSettings,
  partner: boolean,
): Promise<{ status: 'stored' | 'replayed'; leadId: string; application: CustomerRequest } | null> {
  const checkedKey = idempotencyKey(request.headers['idempotency-key']);
  if ('error' in checkedKey) {
    await reply.code(400).send(checkedKey);
    return null;
  }
  const { key } = checkedKey;
  const application = parseInput(customerRequestSchema, request.body ?? null, 'body');
  if (application.additionalData.creditCheck && !settings.equifaxFinance) {
    await reply.code(400).send({ error: NO_CREDIT_CHECK, field: 'additionalData.creditCheck' });
    return null;
  }
  const verified = await ports.verifiedPhone(request);
  if (!verified || normalisePhone(verified) !== normalisePhone(application.data.phoneNumber)) {
    await reply.code(401).send({ error: PHONE_NOT_VERIFIED, field: 'data.phoneNumber' });
    return null;
  }
  const idempotency = key ? { key, bodyHash: bodyHash(application) } : null;
  const result = await ports.storeLead(request, financeLead(application, request, partner), idempotency);
  if (result.status === 'conflict' || result.status === 'limited') {
    await reply.code(result.status === 'conflict' ? 422 : 429).send(
      result.status === 'conflict'
        ? keyReused('a different application')
        : {
            error: 'Too many enquiries in a short time. Please try again later, or call us.',
            field: 'data.phoneNumber',
          },
    );
    return null;
  }
  return { ...result, application };
}

/**
 * mf-finance's API. Under /api/finance/: the chosen car and the featured cars of the finance
 * pages, and the finance enquiry of a site without the partner. At the paths the product rules
 * name: `POST /api/youx/quote` and `POST /api/youx/create-customer`. The ports are the
 * platform's (infra passes them; tests pass their own); this folder never imports infra.
 */
export default defineTeamServer<FinancePorts>({
  team: 'mf-finance',
  version: packageJson.version,
  defaultPorts: {
    financeSettings: () => null,
    financeCar: async () => null,
    featuredUsedCars: async () => [],
    verifiedPhone: async () => null,
    storeLead: async () => {
      throw new Error('mf-finance: no lead store was given (the platform passes one)');
    },
    partner: {
      quote: async () => {
        throw new Error('mf-finance: no finance partner was given (the platform passes one)');
      },
      createCustomer: async () => {
        throw new Error('mf-finance: no finance partner was given (the platform passes one)');
      },
    },
  },
  firstPaint: (input, ports) => renderFinanceFirstPaint(input, ports),
  routes: (fastify, ports) => {
    fastify.get<{ Params: { id: string } }>('/cars/:id', async (request, reply) => {
      if (!ports.financeSettings(request)) return noSite(reply);
      const car = await chosenCar(ports, request, request.params.id);
      if (!car) return reply.code(404).send({ error: 'id: no such car on this site', field: 'id' });
      return reply.header('cache-control', 'private, max-age=60').send({ car } satisfies FinanceCarAnswer);
    });

    fastify.get('/featured', async (request, reply) => {
      if (!ports.financeSettings(request)) return noSite(reply);
      return reply
        .header('cache-control', 'private, max-age=60')
        .send({ cars: await featuredCars(ports, request) } satisfies FeaturedCarsAnswer);
    });

    // A site without the partner: the enquiry goes to the dealer's finance team as a lead only.
    fastify.post(
      '/enquiry',
      { bodyLimit: 16 * 1024, config: { rateLimit: { max: 20, timeWindow: 60_000 } } },
      async (request, reply) => {
        const settings = ports.financeSettings(request);
        if (!settings) return noSite(reply);
        const stored = await receiveApplication(ports, request, reply, settings, false);
        if (!stored) return reply;
        return reply
          .code(stored.status === 'stored' ? 201 : 200)
          .send({ lead_id: stored.leadId } satisfies EnquiryAnswer);
      },
    );
  },
  specRoutes: (fastify, ports) => {
    fastify.post(
      '/api/youx/quote',
      { bodyLimit: 4 * 1024, config: { rateLimit: { max: 120, timeWindow: 60_000 } } },
      async (request, reply) => {
        if (!ports.financeSettings(request)?.instantQuote) return noSite(reply);
        const quoteRequest = parseInput(quoteRequestSchema, request.body ?? {}, 'body');
        try {
          return reply
            .header('cache-control', 'no-store')
            .send((await ports.partner.quote(quoteRequest)) satisfies QuoteAnswer);
        } catch (error) {
          request.log.warn({ err: error }, 'finance: the partner gave no quote');
          return reply.code(502).send({ error: QUOTE_FAILED });
        }
      },
    );

    fastify.post(
      '/api/youx/create-customer',
      { bodyLimit: 16 * 1024, config: { rateLimit: { max: 20, timeWindow: 60_000 } } },
      async (request, reply) => {
        const settings = ports.financeSettings(request);
        if (!settings?.instantQuote) return noSite(reply);
        const stored = await receiveApplication(ports, request, reply, settings, true);
        if (!stored) return reply;
        try {
          const { redirectUrl } = await ports.partner.createCustomer(stored.application, {
            idempotencyKey: stored.leadId,
          });
          if (!redirectUrl) return reply.code(502).send({ error: NO_REDIRECT, lead_id: stored.leadId });
          return reply
            .code(stored.status === 'stored' ? 201 : 200)
            .send({ redirectUrl, lead_id: stored.leadId } satisfies EnquiryAnswer);
        } catch (error) {
          // The lead is stored: the dealer's finance team follows up even when the partner is down.
          request.log.warn({ err: error }, 'finance: the partner did not create the customer');
          return reply.code(502).send({ error: CUSTOMER_FAILED, lead_id: stored.leadId });
        }
      },
    );
  },
});
