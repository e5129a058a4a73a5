import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { SharedStore } from '../../redis-store';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a limited caller is told (default: how many requests the route allows and when to retry). */
    rateLimitMessage?: string | ((retrySeconds: number) => string);
    /**
     * What the route's limit does while the shared store (Redis) is unreachable: 'count-here'
     * (the default) counts on this instance alone, so the route stays up and still limited, only
     * N instances allow N times as much; `{ refuse }` answers 503 with that message, for a route
     * whose every extra call costs money or helps an attacker (a one-time code's SMS).
     */
    rateLimitStoreDown?: 'count-here' | { refuse: string };
  }
}

/** The 503 a route that refuses while its limit cannot be counted answers (see the error handler). */
export class RateLimitUnavailableError extends Error {
  readonly statusCode = 503;
}

type Counted = { current: number; ttl: number };
type Done = (error: Error | null, result?: Counted) => void;

/** One fixed window per key: the first request in a window sets its expiry, atomically, on every instance alike. */
const COUNT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) ttl = tonumber(ARGV[1]) end
return {current, ttl}`;

/** Counts on this instance: the store without Redis, and the stand-in while Redis is down. */
class LocalCounts {
  private readonly windows = new LRUCache<string, { count: number; resetAt: number }>({ max: 10_000 });

  incr(key: string, timeWindow: number): Counted {
    const now = Date.now();
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + timeWindow });
      return { current: 1, ttl: timeWindow };
    }
    window.count += 1;
    return { current: window.count, ttl: window.resetAt - now };
  }
}

/**
 * The limiter's store when REDIS_URL is set. Written here rather than the library's Redis store:
 * that one fails a request whenever Redis does (or, with skipOnError, leaves every route
 * unlimited), while here each route chooses (`rateLimitStoreDown`) between counting on this
 * instance and refusing with a clear 503. The Redis client answers or fails within its command
 * timeout, and at once while disconnected, so no request waits on an outage.
 */
function sharedStoreClass(shared: SharedStore): new (options: unknown) => FastifyRateLimitStore {
  type Scope = { namespace: string; whenDown: 'count-here' | { refuse: string } };
  class SharedCountStore implements FastifyRateLimitStore {
    private readonly local = new LocalCounts();
    private readonly namespace: string;
    private readonly whenDown: Scope['whenDown'];

    /** The library makes the root store with its options (unused here); `child` makes one per route. */
    constructor(_options?: unknown, scope: Scope = { namespace: `${shared.keyPrefix}rate:`, whenDown: 'count-here' }) {
      this.namespace = scope.namespace;
      this.whenDown = scope.whenDown;
    }

    incr(key: string, done: Done, timeWindow: number): void {
      shared.redis.eval(COUNT_SCRIPT, 1, this.namespace + key, timeWindow).then(
        (result) => {
          const [current, ttl] = Array.isArray(result) ? result.map(Number) : [];
          if (current === undefined || ttl === undefined || Number.isNaN(current) || Number.isNaN(ttl))
            return done(new Error(`rate limit: unexpected answer from Redis: ${JSON.stringify(result)}`));
          done(null, { current, ttl });
        },
        () => {
          if (this.whenDown === 'count-here') return done(null, this.local.incr(key, timeWindow));
          done(new RateLimitUnavailableError(this.whenDown.refuse));
        },
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The library passes the route's merged limit settings with the route under `routeInfo`
      // (its typings name the route itself).
      const route = (
        routeOptions as unknown as {
          routeInfo?: {
            method?: unknown;
            url?: string;
            config?: { rateLimitStoreDown?: 'count-here' | { refuse: string } };
          };
        }
      ).routeInfo;
      return new SharedCountStore(undefined, {
        namespace: `${this.namespace}${String(route?.method ?? '')}${route?.url ?? ''}:`,
        whenDown: route?.config?.rateLimitStoreDown ?? 'count-here',
      });
    }
  }
  return SharedCountStore;
}

export interface RateLimitOptions {
  /** Count in Redis so that every instance shares one count (REDIS_URL); omitted: this process counts alone. */
  shared?: SharedStore | null;
}

/**
 * Per-address limits for the routes that ask for one (`config.rateLimit`), registered once for
 * the whole app: the limiter's hooks are global, so a second registration would answer another
 * route's callers with its own message. A route names its message in `config.rateLimitMessage`.
 * The address is `request.ip`: the client's, after the trusted balancers' hops.
 */
export default fp<RateLimitOptions>(
  async (fastify, options) => {
    await fastify.register(rateLimit, {
      global: false,
      ...(options.shared ? { store: sharedStoreClass(options.shared) } : {}),
      errorResponseBuilder: (request, context) => {
        const retry = Math.ceil(context.ttl / 1000);
        const configured = request.routeOptions.config.rateLimitMessage;
        const message =
          typeof configured === 'function'
            ? configured(retry)
            : (configured ??
              `Too many requests from this address: at most ${context.max} per ${context.after}. Retry in ${retry} s.`);
        return Object.assign(new Error(message), { statusCode: context.statusCode });
      },
    });
  },
  { name: 'rate-limit', fastify: '5.x' },
);
