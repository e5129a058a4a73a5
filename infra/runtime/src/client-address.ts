import type { FastifyReply, FastifyRequest } from 'fastify';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The request came from this machine. `request.ip` is the socket's peer when no proxy is trusted
 * (an X-Forwarded-For is then ignored), and the client's address after the trusted balancers'
 * hops when some are (FORECOURT_TRUSTED_PROXIES): a shopper's request forwarded by a balancer on
 * this machine is the shopper's, not this machine's.
 */
export function fromLoopback(request: FastifyRequest): boolean {
  return LOOPBACK.has(request.ip);
}

/**
 * Adds a field to the response's `Vary` header, keeping what other hooks put there. (Fastify
 * holds headers until the reply is sent, so the `vary` package, which edits the raw response,
 * would not see them; this is the part of it we need.)
 */
export function appendVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  const fields =
    typeof current === 'string'
      ? current
          .split(',')
          .map((f) => f.trim())
          .filter(Boolean)
      : [];
  if (!fields.some((f) => f.toLowerCase() === field.toLowerCase())) fields.push(field);
  reply.header('vary', fields.join(', '));
}
