import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import type { Database } from '@forecourt/data/database';
import { LocalPaymentSimulator } from '@forecourt/partners/payments/payment-gateway';
import { buildApp } from '@forecourt/server/app';
import { startSearchService, type RunningSearchService } from '@forecourt/search-service/service/service';
import { tempDir } from './fake-build';

/**
 * The search service as its own server and web instances reaching it over HTTP, all in this
 * process on one database (tests of the search service apart from the web tier).
 */

export interface TestSearchService extends RunningSearchService {
  keys: { appId: string; adminKey: string; searchKey: string };
  dataDir: string;
  close(): Promise<void>;
}

/**
 * `forecourt search-service` on a free port and a data folder of its own, caught up with the
 * database. Its searches may take a minute before it sheds them (production's budget is 200 ms):
 * these tests are about its answers, and a busy test machine passed 200 ms (a 429 in CI). The
 * budget has its own test (search/http/service.test.ts).
 */
export async function startTestSearchService(
  database: Database,
  tenants: readonly TenantConfig[],
  options: { dataDir?: string; keys?: TestSearchService['keys'] } = {},
): Promise<TestSearchService> {
  const keys = options.keys ?? {
    appId: 'FORECOURT',
    adminKey: randomBytes(16).toString('hex'),
    searchKey: randomBytes(16).toString('hex'),
  };
  const dataDir = options.dataDir ?? (await tempDir());
  const service = await startSearchService({
    keys,
    settings: { port: 0, host: '127.0.0.1', dataDir, workers: 0 },
    database: { ...database, close: async () => undefined },
    tenants,
    env: { FORECOURT_SEARCH_BUDGET_MS: '60000' },
    logger: false,
  });
  await service.caughtUp;
  return {
    ...service,
    keys,
    dataDir,
    close: async () => {
      await service.app.close();
      if (!options.dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The variables a web instance reaches the search service at `origin` with. */
export function searchServiceEnv(keys: TestSearchService['keys'], host: string): Record<string, string> {
  return {
    SEARCH_APP_ID: keys.appId,
    SEARCH_ADMIN_KEY: keys.adminKey,
    SEARCH_SEARCH_KEY: keys.searchKey,
    SEARCH_HOSTS: `http://${host}`,
  };
}

export interface WebInstance {
  app: FastifyInstance;
  origin: string;
  dataDir: string;
  close(): Promise<void>;
}

/** A web instance (the whole platform app, listening) started with `env` added to the environment. */
export async function startWebInstance(
  database: Database,
  tenants: readonly TenantConfig[],
  env: Record<string, string>,
): Promise<WebInstance> {
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  try {
    const dataDir = await tempDir();
    const app = await buildApp({
      dataDir,
      database: { ...database, close: async () => undefined },
      tenants,
      reservations: { payments: new LocalPaymentSimulator({ delayMs: 1 }) },
      identity: { sendsPerAddressPerHour: 1000 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    return {
      app,
      origin: `http://127.0.0.1:${port}`,
      dataDir,
      close: async () => {
        await app.close();
        await fs.rm(dataDir, { recursive: true, force: true });
      },
    };
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

export interface RecordedRequest {
  method: string;
  url: string;
  body: string;
  status: number;
}

/** Headers of one connection, not passed on (fetch refuses some of them). */
const HOP_HEADERS = new Set([
  'host',
  'content-length',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'expect',
  'upgrade',
]);

/** An HTTP server passing every request on to `target` (`host:port`) and writing each down. */
export async function recordingProxy(
  target: string,
): Promise<{ host: string; requests: RecordedRequest[]; close(): Promise<void> }> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((request, reply) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string' && !HOP_HEADERS.has(entry[0]),
        ),
      );
      fetch(`http://${target}${request.url ?? '/'}`, {
        method: request.method ?? 'GET',
        headers,
        ...(body ? { body } : {}),
      }).then(
        async (answer) => {
          const text = await answer.text();
          requests.push({ method: request.method ?? 'GET', url: request.url ?? '/', body, status: answer.status });
          reply
            .writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
            .end(text);
        },
        (error: unknown) => {
          requests.push({ method: request.method ?? 'GET', url: request.url ?? '/', body, status: 502 });
          reply.writeHead(502).end(String(error));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
