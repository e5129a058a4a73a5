import type { PlatformPorts } from '@forecourt/shared-config/server';
import type { FinanceSettings } from '@forecourt/shared-config/tenant';
import type { FastifyRequest } from 'fastify';
import type { FinancePartner } from '../src/contract';
import type { CustomerRequest } from '../src/features/finance-enquiry/lib/finance-schema';
import type { FeaturedCar, FinancePanelCar } from '../src/features/finance-page/api/finance-cars';

/*
 * The ports mf-finance's server half needs, which infra implements when it mounts the plugin. A
 * module of their own: the plugin (index.ts) and its first paint (first-paint.tsx) both read
 * them, and the plugin imports the first paint.
 */

/** The finance lead as the lead pipeline stores it (spec: 'Finance lead' and 'Lead payload'). */
export interface FinanceLeadRecord {
  form: 'finance';
  userData: Record<string, unknown>;
  url: string;
  lead_attributes: CustomerRequest['additionalData']['lead_attributes'];
  source: 'Website';
  user_agent: string | null;
  car_id: string | null;
  car_dealership_id: string | null;
}

export type StoreLeadResult =
  { status: 'stored' | 'replayed'; leadId: string } | { status: 'conflict' } | { status: 'limited' };

export interface FinancePorts extends PlatformPorts {
  /** The request's site's finance switches; null when the request names no site or the site has finance switched off. */
  financeSettings: (request: FastifyRequest) => FinanceSettings | null;
  /** A car of the request's site by id, as the side panel shows it, with its lender's disclaimer (spec: 'fetched by car id'). */
  financeCar: (request: FastifyRequest, id: string) => Promise<FinancePanelCar | null>;
  /** The site's used cars in stock with more than one photo, newest first. */
  featuredUsedCars: (request: FastifyRequest, count: number) => Promise<FeaturedCar[]>;
  /** The mobile this browser confirmed with a one-time code on this site (its session), or null. */
  verifiedPhone: (request: FastifyRequest) => Promise<string | null>;
  /** Stores the lead durably with its delivery outbox row before the answer (the lead pipeline; see mf-leads). */
  storeLead: (
    request: FastifyRequest,
    lead: FinanceLeadRecord,
    idempotency: { key: string; bodyHash: string } | null,
  ) => Promise<StoreLeadResult>;
  partner: FinancePartner;
}
