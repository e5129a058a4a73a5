import type { FastifyInstance } from 'fastify';
import type { PlatformPorts } from '@forecourt/shared-config/server';
import { siteLender } from '@forecourt/shared-config/finance-eligibility';
import { RESERVATIONS_PER_ADDRESS_PER_MINUTE, reserveDeposit, type VehiclePorts } from '@forecourt/mf-vehicle/server';
import { catalogueHasModel, findCarBySlug, listSlides } from '@forecourt/data/stock';
import { activeHold } from '@forecourt/data/reservations';
import { oncePerRequest } from './shared';

/**
 * The platform's side of mf-vehicle's ports: the tenant's own car, if its website shows it, shown
 * reserved while a reservation's hold on it counts; and reserve online's switches, table and card
 * processor (plugins/platform/reservations.ts).
 */
export function vehiclePorts(fastify: FastifyInstance, ports: PlatformPorts): VehiclePorts {
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
    reservationsPerAddressPerMinute:
      fastify.config.FORECOURT_RESERVATIONS_PER_MINUTE ?? RESERVATIONS_PER_ADDRESS_PER_MINUTE,
    // A car page asks for its car twice, for its head (status, links) and for its app's first paint:
    // one read per request, whichever comes first.
    carBySlug: oncePerRequest(async (request, slug: string) => {
      const tenant = request.tenant;
      const db = fastify.database.db;
      const car = tenant ? await findCarBySlug(db, tenant.slug, slug) : null;
      if (!car || !car.show_on_dealer_website) return null;
      // The car's other facts at once: on PostgreSQL each is a round trip of its own.
      const [hold, catalogueModel, slides, market] = await Promise.all([
        // Reserved while a hold counts, by the rule the car's search record follows (carToRecord's `held`).
        car.reserved ? null : activeHold(db, car.tenant, car.id, ports.clock()),
        catalogueHasModel(db, car.tenant, car.make, car.model),
        tenant?.vehicle.customSlider ? listSlides(db, tenant.slug) : [],
        fastify.partners.priceGuide.marketAverages(car),
      ]);
      const held = hold !== null;
      return {
        id: car.id,
        slug: car.slug,
        name: car.name,
        item_type: car.item_type,
        make: car.make,
        model: car.model,
        catalogue_model: catalogueModel,
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
        spin:
          car.spin_images.length > 0
            ? { frames: car.spin_images, interior: car.spin_interior_image, hotspots: car.hotspots }
            : null,
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
        created_at_timestamp: Number.isNaN(Date.parse(car.created_at))
          ? null
          : Math.floor(Date.parse(car.created_at) / 1000),
        views: car.views,
        features: car.standard_equipment,
        variant: { ...car.variant },
        file: car.file,
        dealership_slug: car.dealership_slug,
        location: {
          id: car.location.id,
          slug: car.location.slug,
          name: car.location.name,
          phone: car.location.phone,
          distribution_locations: car.location.distribution_locations,
        },
        custom_slides: slides.map((slide) => ({
          name: slide.name,
          description: slide.description,
          url: slide.url,
          image: slide.image_url,
        })),
        // What the finance rule reads (shared-config's carShowsFinance), so the page's Get Finance buttons answer as its calculator does.
        finance_quote_weekly: car.finance_quote_weekly,
        finance_lender: tenant ? siteLender(car.finance_lenders, tenant.finance) : null,
        market,
      };
    }),
  };
}
