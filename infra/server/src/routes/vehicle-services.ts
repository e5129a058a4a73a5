import fp from 'fastify-plugin';
import { z } from 'zod';
import { DELIVERY_NO_ESTIMATE, deliveryPostcodeProblem } from '@forecourt/shared-config/delivery';
import { requestOrigin } from '@forecourt/shared-config/server';
import { fieldError, parseInput, RequestValidationError } from '@forecourt/shared-config/server/validation';
import { findCarById, findCarBySlug, listLocations } from '@forecourt/data/stock';
import { haversineKm } from '@forecourt/shared-config/geo';
import { tierPrice } from '@forecourt/domain/delivery/delivery-quote';
import { carBrochurePdf } from '@forecourt/media/car-brochure';
import type { DeliveryQuote, PriceComparison } from '@forecourt/mf-vehicle/contract';

const SlugParams = z
  .object({
    slug: z
      .string()
      .min(1)
      .max(200)
      .regex(/^[a-z0-9-]+$/, { error: 'must be a car address (lower-case letters, digits and hyphens)' }),
  })
  .strict();

const DeliveryBodySchema = z
  .object({
    postcode: z.string({ error: 'is required' }).max(16, { error: 'must be at most 16 characters' }),
    car_id: z
      .string({ error: 'is required' })
      .trim()
      .min(1, { error: 'is required' })
      .max(64, { error: 'must be at most 64 characters' }),
  })
  .strict();

/**
 * Services of the vehicle page that the platform computes from its own data and partners:
 *
 * - `GET /api/cars/{slug}/autogauge` (spec: `GET {api}/{car path}/autogauge`): the price
 *   comparison from the price guide (fill, listing_price, market_range_min, market_range_max,
 *   confidence, description); values are null and confidence 0 when the market is too thin.
 * - `POST /api/delivery-quote` `{ postcode, car_id }` (spec: 'Delivery quote: postcode -> name
 *   and price'): the postcode's region and the site's price for the distance from the car's yard
 *   (haversine, 6371 km) by its delivery tiers; 422 with the spec's 'Sorry, we can't provide an
 *   estimate' text for a postcode that is no place or beyond the last tier.
 * - `GET /api/cars/{slug}/pdf`: the car's brochure, downloaded as `{slug}.pdf`.
 * - `POST /api/cars/{slug}/views`: records one view of the car's page (its view count).
 */
export default fp(
  async (fastify) => {
    fastify.get<{ Params: { slug: string } }>('/api/cars/:slug/autogauge', async (request, reply) => {
      if (!request.tenant) return reply.code(404).send({ error: 'No dealer site at this address' });
      const { slug } = parseInput(SlugParams, request.params, 'params');
      const car = await findCarBySlug(fastify.database.db, request.tenant.slug, slug);
      if (!car || !car.show_on_dealer_website)
        return reply.code(404).send({ error: `No car at /cars/${slug} on this site` });
      reply.header('cache-control', 'public, max-age=300');
      const comparison: PriceComparison = await fastify.partners.priceGuide.compare(car);
      return comparison;
    });

    fastify.post('/api/delivery-quote', { bodyLimit: 2048 }, async (request, reply) => {
      if (!request.tenant) return reply.code(404).send({ error: 'No dealer site at this address' });
      const body = parseInput(DeliveryBodySchema, request.body ?? null, 'body');
      const problem = deliveryPostcodeProblem(body.postcode);
      // The shopper reads this text as it is (the calculator shows a 400's error): no field prefix.
      if (problem) throw new RequestValidationError('postcode', problem);
      const tiers = request.tenant.vehicle.delivery?.tiers;
      if (!tiers) return reply.code(404).send({ error: 'This site does not quote delivery online' });
      const car = await findCarById(fastify.database.db, request.tenant.slug, body.car_id);
      if (!car || !car.show_on_dealer_website) return fieldError(reply, 'car_id', `no car ${body.car_id} on this site`);
      const yard = (await listLocations(fastify.database.db, request.tenant.slug)).find(
        (location) => location.id === car.location.id,
      );
      if (!yard) {
        request.log.warn({ car: car.id, location: car.location.id }, 'delivery: the car has no yard with an address');
        return reply.code(422).send({ error: DELIVERY_NO_ESTIMATE, field: 'postcode' });
      }
      const place = await fastify.partners.geocoder.geocode(body.postcode.trim());
      if (!place) return reply.code(422).send({ error: DELIVERY_NO_ESTIMATE, field: 'postcode' });
      const distance = haversineKm({ lat: yard.address.lat, lng: yard.address.long }, place);
      const price = tierPrice(distance, tiers);
      if (price === null) return reply.code(422).send({ error: DELIVERY_NO_ESTIMATE, field: 'postcode' });
      return { name: place.region, price, distance_km: Math.round(distance) } satisfies DeliveryQuote;
    });

    // The car's brochure as a PDF download (spec: 'saved as {slug}.pdf').
    fastify.get<{ Params: { slug: string } }>(
      '/api/cars/:slug/pdf',
      { config: { rateLimit: { max: 30, timeWindow: 60_000 } } },
      async (request, reply) => {
        if (!request.tenant) return reply.code(404).send({ error: 'No dealer site at this address' });
        const { slug } = parseInput(SlugParams, request.params, 'params');
        const car = await findCarBySlug(fastify.database.db, request.tenant.slug, slug);
        if (!car || !car.show_on_dealer_website)
          return reply.code(404).send({ error: `No car at /cars/${slug} on this site` });
        const image = car.images[0]?.image.url;
        let photo: Buffer | null = null;
        if (image) {
          // The media service renders the photo; asked in-process, as the page's <img> would ask it.
          const [path] = image.split('?');
          const response = await fastify.inject({
            method: 'GET',
            url: `${path}?w=1200`,
            headers: { host: request.headers.host ?? '', 'x-forecourt-tenant': request.tenant.slug },
          });
          if (response.statusCode === 200 && String(response.headers['content-type']).startsWith('image/jpeg'))
            photo = response.rawPayload;
          else
            request.log.warn(
              { car: car.id, status: response.statusCode },
              'brochure: the photo could not be rendered; the PDF has none',
            );
        }
        const pdf = await carBrochurePdf(
          car,
          {
            name: request.tenant.name,
            phone: car.location.phone || request.tenant.contact.phone,
            url: `${requestOrigin(request)}${car.path}`,
          },
          photo,
          request.tenant.pricing,
        );
        return reply
          .header('content-disposition', `attachment; filename="${car.slug}.pdf"`)
          .header('cache-control', 'private, max-age=300')
          .type('application/pdf')
          .send(pdf);
      },
    );

    fastify.post<{ Params: { slug: string } }>(
      '/api/cars/:slug/views',
      { config: { rateLimit: { max: 120, timeWindow: 60_000 } } },
      async (request, reply) => {
        if (!request.tenant) return reply.code(404).send({ error: 'No dealer site at this address' });
        const { slug } = parseInput(SlugParams, request.params, 'params');
        const updated = await fastify.database.db
          .updateTable('cars')
          .set((eb) => ({ views: eb('views', '+', 1) }))
          .where('tenant', '=', request.tenant.slug)
          .where('slug', '=', slug)
          .where('show_on_dealer_website', '=', true)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0)
          return reply.code(404).send({ error: `No car at /cars/${slug} on this site` });
        return reply.code(204).send();
      },
    );
  },
  { name: 'routes-vehicle-services', fastify: '5.x', dependencies: ['database', 'tenants', 'partners', 'rate-limit'] },
);
