/** @jest-environment node */
import Fastify, { type FastifyInstance } from 'fastify';
import type { ShopperReservation } from '../src/contract';
import vehicleServer, { type VehiclePorts } from '.';

/**
 * The garage's reservations route over the team's plugin with fake ports (the platform's table
 * behind `shopperReservations` is tested in infra): who gets an answer, and its shape.
 */

const NOW = new Date('2026-11-24T04:30:00.000Z');

const held: ShopperReservation = {
  id: '0b9f6a52-8f0e-4c1a-9d8e-2f4b7c1e5a10',
  carId: 'harbourside-motors-1',
  status: 'held',
  heldUntil: new Date('2026-11-26T04:30:00.000Z'),
  depositCents: 25_050,
  paymentReference: 'auth_0123456789abcdef01234567',
  car: { name: '2021 Toyota Hilux SR5', slug: '2021-toyota-hilux-sr5-ha010001' },
  createdAt: NOW,
};

async function app(
  options: { mine?: ShopperReservation[] | null; site?: boolean } = {},
): Promise<{ app: FastifyInstance; asked: Date[] }> {
  const asked: Date[] = [];
  const ports: Partial<VehiclePorts> = {
    clock: () => NOW,
    reservationSettings: () =>
      options.site === false
        ? null
        : {
            onlineCheckout: true,
            deposit: 200,
            holdSeconds: 48 * 60 * 60,
            gatedRoutes: [],
            holdsPerShopper: 2,
            leaseSeconds: 120,
          },
    reservations: {
      activeHold: async () => null,
      byId: async () => null,
      claim: async () => ({ status: 'limited' }),
      claimOf: async () => null,
      authorised: async () => undefined,
      settle: async () => false,
      voided: async () => undefined,
      hold: async () => ({ status: 'taken', heldUntil: null }),
      cancel: async () => null,
      shopperReservations: async (_request, now) => {
        asked.push(now);
        return options.mine === undefined ? [held] : options.mine;
      },
    },
  };
  const fastify = Fastify();
  await fastify.register(vehicleServer, { ports });
  return { app: fastify, asked };
}

const mine = (fastify: FastifyInstance) => fastify.inject({ method: 'GET', url: '/api/vehicle/reservations/mine' });

describe('GET /api/vehicle/reservations/mine', () => {
  it('answers 401 with the reason when nobody is signed in', async () => {
    const { app: fastify } = await app({ mine: null });
    const response = await mine(fastify);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Sign in to see your reservations.' });
  });

  it('lists the shopper’s reservations with the deposit in dollars and times as ISO instants', async () => {
    const { app: fastify } = await app();
    const response = await mine(fastify);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      reservations: [
        {
          id: '0b9f6a52-8f0e-4c1a-9d8e-2f4b7c1e5a10',
          status: 'held',
          heldUntil: '2026-11-26T04:30:00.000Z',
          deposit: 250.5,
          car: { name: '2021 Toyota Hilux SR5', slug: '2021-toyota-hilux-sr5-ha010001' },
          createdAt: '2026-11-24T04:30:00.000Z',
        },
      ],
    });
  });

  it('keeps the processor’s reference to itself', async () => {
    const { app: fastify } = await app();
    expect((await mine(fastify)).body).not.toContain('auth_');
  });

  it('lists a reservation whose car has left the site without a car', async () => {
    const { app: fastify } = await app({ mine: [{ ...held, car: null }] });
    expect((await mine(fastify)).json()).toMatchObject({ reservations: [{ car: null }] });
  });

  it('asks the table with the platform’s clock, so a hold past its end reads expired', async () => {
    const { app: fastify, asked } = await app();
    await mine(fastify);
    expect(asked).toEqual([NOW]);
  });

  it('lets no cache keep one shopper’s list', async () => {
    const { app: fastify } = await app();
    expect((await mine(fastify)).headers['cache-control']).toBe('private, no-store');
  });

  it('answers 404 for an address that names no dealer site', async () => {
    const { app: fastify } = await app({ site: false });
    expect((await mine(fastify)).statusCode).toBe(404);
  });
});
