import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '@forecourt/config/load';
import {
  financePartnerFromConfig,
  HttpFinancePartner,
  PARTNER_FEES,
  SANDBOX,
  simulatedQuote,
  SimulatedFinancePartner,
} from './finance-partner';

/** The loan's balance after every repayment, period by period: an independent check of a repayment. */
function balanceAfter(principal: number, ratePerPeriod: number, payment: number, periods: number): number {
  let balance = principal;
  for (let i = 0; i < periods; i++) balance = balance * (1 + ratePerPeriod) - payment;
  return balance;
}

/** What a series of equal payments is worth today at a rate per period, summed one by one. */
function presentValue(payment: number, ratePerPeriod: number, periods: number): number {
  let value = 0;
  for (let i = 1; i <= periods; i++) value += payment / (1 + ratePerPeriod) ** i;
  return value;
}

describe('the simulator’s quote', () => {
  const now = new Date('2026-11-23T00:00:00Z');
  const quote = simulatedQuote(
    { selfAssessedCreditScore: 'GREAT', purchasePrice: 30_000, loanTerm: 5, year: 2026 },
    now,
  );

  it('pays $30,000 at 6.49% over 260 weeks down to nothing (to the cent)', () => {
    expect(balanceAfter(30_000, 6.49 / 100 / 52, quote.weeklyRepaymentAmount, 260)).toBeLessThan(260 * 0.005 * 1.2);
    expect(balanceAfter(30_000, 6.49 / 100 / 52, quote.weeklyRepaymentAmount, 260)).toBeGreaterThan(-260 * 0.005 * 1.2);
  });

  it("has a comparison rate at which the repayments and the partner's fees are worth what the borrower received", () => {
    const weeklyFee = (PARTNER_FEES.monthly * 12) / 52;
    expect(presentValue(quote.weeklyRepaymentAmount + weeklyFee, quote.comparisonRate / 100 / 52, 260)).toBeCloseTo(
      30_000 - PARTNER_FEES.establishment,
      -1,
    );
    expect(quote.comparisonRate).toBeGreaterThan(6.49);
  });
});

describe('the simulator’s rate card', () => {
  const now = new Date('2026-11-23T00:00:00Z');
  // The rates as README.md documents them, by score and the car's age in whole years.
  it.each([
    ['GREAT', 2026, 6.49],
    ['GREAT', 2023, 6.49],
    ['GREAT', 2022, 7.49],
    ['GREAT', 2019, 7.49],
    ['GREAT', 2018, 8.99],
    ['DECENT', 2025, 8.99],
    ['DECENT', 2020, 9.99],
    ['DECENT', 2005, 11.49],
    ['POOR', 2024, 13.99],
    ['POOR', 2021, 14.99],
    ['POOR', 2012, 16.99],
  ] as const)('rates a %s score on a %i car at %d %%', (score, year, rate) => {
    expect(
      simulatedQuote({ selfAssessedCreditScore: score, purchasePrice: 30_000, loanTerm: 5, year }, now).advertisedRate,
    ).toBe(rate);
  });

  it('rates a quote without a year as a new car', () => {
    expect(
      simulatedQuote({ selfAssessedCreditScore: 'DECENT', purchasePrice: 30_000, loanTerm: 5 }, now).advertisedRate,
    ).toBe(8.99);
  });
});

