import { randomUUID } from 'node:crypto';
import { exactRepayment } from '@forecourt/shared-config/repayment';
import { LRUCache } from 'lru-cache';
import { comparisonRate, type FinancePartner } from '@forecourt/mf-finance/server';
import { loadConfig, PARTNERS, partnerMode, type Config } from '@forecourt/config/load';
import { unreachableReason } from '../fetch-failure';

/**
 * The finance partner (the product's 'YouX'): an instant quote for a price, term and credit score,
 * and the customer record that starts an application, after which the shopper continues on the
 * partner's site. Two adapters behind mf-finance's `FinancePartner` port, chosen by configuration
 * (financePartnerFromConfig): the HTTP API of the real partner, or the simulator below.
 */

type QuoteInput = Parameters<FinancePartner['quote']>[0];
type QuoteOutput = Awaited<ReturnType<FinancePartner['quote']>>;
type CustomerInput = Parameters<FinancePartner['createCustomer']>[0];

export type CreditScore = QuoteInput['selfAssessedCreditScore'];

/**
 * The simulator's rate card: the annual rate in percent by the shopper's own credit score and the
 * car's age in years (older cars are dearer to lend on). A partner's real card has more rows; the
 * shape is the same.
 */
export const RATE_CARD: Record<CreditScore, ReadonlyArray<{ maxAge: number; rate: number }>> = {
  GREAT: [
    { maxAge: 3, rate: 6.49 },
    { maxAge: 7, rate: 7.49 },
    { maxAge: Infinity, rate: 8.99 },
  ],
  DECENT: [
    { maxAge: 3, rate: 8.99 },
    { maxAge: 7, rate: 9.99 },
    { maxAge: Infinity, rate: 11.49 },
  ],
  POOR: [
    { maxAge: 3, rate: 13.99 },
    { maxAge: 7, rate: 14.99 },
    { maxAge: Infinity, rate: 16.99 },
  ],
};

/** The simulator's fees, in its comparison rate: an establishment fee and a monthly account fee. */
export const PARTNER_FEES = { establishment: 495, monthly: 10 } as const;

/** The simulated sandbox's triggers, as a real partner's sandbox has them (see README.md). */
export const SANDBOX = {
  /** A quote for this purchase price fails (the partner answers 503). */
  failingQuotePrice: 123_456,
  /** A customer whose email is at this domain is refused (the partner answers 503). */
  failingEmailDomain: 'partner-down.example',
  /** A customer whose email is at this domain is created, but the partner sends no redirect URL. */
  noRedirectEmailDomain: 'no-redirect.example',
} as const;

/** The simulator's answer time by default: about what a partner's API takes over the network. */
export const SIMULATOR_DELAY_MS = 250;

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The simulator's quote: the rate card's rate for the score and the car's age, weekly repayments over the term, its comparison rate. */
export function simulatedQuote(input: QuoteInput, now: Date): QuoteOutput {
  const age = input.year ? Math.max(0, now.getFullYear() - input.year) : 0;
  const rate = RATE_CARD[input.selfAssessedCreditScore].find((row) => age <= row.maxAge)!.rate;
  // The partner lends the whole price over the term, repaid weekly, nothing left at the end.
  const loan = {
    amount: input.purchasePrice,
    deposit: 0,
    residual: 0,
    term: input.loanTerm,
    interest: rate,
    frequency: 'week' as const,
  };
  return {
    weeklyRepaymentAmount: round2(exactRepayment(loan)),
    advertisedRate: rate,
    comparisonRate: round2(
      comparisonRate(loan, { upFront: PARTNER_FEES.establishment, monthly: PARTNER_FEES.monthly }),
    ),
  };
}

/** The partner did not give what was asked (down, slow, refused, or an answer without its fields). */
export class PartnerError extends Error {
  override readonly name = 'PartnerError';
}

/**
 * The local finance partner: it answers as the partner's API does, from a documented rate card
 * (RATE_CARD, PARTNER_FEES), after a realistic delay, and fails the way the partner can fail when
 * a sandbox trigger asks it to (SANDBOX). Customers it creates are kept (the newest 1,000) so the
 * development page it redirects to can show what it received.
 */
export class SimulatedFinancePartner implements FinancePartner {
  readonly kind = 'simulator';
  /** By customer id; `leadId` is the finance lead it was made for (the idempotency key), which says whose site it is. */
  readonly applications = new LRUCache<string, { receivedAt: Date; request: CustomerInput; leadId: string }>({
    max: 1000,
  });
  private readonly customers = new LRUCache<string, string>({ max: 1000 });

  constructor(private readonly options: { delayMs?: number } = {}) {}

  private async wait(): Promise<void> {
    const delay = this.options.delayMs ?? SIMULATOR_DELAY_MS;
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
  }

  async quote(input: QuoteInput): Promise<QuoteOutput> {
    await this.wait();
    if (input.purchasePrice === SANDBOX.failingQuotePrice)
      throw new PartnerError('finance partner answered 503 (sandbox: failing quote price)');
    return simulatedQuote(input, new Date());
  }

