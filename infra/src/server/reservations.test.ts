import { algoliasearch } from 'algoliasearch';
import type { FastifyInstance } from 'fastify';
import type { PaymentGateway } from '../../../mf-vehicle/server';
import type { Database } from '../db/database';
import { loadTenantStock } from '../db/stock';
import { CARD_DECLINED, LocalPaymentSimulator } from '../partners/payments/payment-gateway';
import { indexStock } from '../search/indexing/indexer';
import { CARS_INDEX } from '../search/indexing/records';
import type { Car } from '../stock/model';
import { defaultSeedNow } from '../stock/seed/generate';
import { seedStock } from '../stock/seed/seed-stock';
import { tempDir } from '../testing/fake-build';
import { openTestDatabase } from '../testing/test-database';
import { loadTenants } from '../tenants/load-tenants';
import { buildApp } from './app';

/**
 * Reserve online over the real routes, database, card simulator and embedded search service: a
 * hold answers 201 and shows the car reserved on its page and in the site's search, exactly one of
 * many shoppers gets a car, a declined card holds nothing, and a hold that ends frees the car.
 */
const HOUR_MS = 60 * 60 * 1000;
const SITE = 'harbourside-motors';
let database: Database;
let cars: Car[];

/** The card processor, with every authorisation and void it was asked for written down. */
function recordingPayments() {
  const simulator = new LocalPaymentSimulator({ delayMs: 5 });
  const authorised = new Set<string>();
  const voided = new Set<string>();
  const payments: PaymentGateway = {
    authorise: async (input) => {
      const result = await simulator.authorise(input);
      if (result.status === 'authorised') authorised.add(input.idempotencyKey);
      return result;
    },
    voidAuthorisation: async (key) => {
      voided.add(key);
      await simulator.voidAuthorisation(key);
    },
  };
  return { payments, authorised, voided };
}

interface Site {
  app: FastifyInstance;
  port: number;
  card: ReturnType<typeof recordingPayments>;
}

