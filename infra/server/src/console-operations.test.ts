import { sql } from 'kysely';
import type { Database } from '@forecourt/data/database';
import { storeLead } from '@forecourt/data/leads';
import { p95FromClasses } from '@forecourt/data/search-stats';
import type { Crm, OutgoingLead } from '@forecourt/domain/leads/crm';
import { CARS_INDEX, CARS_INDEX_SETTINGS } from '@forecourt/search-service/indexing/records';
import { accountToken, adminCall, clearConsoleTables } from '@forecourt/test-kit/console-data';
import {
  clearPlatformTables,
  createTestPlatform,
  openSharedDatabase,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';

/**
 * The console's lead delivery and search health, through the real app over HTTP: the numbers are
 * the database's, and only an operator sends leads again.
 */
let database: Database;
let platform: TestPlatform;
let crm: TestCrm;

const HARBOURSIDE = 'harbourside-motors';
const SUMMIT = 'summit-auto-group';

/** A CRM that takes every lead but a failing tenant's, and remembers each delivery. */
class TestCrm implements Crm {
  readonly kind = 'webhook';
  readonly failing = new Set<string>();
  readonly delivered: string[] = [];

  async deliver(lead: OutgoingLead): Promise<void> {
    // A turn of the event loop, so a round running beside another interleaves with it.
    await new Promise((resolve) => setImmediate(resolve));
    if (this.failing.has(lead.tenant)) throw new Error(`${lead.tenant}'s CRM is down`);
    this.delivered.push(lead.id);
  }
}

beforeAll(async () => {
  database = await openSharedDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await clearPlatformTables(database);
  await clearConsoleTables(database);
  crm = new TestCrm();
  platform = await createTestPlatform(database, {
    leadDelivery: { crm, intervalMs: 0 },
    canaryAlerts: { intervalMs: 0, webhookUrl: null },
  });
});
afterEach(async () => {
  await platform.close();
});

async function lead(tenant: string): Promise<string> {
  const stored = await storeLead(database.db, {
    tenant,
    form: 'enquiry',
    payload: { userData: { name: 'Alex' } },
    phoneDigits: null,
    idempotency: null,
  });
  if (stored.status !== 'stored') throw new Error(`lead not stored: ${stored.status}`);
  return stored.leadId;
}

interface Delivery {
  tenant: string;
  received: number;
  delivered: number;
  waiting: number;
  failing: number;
  oldestWaitingSeconds: number | null;
  lastError: string | null;
}

describe('GET /_admin/lead-delivery', () => {
  it("counts each tenant's leads received, delivered, waiting and failing as the outbox holds them", async () => {
    for (let i = 0; i < 3; i += 1) await lead(HARBOURSIDE);
    for (let i = 0; i < 2; i += 1) await lead(SUMMIT);
    crm.failing.add(SUMMIT);
    await platform.app.deliverLeads();
    await lead(HARBOURSIDE);

    const response = await adminCall(platform.app, platform.operatorToken, 'GET', '/lead-delivery');
    expect(response.statusCode).toBe(200);
    const tenants = response.json<{ tenants: Delivery[] }>().tenants;
    expect(tenants.find((t) => t.tenant === HARBOURSIDE)).toEqual({
      tenant: HARBOURSIDE,
      received: 4,
      delivered: 3,
      waiting: 1,
      failing: 0,
      oldestWaitingSeconds: expect.any(Number),
      lastError: null,
    });
    expect(tenants.find((t) => t.tenant === SUMMIT)).toEqual({
      tenant: SUMMIT,
      received: 2,
      delivered: 0,
      waiting: 0,
      failing: 2,
      oldestWaitingSeconds: expect.any(Number),
      lastError: `${SUMMIT}'s CRM is down`,
    });
    expect(tenants.find((t) => t.tenant === 'coastal-caravans')).toMatchObject({
      received: 0,
      oldestWaitingSeconds: null,
    });
    const outbox = await sql<{ tenant: string; received: number; delivered: number; waiting: number; failing: number }>`
      select tenant, count(*)::int as received, count(delivered_at)::int as delivered,
        count(*) filter (where delivered_at is null and attempts = 0)::int as waiting,
        count(*) filter (where delivered_at is null and attempts > 0)::int as failing
      from lead_outbox group by tenant`.execute(database.db);
    for (const row of outbox.rows)
      expect(tenants.find((t) => t.tenant === row.tenant)).toMatchObject({
        received: row.received,
        delivered: row.delivered,
        waiting: row.waiting,
        failing: row.failing,
      });
  });

  it("shows a tenant manager only its own tenants' delivery", async () => {
    await lead(HARBOURSIDE);
    const manager = await accountToken(platform.app, 'tenant-manager', [SUMMIT]);
    const tenants = (await adminCall(platform.app, manager, 'GET', '/lead-delivery')).json<{ tenants: Delivery[] }>()
      .tenants;
    expect(tenants.map((t) => t.tenant)).toEqual([SUMMIT]);
  });
});

describe('POST /_admin/lead-delivery/retry', () => {
  async function failingLeads(tenant: string, count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) ids.push(await lead(tenant));
    crm.failing.add(tenant);
    await platform.app.deliverLeads();
    crm.failing.delete(tenant);
    // Their next try an hour away (a lead that failed a few times waits that long): only a retry
    // makes them due now. The first backoff is 2 s, which a busy machine can pass before the
    // retry is sent, and then the other rounds would take them first.
    await database.db
      .updateTable('lead_outbox')
      .set({ next_attempt_at: new Date(Date.now() + 3_600_000) })
      .where('lead_id', 'in', ids)
      .execute();
    return ids;
  }

  it("sends a tenant's failing leads now, each once, while other rounds run beside it", async () => {
    const ids = await failingLeads(SUMMIT, 3);
    const other = await createTestPlatform(database, {
      leadDelivery: { crm, intervalMs: 0 },
      canaryAlerts: { intervalMs: 0, webhookUrl: null },
    });
    try {
      const [response] = await Promise.all([
        adminCall(platform.app, platform.operatorToken, 'POST', '/lead-delivery/retry', { tenant: SUMMIT }),
        other.app.deliverLeads(),
        platform.app.deliverLeads(),
        other.app.deliverLeads(),
      ]);
      expect(response.statusCode).toBe(200);
      const answer = response.json<{ retried: number; inFlight: number; delivered: number; stillWaiting: number }>();
      expect(answer).toMatchObject({ tenant: SUMMIT, retried: 3, inFlight: 0, finished: true });
      // Another instance's round may still be sending one when the answer is made.
      expect(answer.delivered + answer.stillWaiting).toBe(3);
      await other.app.deliverLeads();
      expect([...crm.delivered].sort()).toEqual([...ids].sort());
    } finally {
      await other.close();
    }
    const audit = await database.db
      .selectFrom('operator_audit')
      .select(['action', 'tenant', 'outcome'])
      .where('action', '=', 'lead-retry')
      .execute();
    expect(audit).toEqual([{ action: 'lead-retry', tenant: SUMMIT, outcome: 'allowed' }]);
  });

  it('leaves a lead a delivery round holds to that round', async () => {
    const [held, free] = await failingLeads(SUMMIT, 2);
    await database.db
      .updateTable('lead_outbox')
      .set({ claimed_until: new Date(Date.now() + 60_000) })
      .where('lead_id', '=', held!)
      .execute();
    const response = await adminCall(platform.app, platform.operatorToken, 'POST', '/lead-delivery/retry', {
      tenant: SUMMIT,
    });
    expect(response.json()).toMatchObject({ retried: 1, inFlight: 1, delivered: 1 });
    expect(crm.delivered).toEqual([free]);
  });

  it('refuses a viewer and a tenant manager (403): only operators send leads again', async () => {
    await failingLeads(SUMMIT, 1);
    for (const token of [
      await accountToken(platform.app, 'viewer', null),
      await accountToken(platform.app, 'tenant-manager', [SUMMIT]),
    ]) {
      const response = await adminCall(platform.app, token, 'POST', '/lead-delivery/retry', { tenant: SUMMIT });
      expect(response.statusCode).toBe(403);
      expect(response.json<{ error: string }>().error).toMatch(/may not lead-retry/);
    }
    expect(crm.delivered).toEqual([]);
  });

  it('answers 400 naming the field for a body without a tenant, 404 for an unknown tenant', async () => {
    const missing = await adminCall(platform.app, platform.operatorToken, 'POST', '/lead-delivery/retry', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: expect.stringMatching(/^tenant: /), field: 'tenant' });
    const unknown = await adminCall(platform.app, platform.operatorToken, 'POST', '/lead-delivery/retry', {
      tenant: 'no-such-dealer',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: "Unknown tenant 'no-such-dealer'", field: 'tenant' });
  });
});

