import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { type WatchlistAnswer } from '@forecourt/shared-config/identity';
import { WatchlistBodySchema } from '@forecourt/shared-config/identity-schemas';
import { parseInput } from '@forecourt/shared-config/server/validation';
import { findCarById } from '@forecourt/data/stock';
import { isOnWatchlist, listWatchlist, removeFromWatchlist, saveToWatchlist } from '@forecourt/data/watchlist';
import { IN_STOCK_STATUSES } from '@forecourt/data/stock-model';

/** Not in the spec (it says only that signed-out shoppers are sent to sign in). */
export const SIGN_IN_TO_SAVE = 'Please sign in to use your watchlist.';
export const SOLD_NOT_SAVABLE = 'This car has sold, so it cannot be added to your watchlist.';

function refuse(reply: FastifyReply, status: number, message: string, field?: string) {
  return reply
    .code(status)
    .send({ success: false, message, ...(field ? { field } : {}) } satisfies WatchlistAnswer & { field?: string });
}

/**
 * The signed-in shopper's watchlist on this site (spec calls `POST /api/watchlist/save-car` and
 * `/remove-car`, answering `{ success }` plus a message on failure; `GET /api/watchlist` lists it).
 * The phone is the session's: the body's `phone_number` is accepted for the spec's payload and
 * never used. A car is looked up on the request's site only, so one site's session can neither
 * name nor touch another site's cars or lists. A sold car cannot be saved unless it already is.
 */
export default fp(
  async (fastify) => {
    fastify.post('/api/watchlist/save-car', { bodyLimit: 4096 }, async (request, reply) => {
      if (!request.tenant) return reply.code(404).send({ error: 'No dealer site at this address' });
      const body = parseInput(WatchlistBodySchema, request.body ?? null, 'body');
      const user = await fastify.signedIn(request);
      if (!user) return refuse(reply, 401, SIGN_IN_TO_SAVE);
      const car = await findCarById(fastify.database.db, request.tenant.slug, body.car_id);
      if (!car || !car.show_on_dealer_website)
        return refuse(reply, 404, `car_id: no car ${body.car_id} on this site`, 'car_id');
      const saved = await isOnWatchlist(fastify.database.db, request.tenant.slug, user.userId, car.id);
      if (!saved && !IN_STOCK_STATUSES.includes(car.status)) return refuse(reply, 409, SOLD_NOT_SAVABLE, 'car_id');
      await saveToWatchlist(fastify.database.db, request.tenant.slug, user.userId, car.id);
      return { success: true } satisfies WatchlistAnswer;
    });

    fastify.post('/api/watchlist/remove-car', { bodyLimit: 4096 }, async (request, reply) => {
      if (!request.tenant) return reply.code(404).send({ error: 'No dealer site at this address' });
      const body = parseInput(WatchlistBodySchema, request.body ?? null, 'body');
      const user = await fastify.signedIn(request);
      if (!user) return refuse(reply, 401, SIGN_IN_TO_SAVE);
      await removeFromWatchlist(fastify.database.db, request.tenant.slug, user.userId, body.car_id);
      return { success: true } satisfies WatchlistAnswer;
    });

    fastify.get('/api/watchlist', async (request, reply) => {
      if (!request.tenant) return reply.code(404).send({ error: 'No dealer site at this address' });
      const user = await fastify.signedIn(request);
      if (!user) return refuse(reply, 401, SIGN_IN_TO_SAVE);
      reply.header('cache-control', 'no-store');
      return { cars: await listWatchlist(fastify.database.db, request.tenant.slug, user.userId) };
    });
  },
  { name: 'routes-watchlist', fastify: '5.x', dependencies: ['identity'] },
);