/** The app listening on a port with its stock indexed, as `npm start` runs it. */
async function startSite(env: Record<string, string> = {}): Promise<Site> {
  const card = recordingPayments();
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  try {
    const app = await buildApp({ dataDir: await tempDir(), database: { ...database, close: async () => undefined }, tenants: await loadTenants(), reservations: { payments: card.payments } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    await indexStock({ db: database.db, tenants: app.tenants.all, target: app.stockSearch.target({ host: '127.0.0.1', port }) });
    return { app, port, card };
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

let site: Site;

beforeAll(async () => {
  database = await openTestDatabase('pglite');
  const tenants = await loadTenants();
  await seedStock(database, tenants, { seed: 13, totalCars: 300, now: defaultSeedNow() });
  cars = (await loadTenantStock(database.db, SITE)).cars.filter((car) => car.show_on_dealer_website && car.status === 'in_stock' && !car.reserved);
  site = await startSite();
});

afterAll(async () => {
  await site?.app.close();
  await database?.close();
});

let carSeq = 0;
/** A car no other test has reserved. */
const freshCar = () => cars[carSeq++]!;

let addressSeq = 0;
const shopper = { name: 'Jo Citizen', email: 'jo@example.com', phone: '0412 345 678', terms: true };
const card = (last4: string) => ({ token: `tok_sim_${last4}_0123456789abcdef`, last4 });

/** Each shopper from an address of their own, as the per-address limit expects of real shoppers. */
function reserve(app: FastifyInstance, car: Car, body: unknown = { ...shopper, payment: card('4242') }, idempotencyKey?: string) {
  return app.inject({
    method: 'POST',
    url: `/api/vehicle/cars/${car.slug}/reservation`,
    payload: JSON.stringify(body),
    headers: { 'x-forecourt-tenant': SITE, 'content-type': 'application/json', ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    remoteAddress: `10.7.${Math.floor(++addressSeq / 250)}.${addressSeq % 250}`,
  });
}

const reservation = async (app: FastifyInstance, car: Car) =>
  (await app.inject({ method: 'GET', url: `/api/vehicle/cars/${car.slug}/reservation`, headers: { 'x-forecourt-tenant': SITE } })).json<{ carId: string; reserved: boolean; heldUntil: string | null }>();

/** The car's `reserved` as a shopper's browser reads it from the site's search, with the page's own key. */
async function reservedInSearch(at: Site, car: Car): Promise<boolean | undefined> {
  const access = at.app.stockSearch.access(at.app.tenants.get(SITE)!);
  const client = algoliasearch(access.appId, access.apiKey, { hosts: [{ url: `127.0.0.1:${at.port}`, protocol: 'http', accept: 'read' }] });
  const result = await client.searchSingleIndex<{ reserved: boolean }>({ indexName: CARS_INDEX, searchParams: { query: car.stocknum, hitsPerPage: 50, attributesToRetrieve: ['reserved'] } });
  return result.hits.find((hit) => hit.objectID === car.id)?.reserved;
}

describe('POST /api/vehicle/cars/{slug}/reservation', () => {
  it('holds an in-stock car for 48 hours and answers 201 with the hold’s end and the deposit’s reference', async () => {
    const response = await reserve(site.app, freshCar());
    expect(response.statusCode).toBe(201);
    const body = response.json<{ id: string; heldUntil: string; deposit: number; paymentReference: string }>();
    expect(body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), heldUntil: expect.any(String), deposit: 200, paymentReference: expect.stringMatching(/^auth_/) });
    expect(Math.abs(Date.parse(body.heldUntil) - (Date.now() + 48 * HOUR_MS))).toBeLessThan(60_000);
  });

  it('shows the held car reserved, and until when, to the checkout and on its page', async () => {
    const car = freshCar();
    const held = (await reserve(site.app, car)).json<{ heldUntil: string }>();
    expect(await reservation(site.app, car)).toEqual({ carId: car.id, reserved: true, heldUntil: held.heldUntil });
    const page = await site.app.inject({ method: 'GET', url: `/api/vehicle/cars/${car.slug}`, headers: { 'x-forecourt-tenant': SITE } });
    expect(page.json<{ car: { reserved: boolean } }>().car.reserved).toBe(true);
  });

  it('shows the held car reserved in the site’s search', async () => {
    const car = freshCar();
    expect(await reservedInSearch(site, car)).toBe(false);
    await reserve(site.app, car);
    expect(await reservedInSearch(site, car)).toBe(true);
  });

  it('gives a car to exactly one of 10 shoppers reserving it at once, and voids the others’ deposits', async () => {
    const car = freshCar();
    const before = new Set(site.card.authorised);
    const responses = await Promise.all(Array.from({ length: 10 }, () => reserve(site.app, car)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, ...Array.from({ length: 9 }, () => 409)]);
    const winner = responses.find((response) => response.statusCode === 201)!.json<{ id: string; heldUntil: string }>();
    for (const lost of responses.filter((response) => response.statusCode === 409)) {
      expect(lost.json()).toEqual({ error: `Sorry, the ${car.name} is already reserved.`, heldUntil: winner.heldUntil });
    }
    const authorisedNow = [...site.card.authorised].filter((key) => !before.has(key));
    expect(authorisedNow.filter((key) => !site.card.voided.has(key))).toEqual([`reservation:${winner.id}`]);
  });

  it('answers a declined card 402 naming the payment, and holds nothing', async () => {
    const car = freshCar();
    const response = await reserve(site.app, car, { ...shopper, payment: card('0002') });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ error: CARD_DECLINED, field: 'payment' });
    expect(await reservation(site.app, car)).toEqual({ carId: car.id, reserved: false, heldUntil: null });
    expect(await database.db.selectFrom('reservations').select('id').where('car_id', '=', car.id).execute()).toEqual([]);
  });

  it('answers bad input 400 naming the field, and holds nothing', async () => {
    const car = freshCar();
    const response = await reserve(site.app, car, { ...shopper, email: 'jo@', payment: card('4242') });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'email: Please enter a valid email address.', field: 'email' });
    expect((await reservation(site.app, car)).reserved).toBe(false);
  });

  it('answers a reservation without card details 400 naming the payment', async () => {
    const response = await reserve(site.app, freshCar(), shopper);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ field: string }>().field).toBe('payment');
  });

  it('answers 404 on a site that does not take reservations online', async () => {
    const redgum = (await loadTenantStock(database.db, 'redgum-used-cars')).cars.find((car) => car.show_on_dealer_website && car.status === 'in_stock')!;
    const response = await site.app.inject({
      method: 'POST',
      url: `/api/vehicle/cars/${redgum.slug}/reservation`,
      payload: { ...shopper, payment: card('4242') },
      headers: { 'x-forecourt-tenant': 'redgum-used-cars' },
      remoteAddress: '10.8.0.1',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'This site does not take reservations online.' });
  });
});

