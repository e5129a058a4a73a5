import type { FastifyInstance } from 'fastify';
import type { PlatformPorts } from '@forecourt/shared-config/server';
import { slugify } from '@forecourt/shared-config';
import { normalisePhone } from '@forecourt/shared-config/identity';
import { siteShowsLocation } from '@forecourt/shared-config/locations';
import { dealerTimeZone } from '@forecourt/shared-config/tenant';
import { LEADS_PER_ADDRESS_PER_MINUTE, LEADS_PER_PHONE_PER_HOUR, type LeadsPorts } from '@forecourt/mf-leads/server';
import type { Config } from '@forecourt/config/load';
import { bookedTestDrives, findLead, leadsFromPhone } from '@forecourt/data/leads';
import { findCarById } from '@forecourt/data/stock';
import type { LeadStore, StoredLocations } from './shared';

/** The lead endpoint's limits: FORECOURT_LEADS_PER_MINUTE (per address) and FORECOURT_LEADS_PER_PHONE_PER_HOUR, else the team's defaults. */
function leadLimits(config: Config): { perAddressPerMinute: number; perPhonePerHour: number } {
  return {
    perAddressPerMinute: config.FORECOURT_LEADS_PER_MINUTE ?? LEADS_PER_ADDRESS_PER_MINUTE,
    perPhonePerHour: config.FORECOURT_LEADS_PER_PHONE_PER_HOUR ?? LEADS_PER_PHONE_PER_HOUR,
  };
}

/** The platform's side of mf-leads's ports: the site's rules, cars, locations and bookings, and the lead store. */
export function leadsPorts(
  fastify: FastifyInstance,
  ports: PlatformPorts,
  storeLead: LeadStore,
  stored: StoredLocations,
): LeadsPorts {
  const db = fastify.database.db;
  return {
    ...ports,
    formRules: (request) => request.tenant?.leads ?? null,
    timeZone: (request) => (request.tenant ? dealerTimeZone(request.tenant.contact) : 'Australia/Sydney'),
    leadLimits: leadLimits(fastify.config),
    carForLead: async (request, carId) => {
      const car = request.tenant ? await findCarById(db, request.tenant.slug, carId) : null;
      if (!car) return null;
      return {
        id: car.id,
        slug: car.slug,
        name: car.name,
        make: car.make,
        model: car.model,
        manufacturer_slug: slugify(car.make),
        stocknum: car.stocknum,
        car_type: car.car_type,
        status: car.status,
        dealership_id: car.dealership_id,
        dealership_slug: car.dealership_slug,
        location_id: car.location.id,
      };
    },
    // The locations the site shows (the one rule its location pages follow too), with the hours of their own type.
    leadLocations: async (request) => {
      const tenant = request.tenant;
      if (!tenant) return [];
      return (await stored(tenant.slug))
        .filter((location) => siteShowsLocation(tenant.locations, location))
        .map((location) => {
          const type = location.location_type || 'sales';
          const hours = location.contact_detail.opening_hours;
          return {
            id: location.id,
            name: location.name,
            type,
            distribution_locations: location.distribution_locations,
            weekly: hours[type] ?? Object.values(hours)[0] ?? [],
            special: location.special_hours,
          };
        });
    },
    regoLookup: async (_request, rego, state) => fastify.partners.regoRegister.lookup(rego, state),
    marketAverage: async (request, car) => {
      const averages = await fastify.partners.priceGuide.marketAverages({
        id: '',
        ...car,
        car_type: 'used',
        state: request.tenant?.contact.state ?? '',
        price: 0,
        offer_price: null,
      });
      return averages.state_average ?? averages.national_average;
    },
    tradeInLead: async (request, leadId) => {
      const lead = request.tenant ? await findLead(db, request.tenant.slug, leadId, 'trade-in') : null;
      return lead ? { userData: (lead.payload['userData'] ?? {}) as Record<string, unknown> } : null;
    },
    bookedTestDrives: async (request, locationId, fromDate) =>
      request.tenant ? bookedTestDrives(db, request.tenant.slug, locationId, fromDate) : [],
    shopperLeads: async (request) => {
      const user = request.tenant ? await fastify.signedIn(request) : null;
      return user && request.tenant ? leadsFromPhone(db, request.tenant.slug, normalisePhone(user.phone)) : null;
    },
    storeLead: (request, lead, idempotency, phonePerHour) => storeLead(request, lead, idempotency, phonePerHour),
  };
}
