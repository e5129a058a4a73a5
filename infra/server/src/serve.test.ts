import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { migrate, openDatabase, type Database } from '@forecourt/data/database';
import { INFRA_ROOT } from '@forecourt/config/paths';
import { defaultSeedNow } from '@forecourt/demo-data/seed/generate';
import { seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { exited, freePort } from '@forecourt/test-kit/server-process';
import { emptyPostgresDatabase } from '@forecourt/test-kit/test-database';
import { createTestPlatform } from '@forecourt/test-kit/test-platform';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';

/**
 * The production bundle as operators run it: built by the project's own script, started with
 * plain node (`node infra/dist/serve.js`, no tsx) in a process of its own on PostgreSQL. Skipped
 * without DATABASE_URL (production's server needs PostgreSQL).
 */

const SITE = 'harbourside-motors';
// Generous: a graceful shutdown past it exits 1, and a loaded machine closes slowly.
const SHUTDOWN_TIMEOUT_MS = 30_000;
const SERVE = path.join(INFRA_ROOT, 'dist', 'serve.js');

/** A database of its own on the test server: its URL, and how to drop it. */
function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  return emptyPostgresDatabase('forecourt_serve');
}

interface Served {
  child: ChildProcess;
  port: number;
  origin: string;
  stderr: () => string;
  /** What the server wrote so far, its log included. */
  output: () => string;
}

/** Waits until the server has written a line matching `pattern` (its log says what it is doing). */
async function said(served: Served, pattern: RegExp, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(served.output())) {
    if (Date.now() > deadline)
      throw new Error(
        `the server did not say ${pattern} within ${timeoutMs / 1000} s: ${served.output().slice(-2000)}`,
      );
    if (served.child.exitCode !== null)
      throw new Error(`the server exited with ${served.child.exitCode} before saying ${pattern}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function startBundle(env: NodeJS.ProcessEnv): Served {
  const port = Number(env.PORT);
  const child = spawn(process.execPath, [SERVE], {
    cwd: INFRA_ROOT,
    env: {
      PATH: process.env.PATH,
      LOG_LEVEL: 'fatal',
      FORECOURT_SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
      FORECOURT_LEAD_DELIVERY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  return { child, port, origin: `http://127.0.0.1:${port}`, stderr: () => stderr, output: () => stdout + stderr };
}

/**
 * Waits for /api/ready: a state, with a generous ceiling. The bundle's start (the database, the
 * search index, the teams' first paints) took over 20 s at nice 10 beside the journeys with one
 * core kept busy; a server that never gets ready still fails here, or by exiting.
 */
async function waitReady(served: Served, timeoutMs = 150_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (served.child.exitCode !== null)
      throw new Error(`the server exited with ${served.child.exitCode} while starting: ${served.stderr()}`);
    const status = await fetch(`${served.origin}/api/ready`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server was not ready within ${timeoutMs / 1000} s`);
}

/** The exit code and how long after `since` the process ended. */
const exitOf = (child: ChildProcess, since: number) =>
  exited(child).then(() => ({ code: child.exitCode, ms: Date.now() - since }));

/** An analytics event whose body is still arriving: the request is in flight until `finish`. */
function slowEvent(origin: string): { finish: () => void; answer: Promise<number> } {
  const body = JSON.stringify({ eventId: 7, path: '/' });
  const half = Math.floor(body.length / 2);
  const request = http.request(`${origin}/api/events`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      'x-forecourt-tenant': SITE,
    },
  });
  const answer = new Promise<number>((resolve, reject) => {
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
  });
  request.write(body.slice(0, half));
  return { finish: () => request.end(body.slice(half)), answer };
}

const describeWithPostgres = process.env.DATABASE_URL ? describe : describe.skip;

describeWithPostgres('the production bundle (node infra/dist/serve.js)', () => {
  let database: { url: string; drop: () => Promise<void> };
  let dataDir: string;
  let served: Served | null = null;

  beforeAll(async () => {
    await promisify(execFile)(process.execPath, [path.join(INFRA_ROOT, 'scripts', 'bundle-server.mjs')], {
      cwd: INFRA_ROOT,
    });
    // Migrated, seeded, published and pinned here, as a deployment's steps before serve would.
    database = await createDatabase();
    const open: Database = await openDatabase({ databaseUrl: database.url });
    try {
      await migrate(open.db);
      const tenants = (await loadTenants()).filter((t) => t.slug === SITE);
      await seedStock(open, tenants, { seed: 3, totalCars: 30, now: defaultSeedNow() });
      const platform = await createTestPlatform(open);
      dataDir = platform.dataDir;
      await platform.app.close();
    } finally {
      await open.close();
    }
  }, 60_000);

  afterEach(async () => {
    if (served && served.child.exitCode === null && served.child.signalCode === null) {
      served.child.kill('SIGKILL');
      await exited(served.child);
    }
    served = null;
  });

  afterAll(async () => {
    await database?.drop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  const serve = async (env: NodeJS.ProcessEnv = {}) => {
    served = startBundle({
      DATABASE_URL: database.url,
      FORECOURT_DATA_DIR: dataDir,
      PORT: String(await freePort()),
      ...env,
    });
    return served;
  };

  it('serves a tenant home page once /api/ready answers 200', async () => {
    const server = await serve();
    await waitReady(server);
    const page = await fetch(`${server.origin}/`, { headers: { 'x-forecourt-tenant': SITE } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Harbourside Motors');
  });

  it('finishes the request in flight at SIGTERM, then exits 0 within its shutdown time', async () => {
    // The request log says when the server has a request's headers.
    const server = await serve({ LOG_LEVEL: 'info' });
    await waitReady(server);
    const event = slowEvent(server.origin);
    // The server has the request's headers and half its body.
    await said(
      server,
      /"msg":"incoming request".*"url":"\/api\/events"|"url":"\/api\/events".*"msg":"incoming request"/,
    );
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const exit = exitOf(server.child, signalled);
    await said(server, /SIGTERM: shutting down/);
    event.finish();
    expect(await event.answer).toBe(202);
    // Exit 0: it closed before its shutdown time (past it, it exits 1).
    expect((await exit).code).toBe(0);
  });

  it('answers /api/ready 503 from SIGTERM while still serving pages during the drain', async () => {
    const server = await serve({ FORECOURT_SHUTDOWN_DRAIN_MS: '5000' });
    await waitReady(server);
    server.child.kill('SIGTERM');
    await said(server, /SIGTERM: shutting down/);
    const ready = await fetch(`${server.origin}/api/ready`);
    expect({ status: ready.status, body: await ready.json() }).toEqual({ status: 503, body: { status: 'draining' } });
    expect((await fetch(`${server.origin}/`, { headers: { 'x-forecourt-tenant': SITE } })).status).toBe(200);
    expect((await exitOf(server.child, Date.now())).code).toBe(0);
  });

  it('refuses to start on a database with pending migrations, saying to run forecourt migrate', async () => {
    const empty = await createDatabase();
    try {
      const server = startBundle({
        DATABASE_URL: empty.url,
        FORECOURT_DATA_DIR: dataDir,
        PORT: String(await freePort()),
      });
      served = server;
      expect((await exitOf(server.child, Date.now())).code).toBe(1);
      expect(server.stderr()).toMatch(/pending migrations \(0001_platform, .*\): run 'forecourt migrate'/);
    } finally {
      await empty.drop();
    }
  });
});
