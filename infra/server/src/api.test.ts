import { sql } from 'kysely';
import { insertEvent, recentEvents } from '@forecourt/data/events';
import type { Database } from '@forecourt/data/database';
import {
  clearPlatformTables,
  createTestPlatform,
  openSharedDatabase,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';

let database: Database;
let platform: TestPlatform;

beforeAll(async () => {
  database = await openSharedDatabase();
  platform = await createTestPlatform(database);
});
afterAll(async () => {
  await platform.close();
  await clearPlatformTables(database);
  await database.close();
});

const TENANT = { 'x-forecourt-tenant': 'redgum-used-cars' };

function postEvent(payload: string | object, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  return platform.app.inject({
    method: 'POST',
    url: '/api/events',
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    headers: { ...TENANT, ...headers },
  });
}

describe('POST /api/events', () => {
  it('stores an event under the resolved tenant and answers 202', async () => {
    const response = await postEvent({
      eventId: 12,
      payload: { make: 'Mazda', price: 21990 },
      path: '/search/used-cars',
    });
    expect(response.statusCode).toBe(202);
    const [stored] = await recentEvents(database.db, 'redgum-used-cars', 1);
    expect(stored).toMatchObject({ eventId: 12, payload: { make: 'Mazda', price: 21990 }, path: '/search/used-cars' });
  });

  it('accepts a text/plain body as JSON (sendBeacon) and stores it as sent', async () => {
    const response = await postEvent(
      { eventId: 3, payload: { car_id: 'car-1', sent: 'beacon' }, path: '/cars/2021-toyota-hilux' },
      { 'content-type': 'text/plain;charset=UTF-8' },
    );
    expect(response.statusCode).toBe(202);
    const stored = (await recentEvents(database.db, 'redgum-used-cars', 5)).find(
      (event) => event.id === response.json().id,
    );
    expect(stored).toMatchObject({
      eventId: 3,
      payload: { car_id: 'car-1', sent: 'beacon' },
      path: '/cars/2021-toyota-hilux',
    });
  });

  it('answers 400 naming the field when eventId is not a positive integer', async () => {
    const response = await postEvent({ eventId: 0 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'eventId' });
  });

  it('answers 400 naming the payload key that holds an object', async () => {
    const response = await postEvent({ eventId: 1, payload: { nested: { no: true } } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'payload.nested' });
  });

  it('answers 400 naming eventId when it does not fit the 32-bit column', async () => {
    const response = await postEvent({ eventId: 2147483648 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'eventId' });
  });

  it('answers 400 naming the payload key that holds a NUL character', async () => {
    const response = await postEvent({ eventId: 1, payload: { 'ma\u0000ke': 'Mazda' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/NUL/);
  });

  it('answers 400 naming the payload value that holds a NUL character', async () => {
    const response = await postEvent({ eventId: 1, payload: { make: 'Maz\u0000da' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'payload.make' });
  });

  it('answers 400 naming path when it holds a lone surrogate', async () => {
    const response = await postEvent('{"eventId":1,"path":"/search/\\ud800"}');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'path' });
  });

  it('answers 400, not 500, for a lone surrogate in a payload key sent with another charset', async () => {
    const response = await postEvent('{"eventId":1,"payload":{"\\udc00":1}}', {
      'content-type': 'application/json; charset=latin1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/unpaired surrogate/);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await postEvent('{"eventId": ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'body' });
  });

  it('answers 400 for invalid JSON sent as text/plain', async () => {
    const response = await postEvent('not json', { 'content-type': 'text/plain' });
    expect(response.statusCode).toBe(400);
  });

  it('answers 400 for an empty body', async () => {
    const response = await postEvent('', { 'content-type': 'application/json' });
    expect(response.statusCode).toBe(400);
  });

  it('answers 415 naming the content type for a body it does not read', async () => {
    const response = await postEvent('<event/>', { 'content-type': 'application/xml' });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ field: 'content-type' });
  });

  it('answers 404 when no tenant is addressed', async () => {
    const response = await platform.app.inject({
      method: 'POST',
      url: '/api/events',
      payload: { eventId: 1 },
      headers: { host: 'localhost' },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('events rate limit and retention', () => {
  it('answers 429 once one address has sent its events for the minute, saying when to retry', async () => {
    const limited = await createTestPlatform(database, { events: { perMinute: 3 } });
    try {
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/events',
          payload: { eventId: 1 },
          headers: TENANT,
          remoteAddress: '203.0.113.9',
        });
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await send()).statusCode);
      expect(statuses).toEqual([202, 202, 202, 429]);
      expect((await send()).json().error).toMatch(
        /^Too many events from this address: at most 3 a minute\. Retry in \d+ s\.$/,
      );
    } finally {
      await limited.close();
    }
  });

  it('counts each address on its own', async () => {
    const limited = await createTestPlatform(database, { events: { perMinute: 1 } });
    try {
      const from = (remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/events',
          payload: { eventId: 1 },
          headers: TENANT,
          remoteAddress,
        });
      expect((await from('203.0.113.10')).statusCode).toBe(202);
      expect((await from('203.0.113.11')).statusCode).toBe(202);
    } finally {
      await limited.close();
    }
  });

  it('deletes events older than the retention when the server starts, and keeps newer ones', async () => {
    const old = await insertEvent(database.db, { tenant: 'redgum-used-cars', eventId: 7, payload: {}, path: null });
    const recent = await insertEvent(database.db, { tenant: 'redgum-used-cars', eventId: 8, payload: {}, path: null });
    await sql`update analytics_events set received_at = now() - interval '11 days' where id = ${old}`.execute(
      database.db,
    );
    await sql`update analytics_events set received_at = now() - interval '9 days' where id = ${recent}`.execute(
      database.db,
    );
    const pruning = await createTestPlatform(database, { events: { retentionDays: 10 } });
    await pruning.close();
    const ids = (await recentEvents(database.db, 'redgum-used-cars', 1000)).map((e) => e.id);
    expect(ids).toContain(recent);
    expect(ids).not.toContain(old);
  });
});

describe('GET /api/health', () => {
  it('reports the database, the tenant count and that stock is not searchable yet', async () => {
    // The embedded index is filled once the server listens (indexer.test.ts covers 'ok').
    const response = await platform.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      status: 'starting',
      database: { engine: database.engine, reachable: true },
      search: { engine: 'embedded', indexed: false },
      tenants: 5,
    });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('GET /api/ready', () => {
  afterEach(() => {
    platform.app.readiness.started = false;
    platform.app.readiness.draining = false;
  });

  it('answers 503 starting until the server has started', async () => {
    const response = await platform.app.inject({ method: 'GET', url: '/api/ready' });
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 503,
      body: { status: 'starting' },
    });
  });

  it('answers 200 ready once the server has started', async () => {
    platform.app.readiness.started = true;
    const response = await platform.app.inject({ method: 'GET', url: '/api/ready' });
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 200, body: { status: 'ready' } });
  });

  it('answers 503 draining once a shutdown has begun, closing the connection', async () => {
    platform.app.readiness.started = true;
    platform.app.readiness.draining = true;
    const response = await platform.app.inject({ method: 'GET', url: '/api/ready' });
    expect({ status: response.statusCode, body: response.json(), connection: response.headers.connection }).toEqual({
      status: 503,
      body: { status: 'draining' },
      connection: 'close',
    });
  });
});

