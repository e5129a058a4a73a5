import { sql } from 'kysely';
import type { Database } from '@forecourt/data/database';
import { listLocations } from '@forecourt/data/stock';
import { createStockKey } from '@forecourt/stock-in/stock-keys';
import { seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import { accountToken, adminCall } from '@forecourt/test-kit/console-data';
import { metaCsv, metaRows } from '@forecourt/test-kit/meta-feed';
import {
  clearPlatformTables,
  createTestPlatform,
  openSharedDatabase,
  testConfig,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';

/**
 * A tenant's scheduled feeds, imports and photos through the admin API: who may see and change
 * them, the checks and cap they share with the Stock API's feeds route, and the audit of each change.
 */
const SITE = 'harbourside-motors';
const OTHER = 'summit-auto-group';
const PER_SITE = 2;
let database: Database;
let platform: TestPlatform;
let location: string;

beforeAll(async () => {
  database = await openSharedDatabase();
  await clearPlatformTables(database);
  await seedStock(database, await loadTenants(), { totalCars: 8 });
  location = (await listLocations(database.db, SITE))[0]!.slug;
  platform = await createTestPlatform(database, {
    config: testConfig({ ...process.env, FORECOURT_FEEDS_PER_SITE: String(PER_SITE) }),
    stockIndex: { intervalMs: 0 },
    stockImports: { intervalMs: 0 },
    feedSchedules: { intervalMs: 0 },
    // The photos' tests write their rows as the fetcher leaves them: no fetcher takes them up meanwhile.
    carPhotos: { intervalMs: 0 },
    photoSweep: { intervalMs: 0 },
  });
});
afterAll(async () => {
  await platform.close();
  await database.close();
});
beforeEach(async () => {
  await database.db.deleteFrom('feed_schedules').execute();
  await database.db.deleteFrom('stock_imports').execute();
  await database.db.deleteFrom('cars').where('source', '<>', 'seed').execute();
});

const schedule = (interval = 60) => ({
  url: 'https://dms.example.com/stock.csv',
  format: 'meta-auto',
  interval_minutes: interval,
});
const put = (token: string, tenant: string, source: string, body: object = schedule()) =>
  adminCall(platform.app, token, 'PUT', `/feeds/${tenant}/${source}`, body);

/** An import as the runner leaves it, written straight to its table. */
async function storedImport(tenant: string, values: { errors?: unknown[] } = {}): Promise<string> {
  const row = await database.db
    .insertInto('stock_imports')
    .values({
      tenant,
      source: 'dms',
      format: 'csv',
      status: 'done',
      rows: 3,
      counts: JSON.stringify({ created: 2, updated: 0, unchanged: 0, withdrawn: 0, rejected: 1 }),
      errors: JSON.stringify(
        values.errors ?? [{ row: 3, vehicle_id: 'X-3', field: 'price', message: 'price: required' }],
      ),
      created_by: 'test',
      started_at: new Date('2026-01-01T00:00:00Z'),
      finished_at: new Date('2026-01-01T00:00:04Z'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

it('makes a schedule for an operator (201), due at once, and lists it', async () => {
  expect((await put(platform.operatorToken, SITE, 'main-yard')).statusCode).toBe(201);
  const { feeds } = (await adminCall(platform.app, platform.operatorToken, 'GET', `/feeds?tenant=${SITE}`)).json<{
    feeds: Array<Record<string, unknown>>;
  }>();
  expect(feeds).toEqual([
    expect.objectContaining({
      tenant: SITE,
      source: 'main-yard',
      url: schedule().url,
      format: 'meta-auto',
      interval_minutes: 60,
      last_outcome: null,
      next_pull_at: expect.any(String),
    }),
  ]);
});

it('changes a schedule the site has (200)', async () => {
  await put(platform.operatorToken, SITE, 'main-yard');
  const response = await put(platform.operatorToken, SITE, 'main-yard', schedule(120));
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({ feed: { interval_minutes: 120 } });
});

it("audits a manager's change under its name, action feeds", async () => {
  const manager = await accountToken(platform.app, 'tenant-manager', [SITE]);
  await put(manager, SITE, 'main-yard');
  const audit = await adminCall(platform.app, platform.operatorToken, 'GET', `/audit?tenant=${SITE}`);
  expect(audit.json<{ entries: Array<Record<string, unknown>> }>().entries[0]).toMatchObject({
    action: 'feeds',
    outcome: 'allowed',
    after: { source: 'main-yard', intervalMinutes: 60 },
  });
});

it("refuses a manager another tenant's schedule (403)", async () => {
  const manager = await accountToken(platform.app, 'tenant-manager', [SITE]);
  expect((await put(manager, OTHER, 'main-yard')).statusCode).toBe(403);
});

it('refuses a viewer the feeds, even to read (403), as it is refused stock keys', async () => {
  const viewer = await accountToken(platform.app, 'viewer', null);
  expect((await adminCall(platform.app, viewer, 'GET', '/feeds')).statusCode).toBe(403);
});

it("lists a manager its own site's schedules only", async () => {
  await put(platform.operatorToken, SITE, 'main-yard');
  await put(platform.operatorToken, OTHER, 'main-yard');
  const manager = await accountToken(platform.app, 'tenant-manager', [SITE]);
  const { feeds } = (await adminCall(platform.app, manager, 'GET', '/feeds')).json<{
    feeds: Array<{ tenant: string }>;
  }>();
  expect(feeds.map((feed) => feed.tenant)).toEqual([SITE]);
});

it('answers 400 naming interval_minutes for an interval under the Stock API minimum', async () => {
  const response = await put(platform.operatorToken, SITE, 'main-yard', schedule(5));
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ field: 'interval_minutes' });
});

it('answers 400 naming source for a source the Stock API would refuse', async () => {
  const response = await put(platform.operatorToken, SITE, 'Main Yard');
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ field: 'source' });
});

it('answers 404 naming tenant for a tenant there is not', async () => {
  const response = await put(platform.operatorToken, 'no-such-dealer', 'main-yard');
  expect(response.statusCode).toBe(404);
  expect(response.json()).toMatchObject({ field: 'tenant' });
});

it('removes a schedule, audited; removing it again is 404', async () => {
  await put(platform.operatorToken, SITE, 'main-yard');
  expect((await adminCall(platform.app, platform.operatorToken, 'DELETE', `/feeds/${SITE}/main-yard`)).statusCode).toBe(
    200,
  );
  expect((await adminCall(platform.app, platform.operatorToken, 'DELETE', `/feeds/${SITE}/main-yard`)).statusCode).toBe(
    404,
  );
  const audit = await adminCall(platform.app, platform.operatorToken, 'GET', `/audit?tenant=${SITE}`);
  expect(audit.json<{ entries: Array<Record<string, unknown>> }>().entries[0]).toMatchObject({
    action: 'feeds',
    after: null,
    before: { source: 'main-yard' },
  });
});

it('refuses a new schedule past the per-site cap (409, naming the limit)', async () => {
  for (let n = 0; n < PER_SITE; n++) await put(platform.operatorToken, SITE, `yard-${n}`);
  const response = await put(platform.operatorToken, SITE, 'one-more');
  expect(response.statusCode).toBe(409);
  expect(response.json<{ error: string }>().error).toContain(`${PER_SITE} scheduled feeds`);
});

it('still changes a schedule the site has at the cap', async () => {
  for (let n = 0; n < PER_SITE; n++) await put(platform.operatorToken, SITE, `yard-${n}`);
  expect((await put(platform.operatorToken, SITE, 'yard-0', schedule(90))).statusCode).toBe(200);
});

it("counts the Stock API's schedules against the same cap", async () => {
  for (let n = 0; n < PER_SITE; n++) await put(platform.operatorToken, SITE, `yard-${n}`);
  const { secret } = await createStockKey(database.db, { tenant: SITE, label: 'test', createdBy: 'test' });
  const response = await platform.app.inject({
    method: 'PUT',
    url: '/api/stock/v1/feeds/one-more',
    payload: schedule(),
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(response.statusCode).toBe(409);
});

it("lists a site's imports, newest first, with their counts, duration and error count", async () => {
  const first = await storedImport(SITE);
  const second = await storedImport(SITE, { errors: [] });
  const { imports } = (await adminCall(platform.app, platform.operatorToken, 'GET', `/imports?tenant=${SITE}`)).json<{
    imports: Array<Record<string, unknown>>;
  }>();
  expect(imports.map((entry) => entry.id)).toEqual([second, first]);
  expect(imports[1]).toMatchObject({
    source: 'dms',
    status: 'done',
    counts: { created: 2, rejected: 1 },
    duration_seconds: 4,
    error_count: 1,
    started_at: '2026-01-01T00:00:00.000Z',
  });
});

it('answers 400 naming limit for a limit out of range', async () => {
  const response = await adminCall(platform.app, platform.operatorToken, 'GET', `/imports?tenant=${SITE}&limit=0`);
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ field: 'limit' });
});

it("refuses a manager another tenant's imports (403)", async () => {
  const manager = await accountToken(platform.app, 'tenant-manager', [SITE]);
  expect((await adminCall(platform.app, manager, 'GET', `/imports?tenant=${OTHER}`)).statusCode).toBe(403);
});

it('shows one import with its row errors', async () => {
  const id = await storedImport(SITE);
  const response = await adminCall(platform.app, platform.operatorToken, 'GET', `/imports/${id}`);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({
    import: { id, tenant: SITE, errors: [{ row: 3, vehicle_id: 'X-3', field: 'price' }] },
  });
});

it("answers 404 to a manager asking for another site's import, as for none", async () => {
  const id = await storedImport(OTHER);
  const manager = await accountToken(platform.app, 'tenant-manager', [SITE]);
  expect((await adminCall(platform.app, manager, 'GET', `/imports/${id}`)).statusCode).toBe(404);
});

it('answers 400 naming id for an id that is no import id', async () => {
  const response = await adminCall(platform.app, platform.operatorToken, 'GET', '/imports/abc');
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ field: 'id' });
});

