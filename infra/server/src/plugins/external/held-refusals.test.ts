import Fastify from 'fastify';
import { loadConfig } from '@forecourt/config/load';
import configPlugin from '../platform/config';
import heldRefusals from './held-refusals';

/** A server whose routes refuse as the limits do, holding refusals `holdMs`. */
async function refusingServer(holdMs: number) {
  const app = Fastify();
  await app.register(configPlugin, { config: loadConfig({ FORECOURT_REFUSAL_HOLD_MS: String(holdMs) }) });
  await app.register(heldRefusals);
  app.get('/limited', async (_request, reply) =>
    reply.code(429).header('retry-after', '1').send({ error: 'Too many requests' }),
  );
  app.get('/setting-up', async (_request, reply) => reply.code(503).send({ error: 'This site is being set up' }));
  app.get('/fine', async () => ({ ok: true }));
  return app;
}

it('holds a refusal that says when to try again for the hold, at most its Retry-After', async () => {
  // A hold of ten minutes: the refusal comes after its Retry-After (1 s), or the test times out.
  const app = await refusingServer(600_000);
  const started = performance.now();
  const response = await app.inject('/limited');
  expect(response.statusCode).toBe(429);
  expect(performance.now() - started).toBeGreaterThanOrEqual(990);
  await app.close();
});

it('holds a refusal for the hold when it is the shorter', async () => {
  const app = await refusingServer(300);
  const started = performance.now();
  expect((await app.inject('/limited')).statusCode).toBe(429);
  expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  await app.close();
});

it('sends a refusal with no Retry-After, and every other answer, without holding it', async () => {
  // Held ten minutes, either would time the test out.
  const app = await refusingServer(600_000);
  expect((await app.inject('/setting-up')).statusCode).toBe(503);
  expect((await app.inject('/fine')).statusCode).toBe(200);
  await app.close();
});
