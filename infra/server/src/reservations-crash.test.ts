import type { ChildProcess } from 'node:child_process';
import { migrate, openDatabase } from '@forecourt/data/database';
import { loadTenantStock } from '@forecourt/data/stock';
import type { Car } from '@forecourt/data/stock-model';
import { defaultSeedNow } from '@forecourt/demo-data/seed/generate';
import { seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { startCardProcessorStub, type CardProcessorStub } from '@forecourt/test-kit/card-processor-stub';
import { tempDir } from '@forecourt/test-kit/fake-build';
import { exited, freePort, startServerProcess, waitHealthy } from '@forecourt/test-kit/server-process';
import { signInOverHttp } from '@forecourt/test-kit/shoppers';
import { emptyPostgresDatabase, testEngines } from '@forecourt/test-kit/test-database';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import { FAULT_AFTER_AUTHORISATION } from './plugins/platform/reservations';

/**
 * The crash drill: the server in a process of its own, stopped for good by the test-only fault
 * point after deposits are authorised and before the cars are held, killed with SIGKILL, and
 * started again. Once the claims' lease has passed, every authorisation that holds nothing is
 * voided, and none before (the lease decides, not the restart).
 */

const SITE = 'harbourside-motors';
const LEASE_SECONDS = 4;
const REQUESTS = 10;

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
}

describe.each(testEngines())('a server killed between authorisation and hold, on %s', (engine) => {
  let processor: CardProcessorStub;
  let dataDir: string;
  let databaseUrl = '';
  let own: Awaited<ReturnType<typeof emptyPostgresDatabase>> | null = null;
  let cars: Car[];
  let child: ChildProcess | null = null;

  beforeAll(async () => {
    processor = await startCardProcessorStub({ authoriseMs: 250 });
    dataDir = await tempDir();
    if (engine === 'postgres') {
      own = await emptyPostgresDatabase('forecourt_crash');
      databaseUrl = own.url;
    }
    // Migrated and seeded here, then closed: the server opens it as a restart does.
    const database = await openDatabase(engine === 'postgres' ? { databaseUrl } : { dataDir });
    try {
      await migrate(database.db);
      await seedStock(database, await loadTenants(), { seed: 19, totalCars: 200, now: defaultSeedNow() });
      cars = (await loadTenantStock(database.db, SITE)).cars
        .filter((car) => car.show_on_dealer_website && car.status === 'in_stock' && !car.reserved)
        .slice(0, REQUESTS);
    } finally {
      await database.close();
    }
    // Seeding a database on disk takes a while on a busy machine.
  }, 240_000);

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited(child);
    }
    await processor?.close();
    await own?.drop();
  });

  const serve = (port: number, env: NodeJS.ProcessEnv) =>
    startServerProcess({
      port,
      dataDir,
      entry: 'serve',
      env: {
        DATABASE_URL: databaseUrl,
        FORECOURT_PAYMENTS_URL: processor.url,
        FORECOURT_PAYMENTS_TOKEN: processor.token,
        FORECOURT_PAYMENTS_TIMEOUT_MS: '2000',
        FORECOURT_RESERVATION_LEASE_SECONDS: String(LEASE_SECONDS),
        FORECOURT_RESERVATIONS_PER_MINUTE: '1000',
        FORECOURT_CODES_PER_ADDRESS_PER_HOUR: '1000',
        LOG_LEVEL: 'fatal',
        ...env,
      },
    });

  it('voids every authorisation that holds nothing once its lease has passed, and none before', async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    child = serve(port, { FORECOURT_FAULT_POINT: FAULT_AFTER_AUTHORISATION });
    await waitHealthy(child, port);

    const shoppers = await Promise.all(
      cars.map(async (_car, i) => ({ phone: `04${String(30_000_000 + i).slice(-8)}`, cookie: '' })),
    );
    for (const shopper of shoppers) shopper.cookie = await signInOverHttp(origin, SITE, shopper.phone);
    const pending = cars.map((car, i) =>
      fetch(`${origin}/api/vehicle/cars/${car.slug}/reservation`, {
        method: 'POST',
        headers: {
          'x-forecourt-tenant': SITE,
          'content-type': 'application/json',
          cookie: shoppers[i]!.cookie,
          'idempotency-key': crypto.randomUUID(),
        },
        body: JSON.stringify({
          name: 'Jo Citizen',
          email: 'jo@example.com',
          phone: shoppers[i]!.phone,
          terms: true,
          payment: { token: 'tok_live_4242_0123456789abcdef', last4: '4242' },
        }),
      }).then(
        (response) => response.status,
        () => 'no answer' as const,
      ),
    );
    await until(() => processor.authorised().size === REQUESTS, 20_000);
    expect(processor.authorised().size).toBe(REQUESTS);

    child.kill('SIGKILL');
    await exited(child);
    expect(await Promise.all(pending)).toEqual(Array.from({ length: REQUESTS }, () => 'no answer'));
    expect(processor.voided().size).toBe(0);

    child = serve(port, {});
    await waitHealthy(child, port);
    await until(
      () => [...processor.authorised().keys()].every((key) => processor.voided().has(key)),
      (LEASE_SECONDS + 20) * 1000,
    );

    const authorisedAt = new Map(
      processor.calls.filter((call) => call.kind === 'authorise').map((call) => [call.key, call.at]),
    );
    const voids = processor.calls.filter((call) => call.kind === 'void');
    expect([...authorisedAt.keys()].filter((key) => !processor.voided().has(key))).toEqual([]);
    // The lease started when the key was claimed, a moment before the processor was asked.
    for (const call of voids)
      expect(call.at - authorisedAt.get(call.key)!).toBeGreaterThanOrEqual(LEASE_SECONDS * 1000 - 500);
    for (const car of cars) {
      const state = (await (
        await fetch(`${origin}/api/vehicle/cars/${car.slug}/reservation`, { headers: { 'x-forecourt-tenant': SITE } })
      ).json()) as { reserved: boolean };
      expect(state.reserved).toBe(false);
    }

    child.kill('SIGTERM');
    await exited(child);
  }, 300_000);
});
