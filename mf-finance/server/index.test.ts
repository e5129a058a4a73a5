/** @jest-environment node */
import Fastify, { type FastifyInstance } from 'fastify';
import type { FinanceSettings } from '@forecourt/shared-config/tenant';
import { testTenant } from '@forecourt/shared-config/testing';
import financeServer, {
  PHONE_NOT_VERIFIED,
  type FinanceLeadRecord,
  type FinancePartner,
  type FinancePorts,
  type StoreLeadResult,
} from '.';

/**
 * mf-finance's own rules for the partner routes, over the team's plugin with fake ports (the
 * platform's real ones are exercised in infra's API tests): what reaches the partner, and in
 * which order the lead and the partner are asked.
 */

const settings = (instantQuote: boolean): FinanceSettings => testTenant({ finance: { instantQuote } }).finance;

interface Harness {
  app: FastifyInstance;
  /** What happened, in order: 'lead', 'quote', 'customer'. */
  calls: string[];
  quotes: unknown[];
  customers: Array<{ request: unknown; idempotencyKey: string }>;
  leads: Array<{ lead: FinanceLeadRecord; idempotency: { key: string; bodyHash: string } | null }>;
}

async function harness(
  options: {
    finance?: FinanceSettings | null;
    verifiedPhone?: string | null;
    storeLead?: StoreLeadResult;
    partner?: Partial<FinancePartner>;
  } = {},
): Promise<Harness> {
  const calls: string[] = [];
  const quotes: unknown[] = [];
  const customers: Harness['customers'] = [];
  const leads: Harness['leads'] = [];
  const ports: Partial<FinancePorts> = {
    financeSettings: () => (options.finance === undefined ? settings(true) : options.finance),
    verifiedPhone: async () => (options.verifiedPhone === undefined ? '0412345678' : options.verifiedPhone),
    storeLead: async (_request, lead, idempotency) => {
      calls.push('lead');
      leads.push({ lead, idempotency });
      return options.storeLead ?? { status: 'stored', leadId: 'lead-1' };
    },
    partner: {
      quote: async (request) => {
        calls.push('quote');
        quotes.push(request);
        return { weeklyRepaymentAmount: 135.19, advertisedRate: 6.49, comparisonRate: 7.31 };
      },
      createCustomer: async (request, { idempotencyKey }) => {
        calls.push('customer');
        customers.push({ request, idempotencyKey });
        return { redirectUrl: 'https://apply.partner.example/a/1' };
      },
      ...options.partner,
    },
  };
  const app = Fastify();
  await app.register(financeServer, { ports });
  return { app, calls, quotes, customers, leads };
}

const post = (app: FastifyInstance, url: string, body: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });

const application = (phoneNumber = '0412 345 678') => ({
  data: {
    selfAssessedCreditScore: 'DECENT',
    purchasePrice: 24990,
    loanTerm: 4,
    phoneNumber,
    firstName: 'Jo',
    lastName: 'Citizen',
    email: 'jo@example.com',
  },
  additionalData: {
    postCode: '2000',
    subscribe: false,
    whoIsHelping: 'Just me',
    car_id: 'car-9',
    tags: ['finance-enquiry'],
  },
});