describe('applying a quarantined import anyway', () => {
  /** `body` null sends none. */
  const apply = (token: string, id: string, body: object | null = { reason: 'The dealer sold its other yard' }) =>
    adminCall(platform.app, token, 'POST', `/imports/${id}/apply`, body ?? undefined);

  /** Ten cars of the feed applied, then a feed of two of them: held back, as it would withdraw eight. */
  async function quarantined(): Promise<string> {
    const { secret } = await createStockKey(database.db, { tenant: SITE, label: 'test', createdBy: 'test' });
    const send = async (count: number) => {
      const response = await platform.app.inject({
        method: 'POST',
        url: '/api/stock/v1/imports?source=dms',
        payload: metaCsv(metaRows(count, location)),
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'text/csv' },
      });
      await platform.app.stockImports.run();
      return response.json<{ id: string }>().id;
    };
    await send(10);
    const id = await send(2);
    expect(await importOf(id)).toMatchObject({
      status: 'quarantined',
      message: expect.stringContaining('would withdraw 8 of the 10 cars'),
    });
    return id;
  }
  const importOf = async (id: string) =>
    (await adminCall(platform.app, platform.operatorToken, 'GET', `/imports/${id}`)).json<{
      import: Record<string, unknown>;
    }>().import;

  it('queues it (202), and the runner applies it without the snapshot rules: done, with its counts and who applied it why', async () => {
    const id = await quarantined();
    const response = await apply(platform.operatorToken, id);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({
      import: {
        id,
        status: 'queued',
        applied_anyway: { by: 'Test operator', reason: 'The dealer sold its other yard' },
      },
    });
    await platform.app.stockImports.run();
    expect(await importOf(id)).toMatchObject({
      status: 'done',
      counts: { created: 0, updated: 0, unchanged: 2, withdrawn: 8, rejected: 0 },
      message: expect.stringContaining('would withdraw 8'),
      applied_anyway: { by: 'Test operator', reason: 'The dealer sold its other yard', at: expect.any(String) },
    });
    const onSale = await database.db
      .selectFrom('cars')
      .select('stocknum')
      .where('tenant', '=', SITE)
      .where('source', '=', 'feed:dms')
      .where('status', '<>', 'sold')
      .execute();
    expect(onSale).toHaveLength(2);
  });

  it('writes one audit entry: who, which import, the reason', async () => {
    const id = await quarantined();
    const manager = await accountToken(platform.app, 'tenant-manager', [SITE]);
    expect((await apply(manager, id, { reason: 'Half the stock went to auction' })).statusCode).toBe(202);
    const { entries } = (await adminCall(platform.app, platform.operatorToken, 'GET', `/audit?tenant=${SITE}`)).json<{
      entries: Array<Record<string, unknown>>;
    }>();
    // The audit is append-only: this test's entry is the one of its import.
    const applied = entries.filter((entry) => (entry.after as { import?: string } | null)?.import === id);
    expect(applied).toEqual([
      expect.objectContaining({
        action: 'feeds',
        outcome: 'allowed',
        accountName: expect.stringMatching(/tenant-manager/),
        reason: 'Half the stock went to auction',
        after: expect.objectContaining({ import: id, status: 'queued' }),
      }),
    ]);
  });

  it('refuses a viewer (403), and the import stays quarantined', async () => {
    const id = await quarantined();
    const viewer = await accountToken(platform.app, 'viewer', null);
    expect((await apply(viewer, id)).statusCode).toBe(403);
    expect(await importOf(id)).toMatchObject({ status: 'quarantined', applied_anyway: null });
  });

  it("answers another tenant's manager 404, as for no import, and applies nothing", async () => {
    const id = await quarantined();
    const manager = await accountToken(platform.app, 'tenant-manager', [OTHER]);
    const response = await apply(manager, id);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ field: 'id' });
    expect(await importOf(id)).toMatchObject({ status: 'quarantined' });
  });

  it('answers 409 naming the status of an import that is not quarantined', async () => {
    const id = await storedImport(SITE);
    const response = await apply(platform.operatorToken, id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: expect.stringContaining('is done, not quarantined'),
      current: 'done',
    });
  });

  it('applies it once when two ask at the same moment: the other is answered 409 with the status the first left', async () => {
    const id = await quarantined();
    const statuses = (await Promise.all([apply(platform.operatorToken, id), apply(platform.operatorToken, id)])).map(
      (response) => response.statusCode,
    );
    expect(statuses.sort()).toEqual([202, 409]);
    expect(await platform.app.stockImports.run()).toBe(1);
    expect(await importOf(id)).toMatchObject({ status: 'done', counts: { withdrawn: 8 } });
    const { entries } = (await adminCall(platform.app, platform.operatorToken, 'GET', `/audit?tenant=${SITE}`)).json<{
      entries: Array<{ after: { appliedAnyway?: boolean; import?: string } | null }>;
    }>();
    expect(entries.filter((entry) => entry.after?.appliedAnyway && entry.after.import === id)).toHaveLength(1);
  });

  it('answers 400 naming reason without one, or with only spaces', async () => {
    const id = await quarantined();
    for (const body of [null, {}, { reason: '   ' }]) {
      const response = await apply(platform.operatorToken, id, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field: 'reason' });
    }
    expect(await importOf(id)).toMatchObject({ status: 'quarantined' });
  });

  it('refuses (409) an import a later feed of its source came after: applying it would undo that one', async () => {
    const id = await quarantined();
    const { secret } = await createStockKey(database.db, { tenant: SITE, label: 'test', createdBy: 'test' });
    await platform.app.inject({
      method: 'POST',
      url: '/api/stock/v1/imports?source=dms',
      payload: metaCsv(metaRows(10, location)),
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'text/csv' },
    });
    await platform.app.stockImports.run();
    const response = await apply(platform.operatorToken, id);
    expect(response.statusCode).toBe(409);
    expect(response.json<{ error: string }>().error).toContain('no longer its source');
    expect(
      await database.db.selectFrom('stock_import_chunks').select('seq').where('import_id', '=', id).execute(),
    ).toEqual([]);
  });
});

