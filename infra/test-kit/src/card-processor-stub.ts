import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The card processor's HTTP API (partners/payments/README.md) as a test stub that writes down
 * every call: a listening server the platform reaches through its real HTTP adapter. It answers
 * as a processor does (the same key is the same authorisation, also for calls that overlap) and
 * takes `authoriseMs` to authorise, as a processor over the network does.
 */

export interface ProcessorCall {
  kind: 'authorise' | 'void';
  key: string;
  at: number;
  /** The reference the authorisation answered (authorise only). */
  reference?: string;
}

export interface CardProcessorStub {
  url: string;
  token: string;
  calls: ProcessorCall[];
  /** The idempotency keys authorised (each once, however often asked). */
  authorised(): Map<string, string>;
  /** The idempotency keys voided at least once. */
  voided(): Set<string>;
  close(): Promise<void>;
}

export async function startCardProcessorStub(options: { authoriseMs?: number } = {}): Promise<CardProcessorStub> {
  const authoriseMs = options.authoriseMs ?? 250;
  const token = randomBytes(12).toString('hex');
  const calls: ProcessorCall[] = [];
  const references = new Map<string, Promise<string>>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const send = (status: number, body: unknown) =>
          response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        if (request.headers.authorization !== `Bearer ${token}`) return send(401, { message: 'unknown token' });
        const key = String(request.headers['idempotency-key'] ?? '');
        const at = Date.now();
        if (request.method === 'POST' && request.url === '/authorisations') {
          let reference = references.get(key);
          if (!reference) {
            reference = new Promise<string>((resolve) =>
              setTimeout(() => resolve(`auth_${randomBytes(12).toString('hex')}`), authoriseMs),
            );
            references.set(key, reference);
          }
          const made = await reference;
          calls.push({ kind: 'authorise', key, at, reference: made });
          return send(201, { reference: made });
        }
        if (request.method === 'POST' && request.url === `/authorisations/${encodeURIComponent(key)}/void`) {
          calls.push({ kind: 'void', key, at });
          return references.has(key) ? send(200, { voided: true }) : send(404, { message: 'no such authorisation' });
        }
        return send(404, { message: 'no such route' });
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    calls,
    authorised: () =>
      new Map(calls.filter((call) => call.kind === 'authorise').map((call) => [call.key, call.reference ?? ''])),
    voided: () => new Set(calls.filter((call) => call.kind === 'void').map((call) => call.key)),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
