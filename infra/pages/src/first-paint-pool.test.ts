import fs from 'node:fs';
import os from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FirstPaintRenderer } from '@forecourt/shared-config/server';
import locationsServer from '@forecourt/mf-locations/server';
import vehicleServer from '@forecourt/mf-vehicle/server';
import type { VehicleSummary } from '@forecourt/mf-vehicle/contract';
import { DEFAULT_TENANT } from '@forecourt/data/pins';
import { loadTenantStock } from '@forecourt/data/stock';
import { defaultSeedNow } from '@forecourt/demo-data/seed/generate';
import { seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import type { Database } from '@forecourt/data/database';
import {
  clearPlatformTables,
  createTestPlatform,
  openSharedDatabase,
  testConfig,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';
import { FirstPaintPool, QUERY_PAGE_PRIORITY } from './first-paint-pool';
import { warmFirstPaints } from './first-paint-warm';
import { locationsPorts } from './ports/locations';
import { storedLocations } from './ports/shared';
import { vehiclePorts } from './ports/vehicle';

/**
 * First paints rendered on threads of their own (FORECOURT_FIRST_PAINT_THREADS): the same page as
 * on the request thread, the team's ports answered from the request thread, and a render that
 * fails or cannot have a place costing the page only its app's part. The rest of the suite
 * renders on the request thread (test-platform.ts).
 */
let database: Database;
let platform: TestPlatform;
let app: FastifyInstance;
/** A pool of the test's own, for renderers with ports the test controls. */
let pool: FirstPaintPool;
let carSlug: string;
/** The car as the platform's port reads it, for ports of the test's own to answer with. */
let car: VehicleSummary;

/** One instant for every render here: the location pages show whether a yard is open now. */
const NOW = new Date('2025-03-12T01:30:00Z');
const clock = () => NOW;
const SITE = 'harbourside-motors';
const HOST = `${SITE}.localhost:8080`;
const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: HOST } });
/** The search keys in the boot data expire each second: not the page's content. */
const stable = (body: string) => body.replace(/"apiKey":"[^"]+"/g, '"apiKey":""');

beforeAll(async () => {
  database = await openSharedDatabase();
  await clearPlatformTables(database);
  const tenants = await loadTenants();
  await seedStock(database, tenants, { seed: 3, totalCars: 20, now: defaultSeedNow() });
  carSlug = (await loadTenantStock(database.db, SITE)).cars.find(
    (c) => c.show_on_dealer_website && c.status === 'in_stock',
  )!.slug;
  // Two places a lane, so that a test can fill one.
  platform = await createTestPlatform(database, {
    clock,
    config: testConfig({ ...process.env, FORECOURT_FIRST_PAINT_THREADS: '1', FORECOURT_FIRST_PAINT_CONCURRENCY: '2' }),
  });
  app = platform.app;
  // The versions the server's first paints render like (the checkout's).
  for (const team of ['mf-vehicle', 'mf-locations', 'mf-search'] as const) {
    const version = app.firstPaints!.get(team)!.version;
    await platform.publish({ team, version });
    await app.pins.pin({ tenant: DEFAULT_TENANT, team, version, actor: 'test' });
  }
  car = (await vehiclePorts(app, { clock }).carBySlug({ tenant: app.tenants.get(SITE) } as FastifyRequest, carSlug))!;
  pool = new FirstPaintPool({ threads: 1, queryThreads: 1, maxWaitMs: 10_000 });
  // As the server does before it listens: a thread loading React and the teams' pages takes
  // seconds on a busy machine, past a page's budget if the first render had to wait for it.
  await pool.ready();
}, 180_000);

afterAll(async () => {
  await pool?.close();
  await platform?.close();
  await database?.close();
});

/** Runs `body` with `team`'s renderer replaced, then puts the app's own back. */
async function withRenderer(
  team: string,
  renderer: (real: FirstPaintRenderer) => FirstPaintRenderer,
  body: () => Promise<void>,
): Promise<void> {
  const renderers = app.firstPaints!;
  const real = renderers.get(team)!;
  renderers.set(team, renderer(real));
  try {
    await body();
  } finally {
    renderers.set(team, real);
  }
}

