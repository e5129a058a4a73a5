import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { migrate, openDatabase, type Database } from '@forecourt/data/database';
import { heldCars } from '@forecourt/data/reservations';
import { loadTenantStock } from '@forecourt/data/stock';
import { defaultSeedNow } from '@forecourt/demo-data/seed/generate';
import { seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import { tempDir } from '@forecourt/test-kit/fake-build';
import { exited, freePort } from '@forecourt/test-kit/server-process';
import { emptyPostgresDatabase } from '@forecourt/test-kit/test-database';
import { indexCars, searchClient, type SearchTarget } from '../indexing/indexer';
import { CARS_INDEX } from '../indexing/records';

/**
 * The drill: the search service killed (SIGKILL, no snapshot saved on the way out) right
 * after a write, the stock changed while it is down, and restarted: once it answers again
 * every car's status and reservation in search is PostgreSQL's. A process of its own on
 * PostgreSQL (skipped without DATABASE_URL, as PGlite's folder belongs to one process).
 */
const INFRA = path.resolve(__dirname, '..', '..', '..');
const SITE = 'harbourside-motors';
const describeWithPostgres = process.env.DATABASE_URL ? describe : describe.skip;

describeWithPostgres('the search service after SIGKILL and a restart', () => {
  const keys = {
    appId: 'FORECOURT',
    adminKey: randomBytes(16).toString('hex'),
    searchKey: randomBytes(16).toString('hex'),
  };
  let own: Awaited<ReturnType<typeof emptyPostgresDatabase>> | null = null;
  let databaseUrl: string;
  let database: Database;
  let dataDir: string;
  let port: number;
  let child: ChildProcess | null = null;

  const start = () =>
    spawn(process.execPath, ['--import', 'tsx', 'search-service/src/service/main.ts'], {
      cwd: INFRA,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        SEARCH_APP_ID: keys.appId,
        SEARCH_ADMIN_KEY: keys.adminKey,
        SEARCH_SEARCH_KEY: keys.searchKey,
        SEARCH_SERVICE_PORT: String(port),
        SEARCH_SERVICE_DATA_DIR: dataDir,
        SEARCH_WORKERS: '0',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  const target: () => SearchTarget = () => ({
    appId: keys.appId,
    adminKey: keys.adminKey,
    hosts: [`127.0.0.1:${port}`],
    protocol: 'http',
  });

  async function waitReady(within: number): Promise<void> {
    const deadline = Date.now() + within;
    while (Date.now() < deadline) {
      if (child?.exitCode !== null) throw new Error(`the search service exited with ${child?.exitCode}`);
      if (
        await fetch(`http://127.0.0.1:${port}/api/ready`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the search service did not become ready');
  }

  /** Cars whose status or reservation in search differs from PostgreSQL's (all of them while the service does not answer). */
  async function outOfStep(): Promise<string[]> {
    const cars = (
      await sql<{
        id: string;
        status: string;
        reserved: boolean;
      }>`select id, status, reserved from cars order by id`.execute(database.db)
    ).rows;
    const held = new Set((await heldCars(database.db, new Date())).map((car) => car.carId));
    try {
      const { results } = await searchClient(target(), keys.adminKey).getObjects<{ status: string; reserved: boolean }>(
        {
          requests: cars.map((car) => ({
            indexName: CARS_INDEX,
            objectID: car.id,
            attributesToRetrieve: ['status', 'reserved'],
          })),
        },
      );
      return cars
        .filter(
          (car, i) => results[i]?.status !== car.status || results[i]?.reserved !== (car.reserved || held.has(car.id)),
        )
        .map((car) => car.id);
    } catch {
      return cars.map((car) => car.id);
    }
  }

  beforeAll(async () => {
    own = await emptyPostgresDatabase('forecourt_drill');
    databaseUrl = own.url;
    database = await openDatabase({ databaseUrl });
    await migrate(database.db);
    // The demo's size: every site, 240 cars each.
    await seedStock(database, await loadTenants(), { seed: 23, now: defaultSeedNow() });
    dataDir = await tempDir();
    port = await freePort();
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited(child);
    }
    await database?.close();
    await own?.drop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  // The 5 s goal is a figure the cluster's failover drill measures and prints (npm run
  // cluster:drill -- failover); here the behaviour: once it answers again, it answers PostgreSQL's
  // status, whatever the machine's speed (30 s at most).
  it("serves PostgreSQL's status of every car after a SIGKILL and a restart, the lost write and the change while down included", async () => {
    child = start();
    await waitReady(60_000);
    expect(await outOfStep()).toEqual([]);

    const [written, changedWhileDown] = (await loadTenantStock(database.db, SITE)).cars.filter(
      (car) => car.status === 'in_stock' && !car.reserved,
    );
    // A write the service takes and then loses: it is killed before its snapshot is saved (2 s after the last write).
    await sql`update cars set reserved = true where id = ${written!.id}`.execute(database.db);
    const tenant = (await loadTenants()).find((t) => t.slug === SITE)!;
    await indexCars(searchClient(target(), keys.adminKey), [
      { car: { ...written!, reserved: true }, tenant, held: false },
    ]);
    child.kill('SIGKILL');
    await exited(child);
    // A change while the service is down.
    await sql`update cars set status = 'sold', sold_at = now() where id = ${changedWhileDown!.id}`.execute(database.db);

    const restarted = Date.now();
    child = start();
    let missing = await outOfStep();
    while (missing.length > 0 && Date.now() - restarted < 30_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      missing = await outOfStep();
    }
    expect(missing).toEqual([]);
    await waitReady(30_000);

    // SIGTERM: readiness gives way, the snapshot is saved, and the process exits 0.
    child.kill('SIGTERM');
    await exited(child);
    expect(child.exitCode).toBe(0);
  }, 120_000);
});
