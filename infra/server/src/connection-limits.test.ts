import net from 'node:net';
import type { Database } from '@forecourt/data/database';
import { createTestPlatform, openSharedDatabase, type TestPlatform } from '@forecourt/test-kit/test-platform';
import { parseTrustedProxies, type TrustedProxies } from '@forecourt/config/trusted-proxies';
import { loadConfig } from '@forecourt/config/load';
import { connectionLimitsFromConfig, DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from './connection-limits';

/** The server's connection limits over real sockets on this machine: a slow client is cut off, one address cannot take every connection. */
let database: Database;
beforeAll(async () => {
  database = await openSharedDatabase();
});
afterAll(async () => {
  await database.close();
});

let platform: TestPlatform;
let port: number;
const sockets: net.Socket[] = [];
async function serve(limits: ConnectionLimits, trustedProxies: TrustedProxies | null = null): Promise<void> {
  platform = await createTestPlatform(database, { connectionLimits: limits, trustedProxies });
  await platform.app.listen({ port: 0, host: '127.0.0.1' });
  const address = platform.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
}
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await platform.close();
});

/** A connection from `localAddress` (any 127.0.0.x is this machine), with what the server sent and when it closed. */
function connect(
  localAddress = '127.0.0.1',
): Promise<{ socket: net.Socket; received: () => string; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress });
    sockets.push(socket);
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('latin1')));
    // The server may reset it: that is a close too.
    socket.on('error', () => undefined);
    const closed = new Promise<number>((done) => socket.on('close', () => done(Date.now())));
    socket.once('connect', () => resolve({ socket, received: () => data, closed }));
    socket.once('error', reject);
  });
}

/** Writes `text` a byte at a time, every `everyMs`, until the connection closes. */
function trickle(socket: net.Socket, text: string, everyMs: number): void {
  let i = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || i >= text.length) return clearInterval(timer);
    socket.write(text[i++]!);
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

/** Resolves 'closed' when `closed` settles within `ms`, else 'open'. */
const within = (closed: Promise<number>, ms: number) =>
  Promise.race([
    closed.then(() => 'closed' as const),
    new Promise<'open'>((done) => setTimeout(() => done('open'), ms)),
  ]);

const health = 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
/** Sends a request and waits for the start of the answer. */
async function answered(connection: { socket: net.Socket; received: () => string }): Promise<string> {
  connection.socket.write(health);
  for (let waited = 0; waited < 5_000 && !connection.received().includes('\r\n\r\n'); waited += 20)
    await new Promise((done) => setTimeout(done, 20));
  return connection.received().split('\r\n')[0] ?? '';
}

const SHORT: ConnectionLimits = {
  headersTimeoutMs: 600,
  requestTimeoutMs: 1_200,
  idleTimeoutMs: 5_000,
  keepAliveTimeoutMs: 5_000,
  connectionsPerAddress: 0,
};

describe('slow clients', () => {
  it('closes connections that trickle their headers a byte at a time, answering 408, within the headers timeout', async () => {
    await serve(SHORT);
    const started = Date.now();
    const connections = await Promise.all(Array.from({ length: 5 }, () => connect()));
    for (const { socket } of connections)
      trickle(socket, `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${'a'.repeat(200)}\r\n\r\n`, 100);
    const states = await Promise.all(connections.map(({ closed }) => within(closed, 3_000)));
    expect(states).toEqual(Array(5).fill('closed'));
    expect(Math.max(...(await Promise.all(connections.map(({ closed }) => closed)))) - started).toBeLessThan(3_000);
    expect(connections.map(({ received }) => received().split('\r\n')[0])).toEqual(
      Array(5).fill('HTTP/1.1 408 Request Timeout'),
    );
  });

  it('closes a connection that trickles its body within the request timeout', async () => {
    await serve(SHORT);
    const { socket, closed } = await connect();
    socket.write(
      'POST /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n',
    );
    trickle(socket, `{"events":[${' '.repeat(480)}]}`, 100);
    expect(await within(closed, 4_000)).toBe('closed');
  });
});

describe('connections per address', () => {
  const CAPPED: ConnectionLimits = {
    ...SHORT,
    headersTimeoutMs: 10_000,
    requestTimeoutMs: 10_000,
    keepAliveTimeoutMs: 10_000,
    idleTimeoutMs: 10_000,
    connectionsPerAddress: 3,
  };

  it('refuses a connection from an address over its cap, while another address is served', async () => {
    await serve(CAPPED);
    const held = await Promise.all([connect('127.0.0.2'), connect('127.0.0.2'), connect('127.0.0.2')]);
    for (const connection of held) expect(await answered(connection)).toMatch(/^HTTP\/1\.1 (200|503) /);

    const over = await connect('127.0.0.2');
    over.socket.write(health);
    expect(await within(over.closed, 2_000)).toBe('closed');
    expect(over.received()).toBe('');

    expect(await answered(await connect('127.0.0.3'))).toMatch(/^HTTP\/1\.1 (200|503) /);
  });

  it('gives the address its place back when one of its connections closes', async () => {
    await serve(CAPPED);
    const held = await Promise.all([connect('127.0.0.2'), connect('127.0.0.2'), connect('127.0.0.2')]);
    for (const connection of held) await answered(connection);
    held[0]!.socket.destroy();
    await held[0]!.closed;
    // The server sees the close a moment after the client does.
    await new Promise((done) => setTimeout(done, 100));
    expect(await answered(await connect('127.0.0.2'))).toMatch(/^HTTP\/1\.1 (200|503) /);
  });

  it("leaves a trusted balancer's address uncapped (every shopper arrives through it), and still caps the others", async () => {
    await serve(CAPPED, parseTrustedProxies('127.0.0.2'));
    const balancer = await Promise.all(Array.from({ length: 5 }, () => connect('127.0.0.2')));
    for (const connection of balancer) expect(await answered(connection)).toMatch(/^HTTP\/1\.1 (200|503) /);

    await Promise.all([connect('127.0.0.3'), connect('127.0.0.3'), connect('127.0.0.3')]);
    const over = await connect('127.0.0.3');
    over.socket.write(health);
    expect(await within(over.closed, 2_000)).toBe('closed');
  });
});

describe('settings', () => {
  it('has defaults, and reads each from the environment, 0 turning the cap off', () => {
    expect(connectionLimitsFromConfig(loadConfig({}))).toEqual(DEFAULT_CONNECTION_LIMITS);
    expect(
      connectionLimitsFromConfig(
        loadConfig({ FORECOURT_HEADERS_TIMEOUT_MS: '5000', FORECOURT_CONNECTIONS_PER_ADDRESS: '0' }),
      ),
    ).toMatchObject({ headersTimeoutMs: 5_000, connectionsPerAddress: 0 });
  });

  it('refuses a setting that is not a number, or headers allowed longer than the whole request, naming the variable', () => {
    expect(() => connectionLimitsFromConfig(loadConfig({ FORECOURT_REQUEST_TIMEOUT_MS: '1m' }))).toThrow(
      "FORECOURT_REQUEST_TIMEOUT_MS must be a positive integer, got '1m'",
    );
    expect(() => connectionLimitsFromConfig(loadConfig({ FORECOURT_HEADERS_TIMEOUT_MS: '90000' }))).toThrow(
      /FORECOURT_HEADERS_TIMEOUT_MS \(90000\) must not be longer than FORECOURT_REQUEST_TIMEOUT_MS/,
    );
  });
});
