import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { AuthorisationResult, PaymentGateway } from '@forecourt/mf-vehicle/contract';
import { loadConfig, PARTNERS, partnerMode, type Config } from '@forecourt/config/load';
import { unreachableReason } from '../fetch-failure';

/**
 * The card processor the reservation deposit is authorised with (mf-vehicle's `PaymentGateway`
 * port). Two adapters, chosen by configuration (paymentGatewayFromConfig): the processor's HTTP API,
 * or the local simulator below, which answers as the processor does (README.md).
 */

type AuthoriseInput = Parameters<PaymentGateway['authorise']>[0];

/** The simulator's test cards, by the last four digits of the card number (README.md). */
export const TEST_CARDS = {
  declined: '0002',
  insufficientFunds: '9995',
  /** The processor does not answer: after a wait, 'unavailable'. */
  unavailable: '0119',
} as const;

/** What the simulator says to the shopper, as a processor words it. */
export const CARD_DECLINED = 'Your card was declined.';
export const INSUFFICIENT_FUNDS = 'Your card has insufficient funds.';
export const CARD_NOT_RECOGNISED = 'Your card details could not be read. Please enter them again.';
export const NO_ANSWER = 'The card processor did not answer.';

/** The simulator's answer time by default: about what a processor takes over the network. */
export const SIMULATOR_DELAY_MS = 250;
/** How long the simulator's unavailable processor keeps the caller waiting before it gives up, by default. */
export const SIMULATOR_NO_ANSWER_MS = 2_000;

/** The simulator's token for a card: `tok_sim_{last4}_{random}` (mf-vehicle's checkout makes it). */
const SIMULATOR_TOKEN = /^tok_sim_(\d{4})_[0-9a-f]+$/;

/** The same idempotency key was sent with another request: a platform fault, never the shopper's. */
export class IdempotencyConflict extends Error {
  override readonly name = 'IdempotencyConflict';
}

export interface SimulatedAuthorisation {
  reference: string;
  amountCents: number;
  token: string;
  last4: string;
  description: string;
  status: 'authorised' | 'voided';
  at: Date;
}

/**
 * The local card processor: authorises and voids as a processor's API does, with test cards for
 * each way a card can fail (TEST_CARDS).
 *
 * - Idempotent by key: the same key answers the first answer (the same reference), also when the
 *   calls overlap, since the first call's answer is kept before it is awaited. A declined card
 *   stays declined for its key; an unanswered call is not kept, so a retry asks again. A key sent
 *   again with another amount or card is refused (IdempotencyConflict), as processors do.
 * - Authorisations are kept in memory, the newest 10,000: a processor keeps its authorisations
 *   itself and the platform keeps only their references, so a table would be the simulator's alone.
 *   After a restart a void finds nothing, which is the answer for an unknown key: nothing to do.
 */
export class LocalPaymentSimulator implements PaymentGateway {
  readonly kind = 'simulator';
  private readonly answers = new LRUCache<string, { input: AuthoriseInput; answer: Promise<AuthorisationResult> }>({
    max: 10_000,
  });
  private readonly authorisations = new LRUCache<string, SimulatedAuthorisation>({ max: 10_000 });
  private readonly delayMs: number;
  private readonly noAnswerMs: number;

  constructor(options: { delayMs?: number; noAnswerMs?: number } = {}) {
    this.delayMs = options.delayMs ?? SIMULATOR_DELAY_MS;
    this.noAnswerMs = options.noAnswerMs ?? SIMULATOR_NO_ANSWER_MS;
  }

  /** The authorisation made with `idempotencyKey`, or undefined (tests, a development page). */
  authorisation(idempotencyKey: string): SimulatedAuthorisation | undefined {
    return this.authorisations.get(idempotencyKey);
  }

  authorise(input: AuthoriseInput): Promise<AuthorisationResult> {
    const first = this.answers.get(input.idempotencyKey);
    if (first) {
      if (
        first.input.amountCents !== input.amountCents ||
        first.input.currency !== input.currency ||
        first.input.token !== input.token
      ) {
        return Promise.reject(
          new IdempotencyConflict(`idempotency key ${input.idempotencyKey} was used for another authorisation`),
        );
      }
      return first.answer;
    }
    const answer = this.answer(input);
    this.answers.set(input.idempotencyKey, { input, answer });
    void answer.then((result) => {
      if (result.status === 'unavailable') this.answers.delete(input.idempotencyKey);
    });
    return answer;
  }

  private async answer(input: AuthoriseInput): Promise<AuthorisationResult> {
    const last4 = SIMULATOR_TOKEN.exec(input.token)?.[1];
    if (last4 === TEST_CARDS.unavailable) {
      await wait(this.noAnswerMs);
      return { status: 'unavailable', message: NO_ANSWER };
    }
    await wait(this.delayMs);
    if (last4 === undefined) return { status: 'declined', message: CARD_NOT_RECOGNISED };
    if (last4 === TEST_CARDS.declined) return { status: 'declined', message: CARD_DECLINED };
    if (last4 === TEST_CARDS.insufficientFunds) return { status: 'declined', message: INSUFFICIENT_FUNDS };
    const reference = `auth_${randomBytes(12).toString('hex')}`;
    this.authorisations.set(input.idempotencyKey, {
      reference,
      amountCents: input.amountCents,
      token: input.token,
      last4,
      description: input.description,
      status: 'authorised',
      at: new Date(),
    });
    return { status: 'authorised', reference };
  }

