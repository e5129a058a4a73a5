import { FIRST_PAINT_DATA_ID } from '@forecourt/shared-config/first-paint';
import routes from '@forecourt/mf-finance/routes.json';
import type { Database } from '@forecourt/data/database';
import { recentLeads } from '@forecourt/data/leads';
import { DEFAULT_TENANT } from '@forecourt/data/pins';
import { loadTenantStock } from '@forecourt/data/stock';
import { SANDBOX, SimulatedFinancePartner } from '@forecourt/partners/finance/finance-partner';
import { IN_STOCK_STATUSES, type Car } from '@forecourt/data/stock-model';
import { defaultSeedNow } from '@forecourt/demo-data/seed/generate';
import { seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import {
  clearPlatformTables,
  createTestPlatform,
  openSharedDatabase,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';

/**
 * mf-finance's API over the real routes, database, identity service and the partner's simulator:
 * the instant quote, the application handed to the partner (the finance lead stored first, also
 * when the partner is down), the dealer-only enquiry, the finance pages' cars, and the finance
 * pages as the server paints them before any script runs.
 */
let database: Database;
let platform: TestPlatform;
let harbourside: Car[];

const HARBOURSIDE = 'harbourside-motors'; // the partner and its instant quote
const SUMMIT = 'summit-auto-group'; // no partner: enquiries go to the dealer only
const COASTAL = 'coastal-caravans'; // finance switched off

beforeAll(async () => {
  database = await openSharedDatabase();
  await seedStock(database, await loadTenants(), { seed: 5, totalCars: 240, now: defaultSeedNow() });
  harbourside = (await loadTenantStock(database.db, HARBOURSIDE)).cars;
  platform = await createTestPlatform(database, {
    identity: { sendsPerAddressPerHour: 1000 },
    partners: { finance: new SimulatedFinancePartner({ delayMs: 0 }) },
  });
});
afterAll(async () => {
  await platform.close();
  await clearPlatformTables(database);
  await database.close();
});

function post(tenant: string, url: string, body: unknown, headers: Record<string, string> = {}) {
  return platform.app.inject({
    method: 'POST',
    url,
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'x-forecourt-tenant': tenant, 'content-type': 'application/json', ...headers },
  });
}
const get = (tenant: string, url: string) =>
  platform.app.inject({ method: 'GET', url, headers: { 'x-forecourt-tenant': tenant } });

let phoneSeq = 0;
const freshPhone = () => `04${String(20_000_000 + ++phoneSeq).slice(-8)}`;

/** Signs a phone in the way a shopper does: a code sent to the development outbox, read from it, verified. */
async function verifiedSession(tenant: string, phone = freshPhone()): Promise<{ phone: string; cookie: string }> {
  expect((await post(tenant, '/api/auth/send-code', { phone })).statusCode).toBe(202);
  const { messages } = (await get(tenant, '/_dev/outbox.json')).json<{
    messages: Array<{ to: string; body: string }>;
  }>();
  const code = /\b(\d{6})\b/.exec(messages.find((m) => m.to === phone)?.body ?? '')?.[1];
  const verified = await post(tenant, '/api/auth/verify-code', { phone, code });
  const cookie = verified.cookies.find((c) => c.name === 'forecourt_session');
  if (!cookie) throw new Error('no session cookie');
  return { phone, cookie: `forecourt_session=${cookie.value}` };
}

const application = (
  phone: string,
  overrides: { email?: string; lastName?: string; purchasePrice?: number | string } = {},
) => ({
  data: {
    selfAssessedCreditScore: 'GREAT',
    purchasePrice: overrides.purchasePrice ?? '32990',
    loanTerm: 5,
    phoneNumber: phone,
    firstName: 'Jo',
    lastName: overrides.lastName ?? `Applicant${phone}`,
    email: overrides.email ?? 'jo@example.com',
    year: 2022,
    vin: 'JTDBR32E720123456',
  },
  additionalData: {
    postCode: '2000',
    subscribe: true,
    whoIsHelping: 'Just me',
    car_id: 'some-car',
    dealership_slug: 'harbourside-toyota',
    car_type: 'used',
    tags: ['finance-enquiry'],
    lead_attributes: { visited_pages: ['/finance'], linked_query_params: {} },
  },
});

const financeLeadOf = async (tenant: string, lastName: string) =>
  (await recentLeads(database.db, tenant, 50)).find(
    (lead) => (lead.payload['userData'] as Record<string, unknown>)['last_name'] === lastName,
  );

describe('POST /api/youx/quote', () => {
  it("answers the partner's figures for a price, term and credit score", async () => {
    const response = await post(HARBOURSIDE, '/api/youx/quote', {
      purchasePrice: 30000,
      loanTerm: 5,
      selfAssessedCreditScore: 'GREAT',
      year: new Date().getFullYear(),
    });
    expect(response.statusCode).toBe(200);
    // The simulator's rate card: 6.49 % for a GREAT score on a new car; $30,000 over 260 weeks.
    expect(response.json()).toEqual({
      weeklyRepaymentAmount: 135.19,
      advertisedRate: 6.49,
      comparisonRate: expect.any(Number),
    });
  });

  it('clamps the price into 10,000 to 200,000 before asking the partner', async () => {
    const low = (await post(HARBOURSIDE, '/api/youx/quote', { purchasePrice: '2,000', loanTerm: 5 })).json<{
      weeklyRepaymentAmount: number;
    }>();
    const floor = (await post(HARBOURSIDE, '/api/youx/quote', { purchasePrice: 10000, loanTerm: 5 })).json<{
      weeklyRepaymentAmount: number;
    }>();
    expect(low.weeklyRepaymentAmount).toBe(floor.weeklyRepaymentAmount);
  });

  it('answers 400 naming loanTerm for a term of 9 years', async () => {
    const response = await post(HARBOURSIDE, '/api/youx/quote', { purchasePrice: 30000, loanTerm: 9 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ field: 'loanTerm', error: 'loanTerm: must be 1 to 7 years' });
  });

  it('answers 400 for a body that is not JSON, never 5xx', async () => {
    expect((await post(HARBOURSIDE, '/api/youx/quote', '{"purchasePrice":')).statusCode).toBe(400);
  });

  it("answers the spec's failure text when the partner fails", async () => {
    const response = await post(HARBOURSIDE, '/api/youx/quote', {
      purchasePrice: SANDBOX.failingQuotePrice,
      loanTerm: 5,
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ error: 'Failed to get YouX quick quote' });
  });

  it('is not there on a site without the partner, nor on a site with finance off', async () => {
    expect((await post(SUMMIT, '/api/youx/quote', { purchasePrice: 30000 })).statusCode).toBe(404);
    expect((await post(COASTAL, '/api/youx/quote', { purchasePrice: 30000 })).statusCode).toBe(404);
  });
});

describe('POST /api/youx/create-customer', () => {
  it('refuses an application from a phone this browser has not confirmed', async () => {
    const response = await post(HARBOURSIDE, '/api/youx/create-customer', application(freshPhone()));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ field: 'data.phoneNumber' });
  });

  it('refuses an application for another phone than the one confirmed', async () => {
    const { cookie } = await verifiedSession(HARBOURSIDE);
    expect(
      (await post(HARBOURSIDE, '/api/youx/create-customer', application(freshPhone()), { cookie })).statusCode,
    ).toBe(401);
  });

  it('answers 400 naming the field for a bad email', async () => {
    const { phone, cookie } = await verifiedSession(HARBOURSIDE);
    const response = await post(
      HARBOURSIDE,
      '/api/youx/create-customer',
      application(phone, { email: 'not-an-email' }),
      { cookie },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ field: 'data.email', error: 'data.email: Please enter a valid email address.' });
  });

  it("stores the finance lead and answers the partner's redirect, which shows the application", async () => {
    const { phone, cookie } = await verifiedSession(HARBOURSIDE);
    const response = await post(HARBOURSIDE, '/api/youx/create-customer', application(phone), { cookie });
    expect(response.statusCode).toBe(201);
    const { redirectUrl } = response.json<{ redirectUrl: string }>();
    expect(redirectUrl).toMatch(/^\/_dev\/finance-partner\/[0-9a-f-]{36}$/);
    expect((await get(HARBOURSIDE, redirectUrl)).body).toContain('$32,990');
    const lead = await financeLeadOf(HARBOURSIDE, `Applicant${phone}`);
    expect(lead).toMatchObject({
      form: 'finance',
      payload: {
        userData: {
          category: 'Finance Enquiry',
          amount: 32990,
          term: 5,
          selfAssessedCreditScore: 'GREAT',
          whoIsHelping: 'Just me',
          car_id: 'some-car',
          vin: 'JTDBR32E720123456',
          dealership_slug: 'harbourside-toyota',
          car_type: 'used',
          subscribe: true,
        },
      },
    });
  });

  it("keeps the finance lead when the partner is down, and answers the spec's text", async () => {
    const { phone, cookie } = await verifiedSession(HARBOURSIDE);
    const response = await post(
      HARBOURSIDE,
      '/api/youx/create-customer',
      application(phone, { email: `jo@${SANDBOX.failingEmailDomain}` }),
      { cookie },
    );
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ error: 'Failed to create YouX customer', lead_id: expect.any(String) });
    expect(await financeLeadOf(HARBOURSIDE, `Applicant${phone}`)).toBeDefined();
  });

  it("answers the spec's text when the partner sends no redirect", async () => {
    const { phone, cookie } = await verifiedSession(HARBOURSIDE);
    const response = await post(
      HARBOURSIDE,
      '/api/youx/create-customer',
      application(phone, { email: `jo@${SANDBOX.noRedirectEmailDomain}` }),
      { cookie },
    );
    expect(response.json()).toMatchObject({ error: 'Failed to create customer or no redirect URL received.' });
  });

  it('refuses a purchase price of 5 with the out-of-range text, naming data.purchasePrice, and stores no lead', async () => {
    const { phone, cookie } = await verifiedSession(HARBOURSIDE);
    const response = await post(HARBOURSIDE, '/api/youx/create-customer', application(phone, { purchasePrice: 5 }), {
      cookie,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      field: 'data.purchasePrice',
      error: 'data.purchasePrice: Cannot be less than $10,000 or more than $200,000',
    });
    expect(await financeLeadOf(HARBOURSIDE, `Applicant${phone}`)).toBeUndefined();
  });

  it('refuses a purchase price of 99,999,999 rather than storing 200,000', async () => {
    const { phone, cookie } = await verifiedSession(HARBOURSIDE);
    const response = await post(
      HARBOURSIDE,
      '/api/youx/create-customer',
      application(phone, { purchasePrice: '99,999,999' }),
      { cookie },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'data.purchasePrice' });
    expect(await financeLeadOf(HARBOURSIDE, `Applicant${phone}`)).toBeUndefined();
  });

  it('stores the bounds themselves, 10,000 and 200,000, as sent', async () => {
    for (const price of [10_000, 200_000]) {
      const { phone, cookie } = await verifiedSession(HARBOURSIDE);
      expect(
        (await post(HARBOURSIDE, '/api/youx/create-customer', application(phone, { purchasePrice: price }), { cookie }))
          .statusCode,
      ).toBe(201);
      expect(await financeLeadOf(HARBOURSIDE, `Applicant${phone}`)).toMatchObject({
        payload: { userData: { amount: price } },
      });
    }
  });

  it("shows the partner's page of an application only on the site that took it", async () => {
    const { phone, cookie } = await verifiedSession(HARBOURSIDE);
    const { redirectUrl } = (
      await post(HARBOURSIDE, '/api/youx/create-customer', application(phone), { cookie })
    ).json<{ redirectUrl: string }>();
    expect((await get(HARBOURSIDE, redirectUrl)).body).toContain(`Applicant${phone}`);
    const elsewhere = await get(SUMMIT, redirectUrl);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.body).not.toContain(`Applicant${phone}`);
    expect(elsewhere.body).not.toContain(phone);
  });

  it('makes one lead of an application sent twice with one Idempotency-Key', async () => {
    const { phone, cookie } = await verifiedSession(HARBOURSIDE);
    const headers = { cookie, 'idempotency-key': `finance-${phone}` };
    const first = await post(HARBOURSIDE, '/api/youx/create-customer', application(phone), headers);
    const again = await post(HARBOURSIDE, '/api/youx/create-customer', application(phone), headers);
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json<{ lead_id: string }>().lead_id).toBe(first.json<{ lead_id: string }>().lead_id);
  });

  it("asks the partner with the lead's id as its key, so an application sent again is one customer", async () => {
    const { phone, cookie } = await verifiedSession(HARBOURSIDE);
    const headers = { cookie, 'idempotency-key': `finance-again-${phone}` };
    const first = await post(HARBOURSIDE, '/api/youx/create-customer', application(phone), headers);
    const again = await post(HARBOURSIDE, '/api/youx/create-customer', application(phone), headers);
    expect(again.json<{ redirectUrl: string }>().redirectUrl).toBe(first.json<{ redirectUrl: string }>().redirectUrl);
  });
});