describe('the simulator’s sandbox', () => {
  const partner = new SimulatedFinancePartner({ delayMs: 0 });
  const customer = (email: string) => ({
    data: {
      selfAssessedCreditScore: 'GREAT' as const,
      purchasePrice: 30_000,
      loanTerm: 5,
      phoneNumber: '0412345678',
      firstName: 'Jo',
      lastName: 'Citizen',
      email,
    },
    additionalData: {
      postCode: '2000',
      subscribe: true,
      tags: [],
      lead_attributes: { visited_pages: [], linked_query_params: {} },
    },
  });

  it('fails a quote for the failing price', async () => {
    await expect(
      partner.quote({ selfAssessedCreditScore: 'GREAT', purchasePrice: SANDBOX.failingQuotePrice, loanTerm: 5 }),
    ).rejects.toThrow('503');
  });

  it('creates a customer and keeps the application for its page', async () => {
    const { redirectUrl } = await partner.createCustomer(customer('jo@example.com'), { idempotencyKey: 'lead-1' });
    expect(partner.applications.get(redirectUrl!.split('/').pop()!)?.request.data.email).toBe('jo@example.com');
  });

  it('fails a customer at the failing email domain', async () => {
    await expect(
      partner.createCustomer(customer(`jo@${SANDBOX.failingEmailDomain}`), { idempotencyKey: 'lead-2' }),
    ).rejects.toThrow('503');
  });

  it('answers the same customer for the same key, as the partner does for a retried application', async () => {
    const first = await partner.createCustomer(customer('jo@example.com'), { idempotencyKey: 'lead-4' });
    expect(await partner.createCustomer(customer('jo@example.com'), { idempotencyKey: 'lead-4' })).toEqual(first);
    expect(await partner.createCustomer(customer('jo@example.com'), { idempotencyKey: 'lead-5' })).not.toEqual(first);
  });

  it('answers no redirect for the no-redirect domain', async () => {
    expect(
      await partner.createCustomer(customer(`jo@${SANDBOX.noRedirectEmailDomain}`), { idempotencyKey: 'lead-3' }),
    ).toEqual({ redirectUrl: null });
  });
});

describe("the partner's HTTP API", () => {
  let server: http.Server;
  let url: string;
  const received: Array<{
    path: string;
    authorization: string | undefined;
    idempotencyKey?: string | string[];
    body: unknown;
  }> = [];
  let answer: { status: number; body: unknown; raw?: string; delayMs?: number } = { status: 200, body: {} };

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        received.push({
          path: request.url ?? '',
          authorization: request.headers.authorization,
          ...(request.headers['idempotency-key'] ? { idempotencyKey: request.headers['idempotency-key'] } : {}),
          body: JSON.parse(raw) as unknown,
        });
        const { status, body, raw: text, delayMs = 0 } = answer;
        setTimeout(() => {
          if (!response.destroyed)
            response
              .writeHead(status, { 'content-type': text === undefined ? 'application/json' : 'text/html' })
              .end(text ?? JSON.stringify(body));
        }, delayMs);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const anyQuote = { selfAssessedCreditScore: 'GREAT' as const, purchasePrice: 30_000, loanTerm: 5 };

  it('posts the quote with the key and reads the figures', async () => {
    answer = { status: 200, body: { weeklyRepaymentAmount: 140.12, advertisedRate: 7.49, comparisonRate: 8.01 } };
    const quote = await new HttpFinancePartner(url, 'secret-key').quote({
      selfAssessedCreditScore: 'DECENT',
      purchasePrice: 30_000,
      loanTerm: 5,
    });
    expect(quote).toEqual({ weeklyRepaymentAmount: 140.12, advertisedRate: 7.49, comparisonRate: 8.01 });
    expect(received.at(-1)).toEqual({
      path: '/v1/quote',
      authorization: 'Bearer secret-key',
      body: { selfAssessedCreditScore: 'DECENT', purchasePrice: 30_000, loanTerm: 5 },
    });
  });

  it('fails when the partner answers an error', async () => {
    answer = { status: 503, body: { error: 'maintenance' } };
    await expect(
      new HttpFinancePartner(url, 'secret-key').quote({
        selfAssessedCreditScore: 'GREAT',
        purchasePrice: 30_000,
        loanTerm: 5,
      }),
    ).rejects.toThrow('finance partner answered 503: maintenance');
  });

  it('fails on a quote without its figures', async () => {
    answer = { status: 200, body: { weeklyRepaymentAmount: 140.12 } };
    await expect(
      new HttpFinancePartner(url, 'secret-key').quote({
        selfAssessedCreditScore: 'GREAT',
        purchasePrice: 30_000,
        loanTerm: 5,
      }),
    ).rejects.toThrow('without its figures');
  });

  it("reads the customer's redirect, and none when it is not an address", async () => {
    answer = { status: 201, body: { redirectUrl: 'https://apply.partner.example/a/123' } };
    const partner = new HttpFinancePartner(url, 'secret-key');
    const request = {
      data: {
        selfAssessedCreditScore: 'GREAT' as const,
        purchasePrice: 30_000,
        loanTerm: 5,
        phoneNumber: '0412345678',
        firstName: 'Jo',
        lastName: 'Citizen',
        email: 'jo@example.com',
      },
      additionalData: {
        postCode: '2000',
        subscribe: true,
        tags: [],
        lead_attributes: { visited_pages: [], linked_query_params: {} },
      },
    };
    expect(await partner.createCustomer(request, { idempotencyKey: 'lead-7' })).toEqual({
      redirectUrl: 'https://apply.partner.example/a/123',
    });
    expect(received.at(-1)).toMatchObject({ path: '/v1/customers', idempotencyKey: 'lead-7' });
    answer = { status: 201, body: { redirectUrl: 'javascript:alert(1)' } };
    expect(await partner.createCustomer(request, { idempotencyKey: 'lead-8' })).toEqual({ redirectUrl: null });
  });

  it('fails, naming the time limit, when the partner does not answer in time', async () => {
    answer = {
      status: 200,
      body: { weeklyRepaymentAmount: 140.12, advertisedRate: 7.49, comparisonRate: 8.01 },
      delayMs: 1_000,
    };
    await expect(new HttpFinancePartner(url, 'secret-key', { timeoutMs: 100 }).quote(anyQuote)).rejects.toThrow(
      'finance partner did not answer within 100 ms',
    );
  });

  it('fails on an answer that is not JSON, as a proxy’s error page is', async () => {
    answer = { status: 200, body: null, raw: '<html>Bad gateway</html>' };
    await expect(new HttpFinancePartner(url, 'secret-key').quote(anyQuote)).rejects.toThrow(
      'finance partner answered 200 without a JSON object',
    );
    answer = { status: 502, body: null, raw: '<html>Bad gateway</html>' };
    await expect(new HttpFinancePartner(url, 'secret-key').quote(anyQuote)).rejects.toThrow(
      /^finance partner answered 502$/,
    );
  });
});

