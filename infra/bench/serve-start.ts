/**
 * The production server's start: from spawning `node infra/dist/serve.js` (the bundle, plain
 * node) to the first 200 of a tenant's home page, on PostgreSQL at demo size (the demo tenants'
 * stock as `npm start` seeds it). Goal: at most 1.0 s, the median of 5 starts.
 *
 * 1. bundles the server (`npm run build`'s step for infra);
 * 2. creates a database of its own, migrates and seeds it, and publishes and pins builds at the
 *    versions the server's first paint renders (stand-ins without JavaScript: the server never
 *    runs a published build's code);
 * 3. starts the search service (`forecourt search-service`, its own process, as production runs
 *    it) and waits until it is ready; then starts the server 5 times, each stopped with SIGTERM.
 *    `--embedded` measures the server with the engine inside it instead (its snapshot written by
 *    one unmeasured start first), as a single-machine deployment runs it.
 *
 *   DATABASE_URL=postgres://... npx tsx infra/bench/serve-start.ts [--starts 5]
 *
 * Without DATABASE_URL it says so and measures nothing (production's server runs on PostgreSQL).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { REMOTE_TEAMS } from '@forecourt/shared-config/teams';
import { migrate, openDatabase } from '@forecourt/data/database';
import { DEFAULT_TENANT } from '@forecourt/data/pins';
import { INFRA_ROOT, REPO_ROOT } from '@forecourt/config/paths';
import { buildApp } from '@forecourt/server/app';
import { seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { makeFakeBuild, tempDir } from '@forecourt/test-kit/fake-build';
import { exited, freePort } from '@forecourt/test-kit/server-process';
import { emptyPostgresDatabase } from '@forecourt/test-kit/test-database';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';

const { values: args } = parseArgs({
  options: { starts: { type: 'string', default: '5' }, embedded: { type: 'boolean', default: false } },
});
const STARTS = Number(args.starts);
const GOAL_MS = 1000;
const SITE = 'harbourside-motors';

/** Migrated, seeded at demo size, with every team published and pinned: a deployment's state before serve. */
async function prepare(databaseUrl: string, dataDir: string): Promise<number> {
  const database = await openDatabase({ databaseUrl });
  try {
    await migrate(database.db);
    const summary = await seedStock(database, await loadTenants(), {});
    const app = await buildApp({ dataDir, database, logger: false });
    await app.ready();
    for (const team of ['shell', ...REMOTE_TEAMS]) {
      const { version } = JSON.parse(await fs.readFile(path.join(REPO_ROOT, team, 'package.json'), 'utf8')) as {
        version: string;
      };
      await app.registry.publish(team, await makeFakeBuild(dataDir, { team, version }));
      await app.pins.pin({ tenant: DEFAULT_TENANT, team, version, actor: 'bench' });
    }
    await app.close();
    return summary.seeded.reduce((sum, t) => sum + t.cars, 0);
  } finally {
    await database.close();
  }
}

/**
 * The CPU time a process has used so far, in ms (Linux; null elsewhere): on a busy machine the
 * wall time of a start says as much about the neighbours as about the server.
 */
async function cpuMs(pid: number): Promise<number | null> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (!stat) return null;
  // Fields after the command's closing parenthesis; utime and stime are the 14th and 15th, in clock ticks (100 a second).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Spawn to the first 200 of the home page (wall and the server's CPU, in ms); the server is stopped with SIGTERM after. */
async function start(env: NodeJS.ProcessEnv): Promise<{ wall: number; cpu: number | null }> {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [path.join(INFRA_ROOT, 'dist', 'serve.js')], {
    cwd: INFRA_ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const status = await fetch(`http://127.0.0.1:${port}/`, { headers: { 'x-forecourt-tenant': SITE } }).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) return { wall: performance.now() - started, cpu: await cpuMs(child.pid!) };
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('no 200 within 60 s');
  } finally {
    child.kill('SIGTERM');
    await exited(child);
  }
}

async function main(): Promise<void> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    console.log('serve-start: skipped (DATABASE_URL is not set; the production server runs on PostgreSQL)');
    return;
  }
  await promisify(execFile)(process.execPath, [path.join(INFRA_ROOT, 'scripts', 'bundle-server.mjs')], {
    cwd: INFRA_ROOT,
  });
  const own = await emptyPostgresDatabase('forecourt_bench_serve');
  const url = own.url;
  const dataDir = await tempDir('forecourt-serve-bench-');
  let service: ChildProcess | null = null;
  try {
    const cars = await prepare(url.toString(), dataDir);
    let env: Record<string, string> = { DATABASE_URL: url.toString(), FORECOURT_DATA_DIR: dataDir };
    if (args.embedded) {
      await start(env);
    } else {
      const keys = {
        SEARCH_APP_ID: 'FORECOURT',
        SEARCH_ADMIN_KEY: randomBytes(16).toString('hex'),
        SEARCH_SEARCH_KEY: randomBytes(16).toString('hex'),
      };
      const servicePort = await freePort();
      service = spawn(process.execPath, [path.join(INFRA_ROOT, 'dist', 'cli.js'), 'search-service'], {
        cwd: INFRA_ROOT,
        env: {
          ...process.env,
          ...keys,
          DATABASE_URL: url.toString(),
          SEARCH_SERVICE_PORT: String(servicePort),
          SEARCH_SERVICE_HOST: '127.0.0.1',
          SEARCH_SERVICE_DATA_DIR: path.join(dataDir, 'search-service'),
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const deadline = Date.now() + 60_000;
      while (
        (await fetch(`http://127.0.0.1:${servicePort}/api/ready`).then(
          (r) => r.status,
          () => 0,
        )) !== 200
      ) {
        if (Date.now() > deadline || service.exitCode !== null)
          throw new Error('the search service did not become ready');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      env = { ...env, ...keys, SEARCH_HOSTS: `http://127.0.0.1:${servicePort}` };
    }
    const starts: Array<{ wall: number; cpu: number | null }> = [];
    for (let i = 0; i < STARTS; i++) starts.push(await start(env));
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const wall = median(starts.map((s) => s.wall));
    const cpu = starts.every((s) => s.cpu !== null) ? median(starts.map((s) => s.cpu!)) : null;
    const seconds = (ms: number) => (ms / 1000).toFixed(2);
    service?.kill('SIGTERM');
    if (service) await exited(service);
    console.log(
      `serve-start: node infra/dist/serve.js to the first 200 of a home page, ${cars} cars on PostgreSQL, ${args.embedded ? 'search inside the server' : 'the search service already running'}: ` +
        `median ${seconds(wall)} s of ${STARTS} (${starts.map((s) => seconds(s.wall)).join(', ')})` +
        (cpu === null ? '' : `, the server's CPU time ${seconds(cpu)} s`) +
        `; goal ${(GOAL_MS / 1000).toFixed(1)} s ${wall <= GOAL_MS ? 'met' : 'MISSED'}`,
    );
  } finally {
    if (service && service.exitCode === null) service.kill('SIGKILL');
    await fs.rm(dataDir, { recursive: true, force: true });
    await own.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
