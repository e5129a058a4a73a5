/**
 * Hostile searches against the platform server (one search request once froze the whole
 * server). For each stock size, a real server process (`server/src/main.ts`) over a seeded data
 * folder, restarted from its snapshot as a production restart starts, takes a fixed mix of public searches for 30 s from 16 concurrent connections, sent with
 * the search key a page of the site carries (secured to a tenant's stock), while a separate process polls `/api/health` every
 * 100 ms. Prints health's latency and, per kind of search, how many were answered (200) or refused
 * (400/429) and their p99 latency. Goals: health p99 under 50 ms; every search answered or refused
 * within 1 s at p99.
 *
 *   npx tsx infra/bench/search-abuse.ts [--cars demo,100000] [--seconds 30] [--connections 16] [--data-dir <dir>]
 *
 * `demo` is the demo site's stock (what `npm start` seeds); a number seeds that many cars (100,000
 * takes a few minutes: seeding, then the first start indexes the stock). `--data-dir` keeps the
 * seeded folders (`<dir>/<cars>`) for the next run.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import { formatTable } from '@forecourt/runtime/table';
import { migrate, openDatabase } from '@forecourt/data/database';
import { countCars } from '@forecourt/data/stock';
import { generateSecuredApiKey } from '@forecourt/search-engine/http/keys';
import { CARS_INDEX, tenantStockFilter } from '@forecourt/search-service/indexing/records';
import { SEARCH_SNAPSHOT_FILE, SECURED_KEY_TTL_SECONDS } from '@forecourt/server/plugins/platform/search';
import { seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { tempDir } from '@forecourt/test-kit/fake-build';
import { exited, startServerProcess, waitHealthy } from '@forecourt/test-kit/server-process';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';

const { values: args } = parseArgs({
  options: {
    cars: { type: 'string', default: 'demo,100000' },
    seconds: { type: 'string', default: '30' },
    connections: { type: 'string', default: '16' },
    'data-dir': { type: 'string' },
    // Internal: this same file, started as the health poller's own process.
    'poll-health': { type: 'string' },
    // Internal: this same file, started as the load generator's own process (access as JSON).
    generate: { type: 'string' },
    access: { type: 'string' },
  },
});
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
const HEALTH_EVERY_MS = 100;
const HEALTH_GOAL_MS = 50;
const SEARCH_GOAL_MS = 1000;
const GENERATOR_PRIORITY = 10;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** The poller: GET /api/health every 100 ms until SIGTERM, then its latencies (ms) as JSON on stdout. */
async function pollHealth(port: number): Promise<void> {
  const latencies: number[] = [];
  let failures = 0;
  let stopped = false;
  process.on('SIGTERM', () => (stopped = true));
  for (let first = true; !stopped; first = false) {
    const started = performance.now();
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      await response.arrayBuffer();
      if (response.status !== 200) failures++;
      if (!first) latencies.push(performance.now() - started);
    } catch {
      failures++;
    }
    // The first poll tells the bench it is polling (its own start-up is not a health figure).
    if (first) process.stdout.write('polling\n');
    await sleep(Math.max(0, HEALTH_EVERY_MS - (performance.now() - started)));
  }
  process.stdout.write(JSON.stringify({ latencies, failures }));
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function seeded(dataDir: string, cars: number | null): Promise<void> {
  const tenants = await loadTenants();
  const database = await openDatabase({ databaseUrl: undefined, dataDir });
  try {
    await migrate(database.db);
    const held = await countCars(database.db);
    if (cars === null ? held > 0 : held === cars) return;
    const started = Date.now();
    await seedStock(database, tenants, { ...(cars === null ? {} : { totalCars: cars }), force: true });
    console.log(
      `seeded ${(await countCars(database.db)).toLocaleString('en-AU')} cars in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.close();
  }
}

/**
 * The search access a shopper's page carries, built as the server's `stockSearch.access` builds
 * it: the search key of the data folder, secured to the first tenant's stock and the car indices.
 * (Pages themselves need published remotes, which a bare server process does not have.)
 */
async function pageSearchAccess(dataDir: string): Promise<{ appId: string; apiKey: string; indexName: string }> {
  const tenant = (await loadTenants())[0] as TenantConfig;
  const credentials = JSON.parse(await fs.readFile(path.join(dataDir, 'search-keys.json'), 'utf8')) as {
    appId: string;
    searchKey: string;
  };
  const nowSeconds = Math.floor(Date.now() / 1000);
  const apiKey = generateSecuredApiKey(credentials.searchKey, {
    filters: tenantStockFilter(tenant, nowSeconds),
    restrictIndices: [CARS_INDEX, `${CARS_INDEX}_*`],
    validUntil: nowSeconds + SECURED_KEY_TTL_SECONDS,
  });
  return { appId: credentials.appId, apiKey, indexName: CARS_INDEX };
}

interface Kind {
  name: string;
  body: (indexName: string, n: number) => unknown;
  /**
   * Whether each request differs (a `userToken` of its own): searches that reach the engine must
   * not be served from the answer cache, as an attacker varying a parameter would make sure.
   */
  fresh?: boolean;
}

const word = (length: number, n: number) => {
  let out = '';
  let s = n + 1;
  while (out.length < length) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    out += 'abcdefghijklmnopqrstuvwxyz'[s % 26];
  }
  return out;
};
const TYPOS = [
  'toyta',
  'hilxu',
  'mazad',
  'rangr',
  'corola',
  'landcruser',
  'volkswagn',
  'automatc',
  'dieesl',
  'whte',
  'sydeny',
  'harbourside',
  'motrs',
  'caravn',
  'nissna',
  'navarra',
];
const typoQuery = (n: number) => Array.from({ length: 16 }, (_, j) => TYPOS[(n + j) % TYPOS.length]).join(' ');

/** The fixed mix, sent in this order round-robin by every connection. */
const MIX: Kind[] = [
  {
    name: 'one 20,000-character word',
    body: (indexName, n) => ({ requests: [{ indexName, query: word(20_000, n) }] }),
  },
  {
    name: '50 queries of 5,000 characters',
    body: (indexName, n) => ({
      requests: Array.from({ length: 50 }, (_, i) => ({ indexName, query: word(5000, n * 50 + i) })),
    }),
  },
  {
    name: '5 queries of a 20,000-character word',
    body: (indexName, n) => ({
      requests: Array.from({ length: 5 }, (_, i) => ({ indexName, query: word(20_000, n * 5 + i) })),
    }),
  },
  {
    name: '50 queries of 16 misspelt words',
    fresh: true,
    body: (indexName, n) => ({
      requests: Array.from({ length: 50 }, (_, i) => ({
        indexName,
        query: typoQuery(n + i),
        facets: ['*'],
        userToken: `u${n}`,
      })),
    }),
  },
  {
    name: '1 query of 16 misspelt words',
    fresh: true,
    body: (indexName, n) => ({
      requests: [{ indexName, query: typoQuery(n), facets: ['make', 'model', 'body'], userToken: `u${n}` }],
    }),
  },
  {
    name: "a shopper's page (3 queries)",
    fresh: true,
    body: (indexName, n) => ({
      requests: [
        {
          indexName,
          query: ['toyota', 'hilux', 'mazda cx', 'ranger 4x4', 'white ute'][n % 5],
          hitsPerPage: 21,
          facets: ['make', 'model', 'body', 'price', 'year'],
          userToken: `u${n}`,
        },
        { indexName, query: '', hitsPerPage: 0, facets: ['make'], userToken: `u${n}` },
        { indexName, query: '', hitsPerPage: 0, facets: ['body'], userToken: `u${n}` },
      ],
    }),
  },
];

interface Outcome {
  kind: string;
  status: number;
  ms: number;
}

async function runMix(port: number, access: { appId: string; apiKey: string; indexName: string }): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const url = `http://127.0.0.1:${port}/1/indexes/*/queries`;
  const headers = {
    'x-algolia-application-id': access.appId,
    'x-algolia-api-key': access.apiKey,
    'content-type': 'text/plain',
  };
  // The long (refused) bodies are built once: the load generator's own CPU stays out of the
  // figures as far as it can.
  const bodies = MIX.map((kind) =>
    kind.fresh ? [] : Array.from({ length: 8 }, (_, n) => JSON.stringify(kind.body(access.indexName, n))),
  );
  const until = performance.now() + SECONDS * 1000;
  const connection = async (c: number): Promise<void> => {
    for (let i = c; performance.now() < until; i++) {
      const k = i % MIX.length;
      const started = performance.now();
      let status = 0;
      try {
        const kind = MIX[k] as Kind;
        const body = kind.fresh
          ? JSON.stringify(kind.body(access.indexName, i * CONNECTIONS + c))
          : (bodies[k]?.[i % 8] as string);
        const response = await fetch(url, { method: 'POST', headers, body });
        await response.arrayBuffer();
        status = response.status;
      } catch {
        // Status 0: no answer at all (the connection failed), counted under 'other'.
      }
      outcomes.push({ kind: (MIX[k] as Kind).name, status, ms: performance.now() - started });
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, c) => connection(c)));
  return outcomes;
}

async function runSize(cars: number | null, root: string, keep: boolean): Promise<void> {
  const label = cars === null ? 'demo' : String(cars);
  const dataDir = path.join(root, label);
  await fs.mkdir(dataDir, { recursive: true });
  await seeded(dataDir, cars);
  const port = await freePort();
  // Measured as a server runs once started: from its snapshot, as a restart starts. The very
  // first start indexes the stock and saves the snapshot (minutes of work at 100,000 cars that
  // are no search's doing), so it is done first, apart.
  if (
    !(await fs.stat(path.join(dataDir, SEARCH_SNAPSHOT_FILE)).then(
      () => true,
      () => false,
    ))
  ) {
    const first = startServerProcess({ port, dataDir, entry: 'serve' });
    try {
      await waitHealthy(first, port, 900_000);
    } finally {
      first.kill('SIGTERM');
      await exited(first);
    }
  }
  const started = Date.now();
  const server: ChildProcess = startServerProcess({ port, dataDir, entry: 'serve' });
  try {
    await waitHealthy(server, port, 900_000);
    console.log(`\n${label}: server healthy after ${((Date.now() - started) / 1000).toFixed(1)} s (from its snapshot)`);
    const access = await pageSearchAccess(dataDir);
    const poller = spawn(process.execPath, ['--import', 'tsx', __filename, '--poll-health', String(port)], {
      cwd: path.resolve(__dirname, '..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let polled = '';
    const polling = new Promise<void>((resolve, reject) => {
      poller.stdout?.on('data', (chunk: Buffer) => {
        polled += chunk.toString();
        if (polled.includes('\n')) resolve();
      });
      poller.once('exit', (code) => reject(new Error(`the health poller exited with ${code} before polling`)));
    });
    await polling;
    const generator = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        __filename,
        '--generate',
        String(port),
        '--access',
        JSON.stringify(access),
        '--seconds',
        String(SECONDS),
        '--connections',
        String(CONNECTIONS),
      ],
      {
        cwd: path.resolve(__dirname, '..'),
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let generated = '';
    generator.stdout?.on('data', (chunk: Buffer) => (generated += chunk.toString()));
    await exited(generator);
    if (generator.exitCode !== 0) throw new Error(`the load generator exited with ${generator.exitCode}`);
    const outcomes = JSON.parse(generated) as Outcome[];
    poller.kill('SIGTERM');
    await exited(poller);
    const health = JSON.parse(polled.slice(polled.indexOf('\n') + 1)) as { latencies: number[]; failures: number };
    const sortedHealth = [...health.latencies].sort((a, b) => a - b);
    const healthP99 = percentile(sortedHealth, 99);
    console.log(
      `health (${health.latencies.length} polls, ${health.failures} failed): p50 ${percentile(sortedHealth, 50).toFixed(1)} ms, p99 ${healthP99.toFixed(1)} ms, max ${(sortedHealth.at(-1) ?? NaN).toFixed(1)} ms — goal p99 < ${HEALTH_GOAL_MS} ms: ${healthP99 < HEALTH_GOAL_MS ? 'met' : 'MISSED'}`,
    );
    const rows = [...MIX.map((k) => k.name), 'all searches'].map((name) => {
      const mine = outcomes.filter((o) => name === 'all searches' || o.kind === name);
      const sorted = mine.map((o) => o.ms).sort((a, b) => a - b);
      const count = (test: (s: number) => boolean) => String(mine.filter((o) => test(o.status)).length);
      const p99 = percentile(sorted, 99);
      const other = mine.filter((o) => o.status !== 200 && o.status !== 400 && o.status !== 429);
      const others =
        other.length === 0
          ? '0'
          : `${other.length} (${[...new Set(other.map((o) => (o.status === 0 ? 'no answer' : String(o.status))))].join(', ')})`;
      return [
        name,
        String(mine.length),
        count((s) => s === 200),
        count((s) => s === 400),
        count((s) => s === 429),
        others,
        `${p99.toFixed(0)} ms`,
        other.length === 0 && p99 < SEARCH_GOAL_MS ? 'met' : 'MISSED',
      ];
    });
    console.log(
      formatTable(
        [
          'search',
          'sent',
          'answered 200',
          'refused 400',
          'refused 429',
          'other',
          'p99',
          `goal (< ${SEARCH_GOAL_MS} ms, 200/400/429)`,
        ],
        rows,
      ),
    );
  } finally {
    server.kill('SIGTERM');
    await exited(server);
    if (!keep) await fs.rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (args['poll-health']) return pollHealth(Number(args['poll-health']));
  if (args.generate) {
    // Below the server's priority (in production the load comes from other machines): on a
    // 2-core machine the generator would otherwise take the cores the server needs.
    os.setPriority(GENERATOR_PRIORITY);
    process.stdout.write(
      JSON.stringify(
        await runMix(
          Number(args.generate),
          JSON.parse(args.access ?? '{}') as { appId: string; apiKey: string; indexName: string },
        ),
      ),
    );
    return;
  }
  const sizes = (args.cars ?? 'demo').split(',').map((s) => (s.trim() === 'demo' ? null : Number(s)));
  const keep = Boolean(args['data-dir']);
  const root = args['data-dir'] ? path.resolve(args['data-dir']) : await tempDir('forecourt-search-abuse-');
  console.log(
    `Search abuse: ${SECONDS} s x ${CONNECTIONS} connections per size, node ${process.version}, ${os.availableParallelism()} cores, load avg ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  try {
    for (const cars of sizes) await runSize(cars, root, keep);
  } finally {
    if (!keep) await fs.rm(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