describe('POST /api/youx/quote', () => {
  it('answers at the path the product rules name, not under /api/finance/', async () => {
    const { app } = await harness();
    expect((await post(app, '/api/youx/quote', {})).statusCode).toBe(200);
    expect((await post(app, '/api/finance/youx/quote', {})).statusCode).toBe(404);
  });

  it('asks the partner with the defaults 30000, 5 years and GREAT for an empty body', async () => {
    const { app, quotes } = await harness();
    await post(app, '/api/youx/quote', {});
    expect(quotes).toEqual([{ selfAssessedCreditScore: 'GREAT', purchasePrice: 30_000, loanTerm: 5 }]);
  });

  it('reads the digits of the price and clamps it to 200,000', async () => {
    const { app, quotes } = await harness();
    await post(app, '/api/youx/quote', { purchasePrice: '$250,000', loanTerm: '3' });
    expect(quotes).toEqual([{ selfAssessedCreditScore: 'GREAT', purchasePrice: 200_000, loanTerm: 3 }]);
  });

  it.each([
    [{ loanTerm: 2.5 }, 'loanTerm'],
    [{ loanTerm: 0 }, 'loanTerm'],
    [{ selfAssessedCreditScore: 'EXCELLENT' }, 'selfAssessedCreditScore'],
    [{ year: 1850 }, 'year'],
    [{ income: 90000 }, 'body'],
  ])('answers 400 naming the field for %o, without asking the partner', async (body, field) => {
    const { app, quotes } = await harness();
    const response = await post(app, '/api/youx/quote', body);
    expect([response.statusCode, response.json<{ field: string }>().field]).toEqual([400, field]);
    expect(quotes).toEqual([]);
  });

  it('answers 404 on a site with finance but without the instant quote', async () => {
    const { app } = await harness({ finance: settings(false) });
    expect((await post(app, '/api/youx/quote', {})).statusCode).toBe(404);
  });

  it("answers 502 with the product's text when the partner fails", async () => {
    const { app } = await harness({
      partner: {
        quote: async () => {
          throw new Error('finance partner did not answer within 10000 ms');
        },
      },
    });
    const response = await post(app, '/api/youx/quote', {});
    expect([response.statusCode, response.json()]).toEqual([502, { error: 'Failed to get YouX quick quote' }]);
  });
});

