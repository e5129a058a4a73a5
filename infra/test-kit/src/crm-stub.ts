import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A CRM's webhook on this machine, as the dealer's CRM receives leads (counted per Idempotency-Key). */
export interface CrmStub {
  url: string;
  secret: string;
  /** Every POST taken (2xx), by the lead id its Idempotency-Key names. */
  received: Map<string, number>;
  /** POSTs answered 4xx: no Idempotency-Key, a body naming another lead, or a signature that does not match. */
  refused: number;
}

export interface RunningCrmStub extends CrmStub {
  /** Whether it listens now. */
  readonly isUp: boolean;
  /** Stops listening and cuts every open connection, as a CRM that went away: deliveries get no connection at all. */
  down(): Promise<void>;
  /** Listens again on the same address, so the platform's configured webhook reaches it again. */
  up(): Promise<void>;
  close(): Promise<void>;
}

const signatureMatches = (secret: string, body: Buffer, header: string | string[] | undefined) => {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
  const given = Buffer.from(typeof header === 'string' ? header : '');
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/**
 * A CRM webhook on 127.0.0.1 that takes each lead the platform signs with its secret (200) and
 * counts it by its Idempotency-Key, which must be the body's lead_id: a lead counted twice was
 * sent twice. It can be taken down and brought back on the same port (the CRM outage drill).
 */
export async function startCrmStub(): Promise<RunningCrmStub> {
  const secret = randomBytes(16).toString('hex');
  const received = new Map<string, number>();
  const stub = { refused: 0 };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const key = String(request.headers['idempotency-key'] ?? '');
      let leadId: unknown = null;
      try {
        leadId = (JSON.parse(body.toString('utf8')) as { lead_id?: unknown }).lead_id;
      } catch {
        // Not JSON: refused below as naming no lead.
      }
      const problem = !key
        ? 'Idempotency-Key is required'
        : leadId !== key
          ? 'Idempotency-Key is not the lead_id'
          : !signatureMatches(secret, body, request.headers['x-forecourt-signature'])
            ? 'bad signature'
            : null;
      if (problem) {
        stub.refused += 1;
        response
          .writeHead(problem === 'bad signature' ? 401 : 400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: problem }));
        return;
      }
      received.set(key, (received.get(key) ?? 0) + 1);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      // A delivery in progress is cut too, as when a CRM goes away (close() alone would wait for it to end).
      server.closeAllConnections();
    });
  await listen(0);
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/leads`,
    secret,
    received,
    get refused() {
      return stub.refused;
    },
    get isUp() {
      return server.listening;
    },
    down: stop,
    up: () => (server.listening ? Promise.resolve() : listen(port)),
    close: stop,
  };
}
