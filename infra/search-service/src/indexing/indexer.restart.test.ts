/**
 * Restart without rebuild: the site saves its embedded index to the data folder and, on the next
 * start, serves from it when the database still holds the same stock, and rebuilds when not.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '@forecourt/data/database';
import { listen } from '@forecourt/server/main';
import searchPlugin, { SEARCH_SNAPSHOT_FILE } from '@forecourt/server/plugins/platform/search';
import { defaultSeedNow } from '@forecourt/demo-data/seed/generate';
import { seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { tempDir } from '@forecourt/test-kit/fake-build';
import { openTestDatabase } from '@forecourt/test-kit/test-database';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import { CARS_INDEX } from './records';
import { stockFingerprint } from './indexer';

let database: Database;
let tenants: TenantConfig[];
let dataDir: string;

beforeAll(async () => {
  database = await openTestDatabase('pglite');
  tenants = [...(await loadTenants())];
  await seedStock(database, tenants, { seed: 5, totalCars: 240, now: defaultSeedNow() });
  dataDir = await tempDir();
});

afterAll(async () => {
  await database.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function start(): Promise<{ app: FastifyInstance; lines: string[] }> {
  const lines: string[] = [];
  const app = await listen(
    { port: 0, host: '127.0.0.1', dataDir, databaseUrl: undefined },
    { ...database, close: async () => undefined },
    tenants,
    { log: (line) => lines.push(line) },
  );
  return { app, lines };
}

function answer(app: FastifyInstance, query: string) {
  const { processingTimeMS: _t, ...rest } = app.stockSearch.store
    .require(CARS_INDEX)
    .search({ query, facets: ['*'], hitsPerPage: 50 });
  return rest;
}

describe('search index snapshot across restarts', () => {
  it('indexes a fresh data folder, then serves the next start from the snapshot without rebuilding', async () => {
    const first = await start();
    expect(first.lines.some((l) => l.includes('indexed'))).toBe(true);
    expect(first.app.stockSearch.state.restoredFromSnapshot).toBeUndefined();
    const before = [answer(first.app, ''), answer(first.app, 'toyta'), answer(first.app, 'ute')];
    await first.app.close();
    await expect(fs.stat(path.join(dataDir, SEARCH_SNAPSHOT_FILE))).resolves.toBeTruthy();

    const second = await start();
    expect(second.app.stockSearch.state.restoredFromSnapshot?.records[CARS_INDEX]).toBe(240);
    expect(second.lines.join('\n')).toMatch(/snapshot matches the database/);
    expect(second.lines.join('\n')).not.toMatch(/indexed \d/);
    expect(second.app.stockSearch.state).toMatchObject({ indexed: true, records: 240 });
    expect([answer(second.app, ''), answer(second.app, 'toyta'), answer(second.app, 'ute')]).toEqual(before);
    await second.app.close();
  });

  it("re-indexes in place the site's cars that changed while the site was down", async () => {
    const fingerprint = await stockFingerprint(database.db, tenants);
    const [car] = (
      await sql<{ id: string; tenant: string }>`select id, tenant from cars order by id limit 1`.execute(database.db)
    ).rows;
    await sql`update cars set price = 1234567 where id = ${car!.id}`.execute(database.db);
    expect(await stockFingerprint(database.db, tenants)).not.toBe(fingerprint);

    const restarted = await start();
    expect(restarted.lines.join('\n')).toContain(
      `search snapshot out of date for ${car!.tenant}: 1 cars re-indexed in place`,
    );
    const hits = restarted.app.stockSearch.store.require(CARS_INDEX).search({ filters: 'price = 1234567' });
    expect(hits.nbHits).toBe(1);
    await restarted.app.close();

    // The rebuilt index was saved with the new fingerprint: the next start reuses it.
    const again = await start();
    expect(again.lines.join('\n')).toMatch(/snapshot matches the database/);
    await again.app.close();
  });

  it('rebuilds when a car was deleted from the database while the site was down', async () => {
    const [car] = (await sql<{ id: string }>`select id from cars order by id desc limit 1`.execute(database.db)).rows;
    await sql`delete from reservations where car_id = ${car!.id}`.execute(database.db);
    await sql`delete from cars where id = ${car!.id}`.execute(database.db);

    const restarted = await start();
    expect(restarted.lines.join('\n')).toMatch(/holds cars no longer in the database: rebuilding/);
    expect(restarted.app.stockSearch.store.require(CARS_INDEX).getObject(car!.id)).toBeUndefined();
    expect(restarted.app.stockSearch.state.records).toBe(239);
    await restarted.app.close();
  });

  it('ignores a corrupt snapshot with a warning and starts empty (the indexer then rebuilds)', async () => {
    const dir = await tempDir();
    await fs.writeFile(path.join(dir, SEARCH_SNAPSHOT_FILE), 'FCSIDX\r\n\u0004\u0000\u0000\u0000{}garbage');
    const logged: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(chunk.toString());
        done();
      },
    });
    const app = Fastify({ logger: { level: 'warn', stream } });
    await app.register(searchPlugin, { dataDir: dir, env: {} });
    await app.ready();
    expect(app.stockSearch.store.names()).toEqual([]);
    expect(app.stockSearch.state.restoredFromSnapshot).toBeUndefined();
    expect(logged.join('')).toMatch(/ignoring the snapshot .* the index is rebuilt from the database/);
    await app.close();
    await fs.rm(dir, { recursive: true, force: true });
  });
});
