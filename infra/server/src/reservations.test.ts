import { algoliasearch } from 'algoliasearch';
import type { FastifyInstance } from 'fastify';
import type { PaymentGateway } from '@forecourt/mf-vehicle/contract';
import type { Database } from '@forecourt/data/database';
import { loadTenantStock } from '@forecourt/data/stock';
import { CARD_DECLINED, LocalPaymentSimulator } from '@forecourt/partners/payments/payment-gateway';
import { indexStock } from '@forecourt/search-service/indexing/indexer';
import { CARS_INDEX } from '@forecourt/search-service/indexing/records';
import type { Car } from '@forecourt/data/stock-model';
import { defaultSeedNow } from '@forecourt/demo-data/seed/generate';
import { seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { tempDir } from '@forecourt/test-kit/fake-build';
import { signInByInject } from '@forecourt/test-kit/shoppers';
import { openTestDatabase, serverTestEngine } from '@forecourt/test-kit/test-database';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import { buildApp } from './app';
import type { ReservationsOptions } from './plugins/platform/reservations';
import { TEST_SEARCH_TIMEOUTS } from '@forecourt/search-engine/testing/search-client';

/**
 * Reserve online over the real routes, database, card simulator and embedded search service: a
 * hold answers 201 and shows the car reserved on its page and in the site's search, exactly one of
 * many shoppers gets a car, a declined card holds nothing, and a hold that ends frees the car.
 * Who may reserve (the site's gate, a confirmed phone, the per-shopper limit), retries with one
 * Idempotency-Key, reconciliation after a crash and who may cancel are here too; the same races
 * over real HTTP against a slow processor are in reservations-concurrency.test.ts.
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
async function startSite(
  env: Record<string, string> = {},
  options: { reservations?: Omit<ReservationsOptions, 'payments'>; clock?: () => Date } = {},
): Promise<Site> {
  const card = recordingPayments();
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  try {
    const app = await buildApp({
      dataDir: await tempDir(),
      database: { ...database, close: async () => undefined },
      tenants: await loadTenants(),
      reservations: { payments: card.payments, ...options.reservations },
      identity: { sendsPerAddressPerHour: 1000 },
      ...(options.clock ? { clock: options.clock } : {}),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    await indexStock({
      db: database.db,
      tenants: app.tenants.all,
      target: app.stockSearch.target({ host: '127.0.0.1', port }),
    });
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
  database = await openTestDatabase(serverTestEngine());
  const tenants = await loadTenants();
  await seedStock(database, tenants, { seed: 13, totalCars: 300, now: defaultSeedNow() });
  cars = (await loadTenantStock(database.db, SITE)).cars.filter(
    (car) => car.show_on_dealer_website && car.status === 'in_stock' && !car.reserved,
  );
  site = await startSite();
  // Seeding and indexing take a while on a busy machine.
}, 240_000);

afterAll(async () => {
  await site?.app.close();
  await database?.close();
});

let carSeq = 0;
/** A car no other test has reserved. */
const freshCar = () => cars[carSeq++]!;

let addressSeq = 0;
/** Each shopper from an address of their own, as the per-address limit expects of real shoppers. */
const nextAddress = () => `10.7.${Math.floor(++addressSeq / 250)}.${addressSeq % 250}`;

let phoneSeq = 0;
/** A mobile number no other test signs in with. */
const freshPhone = () => `04${String(10_000_000 + ++phoneSeq).slice(-8)}`;

interface Shopper {
  phone: string;
  /** The session's cookie header, or null for a shopper who has not confirmed their phone. */
  cookie: string | null;
}

/** A shopper signed in on `tenant` with a phone of their own (their phone confirmed by a code). */
const signedIn = async (app: FastifyInstance = site.app, tenant = SITE): Promise<Shopper> => {
  const phone = freshPhone();
  return { phone, cookie: await signInByInject(app, tenant, phone, nextAddress()) };
};

const details = (phone: string) => ({ name: 'Jo Citizen', email: 'jo@example.com', phone, terms: true });
const card = (last4: string) => ({ token: `tok_sim_${last4}_0123456789abcdef`, last4 });

function reserveAs(
  app: FastifyInstance,
  who: Shopper,
  car: Car,
  options: { body?: unknown; key?: string; tenant?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/vehicle/cars/${car.slug}/reservation`,
    payload: JSON.stringify(options.body ?? { ...details(who.phone), payment: card('4242') }),
    headers: {
      'x-forecourt-tenant': options.tenant ?? SITE,
      'content-type': 'application/json',
      ...(who.cookie ? { cookie: who.cookie } : {}),
      ...(options.key ? { 'idempotency-key': options.key } : {}),
    },
    remoteAddress: nextAddress(),
  });
}

/** A new signed-in shopper reserving `car` with a card. */
async function reserve(app: FastifyInstance, car: Car, body?: (phone: string) => unknown, idempotencyKey?: string) {
  const who = await signedIn(app);
  return reserveAs(app, who, car, {
    ...(body ? { body: body(who.phone) } : {}),
    ...(idempotencyKey ? { key: idempotencyKey } : {}),
  });
}

const cancelAs = (app: FastifyInstance, who: Shopper | null, id: string) =>
  app.inject({
    method: 'DELETE',
    url: `/api/vehicle/reservations/${id}`,
    headers: { 'x-forecourt-tenant': SITE, ...(who?.cookie ? { cookie: who.cookie } : {}) },
  });

const reservation = async (app: FastifyInstance, car: Car) =>
  (
    await app.inject({
      method: 'GET',
      url: `/api/vehicle/cars/${car.slug}/reservation`,
      headers: { 'x-forecourt-tenant': SITE },
    })
  ).json<{ carId: string; reserved: boolean; heldUntil: string | null }>();

/** The car's `reserved` as a shopper's browser reads it from the site's search, with the page's own key. */
async function reservedInSearch(at: Site, car: Car): Promise<boolean | undefined> {
  const access = at.app.stockSearch.access(at.app.tenants.get(SITE)!);
  const client = algoliasearch(access.appId, access.apiKey, {
    hosts: [{ url: `127.0.0.1:${at.port}`, protocol: 'http', accept: 'read' }],
    timeouts: TEST_SEARCH_TIMEOUTS,
  });
  const result = await client.searchSingleIndex<{ reserved: boolean }>({
    indexName: CARS_INDEX,
    searchParams: { query: car.stocknum, hitsPerPage: 50, attributesToRetrieve: ['reserved'] },
  });
  return result.hits.find((hit) => hit.objectID === car.id)?.reserved;
}

describe('POST /api/vehicle/cars/{slug}/reservation', () => {
  it('holds an in-stock car for 48 hours and answers 201 with the hold’s end and the deposit’s reference', async () => {
    const response = await reserve(site.app, freshCar());
    expect(response.statusCode).toBe(201);
    const body = response.json<{ id: string; heldUntil: string; deposit: number; paymentReference: string }>();
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      heldUntil: expect.any(String),
      deposit: 200,
      paymentReference: expect.stringMatching(/^auth_/),
    });
    expect(Math.abs(Date.parse(body.heldUntil) - (Date.now() + 48 * HOUR_MS))).toBeLessThan(60_000);
  });

  it('shows the held car reserved, and until when, to the checkout and on its page', async () => {
    const car = freshCar();
    const held = (await reserve(site.app, car)).json<{ heldUntil: string }>();
    expect(await reservation(site.app, car)).toEqual({ carId: car.id, reserved: true, heldUntil: held.heldUntil });
    const page = await site.app.inject({
      method: 'GET',
      url: `/api/vehicle/cars/${car.slug}`,
      headers: { 'x-forecourt-tenant': SITE },
    });
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
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => signedIn()));
    const responses = await Promise.all(shoppers.map((who) => reserveAs(site.app, who, car)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([
      201,
      ...Array.from({ length: 9 }, () => 409),
    ]);
    const winner = responses.find((response) => response.statusCode === 201)!.json<{ id: string; heldUntil: string }>();
    for (const lost of responses.filter((response) => response.statusCode === 409)) {
      expect(lost.json()).toEqual({
        error: `Sorry, the ${car.name} is already reserved.`,
        heldUntil: winner.heldUntil,
      });
    }
    const authorisedNow = [...site.card.authorised].filter((key) => !before.has(key));
    expect(authorisedNow.filter((key) => !site.card.voided.has(key))).toEqual([`reservation:${winner.id}`]);
  });

  it('answers a declined card 402 naming the payment, and holds nothing', async () => {
    const car = freshCar();
    const response = await reserve(site.app, car, (phone) => ({ ...details(phone), payment: card('0002') }));
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ error: CARD_DECLINED, field: 'payment' });
    expect(await reservation(site.app, car)).toEqual({ carId: car.id, reserved: false, heldUntil: null });
    expect(await database.db.selectFrom('reservations').select('id').where('car_id', '=', car.id).execute()).toEqual(
      [],
    );
  });

  it('answers bad input 400 naming the field, and holds nothing', async () => {
    const car = freshCar();
    const response = await reserve(site.app, car, (phone) => ({
      ...details(phone),
      email: 'jo@',
      payment: card('4242'),
    }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'email: Please enter a valid email address.', field: 'email' });
    expect((await reservation(site.app, car)).reserved).toBe(false);
  });

  it('answers a reservation without card details 400 naming the payment', async () => {
    const response = await reserve(site.app, freshCar(), details);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ field: string }>().field).toBe('payment');
  });

  it('answers 404 on a site that does not take reservations online', async () => {
    const redgum = (await loadTenantStock(database.db, 'redgum-used-cars')).cars.find(
      (car) => car.show_on_dealer_website && car.status === 'in_stock',
    )!;
    const response = await site.app.inject({
      method: 'POST',
      url: `/api/vehicle/cars/${redgum.slug}/reservation`,
      payload: { ...details('0412345678'), payment: card('4242') },
      headers: { 'x-forecourt-tenant': 'redgum-used-cars' },
      remoteAddress: '10.8.0.1',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'This site does not take reservations online.' });
  });
});

describe('who may reserve', () => {
  const SUMMIT = 'summit-auto-group';
  let summitCars: Car[];
  let summitSeq = 0;
  beforeAll(async () => {
    summitCars = (await loadTenantStock(database.db, SUMMIT)).cars.filter(
      (car) => car.show_on_dealer_website && car.status === 'in_stock' && !car.reserved,
    );
  });
  const summitCar = () => summitCars[summitSeq++]!;
  const summitRows = async (car: Car) =>
    database.db
      .selectFrom('reservations')
      .select('id')
      .where('tenant', '=', SUMMIT)
      .where('car_id', '=', car.id)
      .execute();

  it('answers 401 and holds nothing for a signed-out shopper where the site gates checkout, even with no deposit to pay', async () => {
    const car = summitCar();
    const response = await reserveAs(site.app, { phone: '0412345678', cookie: null }, car, {
      tenant: SUMMIT,
      body: details('0412345678'),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Sign in to reserve online.' });
    expect(await summitRows(car)).toEqual([]);
  });

  it('holds the car for a signed-in shopper where the site gates checkout', async () => {
    const car = summitCar();
    const who = await signedIn(site.app, SUMMIT);
    const response = await reserveAs(site.app, who, car, { tenant: SUMMIT, body: details(who.phone) });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ deposit: 0, paymentReference: null });
    expect(await summitRows(car)).toHaveLength(1);
  });

  it('answers 401 naming the phone, and touches no card, where checkout is not gated but the phone is not confirmed', async () => {
    const car = freshCar();
    const authorisations = site.card.authorised.size;
    const response = await reserveAs(site.app, { phone: '0412345678', cookie: null }, car);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: 'phone: Confirm this mobile number with the code we text you, then reserve again.',
      field: 'phone',
    });
    expect(site.card.authorised.size).toBe(authorisations);
    expect((await reservation(site.app, car)).reserved).toBe(false);
  });

  it('answers 401 naming the phone when the mobile given is not the one the shopper confirmed', async () => {
    const who = await signedIn();
    const response = await reserveAs(site.app, who, freshCar(), {
      body: { ...details('0499 888 777'), payment: card('4242') },
    });
    expect([response.statusCode, response.json<{ field: string }>().field]).toEqual([401, 'phone']);
  });

  it('lets one shopper hold at most 2 cars on a site, answering the third 409 naming the phone with no card touched', async () => {
    const who = await signedIn();
    expect((await reserveAs(site.app, who, freshCar())).statusCode).toBe(201);
    expect((await reserveAs(site.app, who, freshCar())).statusCode).toBe(201);
    const authorisations = site.card.authorised.size;
    const third = await reserveAs(site.app, who, freshCar());
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({
      error: 'phone: You already have 2 reservations held on this site. Cancel one to reserve another, or call us.',
      field: 'phone',
    });
    expect(site.card.authorised.size).toBe(authorisations);
  });

  it('lets the shopper reserve again once they cancel one of their holds', async () => {
    const who = await signedIn();
    const first = (await reserveAs(site.app, who, freshCar())).json<{ id: string }>();
    await reserveAs(site.app, who, freshCar());
    expect((await cancelAs(site.app, who, first.id)).statusCode).toBe(200);
    expect((await reserveAs(site.app, who, freshCar())).statusCode).toBe(201);
  });
});

describe('the checkout page’s gate', () => {
  it.each([
    '/cars/any-car/%63heckout',
    '/cars/any-car/%43HECKOUT',
    '/cars//any-car/checkout',
    '/cars/any-car/buy%2Donline',
  ])('sends a signed-out visitor of %s to sign in, as it does the plain address', async (url) => {
    const response = await site.app.inject({
      method: 'GET',
      url,
      headers: { 'x-forecourt-tenant': 'summit-auto-group' },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toMatch(/^\/sign-in\?type=checkout&/);
  });
});

describe('a retried reservation (the same Idempotency-Key)', () => {
  it('answers the first reservation again, without a second authorisation, instead of calling the car taken', async () => {
    const car = freshCar();
    const who = await signedIn();
    const key = crypto.randomUUID();
    const first = await reserveAs(site.app, who, car, { key });
    const authorisations = site.card.authorised.size;
    const retry = await reserveAs(site.app, who, car, {
      key,
      body: { ...details(who.phone), payment: { token: 'tok_sim_4242_fedcba9876543210', last4: '4242' } },
    });
    expect([first.statusCode, retry.statusCode]).toEqual([201, 201]);
    expect(retry.json()).toEqual(first.json());
    expect(site.card.authorised.size).toBe(authorisations);
  });

  it('answers three overlapping requests with one key with the one reservation, one authorisation and no void', async () => {
    const car = freshCar();
    const who = await signedIn();
    const key = crypto.randomUUID();
    const before = new Set(site.card.authorised);
    const responses = await Promise.all([1, 2, 3].map(() => reserveAs(site.app, who, car, { key })));
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201]);
    const id = responses[0]!.json<{ id: string }>().id;
    expect(responses.map((response) => response.json<{ id: string }>().id)).toEqual([id, id, id]);
    expect([...site.card.authorised].filter((each) => !before.has(each))).toEqual([`reservation:${id}`]);
    expect(site.card.voided.has(`reservation:${id}`)).toBe(false);
    expect(await reservation(site.app, car)).toMatchObject({ reserved: true });
  });

  it('refuses a key used at the same moment for another car 422 naming the header, asking the processor nothing for it and voiding nothing', async () => {
    const who = await signedIn();
    const key = crypto.randomUUID();
    const before = new Set(site.card.authorised);
    const responses = await Promise.all([freshCar(), freshCar()].map((car) => reserveAs(site.app, who, car, { key })));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 422]);
    expect(responses.find((response) => response.statusCode === 422)!.json()).toEqual({
      error: 'Idempotency-Key: this key was used for another reservation request',
      field: 'Idempotency-Key',
    });
    const winner = responses.find((response) => response.statusCode === 201)!.json<{ id: string }>();
    expect([...site.card.authorised].filter((each) => !before.has(each))).toEqual([`reservation:${winner.id}`]);
    expect(site.card.voided.has(`reservation:${winner.id}`)).toBe(false);
  });

  it('keeps keys per site: one key and card on two sites holds a car on each and voids neither', async () => {
    const COASTAL = 'coastal-caravans';
    const coastalCar = (await loadTenantStock(database.db, COASTAL)).cars.find(
      (car) => car.show_on_dealer_website && car.status === 'in_stock' && !car.reserved,
    )!;
    const here = await signedIn();
    const there = await signedIn(site.app, COASTAL);
    const key = crypto.randomUUID();
    const body = (phone: string) => ({ ...details(phone), payment: card('4242') });
    const [a, b] = await Promise.all([
      reserveAs(site.app, here, freshCar(), { key, body: body(here.phone) }),
      reserveAs(site.app, there, coastalCar, { key, body: body(there.phone), tenant: COASTAL }),
    ]);
    expect([a!.statusCode, b!.statusCode]).toEqual([201, 201]);
    for (const made of [a!, b!])
      expect(site.card.voided.has(`reservation:${made.json<{ id: string }>().id}`)).toBe(false);
  });

  it('refuses a key that is not a UUID with 400 naming the header', async () => {
    const response = await reserve(site.app, freshCar(), undefined, 'again-please');
    expect([response.statusCode, response.json<{ field: string }>().field]).toEqual([400, 'Idempotency-Key']);
  });
});

describe('DELETE /api/vehicle/reservations/{id}', () => {
  it('frees the car on its page and in search, and voids the deposit, for the shopper who reserved it', async () => {
    const car = freshCar();
    const who = await signedIn();
    const held = (await reserveAs(site.app, who, car)).json<{ id: string }>();
    const response = await cancelAs(site.app, who, held.id);
    expect(response.json()).toEqual({ id: held.id, status: 'cancelled' });
    expect((await reservation(site.app, car)).reserved).toBe(false);
    expect(await reservedInSearch(site, car)).toBe(false);
    expect(site.card.voided.has(`reservation:${held.id}`)).toBe(true);
  });

  it('answers 401 to a request with only the reservation’s number, and the car stays held', async () => {
    const car = freshCar();
    const held = (await reserve(site.app, car)).json<{ id: string }>();
    const response = await cancelAs(site.app, null, held.id);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: 'Sign in with the mobile number you reserved with to cancel the reservation.',
    });
    expect((await reservation(site.app, car)).reserved).toBe(true);
    expect(site.card.voided.has(`reservation:${held.id}`)).toBe(false);
  });

  it('answers 404 to another signed-in shopper, and the car stays held', async () => {
    const car = freshCar();
    const held = (await reserve(site.app, car)).json<{ id: string }>();
    const response = await cancelAs(site.app, await signedIn(), held.id);
    expect(response.statusCode).toBe(404);
    expect((await reservation(site.app, car)).reserved).toBe(true);
  });
});

describe('a server that dies between the authorisation and the hold', () => {
  const LEASE_SECONDS = 20;
  let crashing: Site;
  beforeAll(async () => {
    crashing = await startSite(
      {},
      {
        reservations: {
          leaseSeconds: LEASE_SECONDS,
          faultPoint: 'reservation-after-authorisation',
          reconcileIntervalMs: 0,
        },
      },
    );
  });
  afterAll(async () => {
    await crashing?.app.close();
  });

  /** A reservation that stops for good after its deposit was authorised (the fault point), as a killed server's would. */
  async function stranded(): Promise<string> {
    const who = await signedIn(crashing.app);
    const before = new Set(crashing.card.authorised);
    void reserveAs(crashing.app, who, freshCar());
    // A ceiling for a stuck test, not a time the machine must meet.
    const deadline = Date.now() + 60_000;
    while ([...crashing.card.authorised].every((key) => before.has(key)) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const key = [...crashing.card.authorised].find((key) => !before.has(key))!;
    // The server goes on a moment after the card partner answers: it writes the answer on the
    // claim, then stops at the fault point for good. Wait for that write (a busy machine may take
    // a while); a server that never wrote it leaves the row without it, and the tests see that.
    while (Date.now() < deadline) {
      const row = await database.db
        .selectFrom('reservation_claims')
        .select('authorisation_reference')
        .where('authorisation_key', '=', key)
        .executeTakeFirst();
      if (row?.authorisation_reference) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return key;
  }

  it('records the authorisation on the claim before the hold is made', async () => {
    const key = await stranded();
    const row = await database.db
      .selectFrom('reservation_claims')
      .select(['outcome', 'authorisation_reference'])
      .where('authorisation_key', '=', key)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ outcome: 'pending', authorisation_reference: expect.stringMatching(/^auth_/) });
  });

  it('is left alone by another server starting while the request is within its lease', async () => {
    const key = await stranded();
    const other = await startSite({}, { reservations: { leaseSeconds: LEASE_SECONDS, reconcileIntervalMs: 0 } });
    try {
      await other.app.reservations.reconcile();
      expect(other.card.voided.has(key)).toBe(false);
    } finally {
      await other.app.close();
    }
  });

  it('has its authorisation voided once the lease has passed, and holds nothing', async () => {
    const key = await stranded();
    const later = await startSite(
      {},
      {
        reservations: { leaseSeconds: LEASE_SECONDS, reconcileIntervalMs: 0 },
        clock: () => new Date(Date.now() + (LEASE_SECONDS + 1) * 1000),
      },
    );
    try {
      await later.app.reservations.reconcile();
      expect(later.card.voided.has(key)).toBe(true);
      const reservationId = key.replace(/^reservation:/, '');
      expect(
        await database.db.selectFrom('reservations').select('id').where('id', '=', reservationId).execute(),
      ).toEqual([]);
      expect(
        await database.db
          .selectFrom('reservation_claims')
          .select('key')
          .where('reservation_id', '=', reservationId)
          .execute(),
      ).toEqual([]);
    } finally {
      await later.app.close();
    }
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
    // The sweep runs every second for a 2-second hold: the car is free in search within about 3 s
    // on an idle machine; the ceiling is for a stuck sweep, not a time the machine must meet.
    const deadline = Date.now() + 60_000;
    while ((await reservedInSearch(short, car)) !== false && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await reservedInSearch(short, car)).toBe(false);
    expect(await reservation(short.app, car)).toEqual({ carId: car.id, reserved: false, heldUntil: null });
    const [row] = await database.db.selectFrom('reservations').select('status').where('car_id', '=', car.id).execute();
    expect(row?.status).toBe('expired');
  });
});
