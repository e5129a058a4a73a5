import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { FinancePartner } from '../../../../mf-finance/server';

/**
 * The finance partner (the product's 'YouX'): an instant quote for a price, term and credit score,
 * and the customer record that starts an application, after which the shopper continues on the
 * partner's site. Two adapters behind mf-finance's `FinancePartner` port, chosen by configuration
 * (financePartnerFromEnv): the HTTP API of the real partner, or the simulator below.
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

const WEEKS_PER_YEAR = 52;

/** The level repayment per period that pays off `principal` over `periods` at `ratePerPeriod`. */
export function levelPayment(principal: number, ratePerPeriod: number, periods: number): number {
  if (ratePerPeriod === 0) return principal / periods;
  return (principal * ratePerPeriod) / (1 - (1 + ratePerPeriod) ** -periods);
}

/**
 * The annual rate (percent) at which the repayments plus the periodic fee, discounted, equal what
 * the borrower actually receives (the amount less the up-front fee): the comparison rate's
 * definition. Solved by bisection: the present value falls as the rate rises, so the root is
 * bracketed between 0 and 100 % a period.
 */
export function comparisonRate(principal: number, payment: number, periods: number, periodsPerYear: number, upFrontFee: number, periodicFee: number): number {
  const received = principal - upFrontFee;
  const presentValue = (rate: number) => (rate === 0 ? (payment + periodicFee) * periods : ((payment + periodicFee) * (1 - (1 + rate) ** -periods)) / rate);
  let low = 0;
  let high = 1;
  for (let i = 0; i < 200; i++) {
    const mid = (low + high) / 2;
    if (presentValue(mid) > received) low = mid;
    else high = mid;
  }
  return ((low + high) / 2) * periodsPerYear * 100;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The simulator's quote: the rate card's rate for the score and the car's age, weekly repayments over the term, its comparison rate. */
export function simulatedQuote(input: QuoteInput, now: Date): QuoteOutput {
  const age = input.year ? Math.max(0, now.getFullYear() - input.year) : 0;
  const rate = RATE_CARD[input.selfAssessedCreditScore].find((row) => age <= row.maxAge)!.rate;
  const periods = input.loanTerm * WEEKS_PER_YEAR;
  const weekly = levelPayment(input.purchasePrice, rate / 100 / WEEKS_PER_YEAR, periods);
  const weeklyFee = (PARTNER_FEES.monthly * 12) / WEEKS_PER_YEAR;
  return {
    weeklyRepaymentAmount: round2(weekly),
    advertisedRate: rate,
    comparisonRate: round2(comparisonRate(input.purchasePrice, weekly, periods, WEEKS_PER_YEAR, PARTNER_FEES.establishment, weeklyFee)),
  };
}

export class PartnerError extends Error {}

/**
 * The local finance partner: it answers as the partner's API does, from a documented rate card
 * (RATE_CARD, PARTNER_FEES), after a realistic delay, and fails the way the partner can fail when
 * a sandbox trigger asks it to (SANDBOX). Customers it creates are kept (the newest 1,000) so the
 * development page it redirects to can show what it received.
 */
export class SimulatedFinancePartner implements FinancePartner {
  readonly kind = 'simulator';
  readonly applications = new LRUCache<string, { receivedAt: Date; request: CustomerInput }>({ max: 1000 });

  constructor(
    private readonly options: { delayMs?: number; now?: () => Date; redirectBase?: string } = {},
  ) {}

  private async wait(): Promise<void> {
    const delay = this.options.delayMs ?? 250;
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
  }

  async quote(input: QuoteInput): Promise<QuoteOutput> {
    await this.wait();
    if (input.purchasePrice === SANDBOX.failingQuotePrice) throw new PartnerError('finance partner answered 503 (sandbox: failing quote price)');
    return simulatedQuote(input, this.options.now?.() ?? new Date());
  }

  async createCustomer(request: CustomerInput): Promise<{ redirectUrl: string | null }> {
    await this.wait();
    const domain = request.data.email.split('@')[1]?.toLowerCase();
    if (domain === SANDBOX.failingEmailDomain) throw new PartnerError('finance partner answered 503 (sandbox: failing email domain)');
    const id = randomUUID();
    this.applications.set(id, { receivedAt: this.options.now?.() ?? new Date(), request });
    if (domain === SANDBOX.noRedirectEmailDomain) return { redirectUrl: null };
    return { redirectUrl: `${this.options.redirectBase ?? ''}/_dev/finance-partner/${id}` };
  }
}

/**
 * The partner's HTTP API: `POST {url}/quote` and `POST {url}/customers` with a bearer key, JSON
 * both ways, 10 s to answer. Any other answer than a 2xx with the expected fields is an error
 * (mf-finance shows the product's failure texts and keeps the lead).
 */
export class HttpFinancePartner implements FinancePartner {
  readonly kind = 'http';
  constructor(
    private readonly url: string,
    private readonly key: string,
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly timeoutMs = 10_000,
  ) {}

  private async post(path: string, body: unknown): Promise<Record<string, unknown>> {
    const response = await this.fetchImpl(`${this.url.replace(/\/$/, '')}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.key}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (!response.ok || !answer) throw new PartnerError(`finance partner answered ${response.status}${typeof answer?.['error'] === 'string' ? `: ${answer['error']}` : ''}`);
    return answer;
  }

  async quote(input: QuoteInput): Promise<QuoteOutput> {
    const answer = await this.post('/quote', input);
    const figures = [answer['weeklyRepaymentAmount'], answer['advertisedRate'], answer['comparisonRate']].map(Number);
    if (figures.some((figure) => !Number.isFinite(figure) || figure <= 0)) throw new PartnerError('finance partner answered a quote without its figures');
    const [weeklyRepaymentAmount, advertisedRate, comparison] = figures as [number, number, number];
    return { weeklyRepaymentAmount, advertisedRate, comparisonRate: comparison };
  }

  async createCustomer(request: CustomerInput): Promise<{ redirectUrl: string | null }> {
    const answer = await this.post('/customers', request);
    const redirectUrl = answer['redirectUrl'];
    return { redirectUrl: typeof redirectUrl === 'string' && /^https?:\/\//.test(redirectUrl) ? redirectUrl : null };
  }
}

/**
 * FORECOURT_FINANCE_PARTNER_URL and FORECOURT_FINANCE_PARTNER_KEY select the partner's API;
 * without them the simulator answers (FORECOURT_FINANCE_SIMULATOR_DELAY_MS, default 250).
 */
export function financePartnerFromEnv(env: NodeJS.ProcessEnv = process.env): SimulatedFinancePartner | HttpFinancePartner {
  const url = env['FORECOURT_FINANCE_PARTNER_URL'];
  const key = env['FORECOURT_FINANCE_PARTNER_KEY'];
  if (url && key) return new HttpFinancePartner(url, key);
  const delay = Number(env['FORECOURT_FINANCE_SIMULATOR_DELAY_MS'] ?? 250);
  return new SimulatedFinancePartner({ delayMs: Number.isFinite(delay) && delay >= 0 ? delay : 250 });
}
