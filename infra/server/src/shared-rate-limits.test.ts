import net from 'node:net';
import { randomBytes } from 'node:crypto';
import type { Database } from '@forecourt/data/database';
import {
  clearPlatformTables,
  createTestPlatform,
  openSharedDatabase,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';
import { CODES_UNAVAILABLE } from './routes/identity';
import { openSharedStore, type SharedStore } from './redis-store';

/**
 * Rate limits counted in Redis (REDIS_URL): several instances allow what one would, and an
 * unreachable Redis never holds a request up. The shared-count tests need the real Redis and are
 * skipped without REDIS_URL; the outage tests point at a port with no Redis and always run.
 */
const describeWithRedis = process.env.REDIS_URL ? describe : describe.skip;

let database: Database;
beforeAll(async () => {
  database = await openSharedDatabase();
});
afterAll(async () => {
  await clearPlatformTables(database);
  await database.close();
});

const SITE = 'harbourside-motors.example.com.au';
const event = { eventId: 1, payload: { page: 'home' } };
const post = (platform: TestPlatform, url: string, body: unknown, peer = '198.51.100.7') =>
  platform.app.inject({
    method: 'POST',
    url,
    remoteAddress: peer,
    payload: JSON.stringify(body),
    headers: { host: SITE, 'content-type': 'application/json' },
  });

/** Each test's keys under a prefix of its own, so runs and parallel files never share a count. */
const prefix = () => `forecourt-test:${randomBytes(6).toString('hex')}:`;

describeWithRedis('two instances on one Redis', () => {
  const stores: SharedStore[] = [];
  const platforms: TestPlatform[] = [];
  afterEach(async () => {
    for (const platform of platforms.splice(0)) await platform.close();
    for (const store of stores.splice(0)) {
      const keys = await store.redis.keys(`${store.keyPrefix}*`);
      if (keys.length) await store.redis.del(...keys);
      await store.close();
    }
  });

  async function instances(count: number): Promise<TestPlatform[]> {
    const keyPrefix = prefix();
    for (let i = 0; i < count; i++) {
      // One client per instance, as two processes would have.
      const store = openSharedStore(process.env.REDIS_URL!, { keyPrefix });
      stores.push(store);
      platforms.push(await createTestPlatform(database, { sharedStore: store, events: { perMinute: 3 } }));
    }
    return platforms;
  }

  it('counts one limit across both: the fourth event from an address is refused whichever instance gets it', async () => {
    const [a, b] = await instances(2);
    const answers = [
      await post(a!, '/api/events', event),
      await post(b!, '/api/events', event),
      await post(a!, '/api/events', event),
      await post(b!, '/api/events', event),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([202, 202, 202, 429]);
    expect(answers[3]!.json()).toEqual({
      error: expect.stringMatching(/^Too many events from this address: at most 3 a minute\. Retry in \d+ s\.$/),
    });
    // One key, the route's and the address's, under the app's prefix, gone when the minute is.
    const [store] = stores;
    const keys = await store!.redis.keys(`${store!.keyPrefix}*`);
    expect(keys).toEqual([`${store!.keyPrefix}rate:POST/api/events:198.51.100.7`]);
    expect(await store!.redis.pttl(keys[0]!)).toBeGreaterThan(50_000);
  });

  it('still counts each address on its own', async () => {
    const [a, b] = await instances(2);
    for (let i = 0; i < 3; i++) await post(a!, '/api/events', event, '198.51.100.8');
    expect((await post(b!, '/api/events', event, '198.51.100.8')).statusCode).toBe(429);
    expect((await post(b!, '/api/events', event, '198.51.100.9')).statusCode).toBe(202);
  });
});

describeWithRedis('Redis that stops answering once connected', () => {
  let platform: TestPlatform;
  let store: SharedStore;
  let proxy: net.Server;
  const sockets = new Set<net.Socket>();
  afterEach(async () => {
    await platform.close();
    await store.close();
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((done) => proxy.close(() => done()));
  });

  /** A relay in front of the real Redis that can go silent, as a network partition does. */
  async function relay(): Promise<{ url: string; freeze: () => void }> {
    let frozen = false;
    const target = new URL(process.env.REDIS_URL!);
    proxy = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 6379), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('error', () => undefined);
      }
      client.on('data', (chunk) => void (frozen || upstream.write(chunk)));
      upstream.on('data', (chunk) => void (frozen || client.write(chunk)));
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
    const url = new URL(target);
    url.host = `127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
    return { url: url.toString(), freeze: () => void (frozen = true) };
  }

  it('answers each request within 2 s once Redis goes silent: codes refused, events counted here', async () => {
    const { url, freeze } = await relay();
    store = openSharedStore(url, { keyPrefix: prefix() });
    platform = await createTestPlatform(database, {
      sharedStore: store,
      events: { perMinute: 2 },
      identity: { sendsPerAddressPerHour: 1000 },
    });
    expect((await post(platform, '/api/events', event)).statusCode).toBe(202);
    expect(store.up()).toBe(true);

    freeze();
    const timings: number[] = [];
    const answers: number[] = [];
    for (const [url, body] of [
      ['/api/auth/send-code', { phone: '0412345679' }],
      ['/api/events', event],
      ['/api/events', event],
      ['/api/events', event],
    ] as const) {
      const started = performance.now();
      answers.push((await post(platform, url, body)).statusCode);
      timings.push(performance.now() - started);
    }
    expect(answers).toEqual([503, 202, 202, 429]);
    expect(Math.max(...timings)).toBeLessThan(2_000);
  });
});

describe('Redis unreachable', () => {
  let platform: TestPlatform;
  let store: SharedStore;
  const silent: net.Socket[] = [];
  let silentServer: net.Server | undefined;
  afterEach(async () => {
    await platform.close();
    await store.close();
    for (const socket of silent.splice(0)) socket.destroy();
    await new Promise<void>((done) => (silentServer ? silentServer.close(() => done()) : done()));
    silentServer = undefined;
  });

  /** A port nothing listens on: connections are refused. */
  async function closedPort(): Promise<number> {
    const server = net.createServer();
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as net.AddressInfo;
    await new Promise<void>((done) => server.close(() => done()));
    return port;
  }

  /** A port that accepts connections and never answers: a hung Redis. */
  async function silentPort(): Promise<number> {
    silentServer = net.createServer((socket) => void silent.push(socket));
    await new Promise<void>((done) => silentServer!.listen(0, '127.0.0.1', done));
    return (silentServer.address() as net.AddressInfo).port;
  }

  async function serveWithRedisAt(port: number): Promise<void> {
    store = openSharedStore(`redis://127.0.0.1:${port}`, { keyPrefix: prefix() });
    platform = await createTestPlatform(database, {
      sharedStore: store,
      events: { perMinute: 2 },
      identity: { sendsPerAddressPerHour: 1000 },
    });
  }

  const timed = async <T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> => {
    const started = performance.now();
    const result = await work();
    return { result, ms: performance.now() - started };
  };

  it.each([
    ['refused', closedPort],
    ['silent', silentPort],
  ])('refuses to send a one-time code, 503 with a clear message within 2 s (Redis %s)', async (_kind, port) => {
    await serveWithRedisAt(await port());
    const { result, ms } = await timed(() => post(platform, '/api/auth/send-code', { phone: '0412345678' }));
    expect(result.statusCode).toBe(503);
    expect(result.json()).toEqual({ error: CODES_UNAVAILABLE });
    expect(result.headers['retry-after']).toBe('30');
    expect(ms).toBeLessThan(2_000);
  });

  it.each([
    ['refused', closedPort],
    ['silent', silentPort],
  ])("takes events within 2 s, limited by this instance's own count (Redis %s)", async (_kind, port) => {
    await serveWithRedisAt(await port());
    const { result: answers, ms } = await timed(async () => [
      await post(platform, '/api/events', event),
      await post(platform, '/api/events', event),
      await post(platform, '/api/events', event),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([202, 202, 429]);
    expect(ms).toBeLessThan(2_000);
  });
});
