/**
 * The lead endpoint at a steady rate: `POST /api/leads/submit` over real HTTP against the
 * embedded database (PGlite), each lead with its own phone, open loop (a request is started every
 * 1/rate s whether or not earlier ones have answered), so a slow server shows as latency rather
 * than as a lower rate. Prints p50 / p99 / max latency, the answers and the rate reached; the
 * target is p99 ≤ 50 ms at 300 req/s. The address limit is lifted for the run (every request comes
 * from this machine).
 *
 *   npx tsx infra/bench/leads.ts [--rate 300] [--seconds 10]
 */
import { parseArgs } from 'node:util';
import { formatTable } from '../src/cli/table';
import { listen } from '../src/server/main';
import { loadTenants } from '../src/tenants/load-tenants';
import { tempDir } from '../src/testing/fake-build';
import { openTestDatabase } from '../src/testing/test-database';

const { values } = parseArgs({ options: { rate: { type: 'string', default: '300' }, seconds: { type: 'string', default: '10' } } });
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

async function main(): Promise<void> {
  process.env.LOG_LEVEL ??= 'silent';
  process.env.FORECOURT_LEADS_PER_MINUTE = String(RATE * 120);
  const database = await openTestDatabase('pglite');
  const app = await listen({ port: 0, host: '127.0.0.1', dataDir: await tempDir(), databaseUrl: undefined }, database, await loadTenants());
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/leads/submit`;
  let seq = 0;
  const send = async (): Promise<{ ms: number; status: number }> => {
    seq += 1;
    const body = JSON.stringify({
      form: 'enquiry',
      url: '/contact',
      userData: { name: 'Bench', last_name: `Shopper ${seq}`, email: `bench${seq}@example.com`, phone: `04${String(10_000_000 + seq).slice(-8)}`, postcode: '2000', message: 'Is it still available?' },
    });
    const started = performance.now();
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forecourt-tenant': 'harbourside-motors' }, body });
    await response.arrayBuffer();
    return { ms: performance.now() - started, status: response.status };
  };
  for (let i = 0; i < 200; i++) await send(); // warm up (JIT, the database's caches)

  const results: Array<Promise<{ ms: number; status: number }>> = [];
  const started = performance.now();
  const total = RATE * SECONDS;
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    results.push(send());
  }
  const done = await Promise.all(results);
  const elapsed = (performance.now() - started) / 1000;
  const ms = done.map((r) => r.ms).sort((a, b) => a - b);
  const statuses = [...new Set(done.map((r) => r.status))].map((s) => `${s} × ${done.filter((r) => r.status === s).length}`).join(', ');
  console.log(`Lead submissions, open loop at ${RATE} req/s for ${SECONDS} s (PGlite)`);
  console.log(
    formatTable(
      ['REQUESTS', 'ANSWERS', 'REQ/S', 'P50 MS', 'P99 MS', 'MAX MS'],
      [[String(done.length), statuses, (done.length / elapsed).toFixed(0), percentile(ms, 0.5).toFixed(1), percentile(ms, 0.99).toFixed(1), (ms.at(-1) ?? NaN).toFixed(1)]],
    ),
  );
  await app.close();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
