import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a limited caller is told (default: how many requests the route allows and when to retry). */
    rateLimitMessage?: string | ((retrySeconds: number) => string);
  }
}

/**
 * Per-address limits for the routes that ask for one (`config.rateLimit`), registered once for
 * the whole app: the limiter's hooks are global, so a second registration would answer another
 * route's callers with its own message. A route names its message in `config.rateLimitMessage`.
 */
export default fp(
  async (fastify) => {
    await fastify.register(rateLimit, {
      global: false,
      errorResponseBuilder: (request, context) => {
        const retry = Math.ceil(context.ttl / 1000);
        const configured = request.routeOptions.config.rateLimitMessage;
        const message =
          typeof configured === 'function' ? configured(retry) : (configured ?? `Too many requests from this address: at most ${context.max} per ${context.after}. Retry in ${retry} s.`);
        return Object.assign(new Error(message), { statusCode: context.statusCode });
      },
    });
  },
  { name: 'rate-limit', fastify: '5.x' },
);