describe("a tenant's photos", () => {
  const BROKEN = 'https://cdn.example.com/hm-1001/2.jpg';
  const photos = (token: string, query: string) => adminCall(platform.app, token, 'GET', `/photos?${query}`);

  /** A photo row as the fetcher leaves it, named by the tenant's first seeded car. */
  async function storedPhoto(
    tenant: string,
    url: string,
    values: { status: 'pending' | 'stored' | 'failed'; attempts?: number; last_error?: string | null },
  ): Promise<string> {
    await database.db
      .insertInto('car_photos')
      .values({
        tenant,
        url,
        status: values.status,
        attempts: values.attempts ?? 0,
        last_error: values.last_error ?? null,
        hash: values.status === 'stored' ? 'f'.repeat(64) : null,
      })
      .execute();
    const car = await database.db
      .selectFrom('cars')
      .select(['id', 'stocknum'])
      .where('tenant', '=', tenant)
      .orderBy('stocknum')
      .executeTakeFirstOrThrow();
    await database.db
      .updateTable('cars')
      .set({ photo_urls: sql<string>`coalesce(photo_urls, '[]'::jsonb) || ${JSON.stringify([url])}::jsonb` })
      .where('id', '=', car.id)
      .execute();
    return String(car.stocknum);
  }

  beforeEach(async () => {
    await database.db.deleteFrom('car_photos').execute();
    await database.db.updateTable('cars').set({ photo_urls: null }).execute();
  });

  it("lists a site's failed photo with its error, its car, and the counts by status", async () => {
    await storedPhoto(SITE, 'https://cdn.example.com/hm-1001/1.jpg', { status: 'stored' });
    const stocknum = await storedPhoto(SITE, BROKEN, {
      status: 'failed',
      attempts: 1,
      last_error: `${BROKEN} is not an image`,
    });
    const response = await photos(platform.operatorToken, `tenant=${SITE}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      counts: { stored: 1, pending: 0, failed: 1 },
      photos: [
        {
          url: BROKEN,
          status: 'failed',
          attempts: 1,
          last_error: `${BROKEN} is not an image`,
          next_attempt_at: null,
          queued_at: expect.any(String),
          stocknums: [stocknum],
          car_count: 1,
        },
      ],
    });
  });

  it("lists none of another site's photos", async () => {
    await storedPhoto(SITE, 'https://cdn.example.com/hm-1001/3.jpg', { status: 'pending' });
    await storedPhoto(OTHER, BROKEN, { status: 'failed', last_error: 'refused' });
    const { counts, photos: listed } = (await photos(platform.operatorToken, `tenant=${SITE}`)).json<{
      counts: object;
      photos: Array<{ url: string }>;
    }>();
    expect(counts).toEqual({ stored: 0, pending: 1, failed: 0 });
    expect(listed.map((photo) => photo.url)).toEqual(['https://cdn.example.com/hm-1001/3.jpg']);
  });

  it('lists the newest first, as many as the limit asks', async () => {
    for (const n of [1, 2, 3])
      await storedPhoto(SITE, `https://cdn.example.com/hm-1001/${n}.jpg`, {
        status: 'pending',
        attempts: 1,
        last_error: 'answered 503',
      });
    const { counts, photos: listed } = (await photos(platform.operatorToken, `tenant=${SITE}&limit=2`)).json<{
      counts: object;
      photos: Array<{ url: string; next_attempt_at: string | null }>;
    }>();
    expect(counts).toEqual({ stored: 0, pending: 3, failed: 0 });
    expect(listed.map((photo) => photo.url)).toEqual([
      'https://cdn.example.com/hm-1001/3.jpg',
      'https://cdn.example.com/hm-1001/2.jpg',
    ]);
    expect(listed[0]!.next_attempt_at).toEqual(expect.any(String));
  });

  it('leaves out a photo the sweep found no car naming any more', async () => {
    await storedPhoto(SITE, BROKEN, { status: 'failed', last_error: 'refused' });
    await database.db.updateTable('car_photos').set({ released_at: new Date() }).where('url', '=', BROKEN).execute();
    expect((await photos(platform.operatorToken, `tenant=${SITE}`)).json()).toEqual({
      counts: { stored: 0, pending: 0, failed: 0 },
      photos: [],
    });
  });

  it('answers 400 naming limit for a limit past 200', async () => {
    const response = await photos(platform.operatorToken, `tenant=${SITE}&limit=201`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'limit' });
  });

  it('answers 404 naming tenant for a tenant there is not', async () => {
    const response = await photos(platform.operatorToken, 'tenant=no-such-dealer');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ field: 'tenant' });
  });

  it('refuses a viewer (403), as it is refused the imports', async () => {
    const viewer = await accountToken(platform.app, 'viewer', null);
    expect((await photos(viewer, `tenant=${SITE}`)).statusCode).toBe(403);
  });

  it("refuses a manager another tenant's photos (403), as its imports", async () => {
    const manager = await accountToken(platform.app, 'tenant-manager', [OTHER]);
    expect((await photos(manager, `tenant=${SITE}`)).statusCode).toBe(403);
  });
});