describe("the partner's HTTP API, unreachable", () => {
  it('fails as unreachable when nothing listens at its address', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    await expect(
      new HttpFinancePartner(`http://127.0.0.1:${port}`, 'secret-key').quote({
        selfAssessedCreditScore: 'GREAT',
        purchasePrice: 30_000,
        loanTerm: 5,
      }),
    ).rejects.toThrow(/^finance partner unreachable: connect ECONNREFUSED 127\.0\.0\.1:\d+$/);
  });
});

describe('the partner chosen by the environment', () => {
  it("is the partner's API when its address and key are set", () => {
    expect(
      financePartnerFromConfig(
        loadConfig({
          FORECOURT_FINANCE_PARTNER_URL: 'https://api.partner.example/v1',
          FORECOURT_FINANCE_PARTNER_KEY: 'k',
        }),
      ).kind,
    ).toBe('http');
  });

  it('is the simulator without them', () => {
    expect(financePartnerFromConfig(loadConfig({})).kind).toBe('simulator');
  });

  it.each([
    [{ FORECOURT_FINANCE_PARTNER_URL: 'https://api.partner.example/v1' }, 'FORECOURT_FINANCE_PARTNER_KEY is not'],
    [{ FORECOURT_FINANCE_PARTNER_KEY: 'k' }, 'FORECOURT_FINANCE_PARTNER_URL is not'],
    [
      { FORECOURT_FINANCE_PARTNER_URL: 'api.partner.example', FORECOURT_FINANCE_PARTNER_KEY: 'k' },
      'must be an http(s) address',
    ],
    [{ FORECOURT_FINANCE_SIMULATOR_DELAY_MS: 'fast' }, 'FORECOURT_FINANCE_SIMULATOR_DELAY_MS must be'],
    [
      {
        FORECOURT_FINANCE_PARTNER_URL: 'https://api.partner.example/v1',
        FORECOURT_FINANCE_PARTNER_KEY: 'k',
        FORECOURT_FINANCE_PARTNER_TIMEOUT_MS: '0',
      },
      'FORECOURT_FINANCE_PARTNER_TIMEOUT_MS must be',
    ],
  ])('stops the start on a configuration that cannot be meant (%o)', (env, message) => {
    expect(() => financePartnerFromConfig(loadConfig(env))).toThrow(message);
  });
});
