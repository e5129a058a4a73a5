import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { REMOTE_TEAMS } from '@forecourt/shared-config/teams';
import type { FinancePartner } from '@forecourt/mf-finance/contract';
import type { PaymentGateway } from '@forecourt/mf-vehicle/contract';
import type { Database } from '@forecourt/data/database';
import { DEFAULT_TENANT } from '@forecourt/data/pins';
import { createStockKey } from '@forecourt/stock-in/stock-keys';
import { loadTenantStock } from '@forecourt/data/stock';
import { OutboxSmsGateway, type SmsGateway } from '@forecourt/domain/identity/sms-gateway';
import { SimulatedFinancePartner } from '@forecourt/partners/finance/finance-partner';
import { LocalPaymentSimulator } from '@forecourt/partners/payments/payment-gateway';
import { indexStock } from '@forecourt/search-service/indexing/indexer';
import type { Car } from '@forecourt/data/stock-model';
import { seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import { makeFakeBuild, tempDir } from '@forecourt/test-kit/fake-build';
import { openTestDatabase, serverTestEngine } from '@forecourt/test-kit/test-database';
import { buildApp } from '@forecourt/server/app';
import { TEST_OPERATOR, testOperatorToken } from '@forecourt/test-kit/operators';
import {
  browserOf,
  consoleBrowserFor,
  consoleHeaders,
  consoleInject,
  type ConsoleBrowser,
} from '@forecourt/test-kit/console-sign-in';
import { SoftwareAuthenticator } from '@forecourt/test-kit/software-authenticator';
import { consoleOrigin } from '@forecourt/config/console-origin';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { rawRequest, serialise, type RawResponse } from './raw-http';
import type { FuzzContext } from './requests';

/** Calls the platform made to its partners that cost money or reach a shopper (a refused request makes none). */
export interface PartnerCalls {
  card: number;
  sms: number;
  financeCustomer: number;
}

/** The operator console as a browser signed in to it with a passkey sends to it. */
export interface ConsoleFuzz {
  host: string;
  origin: string;
  /** The signed-in operator's account. */
  accountId: number;
  /** The browser signed in now; `renew` signs in again once a fuzzed request signed it out. */
  browser: ConsoleBrowser;
  renew(): Promise<void>;
  /** Real-looking ceremony input: an unused enrollment code, and a registration and an assertion of the fuzz's passkey (their challenges used up). */
  enrollmentCode: string;
  registration: RegistrationResponseJSON;
  assertion: AuthenticationResponseJSON;
}

export interface FuzzApp {
  app: FastifyInstance;
  console: ConsoleFuzz;
  database: Database;
  context: FuzzContext;
  /** The main site's cars, as stored. */
  cars: Car[];
  partnerCalls: PartnerCalls;
  /** Signs `phone` in on `site` as a shopper does (the code read from the SMS) and answers its session cookie. */
  signIn(site: string, phone: string): Promise<string>;
  /** GET /api/health over a socket of its own. */
  health(): Promise<RawResponse>;
  close(): Promise<void>;
}

/**
 * The app as `npm start` runs it (listening, stock indexed, every remote published and pinned),
 * on an in-memory database of its own, with the partners' simulators counted and no background
 * rounds (lead delivery, reservation sweep), so a row count moves only with the request in flight.
 */
export async function startFuzzApp(): Promise<FuzzApp> {
  const partnerCalls: PartnerCalls = { card: 0, sms: 0, financeCustomer: 0 };
  const payments = new LocalPaymentSimulator({ delayMs: 0, noAnswerMs: 0 });
  const countedPayments: PaymentGateway = {
    authorise: (input) => (partnerCalls.card++, payments.authorise(input)),
    voidAuthorisation: (key) => (partnerCalls.card++, payments.voidAuthorisation(key)),
  };
  const finance = new SimulatedFinancePartner({ delayMs: 0 });
  const countedFinance: FinancePartner = {
    quote: (input) => finance.quote(input),
    createCustomer: (request, options) => (partnerCalls.financeCustomer++, finance.createCustomer(request, options)),
  };

  const database = await openTestDatabase(serverTestEngine());
  const outbox = new OutboxSmsGateway(database.db, () => undefined);
  const countedSms: SmsGateway = { kind: 'outbox', send: (message) => (partnerCalls.sms++, outbox.send(message)) };
  const tenants = await loadTenants();
  await seedStock(database, tenants, { seed: 7, totalCars: 120 });
  const dataDir = await tempDir();
  const app = await buildApp({
    dataDir,
    database,
    tenants,
    logger: { level: process.env.LOG_LEVEL ?? 'warn' },
    identity: { sms: countedSms },
    reservations: { payments: countedPayments, sweepIntervalMs: 0 },
    partners: { finance: countedFinance },
    leadDelivery: { intervalMs: 0 },
    // Ten feeds a minute would answer nearly every fuzzed upload 429 before the route reads it.
    stockApi: { importsPerKeyPerMinute: 1_000_000 },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await indexStock({ db: database.db, tenants, target: app.stockSearch.target({ host: '127.0.0.1', port }) });
  app.stockSearch.state.indexed = true;
  // Started as `listen` starts a server: its readiness answers 200 from here on.
  app.readiness.started = true;

  for (const team of ['shell', ...REMOTE_TEAMS]) {
    await app.registry.publish(team, await makeFakeBuild(dataDir, { team, version: '1.0.0' }));
    await app.pins.pin({ tenant: DEFAULT_TENANT, team, version: '1.0.0', actor: 'fuzz' });
  }

  const stock = await loadTenantStock(database.db, 'harbourside-motors');
  const cars = stock.cars.slice(0, 3);
  const keys = JSON.parse(await fs.readFile(path.join(dataDir, 'search-keys.json'), 'utf8')) as { adminKey: string };
  const context: FuzzContext = {
    port,
    tenants: tenants.map((t) => t.slug),
    params: {
      carId: cars.map((c) => c.id),
      image: ['1.jpg', '2.jpg', '99.jpg'],
      frame: ['1.jpg', '36.jpg', 'interior.jpg'],
      file: [...cars.map((c) => `${c.id}.pdf`), ...stock.locations.slice(0, 1).map((l) => `${l.slug}.jpg`), 'x.jpg'],
      kind: ['locations', 'blog', 'slides', 'brands', 'makes', 'models'],
      team: ['shell', 'mf-search'],
      version: ['1.0.0'],
      '*': ['remoteEntry.js', 'mf-manifest.json', 'forecourt-build.json'],
      page: ['search/used-cars', `cars/${cars[0]?.slug ?? 'x'}`, 'finance', 'locations/x', 'contact'],
      index: ['cars', 'cars_price_asc', '*'],
      objectID: cars.map((c) => c.id),
      taskID: ['1'],
      stocknum: ['FZ-1', cars[0]?.stocknum ?? 'x'],
    },
    searchKey: app.stockSearch.access(app.tenants.get('harbourside-motors')!).apiKey,
    adminSearchKey: keys.adminKey,
    operatorToken: await testOperatorToken(app),
    stockKey: (await createStockKey(database.db, { tenant: 'harbourside-motors', label: 'fuzz', createdBy: 'fuzz' }))
      .secret,
    console: consoleHeaders(app),
  };

  // The test operator signs in to the console with a passkey, as a person would.
  const operatorId = (await app.operators.findAccountByName(TEST_OPERATOR))?.id ?? 0;
  const authenticator = new SoftwareAuthenticator(consoleOrigin(app.config));
  const firstBrowser = await consoleBrowserFor(app, authenticator, operatorId);
  let signIns = 0;
  const signIn = async () => {
    // From an address of its own each time: the fuzz signs in again after each sign-out it sends, past the per-address limit.
    const remoteAddress = `203.0.113.${1 + (signIns++ % 254)}`;
    const options = await consoleInject(app, { method: 'POST', url: '/session/options', payload: {}, remoteAddress });
    const assertion = authenticator.get(options.json<PublicKeyCredentialRequestOptionsJSON>());
    return {
      assertion,
      browser: browserOf(
        await consoleInject(app, { method: 'POST', url: '/session', payload: { response: assertion }, remoteAddress }),
      ),
    };
  };
  const second = await signIn();
  const [registration] = authenticator.registrations;
  if (!registration) throw new Error('the fuzz operator registered no passkey');
  const consoleFuzz: ConsoleFuzz = {
    ...consoleHeaders(app),
    accountId: operatorId,
    browser: firstBrowser,
    async renew() {
      consoleFuzz.browser = (await signIn()).browser;
    },
    enrollmentCode: (
      await app.consoleSessions.issueEnrollment({ accountId: null, name: 'fuzz', tokenId: null }, operatorId)
    ).code,
    registration,
    assertion: second.assertion,
  };

  return {
    app,
    console: consoleFuzz,
    database,
    context,
    cars: stock.cars,
    partnerCalls,
    async signIn(site, phone) {
      const headers = { 'x-forecourt-tenant': site, 'content-type': 'application/json' };
      const sent = await app.inject({ method: 'POST', url: '/api/auth/send-code', headers, payload: { phone } });
      if (sent.statusCode !== 202) throw new Error(`send-code answered ${sent.statusCode}`);
      const message = await database.db
        .selectFrom('sms_outbox')
        .select('body')
        .where('tenant', '=', site)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const verified = await app.inject({
        method: 'POST',
        url: '/api/auth/verify-code',
        headers,
        payload: { phone, code: /\b(\d{6})\b/.exec(message.body)?.[1] },
      });
      const cookie = verified.cookies.find((c) => c.name === 'forecourt_session');
      if (!cookie) throw new Error(`no session on ${site}: verify-code answered ${verified.statusCode}`);
      return `forecourt_session=${cookie.value}`;
    },
    health: () =>
      rawRequest(port, serialise({ method: 'GET', target: '/api/health', headers: [['host', `127.0.0.1:${port}`]] })),
    async close() {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