describe('GET /_admin/search-health', () => {
  const target = () => platform.app.stockSearch.target({ host: '127.0.0.1', port: 0 });
  const searchApi = (method: 'POST' | 'PUT', url: string, key: string, payload: object) =>
    platform.app.inject({
      method,
      url,
      payload,
      headers: {
        'x-algolia-application-id': target().appId,
        'x-algolia-api-key': key,
        'content-type': 'application/json',
      },
    });
  const car = (tenant: string, id: number, model: string) => ({
    objectID: `${tenant}-${id}`,
    tenant,
    make: 'Toyota',
    model,
    name: `Toyota ${model}`,
    visible_until: 4_000_000_000,
    show_on_dealer_website: true,
    image_count: 3,
  });

  /** A shopper's search on a tenant's site, with the page's secured key: the results and a refined facet, one query. */
  async function shopperSearch(tenant: string, query: string) {
    const key = platform.app.stockSearch.access(platform.app.tenants.get(tenant)!).apiKey;
    const response = await searchApi('POST', '/1/indexes/*/queries', key, {
      requests: [
        { indexName: CARS_INDEX, query },
        { indexName: CARS_INDEX, query, hitsPerPage: 0, facets: ['make'] },
      ],
    });
    expect(response.statusCode).toBe(200);
  }

  beforeEach(async () => {
    expect(
      (await searchApi('PUT', `/1/indexes/${CARS_INDEX}/settings`, target().adminKey, CARS_INDEX_SETTINGS)).statusCode,
    ).toBe(200);
    const records = [car(HARBOURSIDE, 1, 'Corolla'), car(HARBOURSIDE, 2, 'Camry'), car(SUMMIT, 3, 'Hilux')];
    const batch = await searchApi('POST', `/1/indexes/${CARS_INDEX}/batch`, target().adminKey, {
      requests: records.map((body) => ({ action: 'addObject', body })),
    });
    expect(batch.statusCode).toBe(200);
  });

  interface Health {
    engine: string;
    note: string;
    tenants: Array<{
      tenant: string;
      records: number | null;
      lastWrite: string | null;
      snapshotAgeSeconds: number | null;
      p95Ms: number | null;
      searchesLastHour: number;
      topNoHits: Array<{ query: string; count: number }>;
    }>;
  }

  it("gives each tenant's records, last write, p95 and top no-hit queries as the database holds them", async () => {
    await shopperSearch(HARBOURSIDE, 'corolla');
    await shopperSearch(HARBOURSIDE, 'Zonda  ');
    await shopperSearch(HARBOURSIDE, 'zonda');
    await shopperSearch(HARBOURSIDE, 'lambo');
    await shopperSearch(HARBOURSIDE, '');
    await platform.app.stockSearch.stats!.flush();

    const response = await adminCall(platform.app, platform.operatorToken, 'GET', '/search-health');
    expect(response.statusCode).toBe(200);
    const health = response.json<Health>();
    expect(health.engine).toBe('embedded');
    const harbourside = health.tenants.find((t) => t.tenant === HARBOURSIDE)!;
    expect(harbourside).toMatchObject({
      records: 2,
      searchesLastHour: 5,
      topNoHits: [
        { query: 'zonda', count: 2 },
        { query: 'lambo', count: 1 },
      ],
    });

    const classes = await database.db
      .selectFrom('search_latency')
      .select(['le_ms', 'count'])
      .where('tenant', '=', HARBOURSIDE)
      .execute();
    expect(classes.reduce((sum, row) => sum + Number(row.count), 0)).toBe(5);
    expect(harbourside.p95Ms).toBe(
      p95FromClasses(classes.map((row) => ({ leMs: Number(row.le_ms), count: Number(row.count) }))),
    );
    expect(harbourside.p95Ms).not.toBeNull();
    const written = await database.db
      .selectFrom('search_index_state')
      .select('last_write_at')
      .where('scope', '=', HARBOURSIDE)
      .executeTakeFirstOrThrow();
    expect(harbourside.lastWrite).toBe(new Date(written.last_write_at!).toISOString());
    const noHits = await database.db
      .selectFrom('search_no_hits')
      .select(['query', 'count'])
      .where('tenant', '=', HARBOURSIDE)
      .orderBy('query')
      .execute();
    expect(noHits.map((row) => [row.query, Number(row.count)])).toEqual([
      ['lambo', 1],
      ['zonda', 2],
    ]);
  });

  it("counts a tenant's searches under the tenant its key names only", async () => {
    await shopperSearch(SUMMIT, 'corolla');
    await platform.app.stockSearch.stats!.flush();
    const health = (await adminCall(platform.app, platform.operatorToken, 'GET', '/search-health')).json<Health>();
    expect(health.tenants.find((t) => t.tenant === SUMMIT)).toMatchObject({
      records: 1,
      searchesLastHour: 1,
      topNoHits: [{ query: 'corolla', count: 1 }],
    });
    expect(health.tenants.find((t) => t.tenant === HARBOURSIDE)).toMatchObject({
      searchesLastHour: 0,
      p95Ms: null,
      topNoHits: [],
    });
  });

  it("shows a tenant manager only its own tenants' search health", async () => {
    const manager = await accountToken(platform.app, 'tenant-manager', [HARBOURSIDE]);
    const health = (await adminCall(platform.app, manager, 'GET', '/search-health')).json<Health>();
    expect(health.tenants.map((t) => t.tenant)).toEqual([HARBOURSIDE]);
  });
});
