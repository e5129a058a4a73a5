import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PlatformPorts } from '@forecourt/shared-config/server';
import financeServer, { type FinancePorts } from '../../../../mf-finance/server';
import leadsServer, { LEADS_PER_ADDRESS_PER_MINUTE, LEADS_PER_PHONE_PER_HOUR } from '../../../../mf-leads/server';
import locationsServer, { type LocationsPorts, type StoredLocation } from '../../../../mf-locations/server';
import searchServer, { type SearchPorts } from '../../../../mf-search/server';
import { LRUCache } from 'lru-cache';
import { slugify } from '@forecourt/shared-config';
import { dealerTimeZone } from '@forecourt/shared-config/tenant';
import { lenderFacts } from '@forecourt/shared-config/finance-eligibility';
import { findCarById, findCarBySlug, listDealerships, listFeaturedUsedCars, listLocations, listPromoNodes, listReviews, listSlides, listVisibleCars } from '../../db/stock';
import { siteShowsLocation } from '@forecourt/shared-config/locations';
import { carToRecord } from '../../search/indexing/records';
import type { Config } from '../../config/load';
import { normalisePhone } from '@forecourt/shared-config/identity';
import { bookedTestDrives, findLead, LeadWriter, leadsFromPhone } from '../../db/leads';
import type { LeadsPorts } from '../../../../mf-leads/server';
import vehicleServer, { RESERVATIONS_PER_ADDRESS_PER_MINUTE, reserveDeposit, type VehiclePorts } from '../../../../mf-vehicle/server';
import { activeHold } from '../../db/reservations';

export type TeamPorts = PlatformPorts;

/** The lead endpoint's limits: FORECOURT_LEADS_PER_MINUTE (per address) and FORECOURT_LEADS_PER_PHONE_PER_HOUR, else the team's defaults. */
function leadLimits(config: Config): { perAddressPerMinute: number; perPhonePerHour: number } {
  return {
    perAddressPerMinute: config.FORECOURT_LEADS_PER_MINUTE ?? LEADS_PER_ADDRESS_PER_MINUTE,
    perPhonePerHour: config.FORECOURT_LEADS_PER_PHONE_PER_HOUR ?? LEADS_PER_PHONE_PER_HOUR,
  };
}

function injectRequester(fastify: FastifyInstance): NonNullable<SearchPorts['searchRequester']> {
  return {
    async send(request) {
      const target = new URL(request.url);
      const response = await fastify.inject({
        method: request.method as 'GET' | 'POST',
        url: `${target.pathname}${target.search}`,
        headers: request.headers,
        ...(request.data !== undefined ? { payload: typeof request.data === 'string' ? request.data : Buffer.from(request.data) } : {}),
      });
      return { status: response.statusCode, content: response.body, isTimedOut: false };
    },
  };
}

/** The search service's answers to the first paints, timed for `/metrics` (search latency as the web tier sees it). */
function timedRequester(fastify: FastifyInstance, requester: NonNullable<SearchPorts['searchRequester']>): NonNullable<SearchPorts['searchRequester']> {
  return {
    async send(request) {
      const stop = fastify.metrics.searchDuration.startTimer();
      try {
        const response = await requester.send(request);
        stop({ outcome: response.isTimedOut ? 'timeout' : response.status >= 500 ? 'error' : 'ok' });
        return response;
      } catch (error) {
        stop({ outcome: 'error' });
        throw error;
      }
    },
  };
}

