import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import { peerIsTrustedProxy, type TrustedProxies } from '@forecourt/config/trusted-proxies';

/** The header a balancer names its request id in, and the one the answer carries it back in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What an id may look like: enough for a UUID or a balancer's own format, nothing that could break a log line. */
const WELL_FORMED_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

/**
 * Fastify's `genReqId`: the balancer's X-Request-Id when the socket's peer is a trusted proxy (so
 * the balancer's log and ours name a request alike), otherwise a new UUID. A client's own header
 * is ignored: it could otherwise pass one id for many requests and muddle the logs.
 */
export function requestIdGenerator(trusted: TrustedProxies | null): (request: IncomingMessage) => string {
  return (request) => {
    const given = request.headers[REQUEST_ID_HEADER];
    if (
      typeof given === 'string' &&
      WELL_FORMED_ID.test(given) &&
      peerIsTrustedProxy(trusted, request.socket.remoteAddress)
    )
      return given;
    return randomUUID();
  };
}

/** The header naming the instance that answered (FORECOURT_INSTANCE_NAME), when one is named. */
export const INSTANCE_HEADER = 'x-forecourt-instance';

/**
 * Every answer names its request's id, so a shopper's report or the balancer's log finds our log
 * lines; and, when the instance has a name, the instance that answered.
 */
export const echoRequestId = fp<{ instance?: string }>(
  async (fastify, options) => {
    const instance = options.instance;
    fastify.addHook('onRequest', async (request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      if (instance) reply.header(INSTANCE_HEADER, instance);
    });
  },
  { name: 'request-ids', fastify: '5.x' },
);