  async createCustomer(
    request: CustomerInput,
    { idempotencyKey }: { idempotencyKey: string },
  ): Promise<{ redirectUrl: string | null }> {
    await this.wait();
    const domain = request.data.email.split('@')[1]?.toLowerCase();
    if (domain === SANDBOX.failingEmailDomain)
      throw new PartnerError('finance partner answered 503 (sandbox: failing email domain)');
    // As the partner's API does: the same key is the same customer, not a second one.
    const id = this.customers.get(idempotencyKey) ?? randomUUID();
    this.customers.set(idempotencyKey, id);
    this.applications.set(id, { receivedAt: new Date(), request, leadId: idempotencyKey });
    if (domain === SANDBOX.noRedirectEmailDomain) return { redirectUrl: null };
    // On the platform's own origin, so the shopper stays on the dealer's site in development.
    return { redirectUrl: `/_dev/finance-partner/${id}` };
  }
}

/** How long the partner's API has to answer, by default (FORECOURT_FINANCE_PARTNER_TIMEOUT_MS). */
export const PARTNER_TIMEOUT_MS = 10_000;

/**
 * The partner's HTTP API: `POST {url}/quote` and `POST {url}/customers` (with `Idempotency-Key`:
 * the finance lead's id) with a bearer key, JSON both ways, a time limit to answer (PARTNER_TIMEOUT_MS unless configured). A network failure, a
 * timeout, any status but 2xx, or an answer without the expected fields is a PartnerError
 * (mf-finance shows the product's failure texts and keeps the lead).
 */
export class HttpFinancePartner implements FinancePartner {
  readonly kind = 'http';
  private readonly timeoutMs: number;

  constructor(
    private readonly url: string,
    private readonly key: string,
    options: { timeoutMs?: number } = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? PARTNER_TIMEOUT_MS;
  }

  private async post(
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
  ): Promise<Record<string, unknown>> {
    let response: Response;
    let text: string;
    const signal = AbortSignal.timeout(this.timeoutMs);
    try {
      response = await fetch(`${this.url.replace(/\/$/, '')}${path}`, {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          accept: 'application/json',
          authorization: `Bearer ${this.key}`,
        },
        body: JSON.stringify(body),
        signal,
      });
      // The time limit covers the body too: a partner that sends headers and then stalls is down.
      text = await response.text();
    } catch (error) {
      if (signal.aborted)
        throw new PartnerError(`finance partner did not answer within ${this.timeoutMs} ms`, { cause: error });
      throw new PartnerError(`finance partner unreachable: ${unreachableReason(error)}`, { cause: error });
    }
    let answer: unknown = null;
    try {
      answer = JSON.parse(text);
    } catch {
      // Not JSON (a proxy's error page, an empty body): reported below with the status.
    }
    const fields =
      answer !== null && typeof answer === 'object' && !Array.isArray(answer)
        ? (answer as Record<string, unknown>)
        : null;
    if (!response.ok)
      throw new PartnerError(
        `finance partner answered ${response.status}${typeof fields?.['error'] === 'string' ? `: ${fields['error'].slice(0, 200)}` : ''}`,
      );
    if (!fields) throw new PartnerError(`finance partner answered ${response.status} without a JSON object`);
    return fields;
  }

  async quote(input: QuoteInput): Promise<QuoteOutput> {
    const answer = await this.post('/quote', input);
    const [weeklyRepaymentAmount, advertisedRate, comparison] = [
      answer['weeklyRepaymentAmount'],
      answer['advertisedRate'],
      answer['comparisonRate'],
    ].map((figure) => (typeof figure === 'number' || typeof figure === 'string' ? Number(figure) : NaN)) as [
      number,
      number,
      number,
    ];
    // A repayment of nothing is no quote; a rate of 0 % is a real (promotional) rate.
    const valid =
      weeklyRepaymentAmount > 0 &&
      advertisedRate >= 0 &&
      comparison >= 0 &&
      [weeklyRepaymentAmount, advertisedRate, comparison].every(Number.isFinite);
    if (!valid) throw new PartnerError('finance partner answered a quote without its figures');
    return { weeklyRepaymentAmount, advertisedRate, comparisonRate: comparison };
  }

  async createCustomer(
    request: CustomerInput,
    { idempotencyKey }: { idempotencyKey: string },
  ): Promise<{ redirectUrl: string | null }> {
    const answer = await this.post('/customers', request, { 'idempotency-key': idempotencyKey });
    const redirectUrl = answer['redirectUrl'];
    return { redirectUrl: typeof redirectUrl === 'string' && /^https?:\/\//.test(redirectUrl) ? redirectUrl : null };
  }
}

/**
 * FORECOURT_FINANCE_PARTNER_URL and FORECOURT_FINANCE_PARTNER_KEY select the partner's API (or
 * FORECOURT_FINANCE_PARTNER=http|simulator, which production requires)
 * (FORECOURT_FINANCE_PARTNER_TIMEOUT_MS, default 10 s); without them the simulator answers
 * (FORECOURT_FINANCE_SIMULATOR_DELAY_MS, default 250). Half a configuration, an address that is
 * not http(s) or a delay that is not a number stops the start: a typo must not quietly send
 * production's shoppers to the simulator.
 */
export function financePartnerFromConfig(config: Config = loadConfig()): SimulatedFinancePartner | HttpFinancePartner {
  const { FORECOURT_FINANCE_PARTNER_URL: url, FORECOURT_FINANCE_PARTNER_KEY: key } = config;
  if (partnerMode(config, PARTNERS.finance) === 'http' && url && key) {
    return new HttpFinancePartner(url, key, {
      timeoutMs: config.FORECOURT_FINANCE_PARTNER_TIMEOUT_MS ?? PARTNER_TIMEOUT_MS,
    });
  }
  return new SimulatedFinancePartner({ delayMs: config.FORECOURT_FINANCE_SIMULATOR_DELAY_MS ?? SIMULATOR_DELAY_MS });
}
