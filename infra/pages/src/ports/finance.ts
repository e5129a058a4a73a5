import type { FastifyInstance } from 'fastify';
import type { PlatformPorts } from '@forecourt/shared-config/server';
import { carFinanceFacts, siteLender } from '@forecourt/shared-config/finance-eligibility';
import { askingPrice } from '@forecourt/shared-config/price';
import type { FinancePorts } from '@forecourt/mf-finance/server';
import { findCarById, listFeaturedUsedCars } from '@forecourt/data/stock';
import type { LeadStore } from './shared';

/** The platform's side of mf-finance's ports: the site's finance switches, its cars, the session's phone, the lead store, the partner. */
export function financePorts(fastify: FastifyInstance, ports: PlatformPorts, storeLead: LeadStore): FinancePorts {
  const db = fastify.database.db;
  return {
    ...ports,
    financeSettings: (request) => (request.tenant?.features['mf-finance'] ? request.tenant.finance : null),
    financeCar: async (request, id) => {
      const tenant = request.tenant;
      const car = tenant ? await findCarById(db, tenant.slug, id) : null;
      if (!tenant || !car) return null;
      return {
        id: car.id,
        slug: car.slug,
        name: car.name,
        vin: car.vin,
        nvic: car.nvic,
        car_type: car.car_type,
        primary_image_url: car.primary_image_url,
        disclaimer: car.finance_lenders[tenant.finance.provider]?.disclaimer ?? null,
        // The facts every screen reads for finance, from the one builder (price: the asking price).
        ...carFinanceFacts({ ...car, finance_lender: siteLender(car.finance_lenders, tenant.finance) }),
      };
    },
    featuredUsedCars: async (request, count) =>
      request.tenant
        ? (await listFeaturedUsedCars(db, request.tenant.slug, count)).map((car) => ({
            id: car.id,
            slug: car.slug,
            name: car.name,
            price: askingPrice(car) ?? 0,
            km: car.km,
            primary_image_url: car.primary_image_url,
          }))
        : [],
    verifiedPhone: async (request) => (await fastify.signedIn(request))?.phone ?? null,
    storeLead: async (request, lead, idempotency) => {
      const result = await storeLead(request, lead, idempotency);
      // Only a test drive holds a slot; a finance lead can never be refused as one.
      if (result.status === 'taken') throw new Error(`finance lead refused as a taken test-drive slot`);
      return result;
    },
    partner: fastify.partners.finance,
  };
}
