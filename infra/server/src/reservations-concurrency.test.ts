import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import type { Database } from '@forecourt/data/database';
import { loadTenantStock } from '@forecourt/data/stock';
import { indexStock } from '@forecourt/search-service/indexing/indexer';
import type { Car } from '@forecourt/data/stock-model';
import { defaultSeedNow } from '@forecourt/demo-data/seed/generate';
import { seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { startCardProcessorStub, type CardProcessorStub } from '@forecourt/test-kit/card-processor-stub';
import { tempDir } from '@forecourt/test-kit/fake-build';
import { signInOverHttp } from '@forecourt/test-kit/shoppers';
import { openTestDatabase, testEngines } from '@forecourt/test-kit/test-database';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import { buildApp } from './app';

/**
 * Reserve online under concurrent retries, over real HTTP: the app listening on a port, the card
 * processor a stub that takes 250 ms to authorise and writes down every call (reached through the
 * platform's HTTP adapter), 20 requests released together. On PGlite, and on PostgreSQL whose
 * transactions truly run at once. A server killed between authorisation and hold is
 * reservations-crash.test.ts.
 */

const SITES = ['harbourside-motors', 'coastal-caravans'] as const;

describe.each(testEngines())('reserving at once on %s', (engine) => {
  let database: Database;
  let app: FastifyInstance;
  let origin: string;
  let processor: CardProcessorStub;
  const free = new Map<string, Car[]>();
  /** A car of `site` no other test has reserved. */
  const freshCar = (site: string) => free.get(site)!.shift()!;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    const tenants = await loadTenants();
    await seedStock(database, tenants, { seed: 17, totalCars: 400, now: defaultSeedNow() });
    for (const site of SITES)
      free.set(
        site,
        (await loadTenantStock(database.db, site)).cars.filter(
          (car) => car.show_on_dealer_website && car.status === 'in_stock' && !car.reserved,
        ),
      );
    processor = await startCardProcessorStub({ authoriseMs: 250 });
    const env = {
      FORECOURT_PAYMENTS_URL: processor.url,
      FORECOURT_PAYMENTS_TOKEN: processor.token,
      FORECOURT_RESERVATIONS_PER_MINUTE: '1000',
    };
    const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
    Object.assign(process.env, env);
    try {
      app = await buildApp({
        dataDir: await tempDir(),
        database: { ...database, close: async () => undefined },
        tenants,
        identity: { sendsPerAddressPerHour: 1000 },
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
    const { port } = app.server.address() as AddressInfo;
    origin = `http://127.0.0.1:${port}`;
    await indexStock({
      db: database.db,
      tenants: app.tenants.all,
      target: app.stockSearch.target({ host: '127.0.0.1', port }),
    });
    // Seeding and indexing take a while on a busy machine.
  }, 240_000);

  afterAll(async () => {
    await app?.close();
    await processor?.close();
    await database?.close();
  });

  let phoneSeq = 0;
  const freshPhone = () => `04${String(20_000_000 + ++phoneSeq).slice(-8)}`;
  const shopper = async (site: string) => {
    const phone = freshPhone();
    return { site, phone, cookie: await signInOverHttp(origin, site, phone) };
  };

  interface Attempt {
    shopper: { site: string; phone: string; cookie: string };
    car: Car;
    key: string;
  }

  async function send(
    attempt: Attempt,
  ): Promise<{ status: number; body: { id?: string; paymentReference?: string | null; field?: string } }> {
    const response = await fetch(`${origin}/api/vehicle/cars/${attempt.car.slug}/reservation`, {
      method: 'POST',
      headers: {
        'x-forecourt-tenant': attempt.shopper.site,
        'content-type': 'application/json',
        cookie: attempt.shopper.cookie,
        'idempotency-key': attempt.key,
      },
      body: JSON.stringify({
        name: 'Jo Citizen',
        email: 'jo@example.com',
        phone: attempt.shopper.phone,
        terms: true,
        payment: { token: 'tok_live_4242_0123456789abcdef', last4: '4242' },
      }),
    });
    return {
      status: response.status,
      body: (await response.json()) as { id?: string; paymentReference?: string | null; field?: string },
    };
  }

  /** Every request built first, then all sent in the same tick. */
  const releaseTogether = (attempts: Attempt[]) => Promise.all(attempts.map((attempt) => send(attempt)));

  const heldRows = (site: string, carIds: string[]) =>
    database.db
      .selectFrom('reservations')
      .select(['id', 'car_id', 'payment_reference'])
      .where('tenant', '=', site)
      .where('car_id', 'in', carIds)
      .where('status', '=', 'held')
      .execute();

  it('gives 20 requests with one key one hold and one authorisation, and voids none', async () => {
    const who = await shopper(SITES[0]);
    const car = freshCar(SITES[0]);
    const key = crypto.randomUUID();
    const callsBefore = processor.calls.length;
    const answers = await releaseTogether(Array.from({ length: 20 }, () => ({ shopper: who, car, key })));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 201));
    const ids = new Set(answers.map((answer) => answer.body.id));
    expect(ids.size).toBe(1);
    const calls = processor.calls.slice(callsBefore);
    expect(calls.map((call) => call.kind)).toEqual(['authorise']);
    expect(await heldRows(SITES[0], [car.id])).toEqual([
      { id: [...ids][0], car_id: car.id, payment_reference: calls[0]!.reference },
    ]);
  });

  it('lets no request void another’s authorisation when keys cross cars and sites, and leaves no authorisation without a hold', async () => {
    const cars = new Map(SITES.map((site) => [site as string, [freshCar(site), freshCar(site), freshCar(site)]]));
    const keys = Array.from({ length: 5 }, () => crypto.randomUUID());
    const shoppers = await Promise.all(Array.from({ length: 20 }, (_, i) => shopper(SITES[i % 2]!)));
    // Request i: site i % 2, car i % 3 of it, key i % 5: each key on both sites and on two cars
    // of a site, several shoppers on one car.
    const attempts = shoppers.map((who, i) => ({ shopper: who, car: cars.get(who.site)![i % 3]!, key: keys[i % 5]! }));
    const callsBefore = processor.calls.length;
    const answers = await releaseTogether(attempts);
    // Voids of a request's own authorisation are done before it answers.
    const calls = processor.calls.slice(callsBefore);
    const authorised = new Map(
      calls.filter((call) => call.kind === 'authorise').map((call) => [call.reference!, call.key]),
    );
    const voided = new Set(calls.filter((call) => call.kind === 'void').map((call) => call.key));

    const winners = answers.filter((answer) => answer.status === 201);
    expect(winners.length).toBeGreaterThan(0);
    for (const winner of winners) expect(voided.has(authorised.get(winner.body.paymentReference!)!)).toBe(false);
    const holdingKeys = new Set(winners.map((winner) => authorised.get(winner.body.paymentReference!)));
    expect([...authorised.values()].filter((key) => !holdingKeys.has(key) && !voided.has(key))).toEqual([]);
    for (const site of SITES) {
      const rows = await heldRows(
        site,
        cars.get(site)!.map((car) => car.id),
      );
      expect(new Set(rows.map((row) => row.car_id)).size).toBe(rows.length);
      // Each hold is a winner's, and its authorisation still stands.
      for (const row of rows) expect(winners.some((winner) => winner.body.id === row.id)).toBe(true);
    }
    // A key on two cars of one site: the second is refused by the key, not by the processor.
    expect(
      answers.filter((answer) => answer.status === 422).every((answer) => answer.body.field === 'Idempotency-Key'),
    ).toBe(true);
    expect(answers.map((answer) => answer.status).every((status) => [201, 409, 422].includes(status))).toBe(true);
  });

  it('stores at most 2 live holds for one phone of 20 requests at once', async () => {
    const who = await shopper(SITES[0]);
    const cars = Array.from({ length: 20 }, () => freshCar(SITES[0]));
    const answers = await releaseTogether(cars.map((car) => ({ shopper: who, car, key: crypto.randomUUID() })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(2);
    expect(answers.filter((answer) => answer.status === 409).every((answer) => answer.body.field === 'phone')).toBe(
      true,
    );
    const held = await database.db
      .selectFrom('reservations')
      .select('id')
      .where('tenant', '=', SITES[0])
      .where('phone_digits', '=', who.phone)
      .where('status', '=', 'held')
      .execute();
    expect(held).toHaveLength(2);
  });
});
