import fs from 'node:fs/promises';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Registry } from '@forecourt/releases/registry/registry';
import { recordCleanMount } from '@forecourt/data/version-health';
import { buildApp } from '@forecourt/server/app';
import { consoleOrigin } from '@forecourt/config/console-origin';
import { makeFakeBuild, tempDir } from '@forecourt/test-kit/fake-build';
import { openTestDatabase, seedDataFolderDatabase } from '@forecourt/test-kit/test-database';
import { DEMO_OPERATOR, ensureDemoOperator, operatorTokenFile } from '@forecourt/domain/operators/demo-operator';
import { run } from './main';

/**
 * The site's server on a data folder, as `npm start` runs it beside the CLI: the commands find it
 * answering on its port and go through its admin API with the token it wrote. (The first publish
 * test runs the other way, the admin API in process on the data folder's own database, seeded
 * from the migrated template: each command opens that database again, seconds a command on a
 * busy machine, so the other tests go through a server.)
 */
async function serveDataFolder(
  dataDir: string,
): Promise<{ app: FastifyInstance; port: number; slowHealth: { ms: number }; close(): Promise<void> }> {
  const database = await openTestDatabase();
  const app = await buildApp({ dataDir, database, teamServers: false });
  // A busy machine, on demand: the health check answers after `ms`.
  const slowHealth = { ms: 0 };
  app.addHook('onRequest', async (request) => {
    if (slowHealth.ms > 0 && request.url === '/api/health')
      await new Promise((resolve) => setTimeout(resolve, slowHealth.ms));
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  await ensureDemoOperator(app.operators, dataDir);
  return {
    app,
    port: (app.server.address() as AddressInfo).port,
    slowHealth,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

describe('forecourt publish', () => {
  const saved = {
    INIT_CWD: process.env.INIT_CWD,
    FORECOURT_DATA_DIR: process.env.FORECOURT_DATA_DIR,
    PORT: process.env.PORT,
    DATABASE_URL: process.env.DATABASE_URL,
  };
  const made: string[] = [];
  const closing: Array<{ close(): Promise<void> }> = [];

  afterEach(async () => {
    await Promise.all(closing.splice(0).map((server) => server.close()));
    await Promise.all(made.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    jest.restoreAllMocks();
  });

  it('takes a relative --from from the folder the command was typed in, not infra/', async () => {
    const typedIn = await tempDir();
    const dataDir = await tempDir();
    made.push(typedIn, dataDir);
    // What other teams load from mf-search today, or the contract gate refuses the build.
    const build = await makeFakeBuild(typedIn, {
      team: 'mf-search',
      version: '2.0.0',
      exposes: ['./app', './SearchBox', './SimilarCars', './BudgetFinder', './PromoCards'],
    });
    await seedDataFolderDatabase(dataDir);
    process.env.INIT_CWD = typedIn;
    process.env.FORECOURT_DATA_DIR = dataDir;
    // The publish audit goes through the admin API: in process on this data dir, never a server
    // someone runs on the default port.
    process.env.PORT = '1';
    delete process.env.DATABASE_URL;
    jest.spyOn(console, 'log').mockImplementation(() => undefined);

    await run(['publish', 'mf-search', '--from', path.basename(build)]);

    expect(await new Registry(path.join(dataDir, 'registry')).listVersions('mf-search')).toEqual(['2.0.0']);
  });

  it('refuses a build the contract gate fails, publishing nothing; --force --reason publishes it and the audit shows it', async () => {
    const dataDir = await tempDir();
    made.push(dataDir);
    const server = await serveDataFolder(dataDir);
    closing.push(server);
    process.env.FORECOURT_DATA_DIR = dataDir;
    process.env.PORT = String(server.port);
    delete process.env.DATABASE_URL;
    // No ./SimilarCars, which mf-vehicle loads.
    const build = await makeFakeBuild(dataDir, {
      team: 'mf-search',
      version: '2.1.0',
      exposes: ['./app', './SearchBox', './BudgetFinder', './PromoCards'],
    });
    const printed: string[] = [];
    jest.spyOn(console, 'log').mockImplementation((line: string) => printed.push(line));

    await expect(run(['publish', 'mf-search', '--from', build])).rejects.toThrow(
      /mf-search 2\.1\.0 was not published: the contract gate refused it\n {2}fragments: mf-search 2\.1\.0 does not expose \.\/SimilarCars, which mf-vehicle loads as mf_search\/SimilarCars/,
    );
    const registry = new Registry(path.join(dataDir, 'registry'));
    expect(await registry.listVersions('mf-search')).toEqual([]);
    expect(printed.join('\n')).toContain('FAIL fragments');

    await run(['publish', 'mf-search', '--from', build, '--force', '--reason', 'the vehicle page falls back']);
    expect(await registry.listVersions('mf-search')).toEqual(['2.1.0']);
    printed.length = 0;
    await run(['publishes', 'mf-search', '--forced']);
    expect(printed.join('\n')).toMatch(
      /mf-search\s+2\.1\.0\s+Demo operator\s+FORCED past fragments\s+the vehicle page falls back/,
    );
  });
});

describe('forecourt canary, promote, list and history', () => {
  const saved = {
    FORECOURT_DATA_DIR: process.env.FORECOURT_DATA_DIR,
    PORT: process.env.PORT,
    DATABASE_URL: process.env.DATABASE_URL,
    FORECOURT_TOKEN: process.env.FORECOURT_TOKEN,
  };
  let dataDir: string;
  let server: Awaited<ReturnType<typeof serveDataFolder>>;
  let printed: string[];

  beforeAll(async () => {
    dataDir = await tempDir();
    const registry = new Registry(path.join(dataDir, 'registry'));
    for (const [team, version] of [
      ['shell', '1.0.0'],
      ['mf-search', '1.0.0'],
      ['mf-search', '1.1.0'],
    ] as const) {
      await registry.publish(team, await makeFakeBuild(dataDir, { team, version }));
    }
    server = await serveDataFolder(dataDir);
  });
  afterAll(async () => {
    await server.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    process.env.FORECOURT_DATA_DIR = dataDir;
    process.env.PORT = String(server.port);
    delete process.env.DATABASE_URL;
    delete process.env.FORECOURT_TOKEN;
    printed = [];
    jest.spyOn(console, 'log').mockImplementation((line: unknown) => {
      printed.push(String(line));
    });
  });
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    jest.restoreAllMocks();
  });

  const output = () => printed.join('\n');
  /** The table row that starts with a cell, its cells split on the column gaps. */
  const row = (text: string, first: string) =>
    text
      .split('\n')
      .find((line) => line.startsWith(`${first} `))
      ?.split(/\s{2,}/);

  it('starts a canary, lists it, promotes it and shows the history filtered by tenant and remote', async () => {
    await run(['pin', 'harbourside-motors', 'mf-search', '1.1.0']);
    await run(['canary', 'harbourside-motors', 'mf-search', '1.0.0', '50']);
    expect(output()).toContain(
      'Canary on harbourside-motors mf-search: 1.0.0 for 50% of shoppers (the others stay on 1.1.0)',
    );

    printed = [];
    await run(['list', 'harbourside-motors']);
    expect(printed[0]).toBe('harbourside-motors');
    expect(output()).toMatch(/^TEAM +PIN +CANARY +LAST GOOD +ROLLBACK TO$/m);
    expect(row(output(), 'mf-search')).toEqual(['mf-search', '1.1.0', '1.0.0 @ 50%', '-', '-']);
    expect(row(output(), 'shell')).toEqual(['shell', '(not pinned)', '-', '-', '-']);

    printed = [];
    await run(['promote', 'harbourside-motors', 'mf-search']);
    expect(output()).toContain(
      'Promoted the canary of harbourside-motors mf-search: 1.1.0 -> 1.0.0 (a rollback goes back to 1.1.0)',
    );

    printed = [];
    await run(['history', '--tenant', 'harbourside-motors', '--remote', 'mf-search']);
    const lines = output().split('\n');
    expect(lines[0]?.split(/\s{2,}/)).toEqual(['WHEN', 'TENANT', 'TEAM', 'ACTION', 'FROM', 'TO', 'PERCENT', 'WHO']);
    expect(lines.slice(2).map((line) => line.split(/\s{2,}/).slice(1))).toEqual([
      ['harbourside-motors', 'mf-search', 'promote', '1.1.0', '1.0.0', '50%', DEMO_OPERATOR],
      ['harbourside-motors', 'mf-search', 'canary', '1.1.0', '1.0.0', '50%', DEMO_OPERATOR],
      ['harbourside-motors', 'mf-search', 'pin', '-', '1.1.0', '-', DEMO_OPERATOR],
    ]);
  });

  it("prints the admin API's refusal of a percent out of range, naming percent", async () => {
    await expect(run(['canary', 'redgum-used-cars', 'mf-search', '1.1.0', '150'])).rejects.toThrow(/^percent: /);
  });

  it('refuses a percent that is not a whole number before calling anything', async () => {
    await expect(run(['canary', 'redgum-used-cars', 'mf-search', '1.1.0', '12.5'])).rejects.toThrow(
      "percent must be a whole number from 1 to 99, not '12.5'",
    );
  });

  it('lists the version shoppers mounted cleanly as last good, and marks an earned pin', async () => {
    await run(['pin', 'redgum-used-cars', 'mf-search', '1.0.0']);
    await run(['pin', 'redgum-used-cars', 'mf-search', '1.1.0']);
    // What the site's /api/events does when a shell reports clean mounts of the pinned version.
    await recordCleanMount(
      server.app.database.db,
      { tenant: 'redgum-used-cars', team: 'mf-search', version: '1.1.0' },
      { mounts: 1, maxFailurePercent: 5 },
    );
    await run(['pin', 'redgum-used-cars', 'mf-search', '1.0.0']);

    printed = [];
    await run(['list', 'redgum-used-cars']);
    expect(row(output(), 'mf-search')).toEqual(['mf-search', '1.0.0', '-', '1.1.0', '1.1.0']);
    await run(['pin', 'redgum-used-cars', 'mf-search', '1.1.0']);
    printed = [];
    await run(['list', 'redgum-used-cars']);
    expect(row(output(), 'mf-search')).toEqual(['mf-search', '1.1.0 (earned)', '-', '-', '1.0.0']);
  });
});

describe('forecourt operators, tokens and audit', () => {
  const saved = {
    FORECOURT_DATA_DIR: process.env.FORECOURT_DATA_DIR,
    PORT: process.env.PORT,
    DATABASE_URL: process.env.DATABASE_URL,
    FORECOURT_TOKEN: process.env.FORECOURT_TOKEN,
  };
  let dataDir: string;
  let server: Awaited<ReturnType<typeof serveDataFolder>>;
  let printed: string[];

  beforeAll(async () => {
    dataDir = await tempDir();
    const registry = new Registry(path.join(dataDir, 'registry'));
    for (const [team, version] of [
      ['shell', '1.0.0'],
      ['mf-search', '1.0.0'],
      ['mf-search', '1.1.0'],
    ] as const) {
      await registry.publish(team, await makeFakeBuild(dataDir, { team, version }));
    }
    server = await serveDataFolder(dataDir);
  });
  afterAll(async () => {
    await server.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    process.env.FORECOURT_DATA_DIR = dataDir;
    process.env.PORT = String(server.port);
    delete process.env.DATABASE_URL;
    delete process.env.FORECOURT_TOKEN;
    printed = [];
    jest.spyOn(console, 'log').mockImplementation((line: unknown) => {
      printed.push(String(line));
    });
  });
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    jest.restoreAllMocks();
  });

  const output = () => printed.join('\n');

  it("keeps the demo operator's token in the data folder, readable by its owner only", async () => {
    await run(['operators', 'me']);
    expect(output()).toContain(`${DEMO_OPERATOR}, operator of every tenant`);
    expect((await fs.stat(operatorTokenFile(dataDir))).mode & 0o777).toBe(0o600);
  });

  it('adds a tenant manager, gives it a token, and its changes are audited under its name', async () => {
    await run(['operators', 'add', 'Sam', 'Summit', '--role', 'tenant-manager', '--tenants', 'summit-auto-group']);
    const id = /Account (\d+): Sam Summit, tenant-manager of summit-auto-group/.exec(output())?.[1];
    expect(id).toBeDefined();
    printed = [];
    await run(['tokens', 'create', '--account', id ?? '', '--days', '7']);
    const secret = /^ {2}(fct_\S+)$/m.exec(output())?.[1];
    expect(secret).toBeDefined();

    process.env.FORECOURT_TOKEN = secret;
    await run(['pin', 'summit-auto-group', 'mf-search', '1.1.0']);
    await expect(run(['pin', 'harbourside-motors', 'mf-search', '1.1.0'])).rejects.toThrow(
      "Sam Summit (tenant-manager): this account may not pin on 'harbourside-motors' (it holds summit-auto-group)",
    );
    // The operator's view: a tenant manager's own shows its tenants' entries only.
    delete process.env.FORECOURT_TOKEN;
    printed = [];
    await run(['audit']);
    const lines = output()
      .split('\n')
      .slice(2)
      .map((line) => line.split(/\s{2,}/));
    expect(lines.filter((cells) => cells[1] === 'Sam Summit').map((cells) => [cells[3], cells[4], cells[6]])).toEqual([
      ['pin', 'harbourside-motors', 'refused'],
      ['pin', 'summit-auto-group', 'allowed'],
    ]);
  });

  it('prints a one-time link to the console that registers a passkey for an account', async () => {
    await run(['operators', 'add', 'Vic', 'Viewer', '--role', 'viewer']);
    const id = /Account (\d+): Vic Viewer/.exec(output())?.[1] ?? '';
    printed = [];
    await run(['operators', 'enroll', id]);
    // The console of the server that made it (its own origin, from its configuration).
    const link = new RegExp(
      `^ {2}${consoleOrigin(server.app.config).replace(/[.]/g, '\\.')}/enroll#fce_[A-Za-z0-9_-]{43}$`,
      'm',
    );
    expect(output()).toMatch(link);
    expect(consoleOrigin(server.app.config)).toMatch(/^http:\/\/console\.localhost:\d+$/);
  });

  it('goes through the running server when it is slow to answer, never to a database of its own', async () => {
    // A loaded machine's server took longer than a health check's patience: the command then
    // opened the data folder in process, where the server's tokens are unknown.
    server.slowHealth.ms = 3000;
    try {
      await run(['operators', 'me']);
    } finally {
      server.slowHealth.ms = 0;
    }
    expect(output()).toContain(`${DEMO_OPERATOR}, operator of every tenant`);
  });

  it('sends the pin it sees with a rollback', async () => {
    await run(['pin', 'redgum-used-cars', 'mf-search', '1.0.0']);
    await run(['pin', 'redgum-used-cars', 'mf-search', '1.1.0']);
    await run(['rollback', 'redgum-used-cars', 'mf-search']);
    expect(output()).toContain('Rolled back redgum-used-cars mf-search: 1.1.0 -> 1.0.0');
  });
  it('stock-keys create prints a key on its last line that opens the Stock API, and revoke closes it', async () => {
    await run(['stock-keys', 'create', 'redgum-used-cars', '--label', 'DMS']);
    const secret = output().split('\n').at(-1)!;
    const call = () =>
      server.app.inject({
        method: 'GET',
        url: '/api/stock/v1/cars?limit=1',
        headers: { authorization: `Bearer ${secret}` },
      });
    expect((await call()).statusCode).toBe(200);
    printed = [];
    await run(['stock-keys', 'list', 'redgum-used-cars']);
    const row = printed
      .join('\n')
      .split('\n')
      .find((line) => line.includes('DMS'))!;
    const id = row.trim().split(/\s+/)[0]!;
    await run(['stock-keys', 'revoke', id]);
    expect((await call()).statusCode).toBe(401);
  });

  it('feeds set schedules a pull that feeds list shows, and feeds remove stops it', async () => {
    await run([
      'feeds',
      'set',
      'redgum-used-cars',
      'main-yard',
      '--url',
      'https://dms.example.com/stock.csv',
      '--every',
      '30',
    ]);
    expect(output()).toContain(
      'Feed main-yard of redgum-used-cars: https://dms.example.com/stock.csv every 30 minutes',
    );
    printed = [];
    await run(['feeds', 'list', 'redgum-used-cars']);
    expect(output()).toMatch(
      /redgum-used-cars\s+main-yard\s+https:\/\/dms\.example\.com\/stock\.csv\s+meta-auto\s+30 min/,
    );
    await run(['feeds', 'remove', 'redgum-used-cars', 'main-yard']);
    printed = [];
    await run(['feeds', 'list', 'redgum-used-cars']);
    expect(output()).toBe('No scheduled feeds for redgum-used-cars.');
  });

  it("imports list and imports show print a site's import, its counts and its rejected rows", async () => {
    const { id } = await server.app.database.db
      .insertInto('stock_imports')
      .values({
        tenant: 'redgum-used-cars',
        source: 'dms',
        format: 'csv',
        status: 'done',
        rows: 2,
        counts: JSON.stringify({ created: 1, updated: 0, unchanged: 0, withdrawn: 0, rejected: 1 }),
        errors: JSON.stringify([{ row: 2, vehicle_id: 'RG-2', field: 'price', message: 'price: required' }]),
        created_by: 'test',
        started_at: new Date('2026-01-01T00:00:00Z'),
        finished_at: new Date('2026-01-01T00:00:02Z'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await run(['imports', 'list', 'redgum-used-cars', '--limit', '5']);
    expect(output()).toMatch(new RegExp(`^${id}\\s+dms\\s+done\\s+1\\s+0\\s+0\\s+0\\s+1\\s+1\\s.*2\\.0 s$`, 'm'));
    printed = [];
    await run(['imports', 'show', String(id)]);
    expect(output()).toContain('1 created, 0 updated, 0 unchanged, 0 withdrawn, 1 rejected');
    expect(output()).toMatch(/^2\s+RG-2\s+price\s+price: required$/m);
  });

  it('imports apply applies a quarantined import anyway with the reason, and says why it was held back', async () => {
    const db = server.app.database.db;
    const { id } = await db
      .insertInto('stock_imports')
      .values({
        tenant: 'redgum-used-cars',
        source: 'dms',
        format: 'csv',
        status: 'quarantined',
        rows: 1,
        message: 'it would withdraw 9 of 10 cars',
        created_by: 'test',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('stock_import_chunks')
      .values({ import_id: id, seq: 0, data: Buffer.from('vehicle_id\n') })
      .execute();
    await expect(run(['imports', 'apply', String(id)])).rejects.toThrow('imports apply needs --reason <text>');

    await run(['imports', 'apply', String(id), '--reason', 'the dealer sold nine cars at auction']);
    expect(output()).toContain(`Import ${id} of redgum-used-cars, source dms: applied anyway`);
    expect(output()).toContain('held back because: it would withdraw 9 of 10 cars');
    expect(
      await db
        .selectFrom('stock_imports')
        .select(['applied_anyway_by', 'applied_anyway_reason'])
        .where('id', '=', String(id))
        .executeTakeFirst(),
    ).toEqual({
      applied_anyway_by: DEMO_OPERATOR,
      applied_anyway_reason: 'the dealer sold nine cars at auction',
    });
  });
});

describe('forecourt doctor', () => {
  const savedNodeEnv = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = savedNodeEnv;
    process.exitCode = undefined;
    jest.restoreAllMocks();
  });

  it('prints the configuration and exits non-zero when production would refuse to start', async () => {
    process.env.NODE_ENV = 'production';
    const printed: string[] = [];
    jest.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));

    await run(['doctor']);

    expect(printed.join('\n')).toMatch(/^Variable +Value +Source/);
    expect(printed.join('\n')).toContain('The server would refuse to start:');
    expect(process.exitCode).toBe(1);
  });
});
