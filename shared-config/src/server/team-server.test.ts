/** @jest-environment node */
import Fastify from 'fastify';
import { z } from 'zod';
import { defineTeamServer } from './team-server';
import { parseInput } from './validation';

it('answers /api/<team>/status with the team and version it was given', async () => {
  const app = Fastify();
  await app.register(defineTeamServer({ team: 'mf-finance', version: '3.1.4' }));
  const response = await app.inject({ method: 'GET', url: '/api/finance/status' });
  expect(response.json()).toEqual({ team: 'mf-finance', version: '3.1.4' });
  await app.close();
});

it('mounts the team routes under its prefix with the ports the platform passes', async () => {
  const app = Fastify();
  const server = defineTeamServer({
    team: 'mf-leads',
    version: '1.0.0',
    routes: (fastify, ports) => {
      fastify.get('/now', async () => ({ now: ports.clock().toISOString() }));
    },
  });
  await app.register(server, { ports: { clock: () => new Date('2026-11-23T09:00:00Z') } });
  expect((await app.inject({ method: 'GET', url: '/api/leads/now' })).json()).toEqual({
    now: '2026-11-23T09:00:00.000Z',
  });
  expect((await app.inject({ method: 'GET', url: '/now' })).statusCode).toBe(404);
  await app.close();
});

it('falls back to the team’s default ports when the platform passes none', async () => {
  interface Ports {
    clock: () => Date;
    greeting: string;
  }
  const app = Fastify();
  await app.register(
    defineTeamServer<Ports>({
      team: 'mf-vehicle',
      version: '1.0.0',
      defaultPorts: { greeting: 'g’day' },
      routes: (fastify, ports) => {
        fastify.get('/hello', async () => ({ hello: ports.greeting }));
      },
    }),
  );
  expect((await app.inject({ method: 'GET', url: '/api/vehicle/hello' })).json()).toEqual({ hello: 'g’day' });
  await app.close();
});

it('registers the spec routes at the paths written, with the same ports', async () => {
  const app = Fastify();
  const server = defineTeamServer({
    team: 'mf-finance',
    version: '1.0.0',
    specRoutes: (fastify, ports) => {
      fastify.post('/api/youx/quote', async () => ({ at: ports.clock().toISOString() }));
    },
  });
  await app.register(server, { ports: { clock: () => new Date('2026-11-23T09:00:00Z') } });
  expect((await app.inject({ method: 'POST', url: '/api/youx/quote' })).json()).toEqual({
    at: '2026-11-23T09:00:00.000Z',
  });
  expect((await app.inject({ method: 'POST', url: '/api/finance/api/youx/quote' })).statusCode).toBe(404);
  await app.close();
});

describe('bad input of a team route', () => {
  const Query = z.object({ postcode: z.string().regex(/^\d{4}$/, 'must be 4 digits') });
  const server = defineTeamServer({
    team: 'mf-locations',
    version: '1.0.0',
    routes: (fastify) => {
      fastify.get('/nearest', async (request) => parseInput(Query, request.query, 'query'));
      fastify.get('/broken', async () => {
        throw new Error('the store is down');
      });
    },
    specRoutes: (fastify) => {
      fastify.get('/api/geo/nearest', async (request) => parseInput(Query, request.query, 'query'));
    },
  });

  it('is answered 400 { error, field } by the team server itself, whatever mounts it', async () => {
    const app = Fastify();
    await app.register(server);
    const response = await app.inject({ method: 'GET', url: '/api/locations/nearest?postcode=20' });
    expect([response.statusCode, response.json()]).toEqual([
      400,
      { error: 'postcode: must be 4 digits', field: 'postcode' },
    ]);
    await app.close();
  });

  it('is answered alike on a spec route', async () => {
    const app = Fastify();
    await app.register(server);
    const response = await app.inject({ method: 'GET', url: '/api/geo/nearest?postcode=20' });
    expect([response.statusCode, response.json()]).toEqual([
      400,
      { error: 'postcode: must be 4 digits', field: 'postcode' },
    ]);
    await app.close();
  });

  it('leaves any other error of a team route to the host’s error handler', async () => {
    const app = Fastify();
    app.setErrorHandler((error, _request, reply) => reply.code(503).send({ hostSaw: (error as Error).message }));
    await app.register(server);
    const response = await app.inject({ method: 'GET', url: '/api/locations/broken' });
    expect([response.statusCode, response.json()]).toEqual([503, { hostSaw: 'the store is down' }]);
    await app.close();
  });
});
