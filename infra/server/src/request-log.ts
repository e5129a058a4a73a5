import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose values are personal data. The product's contact check puts the phone
 * number in the query string (`GET /api/check-if-contact-exists?phone_number=...`); the
 * platform's rule is no personal data in logs, so the request log keeps the parameter's name and
 * drops its value.
 */
const PERSONAL_PARAMETERS = new Set([
  'phone_number',
  'phone',
  'mobile',
  'email',
  'first_name',
  'last_name',
  'name',
  'postcode',
]);

/** A request address as the log may keep it: every personal parameter's value replaced. */
export function loggableUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  let redacted = false;
  for (const key of [...params.keys()]) {
    if (PERSONAL_PARAMETERS.has(key.toLowerCase())) {
      params.set(key, 'redacted');
      redacted = true;
    }
  }
  return redacted ? `${url.slice(0, at)}?${params.toString()}` : url;
}

/** The request log's `req` (fastify's own fields), with its address made loggable. */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: loggableUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