describe('team server plugins', () => {
  it.each([
    ['search', 'mf-search'],
    ['vehicle', 'mf-vehicle'],
    ['finance', 'mf-finance'],
    ['leads', 'mf-leads'],
    ['locations', 'mf-locations'],
  ])('mounts /api/%s/status with the team and its package version', async (path, team) => {
    const response = await platform.app.inject({ method: 'GET', url: `/api/${path}/status` });
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { version } = require(`../../../${team}/package.json`) as { version: string };
    expect(response.json()).toEqual({ team, version });
  });
});

describe('bad addresses and security headers on every response', () => {
  it('answers 400 with the security headers for a URL that cannot be decoded, without echoing it', async () => {
    const response = await platform.app.inject({
      method: 'GET',
      url: '/media/cars/%zz<script>/1.jpg',
      headers: TENANT,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'The address is not valid: it holds a broken %-escape', field: 'url' });
    expect(response.body).not.toContain('script');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-site');
  });

  it.each([
    ['/media/cars/%00/1.jpg', 'params.carId'],
    ['/media/cars/%00/spin/1.jpg', 'params.carId'],
    ['/media/reports/%00.pdf', 'params.file'],
    ['/_admin/history?tenant=%00', 'query.tenant'],
  ])('answers 400 naming the field for a NUL or broken character in %s', async (url, field) => {
    const response = await platform.app.inject({ method: 'GET', url, headers: TENANT });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
  });

  it('sends nosniff and a same-site resource policy on JSON answers too', async () => {
    const response = await platform.app.inject({ method: 'GET', url: '/api/health', headers: TENANT });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-site');
  });
});