describe('a retried reservation (the same Idempotency-Key)', () => {
  it('answers the first reservation again, without a second authorisation, instead of calling the car taken', async () => {
    const car = freshCar();
    const key = crypto.randomUUID();
    const first = await reserve(site.app, car, undefined, key);
    const authorisations = site.card.authorised.size;
    const retry = await reserve(site.app, car, undefined, key);
    expect([first.statusCode, retry.statusCode]).toEqual([201, 201]);
    expect(retry.json()).toEqual(first.json());
    expect(first.json<{ id: string }>().id).toBe(key);
    expect(site.card.authorised.size).toBe(authorisations);
  });

  it('refuses a key already used for another car, naming the header', async () => {
    const key = crypto.randomUUID();
    expect((await reserve(site.app, freshCar(), undefined, key)).statusCode).toBe(201);
    const other = await reserve(site.app, freshCar(), undefined, key);
    expect([other.statusCode, other.json<{ field: string }>().field]).toEqual([422, 'Idempotency-Key']);
  });

  it('refuses a key that is not a UUID with 400 naming the header', async () => {
    const response = await reserve(site.app, freshCar(), undefined, 'again-please');
    expect([response.statusCode, response.json<{ field: string }>().field]).toEqual([400, 'Idempotency-Key']);
  });
});

describe('DELETE /api/vehicle/reservations/{id}', () => {
  it('frees the car on its page and in search, and voids the deposit', async () => {
    const car = freshCar();
    const held = (await reserve(site.app, car)).json<{ id: string }>();
    const response = await site.app.inject({ method: 'DELETE', url: `/api/vehicle/reservations/${held.id}`, headers: { 'x-forecourt-tenant': SITE } });
    expect(response.json()).toEqual({ id: held.id, status: 'cancelled' });
    expect((await reservation(site.app, car)).reserved).toBe(false);
    expect(await reservedInSearch(site, car)).toBe(false);
    expect(site.card.voided.has(`reservation:${held.id}`)).toBe(true);
  });
});

describe('a hold that ends', () => {
  let short: Site;
  beforeAll(async () => {
    short = await startSite({ FORECOURT_RESERVE_HOLD_SECONDS: '2' });
  });
  afterAll(async () => {
    await short?.app.close();
  });

  it('frees the car on its page and, at the next sweep, in search', async () => {
    const car = freshCar();
    const response = await reserve(short.app, car);
    expect(response.statusCode).toBe(201);
    expect(Date.parse(response.json<{ heldUntil: string }>().heldUntil) - Date.now()).toBeLessThanOrEqual(2_000);
    expect(await reservedInSearch(short, car)).toBe(true);
    // The sweep runs every second for a 2-second hold: the car is free in search within about 3 s.
    const deadline = Date.now() + 6_000;
    while ((await reservedInSearch(short, car)) !== false && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await reservedInSearch(short, car)).toBe(false);
    expect(await reservation(short.app, car)).toEqual({ carId: car.id, reserved: false, heldUntil: null });
    const [row] = await database.db.selectFrom('reservations').select('status').where('car_id', '=', car.id).execute();
    expect(row?.status).toBe('expired');
  });
});
