import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  AccountChange,
  Accounts,
  Audit,
  AuthenticationOptions,
  CanaryResult,
  CreatedStockKey,
  Enrollment,
  Failures,
  FeedScheduleChange,
  FeedSchedules,
  FirstOperator,
  IssuedToken,
  LeadDelivery,
  LeadRetryResult,
  Me,
  NoContent,
  OverrideLink,
  Overview,
  PinHistory,
  PinResult,
  PinsOverview,
  PublishRecorded,
  Publishes,
  RegistrationOptions,
  Reindexed,
  RemoteDetail,
  RevokedStockKey,
  SavedSynonym,
  SearchHealth,
  Session,
  StockImportDetail,
  StockImports,
  StockKeys,
  TenantConfigs,
  TenantPhotos,
  TenantSettings,
  TenantNames,
  TenantTable,
} from '@forecourt/admin-contract';
import { PLATFORM_EVENT } from '@forecourt/shared-config/failures';
import type { Database } from '@forecourt/data/database';
import { storeLead } from '@forecourt/data/leads';
import { listLocations } from '@forecourt/data/stock';
import { seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import { beacon, clearConsoleTables } from '@forecourt/test-kit/console-data';
import {
  browserOf,
  consoleInject,
  enrollPasskey,
  signInWithPasskey,
  type ConsoleBrowser,
} from '@forecourt/test-kit/console-sign-in';
import { metaCsv, metaRows } from '@forecourt/test-kit/meta-feed';
import { SoftwareAuthenticator } from '@forecourt/test-kit/software-authenticator';
import {
  clearPlatformTables,
  createTestPlatform,
  openSharedDatabase,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';
import { consoleOrigin } from '@forecourt/config/console-origin';

/**
 * The admin API's answers against its contract (@forecourt/admin-contract): every admin route is
 * called on a test platform, as the CLI (a personal token) or the console (its session) calls it,
 * and its answer is parsed with the schema the console, the CLI and the drills parse it with. A
 * route that changes its answer without the contract fails here, and so does an admin route added
 * without a case here (the last test). The cases run in order on one platform, each building on
 * the state the one before left, as an operator's day would.
 */
const SITE = 'harbourside-motors';
let database: Database;
let platform: TestPlatform;
let token: string;
let browser: ConsoleBrowser;
const authenticator = () => new SoftwareAuthenticator(consoleOrigin(platform.app.config));

/** The admin routes answered so far, as the route table names them ('POST /_admin/operators/:id/deactivate'). */
const answered = new Set<string>();

/**
 * The answer of `route` (its method and pattern), sent to `url` (the pattern itself unless the
 * route has parameters or a query), parsed with `schema` after its status is checked. The
 * answer's own words are in the failure, so a refusal says why.
 */
async function answer<S extends z.ZodType>(
  route: string,
  schema: S,
  request: { url?: string; payload?: object; status?: number; as?: 'token' | 'console' | { adminToken: string } } = {},
): Promise<z.output<S>> {
  const [method, pattern] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
  const url = request.url ?? pattern;
  const as = request.as ?? 'token';
  let response: LightMyRequestResponse;
  if (as === 'console') {
    if (method === 'PUT') throw new Error('the console session sends no PUT in these cases');
    response = await consoleInject(platform.app, {
      method,
      url: url.replace(/^\/_admin/, ''),
      browser,
      ...(request.payload ? { payload: request.payload } : {}),
    });
  } else {
    const bearer = typeof as === 'object' ? as.adminToken : token;
    response = await platform.app.inject({
      method,
      url,
      ...(request.payload ? { payload: request.payload } : {}),
      headers: { authorization: `Bearer ${bearer}` },
    });
  }
  expect({ route, status: response.statusCode }).toEqual({ route, status: request.status ?? 200 });
  const parsed = schema.safeParse(response.statusCode === 204 ? undefined : response.json());
  if (!parsed.success)
    throw new Error(
      `${route} answered what its contract does not describe:\n${z.prettifyError(parsed.error)}\n${response.body.slice(0, 2000)}`,
    );
  answered.add(`${method} ${pattern}`);
  return parsed.data;
}

beforeAll(async () => {
  database = await openSharedDatabase();
  await clearPlatformTables(database);
  await clearConsoleTables(database);
  await seedStock(database, await loadTenants(), { totalCars: 8 });
  platform = await createTestPlatform(database, {
    stockIndex: { intervalMs: 0 },
    stockImports: { intervalMs: 0 },
    feedSchedules: { intervalMs: 0 },
    carPhotos: { intervalMs: 0 },
    photoSweep: { intervalMs: 0 },
    leadDelivery: { intervalMs: 0 },
    canaryAlerts: { intervalMs: 0, webhookUrl: null },
  });
  await platform.publish({ team: 'mf-search', version: '1.1.0' });
  await platform.publish({ team: 'mf-search', version: '1.2.0' });
  // The synonyms and the re-index go to the embedded search service of the running server.
  await platform.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await platform.close();
  await database.close();
});

it('answers the first operator as the contract says, while no operator exists', async () => {
  await database.db.deleteFrom('operator_tokens').execute();
  await database.db.deleteFrom('operator_accounts').execute();
  const first = await answer('POST /_admin/operators/first', FirstOperator, {
    payload: { name: 'Contract Operator' },
    status: 201,
    as: { adminToken: platform.adminToken },
  });
  token = first.secret;
});

it('answers pins, canaries, promotes, rollbacks and their history as the contract says', async () => {
  await answer('POST /_admin/pins', PinResult, { payload: { tenant: SITE, team: 'mf-search', version: '1.1.0' } });
  await answer('POST /_admin/canary', CanaryResult, {
    payload: { tenant: SITE, team: 'mf-search', version: '1.2.0', percent: 10 },
  });
  await answer('POST /_admin/promote', PinResult, { payload: { tenant: SITE, team: 'mf-search', expected: '1.1.0' } });
  const rolledBack = await answer('POST /_admin/rollback', PinResult, {
    payload: { tenant: SITE, team: 'mf-search', expected: '1.2.0' },
  });
  expect(rolledBack.change?.action).toBe('rollback');
  await answer('POST /_admin/canary', CanaryResult, {
    payload: { tenant: SITE, team: 'mf-search', version: '1.2.0', percent: 20 },
  });
  const pins = await answer('GET /_admin/pins', PinsOverview);
  expect(pins.canaries).toHaveLength(1);
  const { changes } = await answer('GET /_admin/history', PinHistory, { url: `/_admin/history?tenant=${SITE}` });
  expect(changes.length).toBeGreaterThanOrEqual(5);
});

it("answers the shells' reports, the console's overview and a remote's page as the contract says", async () => {
  for (const version of ['1.1.0', '1.2.0'])
    expect(
      (await beacon(platform.app, SITE, PLATFORM_EVENT.appMounted, { remote: 'mf-search', version })).statusCode,
    ).toBeLessThan(300);
  await beacon(platform.app, SITE, PLATFORM_EVENT.failure, {
    remote: 'mf-search',
    version: '1.2.0',
    kind: 'mount',
    detail: 'TypeError: mount broke',
  });
  const { failures } = await answer('GET /_admin/failures', Failures);
  expect(failures).toContainEqual(expect.objectContaining({ tenant: SITE, remote: 'mf-search', kind: 'mount' }));
  for (const window of ['hour', 'day'])
    await answer('GET /_admin/overview', Overview, { url: `/_admin/overview?window=${window}` });
  const remote = await answer('GET /_admin/tenants/:tenant/remotes/:team', RemoteDetail, {
    url: `/_admin/tenants/${SITE}/remotes/mf-search`,
  });
  expect(remote.canary?.version).toBe('1.2.0');
  expect(remote.recentFailures).toHaveLength(1);
  await answer('POST /_admin/overrides', OverrideLink, {
    payload: { tenant: SITE, team: 'mf-search', entry: 'http://localhost:3001/remoteEntry.js' },
  });
});

it('answers accounts, tokens, enrollments and the audit as the contract says', async () => {
  const { account } = await answer('POST /_admin/operators', AccountChange, {
    payload: { name: 'Contract Viewer', role: 'viewer', tenants: [SITE] },
    status: 201,
  });
  await answer('GET /_admin/operators', Accounts);
  await answer('GET /_admin/operators/me', Me);
  await answer('POST /_admin/tokens', IssuedToken, { payload: { label: 'contract' }, status: 201 });
  await answer('POST /_admin/operators/:id/enrollment', Enrollment, {
    url: `/_admin/operators/${account.id}/enrollment`,
    payload: {},
    status: 201,
  });
  await answer('POST /_admin/operators/:id/deactivate', AccountChange, {
    url: `/_admin/operators/${account.id}/deactivate`,
  });
  const { entries } = await answer('GET /_admin/audit', Audit);
  expect(entries.length).toBeGreaterThan(0);
});

it("answers the console's passkey sign-in and its session as the contract says", async () => {
  const me = await answer('GET /_admin/operators/me', Me);
  const { code } = await answer('POST /_admin/operators/:id/enrollment', Enrollment, {
    url: `/_admin/operators/${me.account.id}/enrollment`,
    payload: {},
    status: 201,
  });
  const passkey = authenticator();
  await answer('POST /_admin/session/enroll/options', RegistrationOptions, { payload: { code }, as: 'console' });
  // enrollPasskey asks for options of its own: a code of its own keeps the two ceremonies apart.
  const { code: second } = await answer('POST /_admin/operators/:id/enrollment', Enrollment, {
    url: `/_admin/operators/${me.account.id}/enrollment`,
    payload: {},
    status: 201,
  });
  const enrolled = await enrollPasskey(platform.app, passkey, second);
  expect(Session.safeParse(enrolled.json()).error).toBeUndefined();
  answered.add('POST /_admin/session/enroll');
  await answer('POST /_admin/session/options', AuthenticationOptions, { payload: {}, as: 'console' });
  const signedIn = await signInWithPasskey(platform.app, passkey);
  expect(Session.safeParse(signedIn.json()).error).toBeUndefined();
  answered.add('POST /_admin/session');
  browser = browserOf(signedIn);
  await answer('GET /_admin/session', Session, { as: 'console' });
  await answer('DELETE /_admin/session', NoContent, { status: 204, as: 'console' });
});

it('answers the publish audit as the contract says', async () => {
  const checks = [
    { check: 'exposes', passed: true, reasons: [] },
    { check: 'budget', passed: false, reasons: ['over by 2 KB'], skipped: 'no baseline' },
  ];
  await answer('POST /_admin/publishes', PublishRecorded, {
    payload: { team: 'mf-search', version: '1.2.0', forced: true, checks, reason: 'the contract test' },
    status: 201,
  });
  const { publishes } = await answer('GET /_admin/publishes', Publishes);
  expect(publishes).toHaveLength(1);
});

it('answers lead delivery and search health as the contract says', async () => {
  const stored = await storeLead(database.db, {
    tenant: SITE,
    form: 'enquiry',
    payload: { userData: { name: 'Alex' } },
    phoneDigits: null,
    idempotency: null,
  });
  expect(stored.status).toBe('stored');
  const delivery = await answer('GET /_admin/lead-delivery', LeadDelivery);
  expect(delivery.tenants.find((row) => row.tenant === SITE)?.received).toBe(1);
  await answer('POST /_admin/lead-delivery/retry', LeadRetryResult, { payload: { tenant: SITE } });
  await answer('GET /_admin/search-health', SearchHealth);
  await answer('PUT /_admin/synonyms/:objectID', SavedSynonym, {
    url: '/_admin/synonyms/contract-ute',
    payload: { type: 'synonym', synonyms: ['ute', 'pickup'] },
  });
  await answer('POST /_admin/reindex', Reindexed, { payload: {} });
});

it("answers a tenant's Stock API keys, feeds, imports and photos as the contract says", async () => {
  const created = await answer('POST /_admin/stock-keys', CreatedStockKey, {
    payload: { tenant: SITE, label: 'Contract DMS' },
    status: 201,
  });
  await answer('GET /_admin/stock-keys', StockKeys, { url: `/_admin/stock-keys?tenant=${SITE}` });

  const feed = { url: 'https://dms.example.com/stock.csv', format: 'meta-auto', interval_minutes: 60 };
  await answer('PUT /_admin/feeds/:tenant/:source', FeedScheduleChange, {
    url: `/_admin/feeds/${SITE}/main-yard`,
    payload: feed,
    status: 201,
  });
  await answer('GET /_admin/feeds', FeedSchedules, { url: `/_admin/feeds?tenant=${SITE}` });
  await answer('DELETE /_admin/feeds/:tenant/:source', FeedScheduleChange, { url: `/_admin/feeds/${SITE}/main-yard` });

  // Ten cars, then a feed of two of them: held back, as it would withdraw eight.
  const location = (await listLocations(database.db, SITE))[0]!.slug;
  const send = async (count: number) => {
    const response = await platform.app.inject({
      method: 'POST',
      url: '/api/stock/v1/imports?source=dms',
      payload: metaCsv(metaRows(count, location)),
      headers: { authorization: `Bearer ${created.secret}`, 'content-type': 'text/csv' },
    });
    await platform.app.stockImports.run();
    return response.json<{ id: string }>().id;
  };
  await send(10);
  const held = await send(2);
  const { imports } = await answer('GET /_admin/imports', StockImports, { url: `/_admin/imports?tenant=${SITE}` });
  expect(imports.map((entry) => entry.status)).toEqual(['quarantined', 'done']);
  await answer('GET /_admin/imports/:id', StockImportDetail, { url: `/_admin/imports/${held}` });
  await answer('POST /_admin/imports/:id/apply', StockImportDetail, {
    url: `/_admin/imports/${held}/apply`,
    payload: { reason: 'The dealer sold its other yard' },
    status: 202,
  });

  const broken = 'https://cdn.example.com/hm-contract/2.jpg';
  await database.db
    .insertInto('car_photos')
    .values({
      tenant: SITE,
      url: broken,
      status: 'failed',
      attempts: 1,
      last_error: `${broken} is not an image`,
      hash: null,
    })
    .execute();
  const car = await database.db
    .selectFrom('cars')
    .select('id')
    .where('tenant', '=', SITE)
    .orderBy('stocknum')
    .executeTakeFirstOrThrow();
  await database.db
    .updateTable('cars')
    .set({ photo_urls: sql<string>`coalesce(photo_urls, '[]'::jsonb) || ${JSON.stringify([broken])}::jsonb` })
    .where('id', '=', car.id)
    .execute();
  const photos = await answer('GET /_admin/photos', TenantPhotos, { url: `/_admin/photos?tenant=${SITE}` });
  expect(photos.photos).toContainEqual(expect.objectContaining({ url: broken, status: 'failed' }));

  await answer('POST /_admin/stock-keys/:id/revoke', RevokedStockKey, {
    url: `/_admin/stock-keys/${created.key.id}/revoke`,
    payload: {},
  });
});

it("answers tenants' settings, a new tenant and the export as the contract says", async () => {
  const before = await answer('GET /_admin/tenants/:tenant/settings', TenantSettings, {
    url: `/_admin/tenants/${SITE}/settings`,
  });
  const contact = { ...(before.config.contact as object), phone: '(02) 9111 2222' };
  const changed = await answer('PUT /_admin/tenants/:tenant/settings/:section', TenantSettings, {
    url: `/_admin/tenants/${SITE}/settings/contact`,
    payload: { revision: before.revision, value: { contact } },
  });
  const location = changed.locations.find((entry) => entry.hours.sales)!;
  const days = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, open: '09:00', close: '17:00' }));
  await answer('PUT /_admin/tenants/:tenant/hours/:location', TenantSettings, {
    url: `/_admin/tenants/${SITE}/hours/${location.slug}`,
    payload: { revision: changed.revision, type: 'sales', days },
  });
  const { tenants } = await answer('GET /_admin/tenant-configs', TenantConfigs);
  const created = await answer('POST /_admin/tenants', TenantSettings, {
    payload: {
      config: { ...tenants.find((tenant) => tenant.slug === SITE)!.config, slug: 'contract-motors', domains: [] },
    },
    status: 201,
  });
  const table = await answer('GET /_admin/tenant-table', TenantTable, {
    url: '/_admin/tenant-table?window=day&sort=failures&q=contract',
  });
  expect(table.rows.map((row) => row.tenant)).toEqual(['contract-motors']);
  const { tenants: named } = await answer('GET /_admin/tenant-names', TenantNames);
  expect(named).toContainEqual({ tenant: 'contract-motors', name: 'Harbourside Motors' });
  await answer('PUT /_admin/tenants/:tenant', TenantSettings, {
    url: `/_admin/tenants/${created.tenant}`,
    payload: { config: { ...(created.config as object), slug: created.tenant, name: 'Contract Motors' } },
  });
});

it('has answered every admin route the app serves', () => {
  const routes = platform.app.routeCatalogue
    .filter((route) => route.url.startsWith('/_admin/') && route.method !== 'HEAD')
    .map((route) => `${route.method} ${route.url}`);
  expect(routes.filter((route) => !answered.has(route)).sort()).toEqual([]);
});