/** The platform's side of each team's ports: stock read from the tenant's own rows. */
function searchPorts(fastify: FastifyInstance, ports: TeamPorts): SearchPorts {
  return {
    ...ports,
    // The embedded search service answers the first paint in-process: the same Algolia protocol
    // and secured key as a browser's request, without a socket. A hosted application is reached
    // over the network (no requester), and the search service on a private network at its own
    // address, not the browser's.
    ...(fastify.stockSearch.state.embedded
      ? { searchRequester: timedRequester(fastify, injectRequester(fastify)) }
      : fastify.stockSearch.firstPaintRequester
        ? { searchRequester: timedRequester(fastify, fastify.stockSearch.firstPaintRequester as NonNullable<SearchPorts['searchRequester']>) }
        : {}),
    promoNodes: async (request) => (request.tenant ? listPromoNodes(fastify.database.db, request.tenant.slug) : []),
    slides: async (request) =>
      request.tenant
        ? (await listSlides(fastify.database.db, request.tenant.slug)).map((slide) => ({ id: slide.id, name: slide.name, description: slide.description, url: slide.url, image: slide.image_url, hideOverlay: slide.hide_overlay }))
        : null,
    fallbackCars: async (request, filters, limit) => {
      const tenant = request.tenant;
      if (!tenant) return [];
      const cars = await listVisibleCars(fastify.database.db, tenant.slug, tenant.search.carTypes, filters, limit);
      return cars.map((car) => carToRecord(car, tenant));
    },
  };
}

/**
 * The platform's side of mf-vehicle's ports: the tenant's own car, if its website shows it, shown
 * reserved while a reservation's hold on it counts; and reserve online's switches, table and card
 * processor (plugins/platform/reservations.ts).
 */
function vehiclePorts(fastify: FastifyInstance, ports: TeamPorts): VehiclePorts {
  return {
    ...ports,
    reservationSettings: (request) =>
      request.tenant
        ? {
            onlineCheckout: request.tenant.vehicle.onlineCheckout,
            deposit: reserveDeposit(request.tenant.vehicle.reserveDeposit),
            holdSeconds: fastify.reservations.holdSeconds,
            gatedRoutes: request.tenant.gatedRoutes,
            holdsPerShopper: request.tenant.vehicle.liveHoldsPerShopper,
            leaseSeconds: fastify.reservations.leaseSeconds,
          }
        : null,
    reservations: fastify.reservations.store,
    payments: fastify.reservations.payments,
    shopper: async (request) => fastify.signedIn(request),
    reservationsPerAddressPerMinute: fastify.config.FORECOURT_RESERVATIONS_PER_MINUTE ?? RESERVATIONS_PER_ADDRESS_PER_MINUTE,
    carBySlug: async (request, slug) => {
      const tenant = request.tenant;
      const car = tenant ? await findCarBySlug(fastify.database.db, tenant.slug, slug) : null;
      if (!car || !car.show_on_dealer_website) return null;
      // Reserved while a hold counts, by the rule the car's search record follows (carToRecord's `held`).
      const held = !car.reserved && (await activeHold(fastify.database.db, car.tenant, car.id, ports.clock())) !== null;
      return {
        id: car.id,
        slug: car.slug,
        name: car.name,
        item_type: car.item_type,
        make: car.make,
        model: car.model,
        year: car.year,
        badge: car.badge,
        km: car.km,
        price: car.price,
        offer_price: car.offer_price,
        before_price: car.before_price,
        subscription_price: car.subscription_price,
        price_type: car.price_type,
        preorder: car.preorder,
        status: car.status,
        car_type: car.car_type,
        fuel: car.simple_fuel,
        transmission: car.simple_transmission,
        body: car.simple_body,
        colour: car.colour,
        vin: car.vin,
        stocknum: car.stocknum,
        dealership_id: car.dealership_id,
        dealership_name: car.dealership_name,
        city: car.city,
        state: car.state,
        dealer_comments: car.dealercomments,
        images: car.images.map((image) => image.image.url),
        thumbnails: car.images.map((image) => image.image.thumb.url),
        video_url: car.video_url ?? car.external_video_url,
        spin: car.spin_images.length > 0 ? { frames: car.spin_images, interior: car.spin_interior_image, hotspots: car.hotspots } : null,
        regplate: car.regplate,
        rego_expiry: car.rego_expiry,
        build_date: car.build_date,
        compliance_date: car.compliance_date,
        drive: car.drive,
        seats: car.seats,
        engine_size_litres: car.engine_size_litres,
        series: car.series,
        tag: car.tag,
        reserved: car.reserved || held,
        certified: car.certified,
        created_at_timestamp: Number.isNaN(Date.parse(car.created_at)) ? null : Math.floor(Date.parse(car.created_at) / 1000),
        views: car.views,
        features: car.standard_equipment,
        variant: { ...car.variant },
        file: car.file,
        dealership_slug: car.dealership_slug,
        location: { id: car.location.id, slug: car.location.slug, name: car.location.name, phone: car.location.phone, distribution_locations: car.location.distribution_locations },
        custom_slides: tenant?.vehicle.customSlider ? (await listSlides(fastify.database.db, tenant.slug)).map((slide) => ({ name: slide.name, description: slide.description, url: slide.url, image: slide.image_url })) : [],
        // What the finance rule reads (shared-config's carShowsFinance), so the page's Get Finance buttons answer as its calculator does.
        finance_quote_weekly: car.finance_quote_weekly,
        finance_lender: tenant ? lenderFacts(car.finance_lenders[tenant.finance.provider]) : null,
        market: await fastify.partners.priceGuide.marketAverages(car),
      };
    },
  };
}

