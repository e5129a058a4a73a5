import fc from 'fast-check';
import type { Database } from '@forecourt/data/database';
import { createStockKey } from '@forecourt/stock-in/stock-keys';
import { listLocations } from '@forecourt/data/stock';
import { seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import {
  createTestPlatform,
  openSharedDatabase,
  testConfig,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';

/**
 * Feed imports over the real app: what a dealer's system uploads and reads back, and the cars and
 * stock_changes rows an import leaves (docs/stock.md, Feed imports).
 */
const SITE = 'harbourside-motors';
const OTHER = 'summit-auto-group';
let database: Database;
let platform: TestPlatform;
let key: string;
let otherKey: string;
let location: string;

/** The runners and the indexer run when a test says so, and uploads are not limited by count. */
const IMPORTS_BY_HAND = {
  stockIndex: { intervalMs: 0 },
  stockImports: { intervalMs: 0 },
  stockApi: { importsPerKeyPerMinute: 1000 },
};

beforeAll(async () => {
  database = await openSharedDatabase();
  await seedStock(database, await loadTenants(), { totalCars: 8 });
  location = (await listLocations(database.db, SITE))[0]!.slug;
  // One app for the file: imports live in the database, and every test has keys of its own (the
  // per-key upload rate is the app's only memory of them). A platform per test was most of the file's time.
  platform = await createTestPlatform(database, IMPORTS_BY_HAND);
});
afterAll(async () => {
  await platform.close();
  await database.close();
});
beforeEach(async () => {
  await database.db.deleteFrom('stock_imports').execute();
  await database.db.deleteFrom('stock_changes').execute();
  await database.db.deleteFrom('stock_change_cursors').execute();
  await database.db.deleteFrom('cars').where('source', '<>', 'seed').execute();
  key = (await createStockKey(database.db, { tenant: SITE, label: 'test', createdBy: 'test' })).secret;
  otherKey = (await createStockKey(database.db, { tenant: OTHER, label: 'test', createdBy: 'test' })).secret;
});

const COLUMNS = [
  'vehicle_id',
  'dealer_id',
  'make',
  'model',
  'year',
  'trim',
  'mileage.value',
  'mileage.unit',
  'price',
  'sale_price',
  'state_of_vehicle',
  'body_style',
  'transmission',
  'fuel_type',
  'drivetrain',
  'exterior_color',
  'description',
  'image[0].url',
  'image[1].url',
];

type Row = Partial<Record<(typeof COLUMNS)[number], string>>;
const row = (n: number, overrides: Row = {}): Row => ({
  vehicle_id: `FD-${n}`,
  dealer_id: location,
  make: 'Toyota',
  model: 'Corolla',
  year: '2020',
  trim: 'SX',
  'mileage.value': '42000',
  'mileage.unit': 'KM',
  price: '25990 AUD',
  sale_price: '',
  state_of_vehicle: 'USED',
  body_style: 'HATCHBACK',
  transmission: 'AUTOMATIC',
  fuel_type: 'PETROL',
  drivetrain: 'FWD',
  exterior_color: 'White',
  description: 'One owner, "full" history, serviced',
  'image[0].url': `https://cdn.example.com/fd-${n}/1.jpg`,
  'image[1].url': `https://cdn.example.com/fd-${n}/2.jpg`,
  ...overrides,
});
const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const csv = (rows: Row[]) =>
  [COLUMNS.join(','), ...rows.map((r) => COLUMNS.map((column) => quote(r[column] ?? '')).join(','))].join('\n') + '\n';
const rows = (count: number, from = 1) => Array.from({ length: count }, (_, i) => row(from + i));

function upload(body: string | Buffer, options: { type?: string; source?: string; key?: string | null } = {}) {
  const secret = options.key === undefined ? key : options.key;
  return platform.app.inject({
    method: 'POST',
    url: `/api/stock/v1/imports${options.source !== undefined ? `?source=${encodeURIComponent(options.source)}` : ''}`,
    headers: { 'content-type': options.type ?? 'text/csv', ...(secret ? { authorization: `Bearer ${secret}` } : {}) },
    payload: body,
  });
}
const status = (id: string, secret = key) =>
  platform.app.inject({
    method: 'GET',
    url: `/api/stock/v1/imports/${id}`,
    headers: { authorization: `Bearer ${secret}` },
  });

/** Uploads the feed, runs the queued imports as an instance's runner does, answers the import's status. */
async function imported(body: string | Buffer, options: { type?: string; source?: string } = {}) {
  const response = await upload(body, options);
  expect(response.statusCode).toBe(202);
  await platform.app.stockImports.run();
  return (await status(response.json<{ id: string }>().id)).json<{
    status: string;
    message: string | null;
    counts: Record<string, number>;
    errors: Array<{ row: number; vehicle_id: string; field: string; message: string }>;
  }>();
}
const feedCars = () =>
  database.db
    .selectFrom('cars')
    .select(['stocknum', 'status', 'sold_at', 'source', 'price', 'before_price'])
    .where('tenant', '=', SITE)
    .where('source', 'like', 'feed:%')
    .orderBy('stocknum')
    .execute();
const changeCount = async () =>
  Number(
    (
      await database.db
        .selectFrom('stock_changes')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /api/stock/v1/imports', () => {
  it('queues the feed (202 with its id) and imports every row as a car of the feed', async () => {
    const response = await upload(csv(rows(3)));
    expect(response.statusCode).toBe(202);
    const { id } = response.json<{ id: string }>();
    expect((await status(id)).json()).toMatchObject({ id, status: 'queued', source: 'default', format: 'csv' });

    await platform.app.stockImports.run();
    expect((await status(id)).json()).toMatchObject({
      status: 'done',
      rows: 3,
      counts: { created: 3, updated: 0, unchanged: 0, withdrawn: 0, rejected: 0 },
      errors: [],
    });
    expect(await feedCars()).toEqual(
      ['FD-1', 'FD-2', 'FD-3'].map((stocknum) =>
        expect.objectContaining({ stocknum, status: 'in_stock', source: 'feed:default' }),
      ),
    );
  });

  it('makes the same car the Stock API shows: photos in order, the description, the was-price from sale_price', async () => {
    await imported(csv([row(1, { price: '27990 AUD', sale_price: '25990 AUD' })]));
    const response = await platform.app.inject({
      method: 'GET',
      url: '/api/stock/v1/cars/FD-1',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(response.json<{ car: unknown }>().car).toMatchObject({
      make: 'Toyota',
      model: 'Corolla',
      badge: 'SX',
      year: 2020,
      km: 42_000,
      price: 25_990,
      before_price: 27_990,
      car_type: 'used',
      body: 'hatch',
      fuel: 'petrol',
      transmission: 'automatic',
      drive: 'FWD',
      colour: 'White',
      dealercomments: 'One owner, "full" history, serviced',
      source: 'feed:default',
      photos: ['https://cdn.example.com/fd-1/1.jpg', 'https://cdn.example.com/fd-1/2.jpg'],
    });
  });

  it('reports the same feed again as unchanged and records no change', async () => {
    await imported(csv(rows(3)));
    const before = await changeCount();
    const again = await imported(csv(rows(3)));
    expect(again.counts).toEqual({ created: 0, updated: 0, unchanged: 3, withdrawn: 0, rejected: 0 });
    expect(await changeCount()).toBe(before);
  });

  it('names for re-indexing only the cars a feed changed, and none for the same feed again', async () => {
    // What stock-index re-indexes: the cars of the change rows it has not read yet.
    const changedCars = async (after: number) =>
      new Set(
        (await database.db.selectFrom('stock_changes').select(['id', 'stocknum']).execute())
          .filter((change) => Number(change.id) > after)
          .map((change) => change.stocknum),
      );
    const lastId = async () =>
      Math.max(
        0,
        ...(await database.db.selectFrom('stock_changes').select('id').execute()).map((change) => Number(change.id)),
      );
    await imported(csv(rows(3)));
    let place = await lastId();
    await imported(csv([row(1, { price: '19990 AUD' }), row(2), row(3)]));
    expect(await changedCars(place)).toEqual(new Set(['FD-1']));
    place = await lastId();
    await imported(csv([row(1, { price: '19990 AUD' }), row(2), row(3)]));
    expect(await changedCars(place)).toEqual(new Set());
  });

  it('imports TSV and XML feeds alike', async () => {
    const tsv = [
      COLUMNS.join('\t'),
      ...[row(1)].map((r) => COLUMNS.map((column) => (r[column] ?? '').replace(/"/g, '')).join('\t')),
    ].join('\n');
    expect((await imported(tsv, { type: 'text/tab-separated-values', source: 'tsv' })).counts.created).toBe(1);
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<listings><title>Harbourside</title>
  <listing><vehicle_id>FX-1</vehicle_id><dealer_id>${location}</dealer_id><make>Mazda</make><model>CX-5</model><year>2022</year>
    <mileage><value>10</value><unit>MI</unit></mileage><price>39990 AUD</price><state_of_vehicle>CPO</state_of_vehicle><body_style>SUV</body_style>
    <transmission>AUTOMATIC</transmission><fuel_type>GASOLINE</fuel_type><drivetrain>AWD</drivetrain><exterior_color>Red</exterior_color>
    <description><![CDATA[Tow bar & roof racks]]></description>
    <image><url>https://cdn.example.com/fx-1/1.jpg</url></image><image><url>https://cdn.example.com/fx-1/2.jpg</url></image>
  </listing>
</listings>`;
    expect((await imported(xml, { type: 'application/xml', source: 'xml' })).counts.created).toBe(1);
    const car = (
      await platform.app.inject({
        method: 'GET',
        url: '/api/stock/v1/cars/FX-1',
        headers: { authorization: `Bearer ${key}` },
      })
    ).json<{ car: unknown }>().car;
    expect(car).toMatchObject({
      km: 16,
      certified: true,
      fuel: 'petrol',
      body: 'suv',
      dealercomments: 'Tow bar & roof racks',
      photos: ['https://cdn.example.com/fx-1/1.jpg', 'https://cdn.example.com/fx-1/2.jpg'],
    });
  });

  it('answers 429 while five imports of the site wait to run', async () => {
    for (let i = 0; i < 5; i++) expect((await upload(csv(rows(1)))).statusCode).toBe(202);
    const response = await upload(csv(rows(1)));
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('60');
  });

  it('is refused without a stock key (401)', async () => {
    expect((await upload(csv(rows(1)), { key: null })).statusCode).toBe(401);
  });

  it('answers 400 naming source for a source that is no name', async () => {
    const response = await upload(csv(rows(1)), { source: 'Not a name!' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'source' });
  });

  it('answers 415 naming content-type for a body that is not CSV, TSV or XML', async () => {
    const response = await upload('vehicle_id\nA-1\n', { type: 'application/octet-stream' });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ field: 'content-type' });
  });
});

describe('GET /api/stock/v1/imports/{id}', () => {
  it("answers 404 for another site's import", async () => {
    const { id } = (await upload(csv(rows(1)))).json<{ id: string }>();
    const response = await status(id, otherKey);
    expect(response.statusCode).toBe(404);
  });

  it('answers 400 naming id for an id that is no number', async () => {
    const response = await platform.app.inject({
      method: 'GET',
      url: '/api/stock/v1/imports/abc',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'id' });
  });
});

describe('row errors', () => {
  it('rejects a row with errors, naming its row, vehicle_id and column, and applies the others', async () => {
    const result = await imported(csv([row(1), row(2, { price: 'call us' }), row(3, { make: '' })]));
    expect(result.status).toBe('done');
    expect(result.counts).toMatchObject({ created: 1, rejected: 2 });
    expect(result.errors).toEqual([
      expect.objectContaining({ row: 2, vehicle_id: 'FD-2', field: 'price' }),
      expect.objectContaining({ row: 3, vehicle_id: 'FD-3', field: 'make' }),
    ]);
    expect((await feedCars()).map((car) => car.stocknum)).toEqual(['FD-1']);
  });

  it('rejects every row of a duplicated vehicle_id and says so', async () => {
    const result = await imported(csv([row(1), row(2), row(1, { price: '1000 AUD' })]));
    expect(result.counts).toMatchObject({ created: 1, rejected: 2 });
    expect(result.errors).toEqual([
      expect.objectContaining({
        row: 1,
        vehicle_id: 'FD-1',
        field: 'vehicle_id',
        message: expect.stringContaining('rows 1, 3'),
      }),
      expect.objectContaining({ row: 3, vehicle_id: 'FD-1', field: 'vehicle_id' }),
    ]);
  });

  it("rejects a row whose dealer_id is none of the site's locations", async () => {
    const result = await imported(csv([row(1, { dealer_id: 'nowhere' })]));
    expect(result.errors).toEqual([expect.objectContaining({ row: 1, vehicle_id: 'FD-1', field: 'dealer_id' })]);
  });
});

describe('snapshot semantics', () => {
  it('sells a car of the source the feed no longer lists', async () => {
    await imported(csv(rows(10)));
    const result = await imported(csv(rows(9)));
    expect(result.counts).toMatchObject({ unchanged: 9, withdrawn: 1 });
    const gone = (await feedCars()).find((car) => car.stocknum === 'FD-10');
    expect(gone).toMatchObject({ status: 'sold', sold_at: expect.anything() });
  });

  it('puts a car it sold back on sale when the feed lists it again', async () => {
    await imported(csv(rows(10)));
    await imported(csv(rows(9)));
    const result = await imported(csv(rows(10)));
    expect(result.counts).toMatchObject({ updated: 1, unchanged: 9 });
    expect((await feedCars()).find((car) => car.stocknum === 'FD-10')).toMatchObject({
      status: 'in_stock',
      sold_at: null,
    });
  });

  it('quarantines a truncated feed and applies nothing of it', async () => {
    await imported(csv(rows(10)));
    const before = await changeCount();
    const result = await imported(csv(rows(3).map((r) => ({ ...r, price: '1 AUD' }))));
    expect(result.status).toBe('quarantined');
    expect(result.message).toContain('nothing was applied');
    expect(await changeCount()).toBe(before);
    expect((await feedCars()).every((car) => car.status === 'in_stock' && Number(car.price) === 25_990)).toBe(true);
  });

  it('quarantines a feed with fewer than half the rows of the last good one, even when it withdraws nothing', async () => {
    await imported(csv(rows(10)), { source: 'main' });
    await database.db
      .updateTable('cars')
      .set({ status: 'sold' })
      .where('tenant', '=', SITE)
      .where('source', '=', 'feed:main')
      .where('stocknum', '>', 'FD-3')
      .execute();
    expect((await imported(csv(rows(3)), { source: 'main' })).status).toBe('quarantined');
  });

  it('takes over an API car it lists as it is, and sells it once it lists it no more', async () => {
    await imported(csv(rows(9, 2)));
    const feedCar = (
      await platform.app.inject({
        method: 'GET',
        url: '/api/stock/v1/cars/FD-2',
        headers: { authorization: `Bearer ${key}` },
      })
    ).json<{ car: Record<string, unknown> }>().car;
    const {
      stocknum: _s,
      id: _i,
      slug: _sl,
      url: _u,
      withdrawn: _w,
      source: _so,
      updated_at: _up,
      photo_statuses: _ps,
      ...input
    } = feedCar;
    const put = await platform.app.inject({
      method: 'PUT',
      url: '/api/stock/v1/cars/FD-1',
      headers: { authorization: `Bearer ${key}` },
      payload: { ...input, photos: ['https://cdn.example.com/fd-1/1.jpg', 'https://cdn.example.com/fd-1/2.jpg'] },
    });
    expect(put.statusCode).toBe(201);
    expect((await imported(csv(rows(10)))).counts).toMatchObject({ updated: 1, unchanged: 9 });
    expect((await imported(csv(rows(9, 2)))).counts).toMatchObject({ withdrawn: 1 });
    expect((await feedCars()).find((car) => car.stocknum === 'FD-1')).toMatchObject({
      status: 'sold',
      source: 'feed:default',
    });
  });

  it("never withdraws another source's cars: an API car, a seeded car, another feed's", async () => {
    const seeded = await database.db
      .selectFrom('cars')
      .select(['stocknum', 'status'])
      .where('tenant', '=', SITE)
      .where('source', '=', 'seed')
      .execute();
    const put = await platform.app.inject({
      method: 'PUT',
      url: '/api/stock/v1/cars/API-1',
      headers: { authorization: `Bearer ${key}` },
      payload: {
        item_type: 'car',
        car_type: 'used',
        location,
        year: 2021,
        make: 'Kia',
        model: 'Rio',
        colour: 'Blue',
        price: 19_990,
        km: 1000,
        fuel: 'petrol',
        body: 'hatch',
        transmission: 'manual',
        seats: 5,
      },
    });
    expect(put.statusCode).toBe(201);
    await imported(csv(rows(2, 100)), { source: 'other' });
    const result = await imported(csv(rows(2)));
    expect(result.counts.withdrawn).toBe(0);
    expect(
      await database.db
        .selectFrom('cars')
        .select(['stocknum', 'status'])
        .where('tenant', '=', SITE)
        .where('source', '=', 'seed')
        .execute(),
    ).toEqual(seeded);
    expect(
      await database.db
        .selectFrom('cars')
        .select('status')
        .where('tenant', '=', SITE)
        .where('stocknum', 'in', ['API-1', 'FD-100', 'FD-101'])
        .execute(),
    ).toEqual([{ status: 'in_stock' }, { status: 'in_stock' }, { status: 'in_stock' }]);
  });
});

describe('fatal feeds apply nothing', () => {
  it('fails a malformed XML feed', async () => {
    const result = await imported(`<listings><listing><vehicle_id>FX-1</vehicle_id></listings>`, {
      type: 'application/xml',
    });
    expect(result).toMatchObject({
      status: 'failed',
      counts: { created: 0 },
      message: expect.stringContaining('not well-formed XML'),
    });
    expect(await feedCars()).toEqual([]);
  });

  it('refuses billion laughs in milliseconds, expanding no entity', async () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`).join('')}]><listings><listing><vehicle_id>&lol9;</vehicle_id></listing></listings>`;
    const response = await upload(laughs, { type: 'application/xml' });
    const started = performance.now();
    await platform.app.stockImports.run();
    expect(performance.now() - started).toBeLessThan(1000);
    expect((await status(response.json<{ id: string }>().id)).json()).toMatchObject({
      status: 'failed',
      message: expect.stringContaining('DTD'),
    });
    expect(await feedCars()).toEqual([]);
  });

  it('refuses a feed that is not UTF-8 (400 naming body) and keeps nothing', async () => {
    const latin1 = Buffer.from(csv([row(1, { make: 'Citroën' })]), 'latin1');
    const response = await upload(latin1);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'body' });
    expect(await database.db.selectFrom('stock_imports').select('id').execute()).toEqual([]);
  });

  it('refuses a feed over the size limit (413 naming body) and keeps nothing', async () => {
    const small = await createTestPlatform(database, {
      ...IMPORTS_BY_HAND,
      config: testConfig({ ...process.env, FORECOURT_FEED_MAX_BYTES: '2000' }),
    });
    try {
      const response = await small.app.inject({
        method: 'POST',
        url: '/api/stock/v1/imports',
        headers: { 'content-type': 'text/csv', authorization: `Bearer ${key}` },
        payload: csv(rows(20)),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ field: 'body' });
      expect(await database.db.selectFrom('stock_imports').select('id').execute()).toEqual([]);
    } finally {
      await small.close();
    }
  });
});

describe('hostile feeds', () => {
  it('ends any bytes sent as a feed done, failed or quarantined, never a 5xx, and the runner carries on', async () => {
    const cell = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.constantFrom('"', '""', '\n', '\r', ',', '\t', '<', '&amp;', '&x;', ']]>', 'FD-1', '25990 AUD', location),
    );
    const csvLike = fc
      .array(fc.array(cell, { maxLength: 25 }), { maxLength: 6 })
      .map((lines) => [COLUMNS.join(','), ...lines.map((line) => line.join(','))].join('\n'));
    const xmlLike = fc
      .array(
        fc.constantFrom(
          '<listings>',
          '</listings>',
          '<listing>',
          '</listing>',
          '<vehicle_id>FD-1</vehicle_id>',
          '<image><url>',
          '</url></image>',
          '<![CDATA[',
          ']]>',
          '<?xml version="1.0"?>',
          '<!-- x -->',
          '&lt;',
          '<a b="1">',
          '</a>',
          'text',
        ),
        { maxLength: 30 },
      )
      .map((parts) => parts.join(''));
    const body = fc.oneof(
      csvLike,
      xmlLike,
      fc.string({ maxLength: 200 }),
      fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
    );
    await fc.assert(
      fc.asyncProperty(
        body,
        fc.constantFrom('text/csv', 'text/tab-separated-values', 'application/xml'),
        fc.constantFrom('fz-a', 'fz-b'),
        async (feed, type, source) => {
          const response = await upload(feed, { type, source });
          // Queued, or refused as not UTF-8 or empty.
          expect([202, 400]).toContain(response.statusCode);
          if (response.statusCode !== 202) return;
          await platform.app.stockImports.run();
          const outcome = (await status(response.json<{ id: string }>().id)).json<{
            status: string;
            message: string | null;
          }>();
          expect(outcome.status).toMatch(/^(done|failed|quarantined)$/);
          // Failed because of the feed, said to its sender; never an error of the platform.
          expect(outcome.message ?? '').not.toContain('error of the platform');
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('an upload over HTTP', () => {
  it('queues a feed sent over a real connection, whose body the route reads as a stream', async () => {
    const address = await platform.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/stock/v1/imports?source=http`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${key}`, host: `${SITE}.localhost` },
      body: csv(rows(2)),
    });
    expect(response.status).toBe(202);
    await platform.app.stockImports.run();
    expect((await status((await response.json()).id)).json()).toMatchObject({ status: 'done', counts: { created: 2 } });
  });
});

describe('imports on several instances', () => {
  it('applies a feed once when two instances run the queue at once', async () => {
    const second = await createTestPlatform(database, IMPORTS_BY_HAND);
    try {
      const { id } = (await upload(csv(rows(5)))).json<{ id: string }>();
      const [a, b] = await Promise.all([platform.app.stockImports.run(), second.app.stockImports.run()]);
      expect(a + b).toBe(1);
      expect((await status(id)).json()).toMatchObject({ status: 'done', counts: { created: 5 } });
      expect(
        await database.db.selectFrom('stock_changes').select('stocknum').where('kind', '=', 'created').execute(),
      ).toHaveLength(5);
    } finally {
      await second.close();
    }
  });

  it('runs one import of a site at a time: a second waits while the first runs', async () => {
    const first = (await upload(csv(rows(2)))).json<{ id: string }>().id;
    const next = (await upload(csv(rows(2)))).json<{ id: string }>().id;
    // The first is held by a runner elsewhere: its claim has not lapsed.
    await database.db
      .updateTable('stock_imports')
      .set({ status: 'running', claimed_until: new Date(Date.now() + 60_000) })
      .where('id', '=', first)
      .execute();
    expect(await platform.app.stockImports.run()).toBe(0);
    expect((await status(next)).json()).toMatchObject({ status: 'queued' });
  });

  it('takes over an import whose instance died once its claim has lapsed', async () => {
    const { id } = (await upload(csv(rows(2)))).json<{ id: string }>();
    await database.db
      .updateTable('stock_imports')
      .set({ status: 'running', claimed_until: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    expect(await platform.app.stockImports.run()).toBe(1);
    expect((await status(id)).json()).toMatchObject({ status: 'done', counts: { created: 2 } });
  });

  it('drops an upload cut off an hour ago, with its stored pieces', async () => {
    const { id } = (await upload(csv(rows(2)))).json<{ id: string }>();
    await database.db
      .updateTable('stock_imports')
      .set({ status: 'receiving', created_at: new Date(Date.now() - 2 * 60 * 60 * 1000) })
      .where('id', '=', id)
      .execute();
    await platform.app.stockImports.run();
    expect(
      await database.db.selectFrom('stock_import_chunks').select('seq').where('import_id', '=', id).execute(),
    ).toEqual([]);
    expect((await status(id)).statusCode).toBe(404);
  });
});
