import * as zm from './api-schema';

/**
 * What the platform's identity and watchlist routes answer (infra's routes/identity.ts and
 * routes/watchlist.ts), as the page checks it: the routes type their answers with these, so the
 * server and the page read one shape.
 */

export const SESSION_ENDPOINT = '/api/session';
export const WATCHLIST_ENDPOINT = '/api/watchlist';

/** `GET /api/session`, and the sign-in and sign-out calls: who this browser is signed in as on this site. */
export const sessionAnswerSchema = zm.object({ user: zm.nullable(zm.object({ phone: zm.string() })) });
export type SessionAnswer = zm.output<typeof sessionAnswerSchema>;

/** `GET /api/watchlist`: the signed-in shopper's cars on this site, newest first. */
export const watchlistCarsSchema = zm.object({
  cars: zm.array(zm.object({ car_id: zm.string(), slug: zm.string(), saved_at: zm.string() })),
});
export type WatchlistCars = zm.output<typeof watchlistCarsSchema>;

/** Spec: watchlist answers 'success flag, plus message on failure'. */
export const watchlistAnswerSchema = zm.union([
  zm.object({ success: zm.literal(true) }),
  zm.object({ success: zm.literal(false), message: zm.string() }),
]);
export type WatchlistAnswer = zm.output<typeof watchlistAnswerSchema>;
