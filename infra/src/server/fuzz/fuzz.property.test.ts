import fs from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { REMOTE_TEAMS } from '@forecourt/shared-config/teams';
import type { Database } from '../../db/database';
import { DEFAULT_TENANT } from '../../db/pins';
import { loadTenantStock } from '../../db/stock';
import { seedStock } from '../../stock/seed/seed-stock';
import { loadTenants } from '../../tenants/load-tenants';
import { makeFakeBuild, tempDir } from '../../testing/fake-build';
import { openTestDatabase } from '../../testing/test-database';
import { listen } from '../main';
import { readOrCreateAdminToken } from '../plugins/platform/admin-auth';
import { rawRequest, serialise, type RawResponse } from './raw-http';
import { requestsFor, type FuzzContext, type RouteUnderTest } from './requests';

/**
 * Every route the app serves gets FUZZ_RUNS (default 300) generated malformed or near-valid
 * requests over real HTTP, written byte for byte: hostile paths, queries, headers and bodies.
 * Bad input must never be a 5xx, and the server must stay healthy throughout. A failure prints
 * fast-check's seed and the shrunk request, so it can be replayed as a plain test.
 */
// 300 a route in the suite (about 40 s on two cores); FUZZ_RUNS=5000 for a deeper search.
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
// Every refused request would otherwise log its error; the assertions say what matters.
process.env.LOG_LEVEL ??= 'silent';
// The events rate limit would answer most of that route's requests 429 before reading them;
// the limit has its own test, and here every request should reach the validation.
process.env.FORECOURT_EVENTS_PER_MINUTE = '1000000';

let database: Database;
let app: FastifyInstance;
let dataDir: string;
let context: FuzzContext;
let routes: RouteUnderTest[];

beforeAll(async () => {
  database = await openTestDatabase('pglite');
  const tenants = await loadTenants();
  await seedStock(database, tenants, { seed: 7, totalCars: 120 });
  dataDir = await tempDir();
  app = await listen({ port: 0, host: '127.0.0.1', dataDir, databaseUrl: undefined }, { ...database, close: async () => undefined }, tenants);

  for (const team of ['shell', ...REMOTE_TEAMS]) {
    await app.registry.publish(team, await makeFakeBuild(dataDir, { team, version: '1.0.0' }));
    await app.pins.pin({ tenant: DEFAULT_TENANT, team, version: '1.0.0', actor: 'fuzz' });
  }

  const stock = await loadTenantStock(database.db, 'harbourside-motors');
  const cars = stock.cars.slice(0, 3);
  const keys = JSON.parse(await fs.readFile(path.join(dataDir, 'search-keys.json'), 'utf8')) as { adminKey: string };
  const address = app.server.address();
  context = {
    port: typeof address === 'object' && address ? address.port : 0,
    tenants: tenants.map((t) => t.slug),
    params: {
      carId: cars.map((c) => c.id),
      image: ['1.jpg', '2.jpg', '99.jpg'],
      frame: ['1.jpg', '36.jpg', 'interior.jpg'],
      file: [...cars.map((c) => `${c.id}.pdf`), ...stock.locations.slice(0, 1).map((l) => `${l.slug}.jpg`), 'x.jpg'],
      kind: ['locations', 'blog', 'slides', 'brands', 'makes', 'models'],
      team: ['shell', 'mf-search'],
      version: ['1.0.0'],
      '*': ['remoteEntry.js', 'mf-manifest.json', 'forecourt-build.json'],
      page: ['search/used-cars', `cars/${cars[0]?.slug ?? 'x'}`, 'finance', 'locations/x', 'contact'],
      index: ['cars', 'cars_price_asc', '*'],
      objectID: cars.map((c) => c.id),
      taskID: ['1'],
    },
    searchKey: app.stockSearch.access(app.tenants.get('harbourside-motors')!).apiKey,
    adminSearchKey: keys.adminKey,
    adminToken: await readOrCreateAdminToken(dataDir),
  };

  const byUrl = new Map<string, Set<string>>();
  for (const { method, url } of app.routeCatalogue) byUrl.set(url, (byUrl.get(url) ?? new Set()).add(method));
  // FUZZ_ROUTES=/_admin,/media narrows a run to the routes whose URL contains one of the parts.
  const only = (process.env.FUZZ_ROUTES ?? '').split(',').filter(Boolean);
  routes = [...byUrl].map(([url, methods]) => ({ url, methods: [...methods] })).filter((r) => only.length === 0 || only.some((part) => r.url.includes(part)));
}, 180_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

async function health(): Promise<RawResponse> {
  return rawRequest(context.port, serialise({ method: 'GET', target: '/api/health', headers: [['host', `127.0.0.1:${context.port}`]] }));
}

it('serves a catalogue of routes that includes every kind the platform has', () => {
  const urls = app.routeCatalogue.map((r) => r.url);
  for (const expected of ['/api/events', '/api/health', '/1/indexes/:index/queries', '/media/:kind/:file', '/registry/:team/:version/*', '/*']) {
    expect(urls).toContain(expected);
  }
});

it(`answers ${RUNS} generated malformed requests to every route without a 5xx, and stays healthy`, async () => {
  const answered: string[] = [];
  const failures: string[] = [];
  for (const route of routes) {
    const counts: Record<number, number> = {};
    const details = await fc.check(
      fc.asyncProperty(requestsFor(route, context), async (request) => {
        const response = await rawRequest(context.port, serialise(request));
        counts[response.status] = (counts[response.status] ?? 0) + 1;
        if (response.status >= 500) {
          throw new Error(`${request.method} ${request.target.slice(0, 200)} -> ${response.status} ${response.body.subarray(0, 200).toString()}`);
        }
      }),
      { numRuns: RUNS },
    );
    answered.push(`  ${route.methods.join(',')} ${route.url}: ${JSON.stringify(counts)}`);
    if (details.failed) failures.push(`${route.url}\n${fc.defaultReportMessage(details) ?? ''}`);
    const after = await health();
    if (after.status !== 200) failures.push(`${route.url}: /api/health answered ${after.status} afterwards`);
  }
  // Printed so a run shows what the generators reached (a route that only ever 404s is a gap).
  console.log(`fuzz: ${routes.length} routes x ${RUNS} requests\n${answered.join('\n')}`);
  expect(failures).toEqual([]);
}, 1_800_000);