/** The team's own first paint, on the request thread, with the platform's ports. */
function onRequestThread(team: 'mf-vehicle' | 'mf-locations', real: FirstPaintRenderer): FirstPaintRenderer {
  if (team === 'mf-vehicle') {
    const ports = vehiclePorts(app, { clock });
    return { version: real.version, render: (input) => vehicleServer.definition.firstPaint!(input, ports) };
  }
  const ports = locationsPorts(app, { clock }, storedLocations(app));
  return { version: real.version, render: (input) => locationsServer.definition.firstPaint!(input, ports) };
}

describe('first paints on render threads', () => {
  it('give a car page the same HTML as the render on the request thread', async () => {
    const threaded = await get(`/cars/${carSlug}`);
    expect(threaded.body).toContain('data-first-paint="mf-vehicle"');
    await withRenderer(
      'mf-vehicle',
      (real) => onRequestThread('mf-vehicle', real),
      async () => {
        expect(stable((await get(`/cars/${carSlug}`)).body)).toBe(stable(threaded.body));
      },
    );
  });

  it('give a location page, whose ports answer at once (its settings, the clock), the same HTML as the render on the request thread', async () => {
    const [location] = (await get('/api/locations/locations')).json<{ locations: Array<{ slug: string }> }>().locations;
    const url = `/our-location/${location!.slug}`;
    const threaded = await get(url);
    expect(threaded.body).toContain('data-first-paint="mf-locations"');
    await withRenderer(
      'mf-locations',
      (real) => onRequestThread('mf-locations', real),
      async () => {
        expect(stable((await get(url)).body)).toBe(stable(threaded.body));
      },
    );
  });

  it("answer a render's port call on the request thread, with the real request and the render's arguments", async () => {
    const calls: Array<{ request: FastifyRequest; slug: string }> = [];
    const ports = {
      clock,
      carBySlug: async (request: FastifyRequest, slug: string) => {
        calls.push({ request, slug });
        return { ...car, slug, name: 'A car from the request thread' };
      },
    };
    await withRenderer(
      'mf-vehicle',
      (real) => pool.renderer('mf-vehicle', real.version, ports),
      async () => {
        const page = await get(`/cars/${carSlug}`);
        expect(page.body).toContain('data-first-paint="mf-vehicle"');
        expect(page.body).toContain('A car from the request thread');
      },
    );
    expect(calls.map((call) => call.slug)).toEqual([carSlug]);
    // The request itself, not its stand-in: what the platform knows of it (its site) is there.
    expect(calls[0]!.request.tenant?.slug).toBe(SITE);
  });

  it('send the page with its chrome and without its app part when the render throws on its thread', async () => {
    const ports = { clock, carBySlug: async () => Promise.reject(new Error('the database is down')) };
    await withRenderer(
      'mf-vehicle',
      (real) => pool.renderer('mf-vehicle', real.version, ports),
      async () => {
        const page = await get(`/cars/${carSlug}`);
        expect(page.statusCode).toBe(200);
        expect(page.body).not.toContain('data-first-paint="mf-vehicle"');
        expect(page.body).toContain('data-slot="mf-vehicle"');
      },
    );
  });

  it("send a page past its app's places at once, without its app's first paint", async () => {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started = 0;
    await withRenderer(
      'mf-vehicle',
      (real) => ({
        version: real.version,
        render: async (input) => {
          started += 1;
          await held;
          return real.render(input);
        },
      }),
      async () => {
        const waiting = [get(`/cars/${carSlug}`), get(`/cars/${carSlug}`)];
        while (started < 2) await new Promise((resolve) => setTimeout(resolve, 10));
        const past = await get(`/cars/${carSlug}`);
        expect(past.statusCode).toBe(200);
        expect(past.body).not.toContain('data-first-paint="mf-vehicle"');
        expect(started).toBe(2);
        release();
        expect((await Promise.all(waiting)).map((page) => page.body.includes('data-first-paint="mf-vehicle"'))).toEqual(
          [true, true],
        );
      },
    );
  });

  it('paint a car page while search pages hold the only render thread and wait for it', async () => {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    const searchPorts = {
      clock,
      promoNodes: async () => {
        asked += 1;
        await held;
        return [];
      },
    };
    const carPorts = { clock, carBySlug: async (_request: FastifyRequest, slug: string) => ({ ...car, slug }) };
    // The test's pool has one thread: the first search page's render takes the search lane's one
    // place on it and the second waits in the lane; the car page's render is another lane's.
    await withRenderer(
      'mf-search',
      (real) => pool.renderer('mf-search', real.version, searchPorts),
      async () => {
        await withRenderer(
          'mf-vehicle',
          (real) => pool.renderer('mf-vehicle', real.version, carPorts),
          async () => {
            const searches = [get('/search/used-cars?make=Kia'), get('/search/used-cars?make=Mazda')];
            while (asked < 1 || pool.load.waiting < 1) await new Promise((resolve) => setTimeout(resolve, 10));
            expect((await get(`/cars/${carSlug}`)).body).toContain('data-first-paint="mf-vehicle"');
            release();
            await Promise.all(searches);
          },
        );
      },
    );
  });
});

