import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { comparisonRate, HttpFinancePartner, levelPayment, PARTNER_FEES, RATE_CARD, SANDBOX, simulatedQuote, SimulatedFinancePartner } from './finance-partner';

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

describe('the simulator’s repayment', () => {
  it('pays a $30,000 loan at 6.49 % over 260 weeks down to nothing', () => {
    const rate = 6.49 / 100 / 52;
    expect(balanceAfter(30_000, rate, levelPayment(30_000, rate, 260), 260)).toBeCloseTo(0, 6);
  });

  it('is the amount over the periods at 0 %', () => {
    expect(levelPayment(26_000, 0, 260)).toBe(100);
  });
});

describe('the simulator’s comparison rate', () => {
  it('is the nominal rate when there are no fees', () => {
    const rate = 8.99 / 100 / 52;
    expect(comparisonRate(20_000, levelPayment(20_000, rate, 156), 156, 52, 0, 0)).toBeCloseTo(8.99, 6);
  });

  it('discounts the repayments and fees to what the borrower received', () => {
    const rate = 6.49 / 100 / 52;
    const payment = levelPayment(30_000, rate, 260);
    const weeklyFee = (PARTNER_FEES.monthly * 12) / 52;
    const annual = comparisonRate(30_000, payment, 260, 52, PARTNER_FEES.establishment, weeklyFee);
    expect(presentValue(payment + weeklyFee, annual / 100 / 52, 260)).toBeCloseTo(30_000 - PARTNER_FEES.establishment, 4);
    expect(annual).toBeGreaterThan(6.49);
  });
});

describe('the simulator’s rate card', () => {
  const now = new Date('2026-11-23T00:00:00Z');
  it.each([
    ['GREAT', 2025, RATE_CARD.GREAT[0]!.rate],
    ['DECENT', 2020, RATE_CARD.DECENT[1]!.rate],
    ['POOR', 2012, RATE_CARD.POOR[2]!.rate],
  ] as const)('rates a %s score on a %i car at its row', (score, year, rate) => {
    expect(simulatedQuote({ selfAssessedCreditScore: score, purchasePrice: 30_000, loanTerm: 5, year }, now).advertisedRate).toBe(rate);
  });
});

describe('the simulator’s sandbox', () => {
  const partner = new SimulatedFinancePartner({ delayMs: 0 });
  const customer = (email: string) => ({
    data: { selfAssessedCreditScore: 'GREAT' as const, purchasePrice: 30_000, loanTerm: 5, phoneNumber: '0412345678', firstName: 'Jo', lastName: 'Citizen', email },
    additionalData: { postCode: '2000', subscribe: true, tags: [], lead_attributes: { visited_pages: [], linked_query_params: {} } },
  });

  it('fails a quote for the failing price', async () => {
    await expect(partner.quote({ selfAssessedCreditScore: 'GREAT', purchasePrice: SANDBOX.failingQuotePrice, loanTerm: 5 })).rejects.toThrow('503');
  });

  it('creates a customer and keeps the application for its page', async () => {
    const { redirectUrl } = await partner.createCustomer(customer('jo@example.com'));
    expect(partner.applications.get(redirectUrl!.split('/').pop()!)?.request.data.email).toBe('jo@example.com');
  });

  it('answers no redirect for the no-redirect domain', async () => {
    expect(await partner.createCustomer(customer(`jo@${SANDBOX.noRedirectEmailDomain}`))).toEqual({ redirectUrl: null });
  });
});

describe("the partner's HTTP API", () => {
  let server: http.Server;
  let url: string;
  const received: Array<{ path: string; authorization: string | undefined; body: unknown }> = [];
  let answer: { status: number; body: unknown } = { status: 200, body: {} };

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        received.push({ path: request.url ?? '', authorization: request.headers.authorization, body: JSON.parse(raw) as unknown });
        response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('posts the quote with the key and reads the figures', async () => {
    answer = { status: 200, body: { weeklyRepaymentAmount: 140.12, advertisedRate: 7.49, comparisonRate: 8.01 } };
    const quote = await new HttpFinancePartner(url, 'secret-key').quote({ selfAssessedCreditScore: 'DECENT', purchasePrice: 30_000, loanTerm: 5 });
    expect(quote).toEqual({ weeklyRepaymentAmount: 140.12, advertisedRate: 7.49, comparisonRate: 8.01 });
    expect(received.at(-1)).toEqual({ path: '/v1/quote', authorization: 'Bearer secret-key', body: { selfAssessedCreditScore: 'DECENT', purchasePrice: 30_000, loanTerm: 5 } });
  });

  it('fails when the partner answers an error', async () => {
    answer = { status: 503, body: { error: 'maintenance' } };
    await expect(new HttpFinancePartner(url, 'secret-key').quote({ selfAssessedCreditScore: 'GREAT', purchasePrice: 30_000, loanTerm: 5 })).rejects.toThrow('finance partner answered 503: maintenance');
  });

  it('fails on a quote without its figures', async () => {
    answer = { status: 200, body: { weeklyRepaymentAmount: 140.12 } };
    await expect(new HttpFinancePartner(url, 'secret-key').quote({ selfAssessedCreditScore: 'GREAT', purchasePrice: 30_000, loanTerm: 5 })).rejects.toThrow('without its figures');
  });

  it("reads the customer's redirect, and none when it is not an address", async () => {
    answer = { status: 201, body: { redirectUrl: 'https://apply.partner.example/a/123' } };
    const partner = new HttpFinancePartner(url, 'secret-key');
    const request = { data: { selfAssessedCreditScore: 'GREAT' as const, purchasePrice: 30_000, loanTerm: 5, phoneNumber: '0412345678', firstName: 'Jo', lastName: 'Citizen', email: 'jo@example.com' }, additionalData: { postCode: '2000', subscribe: true, tags: [], lead_attributes: { visited_pages: [], linked_query_params: {} } } };
    expect(await partner.createCustomer(request)).toEqual({ redirectUrl: 'https://apply.partner.example/a/123' });
    expect(received.at(-1)?.path).toBe('/v1/customers');
    answer = { status: 201, body: { redirectUrl: 'javascript:alert(1)' } };
    expect(await partner.createCustomer(request)).toEqual({ redirectUrl: null });
  });
});
