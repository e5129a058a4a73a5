import type { FastifyInstance } from 'fastify';

/**
 * Signing a shopper in as a browser does: a one-time code sent to the phone, read from the
 * development SMS outbox, and verified for the session cookie. Over `inject` (an app in this
 * process) or over HTTP (a listening server, perhaps in a process of its own).
 */

/** A request as both ways make it: method, path, the site, a JSON body and the client's address. */
type Send = (request: {
  method: 'GET' | 'POST';
  url: string;
  site: string;
  payload?: unknown;
  remoteAddress?: string;
}) => Promise<{ statusCode: number; body: string; cookie: string | null }>;

async function signInWith(send: Send, site: string, phone: string, remoteAddress?: string): Promise<string> {
  const address = remoteAddress ? { remoteAddress } : {};
  const sent = await send({ method: 'POST', url: '/api/auth/send-code', site, payload: { phone }, ...address });
  if (sent.statusCode !== 202) throw new Error(`send-code answered ${sent.statusCode}: ${sent.body}`);
  const outbox = JSON.parse((await send({ method: 'GET', url: '/_dev/outbox.json', site })).body) as {
    messages: Array<{ to: string; body: string }>;
  };
  const code = /\b(\d{6})\b/.exec(outbox.messages.find((message) => message.to === phone)?.body ?? '')?.[1];
  if (!code) throw new Error(`no code in the outbox for ${phone}`);
  const verified = await send({
    method: 'POST',
    url: '/api/auth/verify-code',
    site,
    payload: { phone, code },
    ...address,
  });
  if (verified.statusCode !== 200 || !verified.cookie)
    throw new Error(`verify-code answered ${verified.statusCode}: ${verified.body}`);
  return verified.cookie;
}

/** The `cookie` header of a session for `phone` on `site`, through `inject`. */
export function signInByInject(
  app: FastifyInstance,
  site: string,
  phone: string,
  remoteAddress?: string,
): Promise<string> {
  return signInWith(
    async ({ method, url, site: tenant, payload, remoteAddress: address }) => {
      const response = await app.inject({
        method,
        url,
        headers: { 'x-forecourt-tenant': tenant },
        ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
        ...(address ? { remoteAddress: address } : {}),
      });
      const cookie = response.cookies.find((each) => each.name === 'forecourt_session');
      return {
        statusCode: response.statusCode,
        body: response.body,
        cookie: cookie ? `${cookie.name}=${cookie.value}` : null,
      };
    },
    site,
    phone,
    remoteAddress,
  );
}

/** The `cookie` header of a session for `phone` on `site`, over HTTP to the server at `origin`. */
export function signInOverHttp(origin: string, site: string, phone: string): Promise<string> {
  return signInWith(
    async ({ method, url, site: tenant, payload }) => {
      const response = await fetch(`${origin}${url}`, {
        method,
        headers: {
          'x-forecourt-tenant': tenant,
          ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(payload !== undefined ? { body: JSON.stringify(payload) } : {}),
      });
      const cookie = response.headers.getSetCookie().find((each) => each.startsWith('forecourt_session='));
      return {
        statusCode: response.status,
        body: await response.text(),
        cookie: cookie ? (cookie.split(';')[0] ?? null) : null,
      };
    },
    site,
    phone,
  );
}