  async voidAuthorisation(idempotencyKey: string): Promise<void> {
    // A void that overtakes its authorisation waits for it, so the authorisation does not outlive it.
    await this.answers.get(idempotencyKey)?.answer;
    await wait(this.delayMs);
    const authorisation = this.authorisations.get(idempotencyKey);
    if (authorisation) authorisation.status = 'voided';
  }
}

const wait = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

/** How long the processor's API has to answer, by default (FORECOURT_PAYMENTS_TIMEOUT_MS): card networks take seconds at worst. */
export const PROCESSOR_TIMEOUT_MS = 15_000;

/** The processor answered something the platform cannot act on (refused credentials, a malformed request). */
export class PaymentProcessorError extends Error {
  override readonly name = 'PaymentProcessorError';
}

type Answer =
  { kind: 'answer'; status: number; fields: Record<string, unknown> | null } | { kind: 'no-answer'; reason: string };

/**
 * The processor's HTTP API: `POST {url}/authorisations` and `POST {url}/authorisations/{key}/void`,
 * each with the `Idempotency-Key`, a bearer token and JSON, within a time limit (README.md).
 * No answer in time, a refused connection, a 408, 429 or 5xx, or an authorisation without its
 * reference is 'unavailable' (the route voids by key, in case it was made); a 402 is 'declined'
 * with the processor's words; any other refusal is a PaymentProcessorError, loud in the log.
 */
export class HttpPaymentGateway implements PaymentGateway {
  readonly kind = 'http';
  private readonly timeoutMs: number;

  constructor(
    private readonly url: string,
    private readonly token: string,
    options: { timeoutMs?: number } = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? PROCESSOR_TIMEOUT_MS;
  }

  private async post(path: string, idempotencyKey: string, body: unknown): Promise<Answer> {
    const signal = AbortSignal.timeout(this.timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.url.replace(/\/$/, '')}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          authorization: `Bearer ${this.token}`,
          'idempotency-key': idempotencyKey,
        },
        body: JSON.stringify(body),
        signal,
      });
      // The time limit covers the body too: a processor that sends headers and then stalls has not answered.
      text = await response.text();
    } catch (error) {
      return { kind: 'no-answer', reason: unreachableReason(error, signal, this.timeoutMs) };
    }
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON (a proxy's error page, an empty body): judged by the status alone.
    }
    const fields =
      parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : null;
    return { kind: 'answer', status: response.status, fields };
  }

  async authorise(input: AuthoriseInput): Promise<AuthorisationResult> {
    const answer = await this.post('/authorisations', input.idempotencyKey, {
      amountCents: input.amountCents,
      currency: input.currency,
      token: input.token,
      description: input.description,
    });
    if (answer.kind === 'no-answer') return { status: 'unavailable', message: `card processor: ${answer.reason}` };
    const { status, fields } = answer;
    const message =
      typeof fields?.['message'] === 'string' && fields['message'].trim() !== ''
        ? fields['message'].trim().slice(0, 200)
        : null;
    if (status >= 200 && status < 300) {
      const reference = fields?.['reference'];
      // Made, perhaps, but not readable: the caller voids it by key rather than hold a car on it.
      if (typeof reference !== 'string' || reference === '')
        return { status: 'unavailable', message: `card processor answered ${status} without a reference` };
      return { status: 'authorised', reference };
    }
    if (status === 402) return { status: 'declined', message: message ?? CARD_DECLINED };
    if (status === 408 || status === 429 || status >= 500)
      return { status: 'unavailable', message: `card processor answered ${status}` };
    throw new PaymentProcessorError(
      `card processor refused the authorisation with ${status}${message ? `: ${message}` : ''}`,
    );
  }

  async voidAuthorisation(idempotencyKey: string): Promise<void> {
    const answer = await this.post(`/authorisations/${encodeURIComponent(idempotencyKey)}/void`, idempotencyKey, {});
    if (answer.kind === 'no-answer')
      throw new PaymentProcessorError(`card processor did not void ${idempotencyKey}: ${answer.reason}`);
    // 404: no authorisation with this key, so nothing to void.
    if ((answer.status >= 200 && answer.status < 300) || answer.status === 404) return;
    throw new PaymentProcessorError(`card processor answered ${answer.status} to the void of ${idempotencyKey}`);
  }
}

/**
 * FORECOURT_PAYMENTS_URL and FORECOURT_PAYMENTS_TOKEN select the processor's API (or
 * FORECOURT_PAYMENTS=http|simulator, which production requires)
 * (FORECOURT_PAYMENTS_TIMEOUT_MS, default 15 s); without them the simulator answers
 * (FORECOURT_PAYMENTS_SIMULATOR_DELAY_MS, default 250). Half a configuration, an address that is
 * not http(s) or a number that is not one stops the start: a typo must not quietly take
 * production's deposits with the simulator.
 */
export function paymentGatewayFromConfig(config: Config = loadConfig()): LocalPaymentSimulator | HttpPaymentGateway {
  const { FORECOURT_PAYMENTS_URL: url, FORECOURT_PAYMENTS_TOKEN: token } = config;
  if (partnerMode(config, PARTNERS.payments) === 'http' && url && token) {
    return new HttpPaymentGateway(url, token, {
      timeoutMs: config.FORECOURT_PAYMENTS_TIMEOUT_MS ?? PROCESSOR_TIMEOUT_MS,
    });
  }
  return new LocalPaymentSimulator({ delayMs: config.FORECOURT_PAYMENTS_SIMULATOR_DELAY_MS ?? SIMULATOR_DELAY_MS });
}
