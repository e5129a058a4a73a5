import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyHttpOptions } from 'fastify';
import type { Config } from '@forecourt/config/load';

/**
 * What one client may hold of the server's connections, and for how long. Without these a slow
 * client keeps a connection (and a file descriptor) as long as it likes: fifty connections that
 * send a byte every 5 s were all still open after 150 s, and 1,100 connections from one address
 * on a 1,024-descriptor limit refused every other connection, health checks included.
 */
export interface ConnectionLimits {
  /** A request's headers must all have arrived within this (FORECOURT_HEADERS_TIMEOUT_MS). */
  headersTimeoutMs: number;
  /** The whole request, headers and body, within this (FORECOURT_REQUEST_TIMEOUT_MS); not the answer's time. */
  requestTimeoutMs: number;
  /** A connection with no traffic either way for this long is closed, a client that stopped reading too (FORECOURT_IDLE_TIMEOUT_MS). */
  idleTimeoutMs: number;
  /** How long a connection waits, open, for its next request (FORECOURT_KEEP_ALIVE_TIMEOUT_MS). */
  keepAliveTimeoutMs: number;
  /** Connections one remote address may have open at once; 0: no cap (FORECOURT_CONNECTIONS_PER_ADDRESS). */
  connectionsPerAddress: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  // A phone on a poor network sends its headers in one or two packets: 15 s is far beyond that.
  headersTimeoutMs: 15_000,
  // The largest bodies (256 KB) take seconds on a slow mobile connection, not a minute.
  requestTimeoutMs: 60_000,
  idleTimeoutMs: 60_000,
  // Longer than a balancer's usual 60 s idle time, so the balancer closes first and never sends
  // a request down a connection this server is closing (which it would answer with a 502).
  keepAliveTimeoutMs: 72_000,
  // A browser opens about six connections to a site; an office or a mobile carrier's shared
  // address carries many shoppers, and 128 of 1,024 descriptors still leaves room for everyone else.
  connectionsPerAddress: 128,
};

export function connectionLimitsFromConfig(config: Config): ConnectionLimits {
  const limits: ConnectionLimits = {
    headersTimeoutMs: config.FORECOURT_HEADERS_TIMEOUT_MS ?? DEFAULT_CONNECTION_LIMITS.headersTimeoutMs,
    requestTimeoutMs: config.FORECOURT_REQUEST_TIMEOUT_MS ?? DEFAULT_CONNECTION_LIMITS.requestTimeoutMs,
    idleTimeoutMs: config.FORECOURT_IDLE_TIMEOUT_MS ?? DEFAULT_CONNECTION_LIMITS.idleTimeoutMs,
    keepAliveTimeoutMs: config.FORECOURT_KEEP_ALIVE_TIMEOUT_MS ?? DEFAULT_CONNECTION_LIMITS.keepAliveTimeoutMs,
    connectionsPerAddress: config.FORECOURT_CONNECTIONS_PER_ADDRESS ?? DEFAULT_CONNECTION_LIMITS.connectionsPerAddress,
  };
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) {
    throw new Error(
      `FORECOURT_HEADERS_TIMEOUT_MS (${limits.headersTimeoutMs}) must not be longer than FORECOURT_REQUEST_TIMEOUT_MS (${limits.requestTimeoutMs})`,
    );
  }
  return limits;
}

/** The timeouts as the server's options. */
export function serverTimeoutOptions(
  limits: ConnectionLimits,
): Pick<FastifyHttpOptions<Server>, 'connectionTimeout' | 'keepAliveTimeout' | 'requestTimeout' | 'http'> {
  return {
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    http: {
      // Given at creation: the headers' deadline is fixed then, and Node leaves it off when the
      // request timeout it was created with is 0 (the framework's default).
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // Node looks for late requests this often (30 s unless told): a few times per headers timeout.
      connectionsCheckingInterval: Math.max(50, Math.min(5_000, Math.floor(limits.headersTimeoutMs / 4))),
    },
  };
}

/**
 * Closes a connection at once when its remote address already has `cap` open, so one client
 * cannot take every descriptor. Written here: the rate limits count requests, once a connection
 * has been accepted and read; this sits below them, and is a count per address and two events.
 * Behind a balancer every connection comes from the balancer's few addresses: the cap belongs
 * there, and `exempt` (the trusted proxies) is never capped here.
 */
export function capConnectionsPerAddress(
  server: Server,
  cap: number,
  exempt: (address: string) => boolean = () => false,
): void {
  if (cap <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    // Gone already (reset before it was handed over): nothing to count.
    if (address === undefined || exempt(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > cap) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
