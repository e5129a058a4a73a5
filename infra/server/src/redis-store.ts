import { Redis } from 'ioredis';

/**
 * The shared store several web instances count in (today: the rate limits), so that N instances
 * behind a balancer allow what one would. Optional: without REDIS_URL each instance counts alone,
 * which is right for the single-process demo.
 */
export interface SharedStore {
  redis: Redis;
  /** Prefix of every key this app writes (tests use their own, so parallel runs never share counts). */
  keyPrefix: string;
  /** Whether the last command or connection attempt succeeded: for the log and `/metrics`. */
  up(): boolean;
  close(): Promise<void>;
}

/** A command that has not answered by then is treated as Redis being down. */
const REDIS_COMMAND_TIMEOUT_MS = 500;
/** A connection attempt that has not opened by then fails (a host that drops packets never refuses). */
const REDIS_CONNECT_TIMEOUT_MS = 1_000;

/**
 * Connects to Redis so that an outage costs a request at most a fraction of a second: no offline
 * queue (a command while disconnected fails at once instead of waiting for a reconnect), a short
 * command and connect timeout, no per-command retries, and reconnection in the background.
 * `log` hears when the store goes down and when it is back, once each.
 */
export function openSharedStore(
  url: string,
  options: { keyPrefix?: string; log?: (level: 'warn' | 'info', line: string) => void } = {},
): SharedStore {
  const log = options.log ?? (() => undefined);
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  let up = false;
  let reported: boolean | null = null;
  const report = (now: boolean, detail: string) => {
    up = now;
    if (reported === now) return;
    reported = now;
    if (now) log('info', 'shared store: connected to Redis');
    else
      log(
        'warn',
        `shared store: Redis is unreachable (${detail}); rate limits count per instance or refuse, by route, until it is back`,
      );
  };
  redis.on('ready', () => report(true, ''));
  // Without a listener an unreachable Redis would be an unhandled 'error' event and end the process.
  redis.on('error', (error: Error) => report(false, error.message));
  redis.on('end', () => report(false, 'connection closed'));
  return {
    redis,
    keyPrefix: options.keyPrefix ?? 'forecourt:',
    up: () => up,
    close: async () => {
      redis.disconnect();
    },
  };
}