/** How long a site's locations are kept in memory for the lead forms (they change when the dealer edits them, rarely). */
const LOCATIONS_TTL_MS = 60_000;

/**
 * The lead store both lead-taking teams use (mf-leads' forms, mf-finance's finance enquiry): one
 * group-committing writer, so every lead of the site goes through one pipeline.
 */
function leadStore(fastify: FastifyInstance) {
  const writer = new LeadWriter(fastify.database.db);
  fastify.addHook('onClose', async () => writer.idle());
  return async (request: FastifyRequest, lead: { form: string; userData: Record<string, unknown> }, idempotency: { key: string; bodyHash: string } | null, phonePerHour?: number) => {
    if (!request.tenant) throw new Error('a lead needs a site');
    const phone = lead.userData['phone'];
    const phoneLimit = phonePerHour === undefined ? null : { max: phonePerHour, since: new Date(Date.now() - 60 * 60 * 1000) };
    return writer.store({ tenant: request.tenant.slug, form: lead.form, payload: { ...lead }, phoneDigits: typeof phone === 'string' ? normalisePhone(phone) : null, idempotency, phoneLimit });
  };
}

/** The platform's side of mf-finance's ports: the site's finance switches, its cars, the session's phone, the lead store, the partner. */
function financePorts(fastify: FastifyInstance, ports: TeamPorts, storeLead: ReturnType<typeof leadStore>): FinancePorts {
  const db = fastify.database.db;
  return {
    ...ports,
    financeSettings: (request) => (request.tenant?.features['mf-finance'] ? request.tenant.finance : null),
    financeCar: async (request, id) => {
      const tenant = request.tenant;
      const car = tenant ? await findCarById(db, tenant.slug, id) : null;
      if (!tenant || !car) return null;
      const lender = car.finance_lenders[tenant.finance.provider];
      return {
        id: car.id,
        slug: car.slug,
        name: car.name,
        vin: car.vin,
        nvic: car.nvic,
        year: car.year,
        dealership_slug: car.dealership_slug,
        car_type: car.car_type,
        price: car.offer_price ?? car.price,
        primary_image_url: car.primary_image_url,
        disclaimer: lender?.disclaimer ?? null,
        make: car.make,
        status: car.status,
        finance_quote_weekly: car.finance_quote_weekly,
        lender: lenderFacts(lender),
      };
    },
    featuredUsedCars: async (request, count) =>
      request.tenant
        ? (await listFeaturedUsedCars(db, request.tenant.slug, count)).map((car) => ({ id: car.id, slug: car.slug, name: car.name, price: car.offer_price ?? car.price, km: car.km, primary_image_url: car.primary_image_url }))
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

/**
 * A site's location rows with their dealership's name, read once a minute per site: the location
 * pages, blocks and forms all ask for them, and they change only when the stock is seeded.
 */
function storedLocations(fastify: FastifyInstance) {
  const db = fastify.database.db;
  const cache = new LRUCache<string, StoredLocation[]>({
    max: 500,
    ttl: LOCATIONS_TTL_MS,
    fetchMethod: async (tenant) => {
      const names = new Map((await listDealerships(db, tenant)).map((dealership) => [dealership.id, dealership.name]));
      return (await listLocations(db, tenant)).map(({ tenant: _tenant, ...location }) => ({ ...location, dealership_name: names.get(location.dealership_id) ?? location.name }));
    },
  });
  return async (tenant: string): Promise<StoredLocation[]> => (await cache.fetch(tenant)) ?? [];
}

/** The platform's side of mf-locations's ports: the site's switches, its location rows and reviews, the geocoder. */
function locationsPorts(fastify: FastifyInstance, ports: TeamPorts, locations: ReturnType<typeof storedLocations>): LocationsPorts {
  return {
    ...ports,
    locationSettings: (request) => (request.tenant?.features['mf-locations'] ? request.tenant.locations : null),
    storedLocations: async (request) => (request.tenant ? locations(request.tenant.slug) : []),
    dealershipReviews: async (request, dealershipId, limit) =>
      request.tenant ? (await listReviews(fastify.database.db, request.tenant.slug, dealershipId, limit)).map(({ tenant: _tenant, dealership_id: _dealership, ...review }) => review) : [],
    geocode: async (postcode) => {
      const place = await fastify.partners.geocoder.geocode(postcode);
      return place ? { region: place.region, lat: place.lat, lng: place.lng } : null;
    },
  };
}

/** The platform's side of mf-leads's ports: the site's rules, cars, locations and bookings, and the lead store. */
function leadsPorts(fastify: FastifyInstance, ports: TeamPorts, storeLead: ReturnType<typeof leadStore>, stored: ReturnType<typeof storedLocations>): LeadsPorts {
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
          return { id: location.id, name: location.name, type, distribution_locations: location.distribution_locations, weekly: hours[type] ?? Object.values(hours)[0] ?? [], special: location.special_hours };
        });
    },
    regoLookup: async (_request, rego, state) => fastify.partners.regoRegister.lookup(rego, state),
    marketAverage: async (request, car) => {
      const averages = await fastify.partners.priceGuide.marketAverages({ id: '', ...car, car_type: 'used', state: request.tenant?.contact.state ?? '', price: 0, offer_price: null });
      return averages.state_average ?? averages.national_average;
    },
    tradeInLead: async (request, leadId) => {
      const lead = request.tenant ? await findLead(db, request.tenant.slug, leadId, 'trade-in') : null;
      return lead ? { userData: (lead.payload['userData'] ?? {}) as Record<string, unknown> } : null;
    },
    bookedTestDrives: async (request, locationId, fromDate) => (request.tenant ? bookedTestDrives(db, request.tenant.slug, locationId, fromDate) : []),
    shopperLeads: async (request) => {
      const user = request.tenant ? await fastify.signedIn(request) : null;
      return user && request.tenant ? leadsFromPhone(db, request.tenant.slug, normalisePhone(user.phone)) : null;
    },
    storeLead: (request, lead, idempotency, phonePerHour) => storeLead(request, lead, idempotency, phonePerHour),
  };
}

/**
 * Mounts every team's server plugin (each made by shared-config's `defineTeamServer`) with the
 * platform's implementations of the ports. Registered after the platform plugins; each team's
 * routes live under its own `/api/<team>/` prefix.
 */
export async function registerTeamServers(fastify: FastifyInstance, ports: TeamPorts): Promise<void> {
  await fastify.register(searchServer, { ports: searchPorts(fastify, ports) });
  await fastify.register(vehicleServer, { ports: vehiclePorts(fastify, ports) });
  const storeLead = leadStore(fastify);
  await fastify.register(financeServer, { ports: financePorts(fastify, ports, storeLead) });
  const locations = storedLocations(fastify);
  await fastify.register(leadsServer, { ports: leadsPorts(fastify, ports, storeLead, locations) });
  await fastify.register(locationsServer, { ports: locationsPorts(fastify, ports, locations) });
}
