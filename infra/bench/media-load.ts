/**
 * Media under load: while N large pictures render (1600 x 1600 at quality 90, every one a cache
 * miss), how fast does `/api/health` answer? Rendering runs in the worker pool, so the main thread
 * should keep answering in milliseconds; the target is under 50 ms.
 *
 *   npx tsx infra/bench/media-load.ts [--renders 8] [--rounds 3]
 */
import fs from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { formatTable } from '@forecourt/runtime/table';
import { loadTenantStock } from '@forecourt/data/stock';
import { listen } from '@forecourt/server/main';
import { seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import { tempDir } from '@forecourt/test-kit/fake-build';
import { openTestDatabase } from '@forecourt/test-kit/test-database';

const { values } = parseArgs({
  options: { renders: { type: 'string', default: '8' }, rounds: { type: 'string', default: '3' } },
});
const RENDERS = Number(values.renders);
const ROUNDS = Number(values.rounds);
const TENANT = 'harbourside-motors';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

async function timed(url: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { 'x-forecourt-tenant': TENANT } });
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

async function main(): Promise<void> {
  process.env.LOG_LEVEL ??= 'silent';
  const database = await openTestDatabase('pglite');
  const tenants = await loadTenants();
  await seedStock(database, tenants, { seed: 7, totalCars: 200 });
  const dataDir = await tempDir();
  const app = await listen({ port: 0, host: '127.0.0.1', dataDir, databaseUrl: undefined }, database, tenants);
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const stock = await loadTenantStock(database.db, TENANT);
  const pictures = stock.cars.flatMap((car) => car.images.map((image) => image.image.url.split('?')[0]!));
  if (pictures.length < RENDERS * (ROUNDS + 1))
    throw new Error(`only ${pictures.length} distinct pictures for ${RENDERS * (ROUNDS + 1)} renders`);

  // Warm up (worker start, JIT of both paths: this process is the client too), then the idle figure.
  await Promise.all(pictures.splice(0, RENDERS).map((p) => timed(`${base}${p}?w=1600&h=1600&q=90`)));
  for (let i = 0; i < 50; i++) await timed(`${base}/api/health`);
  const idle: number[] = [];
  for (let i = 0; i < 100; i++) idle.push((await timed(`${base}/api/health`)).ms);

  const rows: string[][] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const batch = pictures.splice(0, RENDERS);
    let rendering = true;
    const started = performance.now();
    const renders = Promise.all(batch.map((p) => timed(`${base}${p}?w=1600&h=1600&q=90`))).finally(
      () => (rendering = false),
    );
    const health: number[] = [];
    while (rendering) {
      health.push((await timed(`${base}/api/health`)).ms);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const results = await renders;
    const wall = performance.now() - started;
    const sorted = [...health].sort((a, b) => a - b);
    const statuses = results.reduce<Record<number, number>>(
      (acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }),
      {},
    );
    rows.push([
      String(round),
      Object.entries(statuses)
        .map(([s, n]) => `${n} x ${s}`)
        .join(', '),
      `${(wall / 1000).toFixed(2)} s`,
      String(health.length),
      percentile(sorted, 0.5).toFixed(1),
      percentile(sorted, 0.95).toFixed(1),
      Math.max(...health).toFixed(1),
    ]);
  }
  const idleSorted = idle.sort((a, b) => a - b);
  console.log(
    `/api/health idle: p50 ${percentile(idleSorted, 0.5).toFixed(1)} ms, max ${Math.max(...idle).toFixed(1)} ms`,
  );
  console.log(`${RENDERS} concurrent renders of 1600x1600 q90 per round (all cache misses):\n`);
  console.log(formatTable(['round', 'renders', 'wall', 'health calls', 'p50 ms', 'p95 ms', 'max ms'], rows));
  await app.close();
  await fs.rm(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
