import type { FastifyRequest } from 'fastify';
import type { Config } from './load';
import { hostName } from './tenants/resolve-tenant';

/**
 * The operator console's origin: FORECOURT_CONSOLE_ORIGIN, else `http://console.localhost:<PORT>`
 * (a browser resolves *.localhost to this machine and treats it as a secure context, so passkeys
 * and the console's Secure cookie work in the demo without a certificate).
 */
export function consoleOrigin(config: Pick<Config, 'FORECOURT_CONSOLE_ORIGIN' | 'PORT'>): string {
  return config.FORECOURT_CONSOLE_ORIGIN ?? `http://console.localhost:${config.PORT}`;
}

/** The host name passkeys belong to (WebAuthn's relying party id): the console origin's. */
export function consoleHostName(origin: string): string {
  return new URL(origin).hostname;
}

/**
 * The request is addressed to the console's host. Read from the Host header, as the tenants are:
 * the balancer passes it on; the port is left aside as it is for a tenant's host.
 */
export function onConsoleHost(request: FastifyRequest, origin: string): boolean {
  return hostName(request.headers.host) === consoleHostName(origin);
}