describe('POST /api/youx/create-customer', () => {
  it('stores the finance lead before it asks the partner, and gives the partner the lead as its key', async () => {
    const { app, calls, customers } = await harness();
    const response = await post(app, '/api/youx/create-customer', application());
    expect([response.statusCode, response.json()]).toEqual([
      201,
      { redirectUrl: 'https://apply.partner.example/a/1', lead_id: 'lead-1' },
    ]);
    expect(calls).toEqual(['lead', 'customer']);
    expect(customers[0]?.idempotencyKey).toBe('lead-1');
  });

  it("stores the lead as the product's finance lead", async () => {
    const { app, leads } = await harness();
    await post(app, '/api/youx/create-customer', application());
    expect(leads[0]?.lead).toMatchObject({
      form: 'finance',
      car_id: 'car-9',
      userData: {
        category: 'Finance Enquiry',
        amount: 24990,
        term: 4,
        selfAssessedCreditScore: 'DECENT',
        whoIsHelping: 'Just me',
        tags: ['finance-enquiry', 'partner-application'],
        car_id: 'car-9',
        subscribe: false,
      },
    });
  });

  it('takes the application from the phone the session confirmed, written another way (+61)', async () => {
    const { app } = await harness({ verifiedPhone: '+61412345678' });
    expect((await post(app, '/api/youx/create-customer', application('0412 345 678'))).statusCode).toBe(201);
  });

  it.each([
    ['no confirmed phone', null],
    ['another confirmed phone', '0499999999'],
  ])('refuses the application with %s, storing nothing and asking no partner', async (_case, verifiedPhone) => {
    const { app, calls } = await harness({ verifiedPhone });
    const response = await post(app, '/api/youx/create-customer', application());
    expect([response.statusCode, response.json()]).toEqual([
      401,
      { error: PHONE_NOT_VERIFIED, field: 'data.phoneNumber' },
    ]);
    expect(calls).toEqual([]);
  });

  it('answers 400 naming a missing field inside data', async () => {
    const { app, calls } = await harness();
    const body = application();
    const { email: _email, ...withoutEmail } = body.data;
    const response = await post(app, '/api/youx/create-customer', { ...body, data: withoutEmail });
    expect([response.statusCode, response.json<{ field: string }>().field]).toEqual([400, 'data.email']);
    expect(calls).toEqual([]);
  });

  it('answers 400 for an Idempotency-Key that is not one', async () => {
    const { app } = await harness();
    const response = await post(app, '/api/youx/create-customer', application(), { 'idempotency-key': 'a b' });
    expect([response.statusCode, response.json<{ field: string }>().field]).toEqual([400, 'Idempotency-Key']);
  });

  it('hands the lead store the key and a hash of the application whatever its key order', async () => {
    const first = await harness();
    await post(first.app, '/api/youx/create-customer', application(), { 'idempotency-key': 'apply-123456' });
    const { data, additionalData } = application();
    const reordered = await harness();
    await post(
      reordered.app,
      '/api/youx/create-customer',
      { additionalData, data: Object.fromEntries(Object.entries(data).reverse()) },
      { 'idempotency-key': 'apply-123456' },
    );
    expect(first.leads[0]?.idempotency?.key).toBe('apply-123456');
    expect(reordered.leads[0]?.idempotency).toEqual(first.leads[0]?.idempotency);
  });

  it('answers 422 and asks no partner when the key was used for another application', async () => {
    const { app, calls } = await harness({ storeLead: { status: 'conflict' } });
    const response = await post(app, '/api/youx/create-customer', application(), { 'idempotency-key': 'apply-123456' });
    expect([response.statusCode, response.json<{ field: string }>().field]).toEqual([422, 'Idempotency-Key']);
    expect(calls).toEqual(['lead']);
  });

  it('answers 200 with the first lead for an application sent again', async () => {
    const { app } = await harness({ storeLead: { status: 'replayed', leadId: 'lead-1' } });
    const response = await post(app, '/api/youx/create-customer', application(), { 'idempotency-key': 'apply-123456' });
    expect([response.statusCode, response.json<{ lead_id: string }>().lead_id]).toEqual([200, 'lead-1']);
  });

  it("answers 502 with the product's text and the stored lead when the partner fails", async () => {
    const { app } = await harness({
      partner: {
        createCustomer: async () => {
          throw new Error('finance partner answered 503');
        },
      },
    });
    const response = await post(app, '/api/youx/create-customer', application());
    expect([response.statusCode, response.json()]).toEqual([
      502,
      { error: 'Failed to create YouX customer', lead_id: 'lead-1' },
    ]);
  });

  it("answers the product's text when the partner gives no redirect", async () => {
    const { app } = await harness({ partner: { createCustomer: async () => ({ redirectUrl: null }) } });
    const response = await post(app, '/api/youx/create-customer', application());
    expect([response.statusCode, response.json()]).toEqual([
      502,
      { error: 'Failed to create customer or no redirect URL received.', lead_id: 'lead-1' },
    ]);
  });

  it('answers 404 and stores nothing on a site with finance off', async () => {
    const { app, calls } = await harness({ finance: null });
    expect((await post(app, '/api/youx/create-customer', application())).statusCode).toBe(404);
    expect(calls).toEqual([]);
  });
});

describe("the Equifax finance page's credit-check consent (tenant finance.equifaxFinance)", () => {
  const withConsent = () => ({
    ...application(),
    additionalData: { ...application().additionalData, creditCheck: true },
  });
  const equifaxSite = (): FinanceSettings => testTenant({ finance: { equifaxFinance: true } }).finance;

  it("stores the dealer's finance lead with the consent and its tag", async () => {
    const { app, leads } = await harness({ finance: equifaxSite() });
    expect((await post(app, '/api/finance/enquiry', withConsent())).statusCode).toBe(201);
    expect(leads[0]?.lead.userData).toMatchObject({
      credit_check_consent: true,
      tags: ['finance-enquiry', 'equifax-credit-check'],
    });
  });

  it('refuses the consent on a site without the page, naming the field, and stores nothing', async () => {
    const { app, calls } = await harness({ finance: settings(false) });
    const answer = await post(app, '/api/finance/enquiry', withConsent());
    expect([answer.statusCode, answer.json()]).toEqual([
      400,
      {
        error: 'additionalData.creditCheck: this site does not run credit checks',
        field: 'additionalData.creditCheck',
      },
    ]);
    expect(calls).toEqual([]);
  });
});
