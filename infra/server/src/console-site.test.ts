import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Database } from '@forecourt/data/database';
import { tempDir } from '@forecourt/test-kit/fake-build';
import {
  clearPlatformTables,
  createTestPlatform,
  openSharedDatabase,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';

/** The console's host in tests: FORECOURT_CONSOLE_ORIGIN is unset, PORT is the default. */
const CONSOLE = 'console.localhost:8080';
const TENANT = 'harbourside-motors.localhost:8080';
const PAGE =
  '<!doctype html><html lang="en-AU"><head><title>Forecourt console</title><script defer src="/assets/main.0123456789.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = `/* the console */\n${'export const pages = ["Tenants", "Publishes", "Lead delivery", "Search", "Audit"];\n'.repeat(80)}`;

let database: Database;
let platform: TestPlatform;
let consoleDir: string;

/** A console build as webpack writes it: the page, and a hashed script with its compressed copies. */
async function consoleBuild(dir: string): Promise<void> {
  await fs.mkdir(path.join(dir, 'assets'), { recursive: true });
  await fs.writeFile(path.join(dir, 'index.html'), PAGE);
  const script = path.join(dir, 'assets', 'main.0123456789.js');
  await fs.writeFile(script, SCRIPT);
  await fs.writeFile(`${script}.br`, zlib.brotliCompressSync(SCRIPT));
  await fs.writeFile(`${script}.gz`, zlib.gzipSync(SCRIPT));
}

beforeAll(async () => {
  database = await openSharedDatabase();
  consoleDir = await tempDir();
  await consoleBuild(consoleDir);
  platform = await createTestPlatform(database, { consoleDir });
});
afterAll(async () => {
  await platform.close();
  await fs.rm(consoleDir, { recursive: true, force: true });
  await clearPlatformTables(database);
  await database.close();
});

const get = (host: string, url: string, headers: Record<string, string> = {}) =>
  platform.app.inject({ method: 'GET', url, headers: { host, ...headers } });

describe("the console's host", () => {
  it.each(['/', '/tenants/harbourside-motors/mf-search', '/enroll'])(
    "answers the console's page for the app route %s, asked for anew each time",
    async (url) => {
      const response = await get(CONSOLE, url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(PAGE);
    },
  );

  it("puts the page under the console's own policy: its origin only, no dealer's frames", async () => {
    const csp = String((await get(CONSOLE, '/audit')).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('youtube');
  });

  it('serves a hashed file for a year, as the Brotli copy the build wrote to a browser that takes it', async () => {
    const response = await get(CONSOLE, '/assets/main.0123456789.js', { 'accept-encoding': 'gzip, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('answers 404 for a file it does not have, rather than the page', async () => {
    expect((await get(CONSOLE, '/assets/main.9999999999.js')).statusCode).toBe(404);
    expect((await get(CONSOLE, '/favicon.ico')).statusCode).toBe(404);
  });

  it("never answers a tenant's page or API, even when a request names the tenant", async () => {
    const home = await get(CONSOLE, '/', { 'x-forecourt-tenant': 'harbourside-motors' });
    expect(home.body).toBe(PAGE);
    const api = await get(CONSOLE, '/api/watchlist', { 'x-forecourt-tenant': 'harbourside-motors' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({
      error: "The console's host answers the console and the admin API only, not GET /api/watchlist",
    });
  });

  it('leaves the admin API to its own checks', async () => {
    const response = await get(CONSOLE, '/_admin/pins');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: expect.any(String) });
  });

  it("answers an unknown admin path as the API's 404, not the console's page", async () => {
    const response = await get(CONSOLE, '/_admin/no-such-thing');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  it("answers the instance's health, which a balancer may ask on any host", async () => {
    expect((await get(CONSOLE, '/api/ready')).statusCode).not.toBe(404);
  });
});

describe("a dealer's host", () => {
  it("never serves the console's page or files", async () => {
    const file = await get(TENANT, '/assets/main.0123456789.js');
    expect(file.body).not.toBe(SCRIPT);
    const enroll = await get(TENANT, '/enroll');
    expect(enroll.body).not.toBe(PAGE);
    expect(enroll.body).toContain('<div id="forecourt-root">');
  });
});

describe('a server without the console built', () => {
  it('says so on the console’s host, with the command that builds it', async () => {
    const bare = await createTestPlatform(database, { consoleDir: path.join(consoleDir, 'missing') });
    try {
      const response = await bare.app.inject({ method: 'GET', url: '/', headers: { host: CONSOLE } });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        error: 'The operator console is not built on this server: npm run build -w @forecourt/console',
      });
    } finally {
      await bare.close();
    }
  });
});
