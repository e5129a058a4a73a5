import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '@forecourt/config/load';
import {
  CARD_DECLINED,
  CARD_NOT_RECOGNISED,
  HttpPaymentGateway,
  IdempotencyConflict,
  INSUFFICIENT_FUNDS,
  LocalPaymentSimulator,
  paymentGatewayFromConfig,
  PaymentProcessorError,
  TEST_CARDS,
} from './payment-gateway';

/** A token as the checkout makes it for a card ending in `last4`. */
const token = (last4: string) => `tok_sim_${last4}_0123456789abcdef`;
const deposit = (overrides: Partial<{ token: string; idempotencyKey: string; amountCents: number }> = {}) => ({
  amountCents: 20_000,
  currency: 'AUD' as const,
  token: token('4242'),
  idempotencyKey: 'reservation:1',
  description: 'Reservation deposit: 2024 Mazda CX-5, stock H1234',
  ...overrides,
});

describe('the payment simulator', () => {
  const simulator = () => new LocalPaymentSimulator({ delayMs: 0, noAnswerMs: 50 });

  it('authorises any card that is not a test card, with an auth_ reference it keeps', async () => {
    const payments = simulator();
    const result = await payments.authorise(deposit());
    expect(result).toEqual({ status: 'authorised', reference: expect.stringMatching(/^auth_[0-9a-f]{24}$/) });
    expect(payments.authorisation('reservation:1')).toMatchObject({
      reference: (result as { reference: string }).reference,
      amountCents: 20_000,
      last4: '4242',
      status: 'authorised',
    });
  });

  it('answers the same reference for the same key, however often it is asked', async () => {
    const payments = simulator();
    const first = await payments.authorise(deposit());
    expect(await payments.authorise(deposit())).toEqual(first);
  });

  it('makes one authorisation of calls with one key that overlap', async () => {
    const payments = new LocalPaymentSimulator({ delayMs: 20 });
    const results = await Promise.all(Array.from({ length: 10 }, () => payments.authorise(deposit())));
    expect(new Set(results.map((result) => JSON.stringify(result))).size).toBe(1);
    expect(results[0]!.status).toBe('authorised');
  });

  it('answers another key with another reference', async () => {
    const payments = simulator();
    const [first, second] = [
      await payments.authorise(deposit()),
      await payments.authorise(deposit({ idempotencyKey: 'reservation:2' })),
    ];
    expect(first).not.toEqual(second);
  });

  it('refuses a key sent again with another amount', async () => {
    const payments = simulator();
    await payments.authorise(deposit());
    await expect(payments.authorise(deposit({ amountCents: 50_000 }))).rejects.toThrow(IdempotencyConflict);
  });

  it.each([
    [TEST_CARDS.declined, CARD_DECLINED],
    [TEST_CARDS.insufficientFunds, INSUFFICIENT_FUNDS],
  ])('declines the test card ending %s with “%s” and keeps no authorisation', async (last4, message) => {
    const payments = simulator();
    expect(await payments.authorise(deposit({ token: token(last4) }))).toEqual({ status: 'declined', message });
    expect(payments.authorisation('reservation:1')).toBeUndefined();
  });

  it('declines a token it did not make', async () => {
    expect(await simulator().authorise(deposit({ token: 'tok_visa_4242424242' }))).toEqual({
      status: 'declined',
      message: CARD_NOT_RECOGNISED,
    });
  });

  it('answers the unavailable test card as unavailable, after keeping the caller waiting', async () => {
    const started = Date.now();
    const result = await simulator().authorise(deposit({ token: token(TEST_CARDS.unavailable) }));
    expect(result).toEqual({ status: 'unavailable', message: expect.any(String) });
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('voids an authorisation', async () => {
    const payments = simulator();
    await payments.authorise(deposit());
    await payments.voidAuthorisation('reservation:1');
    expect(payments.authorisation('reservation:1')?.status).toBe('voided');
  });

  it('does nothing when asked to void a key it has no authorisation for', async () => {
    await expect(simulator().voidAuthorisation('reservation:unknown')).resolves.toBeUndefined();
  });

  it('voids an authorisation still being made when the void arrives', async () => {
    const payments = new LocalPaymentSimulator({ delayMs: 30 });
    const authorised = payments.authorise(deposit());
    await payments.voidAuthorisation('reservation:1');
    expect((await authorised).status).toBe('authorised');
    expect(payments.authorisation('reservation:1')?.status).toBe('voided');
  });
});

describe("the processor's HTTP API", () => {
  let server: http.Server;
  let url: string;
  const received: Array<{
    method: string;
    path: string;
    authorization: string | undefined;
    idempotencyKey: string | undefined;
    body: unknown;
  }> = [];
  let answer: { status: number; body?: unknown; raw?: string; delayMs?: number } = { status: 200, body: {} };

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        const key = request.headers['idempotency-key'];
        received.push({
          method: request.method ?? '',
          path: request.url ?? '',
          authorization: request.headers.authorization,
          idempotencyKey: typeof key === 'string' ? key : undefined,
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
  const gateway = (timeoutMs?: number) =>
    new HttpPaymentGateway(url, 'secret-token', timeoutMs === undefined ? {} : { timeoutMs });

  it('posts the authorisation with its idempotency key and token, and reads the reference', async () => {
    answer = { status: 201, body: { reference: 'auth_7f3a' } };
    expect(await gateway().authorise(deposit())).toEqual({ status: 'authorised', reference: 'auth_7f3a' });
    expect(received.at(-1)).toEqual({
      method: 'POST',
      path: '/v1/authorisations',
      authorization: 'Bearer secret-token',
      idempotencyKey: 'reservation:1',
      body: {
        amountCents: 20_000,
        currency: 'AUD',
        token: token('4242'),
        description: 'Reservation deposit: 2024 Mazda CX-5, stock H1234',
      },
    });
  });

  it("answers a 402 as declined, in the processor's words", async () => {
    answer = { status: 402, body: { message: 'Your card was declined by your bank.' } };
    expect(await gateway().authorise(deposit())).toEqual({
      status: 'declined',
      message: 'Your card was declined by your bank.',
    });
  });

  it('answers a 402 without words as declined with its own', async () => {
    answer = { status: 402, raw: '' };
    expect(await gateway().authorise(deposit())).toEqual({ status: 'declined', message: CARD_DECLINED });
  });

  it.each([503, 429])('answers a %i as unavailable', async (status) => {
    answer = { status, body: { message: 'maintenance' } };
    expect(await gateway().authorise(deposit())).toEqual({
      status: 'unavailable',
      message: `card processor answered ${status}`,
    });
  });

  it('answers unavailable when the processor does not answer in time', async () => {
    answer = { status: 201, body: { reference: 'auth_late' }, delayMs: 1_000 };
    expect(await gateway(100).authorise(deposit())).toEqual({
      status: 'unavailable',
      message: 'card processor: no answer within 100 ms',
    });
  });

  it('answers unavailable for an authorisation without its reference, so the caller voids it', async () => {
    answer = { status: 200, raw: '<html>OK</html>' };
    expect(await gateway().authorise(deposit())).toEqual({
      status: 'unavailable',
      message: 'card processor answered 200 without a reference',
    });
  });

  it('fails loudly when the processor refuses the credentials', async () => {
    answer = { status: 401, body: { message: 'bad token' } };
    await expect(gateway().authorise(deposit())).rejects.toThrow(
      new PaymentProcessorError('card processor refused the authorisation with 401: bad token'),
    );
  });

  it('posts the void to the authorisation’s key', async () => {
    answer = { status: 200, body: { status: 'voided' } };
    await gateway().voidAuthorisation('reservation:1');
    expect(received.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/authorisations/reservation%3A1/void',
      idempotencyKey: 'reservation:1',
      authorization: 'Bearer secret-token',
    });
  });

  it('takes a 404 to a void as nothing to void', async () => {
    answer = { status: 404, body: { message: 'no such authorisation' } };
    await expect(gateway().voidAuthorisation('reservation:unknown')).resolves.toBeUndefined();
  });

  it('fails a void the processor did not make', async () => {
    answer = { status: 500, raw: '' };
    await expect(gateway().voidAuthorisation('reservation:1')).rejects.toThrow(
      'card processor answered 500 to the void of reservation:1',
    );
  });
});

describe("the processor's HTTP API, unreachable", () => {
  it('answers unavailable when nothing listens at its address', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    expect(await new HttpPaymentGateway(`http://127.0.0.1:${port}`, 'secret-token').authorise(deposit())).toMatchObject(
      { status: 'unavailable' },
    );
  });
});

describe('the card processor chosen by the environment', () => {
  it("is the processor's API when its address and token are set", () => {
    expect(
      paymentGatewayFromConfig(
        loadConfig({ FORECOURT_PAYMENTS_URL: 'https://payments.example/v1', FORECOURT_PAYMENTS_TOKEN: 't' }),
      ).kind,
    ).toBe('http');
  });

  it('is the simulator without them', () => {
    expect(paymentGatewayFromConfig(loadConfig({})).kind).toBe('simulator');
  });

  it.each([
    [{ FORECOURT_PAYMENTS_URL: 'https://payments.example/v1' }, 'FORECOURT_PAYMENTS_TOKEN is not'],
    [{ FORECOURT_PAYMENTS_TOKEN: 't' }, 'FORECOURT_PAYMENTS_URL is not'],
    [{ FORECOURT_PAYMENTS_URL: 'payments.example', FORECOURT_PAYMENTS_TOKEN: 't' }, 'must be an http(s) address'],
    [{ FORECOURT_PAYMENTS_SIMULATOR_DELAY_MS: 'fast' }, 'FORECOURT_PAYMENTS_SIMULATOR_DELAY_MS must be'],
    [
      {
        FORECOURT_PAYMENTS_URL: 'https://payments.example/v1',
        FORECOURT_PAYMENTS_TOKEN: 't',
        FORECOURT_PAYMENTS_TIMEOUT_MS: '0',
      },
      'FORECOURT_PAYMENTS_TIMEOUT_MS must be',
    ],
  ])('stops the start on a configuration that cannot be meant (%o)', (env, message) => {
    expect(() => paymentGatewayFromConfig(loadConfig(env))).toThrow(message);
  });
});