describe('POST /api/finance/enquiry (a site without the partner)', () => {
  it("stores the finance lead for the dealer's finance team", async () => {
    const { phone, cookie } = await verifiedSession(SUMMIT);
    const response = await post(SUMMIT, '/api/finance/enquiry', application(phone), { cookie });
    expect(response.statusCode).toBe(201);
    expect(await financeLeadOf(SUMMIT, `Applicant${phone}`)).toMatchObject({
      form: 'finance',
      payload: { userData: { category: 'Finance Enquiry' } },
    });
  });

  it('refuses a purchase price below 10,000 naming data.purchasePrice, and stores no lead', async () => {
    const { phone, cookie } = await verifiedSession(SUMMIT);
    const response = await post(SUMMIT, '/api/finance/enquiry', application(phone, { purchasePrice: 9_999 }), {
      cookie,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'data.purchasePrice' });
    expect(await financeLeadOf(SUMMIT, `Applicant${phone}`)).toBeUndefined();
  });
});

describe('the finance pages: cars', () => {
  it("answers a car of the site with its lender's disclaimer", async () => {
    const car = harbourside.find((candidate) => candidate.finance_lenders.Angle)!;
    const response = await get(HARBOURSIDE, `/api/finance/cars/${car.id}`);
    expect(response.json()).toMatchObject({
      car: { id: car.id, name: car.name, disclaimer: car.finance_lenders.Angle!.disclaimer },
    });
  });

  it("does not answer another site's car", async () => {
    expect((await get(SUMMIT, `/api/finance/cars/${harbourside[0]!.id}`)).statusCode).toBe(404);
  });

  it('features at most six used cars in stock, each with more than one photo', async () => {
    const { cars } = (await get(HARBOURSIDE, '/api/finance/featured')).json<{ cars: Array<{ id: string }> }>();
    expect(cars.length).toBeGreaterThan(0);
    expect(cars.length).toBeLessThanOrEqual(6);
    for (const { id } of cars) {
      const car = harbourside.find((candidate) => candidate.id === id)!;
      expect([
        car.car_type,
        IN_STOCK_STATUSES.includes(car.status) && car.status === 'in_stock',
        car.images.length > 1,
      ]).toEqual(['used', true, true]);
    }
  });
});

