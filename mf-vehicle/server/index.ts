import { defineTeamServer, requestOrigin } from '@forecourt/shared-config/server';
import { parseInput } from '@forecourt/shared-config/server/validation';
import packageJson from '../package.json';
import type { CarAnswer } from '../src/contract';
import { carSlugOf, SlugParams, SlugSchema } from './car-slug';
import { renderVehicleFirstPaint } from './first-paint';
import type { VehiclePorts } from './ports';
import { reservationRoutes } from './reservations';
import { vehicleHead } from './vehicle-head';

export type { ReservationStore, VehiclePorts } from './ports';
export { RESERVE_HOLD_SECONDS, reserveDeposit } from '../src/features/checkout/lib/reservation';
export { RESERVATIONS_PER_ADDRESS_PER_MINUTE } from './reservations';

const noPlatform = (what: string) => async (): Promise<never> => {
  throw new Error(`mf-vehicle: no ${what} was given (the platform passes one)`);
};

/**
 * mf-vehicle's server half. The team declares the ports it needs and infra passes implementations
 * when it mounts the plugin (tests pass their own); this folder never imports infra.
 *
 * - The head of `/cars/{slug}`: 404 for a car that does not exist or is hidden from the website;
 *   otherwise title, description, canonical address, Open Graph and schema.org Product + Car
 *   JSON-LD, in the HTML without JavaScript (vehicle-head.ts).
 * - `GET /api/vehicle/cars/{slug}`: the car for the page (404 `{ error }` when there is none; 400
 *   naming the field for an address that cannot be a car's).
 * - Reserve online (reservations.ts): `GET /api/vehicle/cars/{slug}/reservation` (is the car
 *   reserved, and until when), `POST /api/vehicle/cars/{slug}/reservation` (the key claimed, the
 *   deposit authorised, then the car held: 201 `{ id, heldUntil, deposit, paymentReference }`;
 *   400 naming the field, 401 not signed in or phone not confirmed, 402 declined card, 404 no
 *   such car, 409 sold, already reserved or the phone's holds at the site's limit, 422 a key
 *   reused for another request, 503 no answer from the processor) and
 *   `DELETE /api/vehicle/reservations/{id}` (cancel by the shopper who made it, deposit voided).
 */
export default defineTeamServer<VehiclePorts>({
  team: 'mf-vehicle',
  version: packageJson.version,
  defaultPorts: {
    carBySlug: async () => null,
    reservationSettings: () => null,
    reservations: {
      activeHold: async () => null,
      byId: async () => null,
      claim: noPlatform('reservation table'),
      claimOf: async () => null,
      authorised: noPlatform('reservation table'),
      settle: noPlatform('reservation table'),
      voided: noPlatform('reservation table'),
      hold: noPlatform('reservation table'),
      cancel: noPlatform('reservation table'),
      shopperReservations: async () => null,
    },
    payments: { authorise: noPlatform('card processor'), voidAuthorisation: noPlatform('card processor') },
    shopper: async () => null,
  },
  firstPaint: (input, ports) => renderVehicleFirstPaint(input, ports),
  pageHead: async (input, ports) => {
    const slug = carSlugOf(new URL(input.url, 'http://page.invalid').pathname);
    if (slug === null) return null;
    const car = SlugSchema.safeParse(slug).success ? await ports.carBySlug(input.request, slug) : null;
    if (!car) return { status: 404, title: `Page not found | ${input.tenant.name}` };
    return vehicleHead(car, { name: input.tenant.name, origin: requestOrigin(input.request) });
  },
  routes: (fastify, ports) => {
    fastify.get<{ Params: { slug: string } }>('/cars/:slug', async (request, reply) => {
      const { slug } = parseInput(SlugParams, request.params, 'params');
      const car = await ports.carBySlug(request, slug);
      if (!car) return reply.code(404).send({ error: `No car at /cars/${slug} on this site` });
      reply.header('cache-control', 'no-store');
      return { car } satisfies CarAnswer;
    });
    reservationRoutes(fastify, ports);
  },
});
