import type { PaymentGateway } from '@forecourt/mf-vehicle/contract';
import type { Database } from '@forecourt/data/database';
import { loadTenantStock } from '@forecourt/data/stock';
import { OutboxSmsGateway, type SmsGateway } from '@forecourt/domain/identity/sms-gateway';
import { SimulatedFinancePartner } from '@forecourt/partners/finance/finance-partner';
import { LocalPaymentSimulator } from '@forecourt/partners/payments/payment-gateway';
import type { Car } from '@forecourt/data/stock-model';
import { defaultSeedNow } from '@forecourt/demo-data/seed/generate';
import { seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import {
  clearPlatformTables,
  createTestPlatform,
  openSharedDatabase,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';
import { MAX_BODY_DEPTH } from './well-formed-input';

/**
 * Text that cannot be stored (a NUL, an unpaired UTF-16 surrogate) anywhere in a body is a 400
 * naming the field, over the real app, before any row is written and before the card processor
 * or the SMS gateway is called; each route's own checks come after.
 */
let database: Database;
let platform: TestPlatform;
let cars: Car[];
const calls = { sms: 0, card: 0 };

const SITE = 'harbourside-motors';
const NO_PARTNER_SITE = 'summit-auto-group';
const NUL = 'Jo\u0000';
const LONE = 'Jo\uD800';

beforeAll(async () => {
  database = await openSharedDatabase();
  await seedStock(database, await loadTenants(), { seed: 11, totalCars: 120, now: defaultSeedNow() });
  cars = (await loadTenantStock(database.db, SITE)).cars.filter(
    (car) => car.show_on_dealer_website && car.status === 'in_stock' && !car.reserved,
  );
  const outbox = new OutboxSmsGateway(database.db, () => undefined);
  const sms: SmsGateway = { kind: 'outbox', send: async (message) => (calls.sms++, outbox.send(message)) };
  const simulator = new LocalPaymentSimulator({ delayMs: 0 });
  const payments: PaymentGateway = {
    authorise: async (input) => (calls.card++, simulator.authorise(input)),
    voidAuthorisation: async (key) => (calls.card++, simulator.voidAuthorisation(key)),
  };
  platform = await createTestPlatform(database, {
    identity: { sms, sendsPerAddressPerHour: 1000 },
    reservations: { payments, sweepIntervalMs: 0 },
    leadDelivery: { intervalMs: 0 },
    partners: { finance: new SimulatedFinancePartner({ delayMs: 0 }) },
  });
});
afterAll(async () => {
  await platform.close();
  await clearPlatformTables(database);
  await database.close();
});

let addressSeq = 0;
function post(tenant: string, url: string, body: unknown, headers: Record<string, string> = {}) {
  return platform.app.inject({
    method: 'POST',
    url,
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'x-forecourt-tenant': tenant, 'content-type': 'application/json', ...headers },
    remoteAddress: `10.9.${Math.floor(++addressSeq / 250)}.${addressSeq % 250}`,
  });
}

const count = async (table: 'otp_codes' | 'leads' | 'reservations' | 'watchlist' | 'sms_outbox') =>
  Number(
    (
      await database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

let phoneSeq = 0;
/** A phone signed in as a shopper signs in: the code read from the outbox, then verified. */
async function signedIn(tenant: string): Promise<{ phone: string; cookie: string }> {
  const phone = `04${String(30_000_000 + ++phoneSeq).slice(-8)}`;
  expect((await post(tenant, '/api/auth/send-code', { phone })).statusCode).toBe(202);
  const row = await database.db
    .selectFrom('sms_outbox')
    .select('body')
    .where('to_phone', '=', phone)
    .executeTakeFirstOrThrow();
  const verified = await post(tenant, '/api/auth/verify-code', { phone, code: /\b(\d{6})\b/.exec(row.body)?.[1] });
  const cookie = verified.cookies.find((c) => c.name === 'forecourt_session');
  if (!cookie) throw new Error('no session cookie');
  return { phone, cookie: `forecourt_session=${cookie.value}` };
}

const application = (phone: string) => ({
  data: {
    selfAssessedCreditScore: 'GREAT',
    purchasePrice: 32990,
    loanTerm: 5,
    phoneNumber: phone,
    firstName: 'Jo',
    lastName: 'Citizen',
    email: 'jo@example.com',
    vin: 'JTDBR32E720123456',
  },
  additionalData: {
    postCode: '2000',
    subscribe: true,
    tags: ['finance-enquiry'],
    lead_attributes: { visited_pages: ['/finance'], linked_query_params: {} },
  },
});

describe('a body with text that cannot be stored', () => {
  it('refuses a NUL in send-code first_name before a code is stored or an SMS sent', async () => {
    const [codes, sent] = [await count('otp_codes'), calls.sms];
    const response = await post(SITE, '/api/auth/send-code', { phone: '0412 345 001', first_name: NUL });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'first_name: must not contain a NUL character', field: 'first_name' });
    expect([await count('otp_codes'), calls.sms]).toEqual([codes, sent]);
  });

  it("refuses a lone surrogate in a lead's userData.name and stores no lead", async () => {
    const leads = await count('leads');
    const response = await post(SITE, '/api/leads/submit', {
      form: 'enquiry',
      url: '/contact',
      userData: {
        name: LONE,
        last_name: 'Citizen',
        email: 'jo@example.com',
        phone: '0412 345 678',
        postcode: '2000',
        message: 'Hello',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'userData.name: must be valid Unicode (it holds an unpaired surrogate)',
      field: 'userData.name',
    });
    expect(await count('leads')).toBe(leads);
  });

  it('names the object whose key holds a NUL, without echoing the key', async () => {
    const response = await post(SITE, '/api/leads/submit', {
      form: 'enquiry',
      url: '/contact',
      userData: { name: 'Jo', 'x\u0000': 1 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'userData: every key must not contain a NUL character',
      field: 'userData',
    });
  });

  it('names an array item by its index: a finance application tag with a NUL is additionalData.tags.0', async () => {
    const { phone, cookie } = await signedIn(SITE);
    const leads = await count('leads');
    const body = application(phone);
    const response = await post(
      SITE,
      '/api/youx/create-customer',
      { ...body, additionalData: { ...body.additionalData, tags: [NUL] } },
      { cookie },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'additionalData.tags.0' });
    expect(await count('leads')).toBe(leads);
  });

  it('refuses a lone surrogate in a finance enquiry lastName and stores no lead', async () => {
    const { phone, cookie } = await signedIn(NO_PARTNER_SITE);
    const leads = await count('leads');
    const body = application(phone);
    const response = await post(
      NO_PARTNER_SITE,
      '/api/finance/enquiry',
      { ...body, data: { ...body.data, lastName: LONE } },
      { cookie },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'data.lastName' });
    expect(await count('leads')).toBe(leads);
  });

  it("refuses a NUL in the reservation's name before the card is authorised", async () => {
    const { phone, cookie } = await signedIn(SITE);
    const [reservations, card] = [await count('reservations'), calls.card];
    const car = cars[0]!;
    const response = await post(
      SITE,
      `/api/vehicle/cars/${car.slug}/reservation`,
      {
        name: NUL,
        email: 'jo@example.com',
        phone,
        terms: true,
        payment: { token: 'tok_sim_4242_0123456789abcdef', last4: '4242' },
      },
      { cookie },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'name' });
    expect([await count('reservations'), calls.card]).toEqual([reservations, card]);
  });

  it('refuses a NUL in a watchlist car_id', async () => {
    const { cookie } = await signedIn(SITE);
    const saved = await count('watchlist');
    const response = await post(SITE, '/api/watchlist/save-car', { car_id: `${cars[1]!.id}\u0000` }, { cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'car_id' });
    expect(await count('watchlist')).toBe(saved);
  });

  it('refuses a NUL in the delivery quote car_id', async () => {
    const response = await post(SITE, '/api/delivery-quote', { postcode: '2000', car_id: 'x\u0000' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'car_id' });
  });

  it('takes text/plain JSON through the same check', async () => {
    const response = await post(
      SITE,
      '/api/auth/send-code',
      JSON.stringify({ phone: '0412 345 002', last_name: LONE }),
      { 'content-type': 'text/plain;charset=UTF-8' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'last_name' });
  });

  it(`refuses a body nested more than ${MAX_BODY_DEPTH} levels deep`, async () => {
    let deep: unknown = 'x';
    for (let i = 0; i < MAX_BODY_DEPTH + 1; i++) deep = [deep];
    const response = await post(SITE, '/api/leads/submit', { form: 'enquiry', userData: { name: 'Jo' }, url: deep });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(`must not nest more than ${MAX_BODY_DEPTH} levels deep`);
  });

  it('still lets well-formed text outside the Basic Multilingual Plane through', async () => {
    const response = await post(SITE, '/api/auth/send-code', {
      phone: '0412 345 003',
      first_name: 'Jo \u{1F697} Māori',
    });
    expect(response.statusCode).toBe(202);
  });
});