describe('the finance pages painted by the server, before any script runs', () => {
  beforeAll(async () => {
    // A build of the version mf-finance's server half renders like (the checkout's), for every site.
    const version = platform.app.firstPaints!.get('mf-finance')!.version;
    await platform.publish({ team: 'mf-finance', version, routes });
    await platform.app.pins.pin({ tenant: DEFAULT_TENANT, team: 'mf-finance', version, actor: 'test' });
  });

  /** The app's part of the page (its slot's first paint), as a shopper reads its text. */
  const paintOf = (html: string) => {
    const start = html.indexOf('<div data-first-paint="mf-finance">');
    expect(start).toBeGreaterThan(-1);
    return html
      .slice(start, html.indexOf('data-slot="mf-leads"', start))
      .replace(/<!-- -->/g, '')
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, '&');
  };
  const inlined = (html: string) =>
    JSON.parse(
      new RegExp(`<script id="${FIRST_PAINT_DATA_ID}" type="application/json">(.*?)</script>`, 's').exec(html)?.[1] ??
        'null',
    ) as unknown;

  it("holds /finance's heading, the words under it and the enquiry's first step", async () => {
    const response = await get(SUMMIT, '/finance');
    expect(response.statusCode).toBe(200);
    const paint = paintOf(response.body);
    expect(paint).toMatch(/<h1[^>]*>Finance<\/h1>/);
    expect(paint).toContain(
      'Finance your next vehicle with Summit Auto Group. Prefer to talk? Call our finance team on',
    );
    expect(paint).toMatch(/<label for="[^"]+">Purchase price/);
    expect(paint).toMatch(/name="purchasePrice" value="30000"/);
    expect(paint).toContain('How it works');
  });

  it('gives Get Finance Now the featured used cars the API answers, inlined so the app does not ask again', async () => {
    const { cars } = (await get(HARBOURSIDE, '/api/finance/featured')).json<{ cars: Array<{ name: string }> }>();
    expect(cars.length).toBeGreaterThan(0);
    const response = await get(HARBOURSIDE, '/finance');
    const paint = paintOf(response.body);
    expect(paint).toMatch(/<h1[^>]*>Get Finance Now<\/h1>/);
    expect(paint).toContain('Used cars you can finance today');
    for (const car of cars) expect(paint).toContain(car.name);
    expect(inlined(response.body)).toEqual({ team: 'mf-finance', url: '/finance', data: { featured: cars } });
  });

  it("gives a car's finance link the chosen car beside the form, the form starting at its price", async () => {
    // A price the quote takes as it is (10,000 to 200,000 whole dollars).
    const priced = (candidate: Car) => candidate.offer_price ?? candidate.price;
    const car = harbourside.find(
      (candidate) =>
        candidate.status === 'in_stock' &&
        Number.isInteger(priced(candidate)) &&
        priced(candidate) >= 10_000 &&
        priced(candidate) <= 200_000,
    )!;
    const price = priced(car);
    const paint = paintOf((await get(HARBOURSIDE, `/personalised/finance?car_id=${car.id}`)).body);
    expect(paint).toMatch(/<h1[^>]*>Personalised finance<\/h1>/);
    expect(paint).toContain(car.name);
    expect(paint).toContain(`$${price.toLocaleString('en-AU')}`);
    expect(paint).toContain(`name="purchasePrice" value="${price}"`);
  });
});
