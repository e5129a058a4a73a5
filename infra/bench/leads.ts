/**
 * The lead endpoint at a steady rate: `POST /api/leads/submit` over real HTTP to the platform as
 * `npm start` runs it, in its own process (so this client's CPU is not counted as the server's),
 * each lead with its own phone, open loop (a request is started every 1/rate s whether or not
 * earlier ones have answered), so a slow server shows as latency rather than as a lower rate.
 * Prints p50 / p99 / max latency, the answers and the rate reached, per rate and database: the
 * embedded database (PGlite on disk, the default) and, when DATABASE_URL is set, PostgreSQL (a
 * database of its own, dropped after). The CRM delivery loop runs as in production. The target
 * is p99 ≤ 50 ms at 300 req/s. The address limit is lifted (every request comes from here).
 *
 *   npx tsx infra/bench/leads.ts [--rate 100,200,300] [--seconds 10]
 *
 * For looking into a figure: BENCH_NO_DELIVERY=1 runs the server without its CRM delivery loop;
 * BENCH_NODE_ARGS='--trace-gc' (or '--cpu-prof --cpu-prof-dir=DIR') passes node flags to it.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { formatTable } from '@forecourt/runtime/table';
import { tempDir } from '@forecourt/test-kit/fake-build';
import { exited, startServerProcess, waitHealthy } from '@forecourt/test-kit/server-process';

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '100,200,300' },
    seconds: { type: 'string', default: '10' },
    port: { type: 'string', default: '8098' },
  },
});
const RATES = values.rate.split(',').map(Number);
const SECONDS = Number(values.seconds);
const PORT = Number(values.port);
const URL_SUBMIT = `http://127.0.0.1:${PORT}/api/leads/submit`;
const TENANT = 'harbourside-motors';
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

async function admin(databaseUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

let seq = 0;
async function send(location: string): Promise<{ ms: number; status: number }> {
  seq += 1;
  const body = JSON.stringify({
    form: 'enquiry',
    url: '/contact',
    userData: {
      name: 'Bench',
      last_name: `Shopper ${seq}`,
      email: `bench${seq}@example.com`,
      phone: `04${String(10_000_000 + seq).slice(-8)}`,
      postcode: '2000',
      message: 'Is it still available?',
      location_id: location,
    },
  });
  const started = performance.now();
  const status = await post(body);
  return { ms: performance.now() - started, status };
}

// Node's own http client with kept-alive connections rather than fetch: fetch costs this process
// about three times the CPU per request, and on a two-core machine the load generator's CPU is
// taken from the server being measured.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
function post(body: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.request(
      URL_SUBMIT,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-forecourt-tenant': TENANT,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', () => resolve(0));
      },
    );
    request.on('error', () => resolve(0));
    request.end(body);
  });
}

async function atRate(rate: number, location: string): Promise<string[]> {
  const results: Array<Promise<{ ms: number; status: number }>> = [];
  const started = performance.now();
  const total = rate * SECONDS;
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    results.push(send(location));
  }
  const done = await Promise.all(results);
  const elapsed = (performance.now() - started) / 1000;
  const ms = done.map((r) => r.ms).sort((a, b) => a - b);
  const statuses = [...new Set(done.map((r) => r.status))]
    .map((s) => `${s} × ${done.filter((r) => r.status === s).length}`)
    .join(', ');
  return [
    String(rate),
    String(done.length),
    statuses,
    (done.length / elapsed).toFixed(0),
    percentile(ms, 0.5).toFixed(1),
    percentile(ms, 0.99).toFixed(1),
    (ms.at(-1) ?? NaN).toFixed(1),
  ];
}

async function bench(label: string, databaseUrl: string): Promise<string[][]> {
  const server = startServerProcess({
    port: PORT,
    dataDir: await tempDir(),
    ...(process.env.BENCH_NODE_ARGS ? { nodeArgs: process.env.BENCH_NODE_ARGS.split(' ') } : {}),
    env: {
      DATABASE_URL: databaseUrl,
      FORECOURT_LEADS_PER_MINUTE: String(Math.max(...RATES) * 120),
      FORECOURT_CONNECTIONS_PER_ADDRESS: '0',
      ...(process.env.BENCH_NO_DELIVERY ? { FORECOURT_LEAD_DELIVERY_MS: '0' } : {}),
    },
  });
  try {
    await waitHealthy(server, PORT);
    const form = (await (
      await fetch(`http://127.0.0.1:${PORT}/api/leads/form?form=enquiry`, { headers: { 'x-forecourt-tenant': TENANT } })
    ).json()) as { locations: Array<{ id: string }> };
    const location = form.locations[0]!.id;
    for (let i = 0; i < 300; i++) await send(location); // warm up (JIT, the database's caches)
    const rows: string[][] = [];
    for (const rate of RATES) {
      rows.push([label, ...(await atRate(rate, location))]);
      await new Promise((resolve) => setTimeout(resolve, 2000)); // the CRM catches up between rates
    }
    return rows;
  } finally {
    server.kill('SIGTERM');
    await exited(server);
  }
}

async function main(): Promise<void> {
  const rows = await bench('PGlite (disk)', '');
  const base = process.env.DATABASE_URL;
  if (base) {
    const name = `forecourt_bench_${randomBytes(4).toString('hex')}`;
    await admin(base, `create database "${name}"`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    try {
      rows.push(...(await bench('PostgreSQL', url.toString())));
    } finally {
      await admin(base, `drop database if exists "${name}" with (force)`);
    }
  }
  console.log(
    `Lead submissions to a server process, open loop for ${SECONDS} s at each rate (target: p99 ≤ 50 ms at 300 req/s)`,
  );
  console.log(formatTable(['DATABASE', 'RATE', 'REQUESTS', 'ANSWERS', 'REQ/S', 'P50 MS', 'P99 MS', 'MAX MS'], rows));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
