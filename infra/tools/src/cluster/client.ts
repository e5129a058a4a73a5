import type { IncomingMessage } from 'node:http';
import https from 'node:https';
import { ROUTE_TO_HEADER } from './haproxy';

export interface ClusterResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The web instance that answered (its X-Forecourt-Instance), or '' when none said. */
  instance: string;
}

export interface ClusterRequest {
  method?: string;
  path: string;
  /** The tenant whose site is asked ({tenant}.localhost); default: the bare balancer. */
  tenant?: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** Send the request from this loopback address (127.0.0.2, ...), as a client of its own. */
  from?: string;
  /** Steer the request to this web instance (the cluster balancer's drill header). */
  routeTo?: string;
  timeoutMs?: number;
  /** Keep the connection for the next request (a browser does); default: a connection of its own. */
  agent?: https.Agent;
}

/** An answer read in full, with the instance that gave it. */
export function readResponse(response: IncomingMessage): Promise<ClusterResponse> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () =>
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        instance: String(response.headers['x-forecourt-instance'] ?? ''),
      }),
    );
    response.on('error', reject);
  });
}

/**
 * A request to the cluster's balancer over TLS, as a browser on another machine sends it: the
 * tenant's host name (SNI and Host), the balancer's certificate pinned, a connection of its own.
 */
export function clusterRequest(port: number, certificate: string, request: ClusterRequest): Promise<ClusterResponse> {
  const host = request.tenant ? `${request.tenant}.localhost` : 'localhost';
  const body =
    request.body === undefined
      ? undefined
      : typeof request.body === 'string'
        ? request.body
        : JSON.stringify(request.body);
  const headers: Record<string, string> = {
    host: `${host}:${port}`,
    ...(body !== undefined && typeof request.body !== 'string' ? { 'content-type': 'application/json' } : {}),
    ...(request.routeTo ? { [ROUTE_TO_HEADER]: request.routeTo } : {}),
    ...request.headers,
  };
  return new Promise((resolve, reject) => {
    const outgoing = https.request(
      {
        host: '127.0.0.1',
        port,
        method: request.method ?? 'GET',
        path: request.path,
        headers,
        ca: certificate,
        servername: host,
        // The certificate names *.localhost, which Node's own check does not accept for a single-label parent; the chain is still verified.
        checkServerIdentity: () => undefined,
        agent: request.agent ?? false,
        timeout: request.timeoutMs ?? 10_000,
        ...(request.from && !request.agent ? { localAddress: request.from } : {}),
      },
      (response) => readResponse(response).then(resolve, reject),
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${request.timeoutMs ?? 10_000} ms`)));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