describe('pages with a query on threads of their own', () => {
  it('paint a car page while pages with a query hold every place on their threads', async () => {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = 0;
    const hold = async () => {
      holding += 1;
      await held;
    };
    const searchPorts = { clock, promoNodes: async () => (await hold(), []) };
    const carPorts = {
      clock,
      carBySlug: async (request: FastifyRequest, slug: string) => {
        if (request.url.includes('?')) await hold();
        return { ...car, slug };
      },
    };
    // The query threads' two places: a search page's render and a car page's with a query, each
    // waiting for its data.
    await withRenderer(
      'mf-search',
      (real) => pool.renderer('mf-search', real.version, searchPorts),
      async () => {
        await withRenderer(
          'mf-vehicle',
          (real) => pool.renderer('mf-vehicle', real.version, carPorts),
          async () => {
            const querying = [get('/search/used-cars?make=Kia'), get(`/cars/${carSlug}?from=search`)];
            while (holding < 2) await new Promise((resolve) => setTimeout(resolve, 10));
            expect((await get(`/cars/${carSlug}`)).body).toContain('data-first-paint="mf-vehicle"');
            release();
            expect((await Promise.all(querying)).map((page) => page.statusCode)).toEqual([200, 200]);
          },
        );
      },
    );
  });
});

/** This process's threads and their nice values, from /proc (Linux: a thread's priority is its own). */
function threadPriorities(): Map<string, number> {
  const threads = fs.readdirSync('/proc/self/task');
  // The stat line's fields after the command's closing parenthesis: the nice value is the 17th.
  return new Map(
    threads.map((tid) => [
      tid,
      Number(fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]),
    ]),
  );
}

const onLinux = process.platform === 'linux' ? it : it.skip;

describe('render thread priorities', () => {
  onLinux(`render pages with a query at nice ${QUERY_PAGE_PRIORITY}, below the other pages' threads`, async () => {
    const before = threadPriorities();
    const fresh = new FirstPaintPool({ threads: 1, queryThreads: 1, maxWaitMs: 10_000 });
    try {
      await fresh.ready();
      // The pool's two threads, and the helper threads their start left, at this process's own
      // priority (a test process may itself run at a lower one); the query thread at 10 or lower.
      const own = os.getPriority();
      const started = [...threadPriorities()].filter(([tid]) => !before.has(tid)).map(([, nice]) => nice);
      expect({ lowest: Math.min(...started), highest: Math.max(...started) }).toEqual({
        lowest: own,
        highest: Math.max(own, QUERY_PAGE_PRIORITY),
      });
    } finally {
      await fresh.close();
    }
  });
});

describe('warming the threads before the server counts as started', () => {
  it("asks one page of each kind the first site's sitemap lists, and a search with a filter, each answered", async () => {
    const warmed = await warmFirstPaints(app, 1);
    expect(warmed.pages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/cars\//),
        expect.stringMatching(/^\/locations\//),
        expect.stringMatching(/^\/search\/.+\?price=/),
      ]),
    );
    expect(new Set(warmed.pages.map((page) => page.split(/[/?]/)[1])).size).toBe(warmed.pages.length - 1);
    expect(warmed.statuses.every((status) => status === 200)).toBe(true);
  });

  it('health answers "starting" while the threads warm, and ok once they are', async () => {
    // As after a start's indexing (main.ts): this platform was never started, so never indexed.
    const search = app.stockSearch.state;
    const indexed = search.indexed;
    search.indexed = true;
    try {
      app.readiness.warming = true;
      const health = await get('/api/health');
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: 'starting' });
      app.readiness.warming = false;
      expect((await get('/api/health')).json()).toMatchObject({ status: 'ok' });
    } finally {
      app.readiness.warming = false;
      search.indexed = indexed;
    }
  });
});
