import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { RequestValidationError, sendInvalid } from '@forecourt/shared-config/server/validation';
import { OperatorChangeError } from '@forecourt/data/operators';
import { PinChangeError, StalePinError } from '@forecourt/data/pins';
import { BuildStorageUnavailableError } from '@forecourt/releases/registry/storage/build-storage';
import { RateLimitUnavailableError } from './rate-limit';

const PIN_STATUS = { 'not-found': 404, conflict: 409, invalid: 400 } as const;

/** Which part of the request a Fastify-raised client error is about. */
function fieldOf(error: FastifyError): string {
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.code === 'FST_ERR_CTP_INVALID_TYPE')
    return 'content-type';
  const first = error.validation?.[0];
  if (first) {
    const missing = (first.params as { missingProperty?: unknown } | undefined)?.missingProperty;
    const at = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
    return (
      [at, typeof missing === 'string' ? missing : ''].filter(Boolean).join('.') || (error.validationContext ?? 'body')
    );
  }
  return 'body';
}

/**
 * One place maps errors to responses: bad input is always a 4xx naming the field (never a 5xx),
 * and an unexpected failure is a 500 whose details stay in the log.
 */
export default fp(
  async (fastify) => {
    fastify.setErrorHandler((error: FastifyError | Error, request, reply) => {
      if (error instanceof RequestValidationError) return sendInvalid(reply, error);
      // A stale promote or rollback says what the pin is now, for the caller to look again.
      if (error instanceof StalePinError) return reply.code(409).send({ error: error.message, current: error.current });
      if (error instanceof PinChangeError) {
        return reply.code(PIN_STATUS[error.code]).send({ error: error.message });
      }
      if (error instanceof OperatorChangeError) {
        return reply.code(PIN_STATUS[error.code]).send({
          error: error.field ? `${error.field}: ${error.message}` : error.message,
          ...(error.field ? { field: error.field } : {}),
        });
      }
      // The route's limit cannot be counted (Redis is down) and the route refuses rather than run unlimited.
      if (error instanceof RateLimitUnavailableError) {
        request.log.warn('rate limit: the shared store is down; refused a route that must not run unlimited');
        return reply.code(503).header('retry-after', '30').send({ error: error.message });
      }
      // Object storage of published builds is down and this instance has not cached what the
      // request needs (a pinned build's manifest): a passing outage, not a fault of this server.
      if (error instanceof BuildStorageUnavailableError) {
        request.log.error({ err: error }, 'published builds cannot be read from storage');
        return reply
          .code(503)
          .header('retry-after', '5')
          .send({ error: 'Published builds cannot be read right now; try again shortly' });
      }
      const status = (error as FastifyError).statusCode;
      if (status !== undefined && status >= 400 && status < 500) {
        const fastifyError = error as FastifyError;
        // A body that is not JSON is a 400 like any other bad body, whatever status Fastify picked.
        const code =
          fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 415 : fastifyError.validation ? 400 : status;
        // Too many requests is about the caller, not a field of this request.
        if (code === 429) return reply.code(429).send({ error: error.message });
        return reply.code(code).send({ error: error.message, field: fieldOf(fastifyError) });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ error: 'Something went wrong on our side' });
    });

    fastify.setNotFoundHandler((request, reply) => {
      reply.code(404).send({ error: `No route for ${request.method} ${request.url.split('?')[0]}` });
    });
  },
  { name: 'error-handler', fastify: '5.x' },
);
